/** The card issuers (themes). `ubni` is another name for `ulster`. */
export const ISSUERS = [
  'default',
  'dpplus',
  'natwest',
  'barclays',
  'rbs',
  'ulster',
  'vm',
  'coop',
] as const;
export type Issuer = (typeof ISSUERS)[number];

export const ISSUER_ALIASES: Readonly<Record<string, Issuer>> = { ubni: 'ulster' };

/** Maps any spelling a URL, host or storage may hold to an issuer, or undefined. */
export function normaliseIssuer(value: string | null | undefined): Issuer | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  const alias = ISSUER_ALIASES[v];
  if (alias) return alias;
  return (ISSUERS as readonly string[]).includes(v) ? (v as Issuer) : undefined;
}

/** The issuer a host name names, e.g. natwest.localhost or ubni.example.com (-> ulster). */
export function issuerFromHost(hostname: string): Issuer | undefined {
  const labels = hostname.toLowerCase().split('.').filter(Boolean);
  // The last label is the top-level domain (or "localhost"), never an issuer.
  for (const label of labels.slice(0, -1)) {
    const issuer = normaliseIssuer(label);
    if (issuer && issuer !== 'default') return issuer;
  }
  return undefined;
}

export interface IssuerSources {
  search: string;
  hostname: string;
  /** The tab's remembered issuer: the browser's alone (the server has none). */
  stored?: string | null | undefined;
}

/** Query (issuer, then channel) wins, then the tab's stored value, then the host, else default. */
export function resolveIssuer({ search, hostname, stored }: IssuerSources): Issuer {
  const query = new URLSearchParams(search);
  return (
    normaliseIssuer(query.get('issuer')) ??
    normaliseIssuer(query.get('channel')) ??
    normaliseIssuer(stored) ??
    issuerFromHost(hostname) ??
    'default'
  );
}

/**
 * The element of the SPA's page holding the configuration of the issuer named by its
 * `data-issuer` (a JSON data block the server writes, as the agent-config call answers it), so
 * the first screen needs no call for it.
 */
export const FIRST_SCREEN_CONFIG_ELEMENT = 'first-screen-config';
