// A component's real style sheets in jsdom's cascade at a viewport width: jsdom decides no width
// query, so each `max-width` query is decided here for a viewport `width` px wide. A test then reads
// which rules win at that size (computed styles), not the pixels.
import { readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';

/** The sizes layout tests render at, as `describe.each` takes them: a desktop and a phone. */
export const DESKTOP_AND_PHONE = [
  ['desktop', 1280],
  ['phone', 390],
] as const;

/** Adds the style sheet at `cssPath` to the document as a `width` px viewport would apply it; returns its removal. */
export function addStyleSheetAtWidth(cssPath: string, width: number): () => void {
  const css = readFileSync(cssPath, 'utf8').replace(/@media \(max-width: (\d+)px\)/g, (_query, px: string) => (width <= Number(px) ? '@media all' : '@media not all'));
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return () => style.remove();
}

/** Renders with `render` under the style sheets at `cssPaths` as a `width` px viewport applies them, for the rest of the test. */
export function renderAtWidth<Rendered>(width: number, cssPaths: readonly string[], render: () => Rendered): Rendered {
  const removals = cssPaths.map((cssPath) => addStyleSheetAtWidth(cssPath, width));
  onTestFinished(() => removals.forEach((remove) => remove()));
  return render();
}
