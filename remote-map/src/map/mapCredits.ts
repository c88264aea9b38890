// Who the drawn map is owed to: the attributions of the current style's sources (the base map, an
// imagery layer with its year, the overlays), as plain text, each once. The map shows them in its
// compact attribution; a printed report has no control to open, so it lists them.
import type { Map as MapboxMap } from 'mapbox-gl';

/** A source's attribution may be HTML (a link, '&copy;'): its text, as the attribution control shows it. */
function textOf(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function mapCredits(map: Pick<MapboxMap, 'getStyle'>): string[] {
  const sources = Object.values(map.getStyle()?.sources ?? {});
  const credits = sources.map((source) => ('attribution' in source && typeof source.attribution === 'string' ? textOf(source.attribution) : ''));
  return [...new Set(credits.filter((credit) => credit !== ''))];
}
