import { escapeHtml } from './escapeHtml.ts';

// No scripts on these pages, and no framing (a foreign page could otherwise overlay the consent
// form's button); `form-action` is left out on purpose because Chrome applies it to the consent
// form's cross-origin redirect back to the app.
export const HTML_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** A complete page around trusted `bodyHtml`; `title` is escaped here. */
export function htmlPage(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 44rem; margin: 3rem auto; padding: 0 1rem; color: #1f2933; }
  a { color: #0b5cad; word-break: break-all; }
  li { margin-bottom: 1rem; }
  label, input, button { display: block; font-size: 1rem; }
  input { width: 100%; padding: .5rem; margin: .25rem 0 1rem; box-sizing: border-box; }
  button { padding: .6rem 1.4rem; margin-bottom: 1rem; }
  .muted { color: #616e7c; font-size: .9rem; }
</style>
</head>
<body>
${bodyHtml}
</body>
</html>
`;
}
