import type { FastifyInstance } from 'fastify';

const badge = (background: string, foreground: string, text: string, size = 13) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="30" viewBox="0 0 48 30" role="img" aria-label="${text}">` +
  `<rect width="48" height="30" rx="4" fill="${background}"/>` +
  `<text x="24" y="19.5" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${foreground}">${text}</text>` +
  `</svg>`;

const mastercard =
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="30" viewBox="0 0 48 30" role="img" aria-label="MasterCard">` +
  `<rect width="48" height="30" rx="4" fill="#1a1a1a"/>` +
  `<circle cx="19" cy="15" r="9" fill="#eb001b"/><circle cx="29" cy="15" r="9" fill="#f79e1b" fill-opacity="0.9"/>` +
  `</svg>`;

/** Small stand-in logos; the real provider serves its own under the asset URL. */
export const LOGOS = new Map<string, string>([
  ['visa.svg', badge('#1a1f71', '#ffffff', 'VISA', 14)],
  ['amex.svg', badge('#006fcf', '#ffffff', 'AMEX', 12)],
  ['mastercard.svg', mastercard],
  ['diners.svg', badge('#004a97', '#ffffff', 'DC', 14)],
]);

export function registerAssets(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/assets/logos/:file', (request, reply) => {
    const svg = LOGOS.get(request.params.file);
    if (svg === undefined) return reply.callNotFound();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
