// The year an imagery layer's photos were taken, asked the same way when a file is imported and when
// a service is added: what "Imagery — newest available" draws on top, and what the map's credit names.
import { imageryYearFromText } from '@parcel-map/shared/api';

export const IMAGERY_YEAR_MESSAGE = 'The year the photos were taken is four digits, from 1900 to 2100.';

/** The typed year: undefined when left empty, null when it is not a year. */
export function typedImageryYear(text: string): number | null | undefined {
  return text.trim() === '' ? undefined : imageryYearFromText(text);
}

export function ImageryYearField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="data-field">
      <label htmlFor={id}>Year taken (optional)</label>
      <input id={id} type="text" inputMode="numeric" maxLength={4} value={value} placeholder="2024" autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      <p className="data-muted">Where several imagery layers cover the view, "Imagery — newest available" shows the most recent photos; the map's credits name the year.</p>
    </div>
  );
}
