// A user who asks the system for less motion (prefers-reduced-motion) gets none from the map. mapbox-gl
// itself jumps instead of flying or easing for every camera move not marked essential (none of ours
// is); what it leaves animated is the fade of labels and symbols as tiles arrive, taken away here.
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The mapbox-gl Map options for the user's motion preference, read when the map is made. */
export function motionOptions(): { fadeDuration?: number } {
  return window.matchMedia?.(REDUCED_MOTION).matches ? { fadeDuration: 0 } : {};
}
