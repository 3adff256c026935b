import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify, transformWithOxc, type Plugin } from 'vite';

/** The start script's source: self-contained, run as it is once its types are stripped. */
const START_SOURCE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/shared/lib/after-first-paint.ts',
);
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = '<link rel="modulepreload" crossorigin';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low" crossorigin';

/** The built page's one entry script: its tag and address. Throws unless there is exactly one. */
export function entryScript(html: string): { tag: string; url: string } {
  const entries = [...html.matchAll(ENTRY_SCRIPT)];
  const [tag, url] = entries[0] ?? [];
  if (entries.length !== 1 || tag === undefined || url === undefined)
    throw new Error(`index.html has ${entries.length} module scripts where one entry was expected`);
  return { tag, url };
}

/**
 * The built page with its first load's code started after the first paint: the entry script is
 * replaced by the start script (`startUrl`), and the entry is preloaded instead, at low priority
 * with the chunks it imports (they are fetched at once, and the browser need not wait for them
 * to paint the HTML's first screen).
 */
export function firstPaintHtml(html: string, startUrl: string): string {
  const entry = entryScript(html);
  return html
    .replaceAll(MODULE_PRELOAD, LOW_PRIORITY_PRELOAD)
    .replace(
      entry.tag,
      () =>
        `<script type="module" crossorigin src="${startUrl}"></script>\n` +
        `    ${LOW_PRIORITY_PRELOAD} href="${entry.url}">`,
    );
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The built page with its stylesheets' text in `<style>` elements instead of links: a first
 * screen's paint waits for no request (Lighthouse's render-blocking requests: bench/budgets.ts).
 * `cssOf` gives a stylesheet's text by its file name in the build. The CSP allows inline styles
 * (React's style attributes need it); a stylesheet that could end its element, or that names
 * other files by relative address, is refused rather than inlined wrongly.
 */
export function inlineStylesheets(html: string, cssOf: (fileName: string) => string): string {
  return html.replace(STYLESHEET, (_tag, fileName: string) => {
    const css = cssOf(fileName).trim();
    if (/<\/style/i.test(css)) throw new Error(`${fileName} cannot be inlined: it holds "</style"`);
    const relative = [...css.matchAll(/url\(\s*['"]?([^'")\s]*)/gi)].some(
      ([, address = '']) => !/^([a-z]+:|\/|#)/i.test(address),
    );
    if (relative) throw new Error(`${fileName} cannot be inlined: it has a relative url()`);
    return `<style>${css}</style>`;
  });
}

/**
 * The start script: after-first-paint.ts, its exports dropped, starting the entry (or saying on
 * the first screen that it could not be loaded).
 */
export async function startScript(entryUrl: string): Promise<string> {
  const source = await fs.readFile(START_SOURCE, 'utf8');
  if (/^import\s/m.test(source)) throw new Error(`${START_SOURCE} must import nothing`);
  const { code } = await transformWithOxc(source, START_SOURCE, { lang: 'ts' });
  const start = `afterFirstPaint(() => import(${JSON.stringify(entryUrl)}).catch(showLoadFailure));`;
  const script = `${code.replace(/^export /gm, '')}\n${start}\n`;
  const minified = await minify('start.js', script, {
    module: true,
    compress: true,
    mangle: { toplevel: true },
  });
  if (minified.errors.length > 0)
    throw new Error(`the start script: ${minified.errors.map((e) => e.message).join('; ')}`);
  return minified.code;
}

/**
 * Issue 23: the built page's first screen (the HTML's "Loading the page…") is painted before
 * any of the app's code runs, and the browser is told that code is not needed for that paint.
 * Before, the entry ran as soon as the document was parsed, often before the first frame, and
 * the first paint waited for its 105 KB (and React's 219 KB): Lighthouse's First Contentful
 * Paint was 1.8 s on every page instead of 1.0–1.1 s. The start script (under 1 KB) waits for
 * the first-contentful-paint entry, then imports the entry, already fetched by its preload.
 * The page's stylesheet is inlined too (inlineStylesheets). Builds only: the development server
 * keeps the plain entry.
 */
export function firstPaintPlugin(): Plugin {
  return {
    name: 'portal:first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset' || typeof page.source !== 'string')
          throw new Error('the build has no index.html to start after the first paint');
        const source = await startScript(entryScript(page.source).url);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/start-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        page.source = inlineStylesheets(firstPaintHtml(page.source, `/${fileName}`), (name) => {
          const css = bundle[name];
          if (css?.type !== 'asset') throw new Error(`the build has no ${name} to inline`);
          return typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
        });
      },
    },
  };
}
