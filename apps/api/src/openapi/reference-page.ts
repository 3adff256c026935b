import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { failure } from '../plugins/errors';

export const API_DOCS_PAGE = '/api-docs';
export const API_DOCUMENT = '/api-docs/openapi.json';
const ASSETS = '/api-docs/assets';

const requireFrom = createRequire(import.meta.url);

/** Swagger UI's prebuilt bundle and stylesheet, as its package ships them. */
const SWAGGER_UI_FILES = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
} as const;

const swaggerUiDir = () => path.dirname(requireFrom.resolve('swagger-ui-dist/package.json'));

/**
 * Starts Swagger UI on the document once the page has loaded: the document of this server, no
 * outside validator (Swagger UI would send the document to validator.swagger.io), no address bar
 * to load another document from, and examples as plain text (the highlighter's colours do not
 * all reach 4.5:1). Its own layout puts everything in the page's one
 * main landmark (Swagger UI's BaseLayout leaves the title and the Authorize button outside its
 * own <main>) and heads the calls with a level-2 heading, so the headings step down one level
 * at a time. Deep links stay off: Swagger UI renders them as links inside each call's button.
 */
const REFERENCE_SCRIPT = `'use strict';
function ReferenceLayoutPlugin(system) {
  var h = system.React.createElement;
  function ReferenceLayout(props) {
    var get = props.getComponent;
    var status = props.specSelectors.loadingStatus();
    if (status !== 'success') {
      var text = status === 'failed' ? 'The API document could not be loaded.' : 'Loading the API document…';
      return h('div', { className: 'swagger-ui' }, h('p', { className: 'reference-status', role: 'status' }, text));
    }
    var Info = get('InfoContainer', true);
    var Authorize = get('AuthorizeBtnContainer', true);
    var Operations = get('operations', true);
    var Models = get('Models', true);
    var Errors = get('errors', true);
    return h('div', { className: 'swagger-ui' },
      h(get('SvgAssets')),
      h(Errors),
      h('div', { className: 'information-container wrapper' }, h(Info)),
      props.specSelectors.securityDefinitions()
        ? h('div', { className: 'scheme-container' }, h('div', { className: 'schemes wrapper' }, h(Authorize)))
        : null,
      h('div', { className: 'wrapper' },
        h('h2', { className: 'reference-calls' }, 'Calls'),
        h(Operations),
        h(Models)));
  }
  return { components: { ReferenceLayout: ReferenceLayout } };
}
// Swagger UI's media-type and example pickers have no name of their own: they get one here.
function nameSelects(root) {
  root.querySelectorAll('select:not([aria-label])').forEach(function (select) {
    var label = select.labels && select.labels[0];
    if (label && label.textContent.trim()) return;
    var name = select.classList.contains('examples-select-element')
      ? 'Example'
      : select.closest('.parameters-col_description, .body-param-content-type')
        ? 'Request media type'
        : 'Response media type';
    select.setAttribute('aria-label', name);
  });
}
window.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('reference');
  new MutationObserver(function () { nameSelects(root); }).observe(root, { childList: true, subtree: true });
  window.ui = window.SwaggerUIBundle({
    url: ${JSON.stringify(API_DOCUMENT)},
    domNode: root,
    deepLinking: false,
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    plugins: [ReferenceLayoutPlugin],
    layout: 'ReferenceLayout',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    syntaxHighlight: false,
    onComplete: function () {
      root.removeAttribute('aria-busy');
    },
  });
});
`;

/**
 * The page's own look, over Swagger UI's: the portal's type, and text colours that reach 4.5:1
 * on their backgrounds (Swagger UI's greys and method badges do not all reach it).
 */
const REFERENCE_STYLES = `
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1b1b1b; background: #fff; }
.reference-header { padding: 1.5rem max(1rem, calc((100% - 1460px) / 2 + 20px)) 0; }
.reference-header p { margin: 0; }
.reference-status { padding: 2rem 20px; }
.swagger-ui .reference-calls { font-size: 1.5rem; margin: 2rem 0 0.5rem; }
.swagger-ui .btn.authorize { color: #2f6b14; border-color: #2f6b14; }
.swagger-ui .btn.authorize svg { fill: #2f6b14; }
.reference-header a { color: #0b5394; }
.skip-link { position: absolute; left: -9999px; top: 0; }
.skip-link:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; z-index: 10; }
.swagger-ui .info .title small { background: #4a5260; }
.swagger-ui .info .title small.version-stamp { background: #2f6b14; }
.swagger-ui .info a, .swagger-ui .info .link, .swagger-ui a.nostyle { color: #0b5394; }
.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description,
.swagger-ui .opblock .opblock-summary-operation-id, .swagger-ui .parameter__in,
.swagger-ui .parameter__type, .swagger-ui .prop-format, .swagger-ui .response-col_links,
.swagger-ui .model-title, .swagger-ui .model .property.primitive, .swagger-ui .renderedMarkdown p,
.swagger-ui table thead tr th, .swagger-ui table thead tr td, .swagger-ui .tab li { color: #1b1b1b; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #2f6b14; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b5394; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #a4262c; }
.swagger-ui .opblock-summary-control:focus-visible, .swagger-ui button:focus-visible,
.swagger-ui a:focus-visible { outline: 3px solid #0b5394; outline-offset: 2px; }
`;

const PAGE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference: Lounge portal</title>
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
    <link rel="stylesheet" href="${ASSETS}/reference.css" />
  </head>
  <body>
    <a class="skip-link" href="#reference">Skip to the reference</a>
    <header class="reference-header">
      <p>Lounge portal: the API reference. Every call, its payload, its answers and its failure
        codes, from the <a href="${API_DOCUMENT}">OpenAPI document</a> (OpenAPI 3.0).</p>
    </header>
    <main id="reference" aria-busy="true" tabindex="-1"></main>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS}/reference.js"></script>
  </body>
</html>
`;

/**
 * The human reference at /api-docs: Swagger UI (a kept library, swagger-ui-dist) rendering the
 * document. It is a page of its own, so the portal's pages never load it; it runs under the
 * portal's one content security policy (its scripts are files of this server, none inline), and
 * is served only where the document is (off in production unless API_DOCS=1).
 */
export function registerReferencePage(app: FastifyInstance): void {
  const hide = { schema: { hide: true } };
  app.get(API_DOCS_PAGE, hide, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  const own: Record<string, [string, string]> = {
    'reference.js': ['text/javascript; charset=utf-8', REFERENCE_SCRIPT],
    'reference.css': ['text/css; charset=utf-8', REFERENCE_STYLES],
  };
  const cached = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(`${ASSETS}/:file`, hide, async (request, reply) => {
    const { file } = request.params;
    const mine = own[file];
    const vendor = Object.hasOwn(SWAGGER_UI_FILES, file)
      ? SWAGGER_UI_FILES[file as keyof typeof SWAGGER_UI_FILES]
      : undefined;
    if (!mine && !vendor) return reply.status(404).send(failure('unknownCall'));
    reply.header('cache-control', 'public, max-age=3600');
    if (mine) return reply.type(mine[0]).send(mine[1]);
    let body = cached.get(file);
    if (!body) {
      body = await readFile(path.join(swaggerUiDir(), file));
      cached.set(file, body);
    }
    return reply.type(vendor!).send(body);
  });
}
