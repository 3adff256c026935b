import { createHash } from 'node:crypto';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The one stylesheet of the sandbox's pages, inline and allowed by its hash in the CSP. */
export const PAGE_STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #eef1f5; }
main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
.badge { display: inline-block; margin: 0 0 1rem; padding: 0.125rem 0.5rem; border-radius: 0.25rem; background: #fff4d6; color: #5c3c00; font-size: 0.875rem; font-weight: 600; }
.card { display: flex; align-items: center; gap: 0.75rem; padding: 0.75rem 1rem; border: 1px solid #c5ccd6; border-radius: 0.5rem; font-weight: 600; }
.card img { flex: none; }
.actions { display: flex; gap: 1rem; margin-top: 1.5rem; flex-wrap: wrap; }
button { font: inherit; font-weight: 600; padding: 0.625rem 1.5rem; border-radius: 0.375rem; border: 2px solid #0b4f8a; cursor: pointer; }
button.approve { background: #0b4f8a; color: #fff; }
button.decline { background: #fff; color: #0b4f8a; }
button:hover { filter: brightness(0.92); }
:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 3px; }
`;

export const PAGE_STYLE_HASH = `sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** No scripts at all; styles only by hash; the form may post here and follow one redirect. */
export function pageCsp(formTargets: string[] = []): string {
  return [
    "default-src 'none'",
    `style-src '${PAGE_STYLE_HASH}'`,
    "img-src 'self'",
    `form-action 'self'${formTargets.map((origin) => ` ${origin}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
