/** The sandbox pages' shell: one small stylesheet, no scripts, never cached. */
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { Lang } from '../text.ts';
import { escapeHtml } from '../text.ts';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f6f5; color: #1b2521; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem;
         box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin: 0 0 .75rem; }
  p { line-height: 1.5; }
  .badge { display: inline-block; background: #fff4d6; color: #5c4300; border-radius: 4px; padding: .1rem .5rem; font-size: .85rem; }
  .amount { display: block; font-size: 2rem; font-weight: 700; margin: .25rem 0 1rem; }
  .row { display: flex; gap: .75rem; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; border-radius: 8px; padding: .7rem 1.4rem; cursor: pointer; border: 2px solid #0b6b4f; }
  button.primary { background: #0b6b4f; color: #fff; }
  button.secondary { background: #fff; color: #0b6b4f; }
  button:focus-visible, input:focus-visible { outline: 3px solid #1b4fd6; outline-offset: 2px; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #5b6b64; border-radius: 6px; }
`;

export function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function html(c: Context<AppEnv>, body: string, status: 200 | 404 | 409 | 422 = 200) {
  c.header('Cache-Control', 'no-store');
  return c.html(body, status);
}

