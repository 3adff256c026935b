import { calls, FIRST_SCREEN_CONFIG_ELEMENT, resolveIssuer } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentConfigOf } from './agent-config';

/**
 * JSON as a data block's text: `<` escaped, so no text of it (a maintenance message, say) can
 * close the element or open a comment; JSON.parse reads it back unchanged.
 */
const asDataBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The SPA's page with the configuration of the channel its address names (query, then host: the
 * tab's remembered issuer is the browser's alone) in a JSON data block, as the agent-config call
 * would answer it (issue 23: the first screen from the HTML; the call was the first screen's
 * second round trip, after the app's code and before its banner). The web uses it when it
 * resolves the same issuer, else calls. Without a head to put it in, or when the configuration
 * cannot be read (the database down), the page as built: the web calls, as before.
 */
export async function firstScreenPage(
  app: FastifyInstance,
  page: string,
  request: FastifyRequest,
): Promise<string> {
  const head = page.indexOf('</head>');
  if (head < 0) return page;
  const query = request.url.indexOf('?');
  const issuer = resolveIssuer({
    search: query < 0 ? '' : request.url.slice(query),
    hostname: request.hostname,
  });
  let config;
  try {
    config = calls.agentConfigV3.result.parse(await agentConfigOf(app, issuer));
  } catch (err) {
    request.log.warn({ err }, 'the page went out without its configuration');
    return page;
  }
  const block =
    `<script type="application/json" id="${FIRST_SCREEN_CONFIG_ELEMENT}" ` +
    `data-issuer="${issuer}">${asDataBlock(config)}</script>`;
  return `${page.slice(0, head)}${block}${page.slice(head)}`;
}
