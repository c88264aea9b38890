// The colours a markup can be given: few enough to tell apart on any base map, each named for
// screen readers (the API stores any #rrggbb).
export const MARKUP_COLORS = [
  { name: 'Orange', value: '#e8590c' },
  { name: 'Red', value: '#e03131' },
  { name: 'Blue', value: '#1971c2' },
  { name: 'Green', value: '#2f9e44' },
  { name: 'Purple', value: '#9c36b5' },
  { name: 'Black', value: '#212529' },
] as const;

export const DEFAULT_MARKUP_COLOR = MARKUP_COLORS[0].value;
