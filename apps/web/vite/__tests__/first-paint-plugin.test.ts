import { describe, expect, it } from 'vitest';
import { entryScript, firstPaintHtml, inlineStylesheets, startScript } from '../first-paint-plugin';

/** index.html as Vite writes it: the entry script, its chunks preloaded, the stylesheet. */
const BUILT = `<head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index-AbC.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/XKy.js">
    <link rel="modulepreload" crossorigin href="/assets/react-8Ht.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Bcp.css">
  </head>`;

describe('firstPaintHtml', () => {
  it('starts the page with the start script and preloads the entry and its chunks at low priority', () => {
    expect(firstPaintHtml(BUILT, '/assets/start-123.js')).toBe(`<head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/start-123.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-AbC.js">
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/XKy.js">
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-8Ht.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Bcp.css">
  </head>`);
  });

  it('refuses a page without an entry script, or with more than one', () => {
    expect(() => entryScript('<head></head>')).toThrow(/0 module scripts/);
    const two = BUILT.replace('<title>', '<script type="module" crossorigin src="/a.js"></script>');
    expect(() => firstPaintHtml(two, '/assets/start-123.js')).toThrow(/2 module scripts/);
  });

  it('finds the entry', () => {
    expect(entryScript(BUILT).url).toBe('/assets/index-AbC.js');
  });
});

describe('inlineStylesheets', () => {
  const css: Record<string, string> = { 'assets/index-Bcp.css': '.a{color:red}\n' };
  const cssOf = (name: string) => {
    const text = css[name];
    if (text === undefined) throw new Error(`no ${name}`);
    return text;
  };

  it('puts the stylesheet in the page, so its first paint waits for no request', () => {
    const html = inlineStylesheets(BUILT, cssOf);
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/XKy.js">');
  });

  it('refuses a stylesheet that would end its element or names a file by a relative address', () => {
    css['assets/index-Bcp.css'] = '.a::after{content:"</style>"}';
    expect(() => inlineStylesheets(BUILT, cssOf)).toThrow(/<\/style/);
    css['assets/index-Bcp.css'] = '.a{background:url(bg.png)}';
    expect(() => inlineStylesheets(BUILT, cssOf)).toThrow(/relative url/);
    css['assets/index-Bcp.css'] = '.a{background:url(/assets/bg.png)}.b{background:url("data:x")}';
    expect(inlineStylesheets(BUILT, cssOf)).toContain('url(/assets/bg.png)');
  });
});

describe('startScript', () => {
  it('is after-first-paint.ts, minified, starting the entry (or saying it failed), exporting nothing', async () => {
    const script = await startScript('/assets/index-AbC.js');
    expect(script).toMatch(/\(\)=>import\(`\/assets\/index-AbC\.js`\)\.catch\(\w+\)\);?$/);
    expect(script).toContain('We could not load the page.');
    expect(script).toContain('first-contentful-paint');
    expect(script).not.toMatch(/\bexport\b/);
    expect(script.length).toBeLessThan(1200);
  });
});
