// A component's real style sheet in jsdom's cascade at a viewport width: jsdom decides no width
// query, so each `max-width` query is decided here for a viewport `width` px wide. A test then reads
// which rules win at that size (computed styles), not the pixels.
import { readFileSync } from 'node:fs';

/** Adds the style sheet at `cssPath` to the document as a `width` px viewport would apply it; returns its removal. */
export function addStyleSheetAtWidth(cssPath: string, width: number): () => void {
  const css = readFileSync(cssPath, 'utf8').replace(/@media \(max-width: (\d+)px\)/g, (_query, px: string) => (width <= Number(px) ? '@media all' : '@media not all'));
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return () => style.remove();
}
