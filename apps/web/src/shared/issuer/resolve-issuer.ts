import { normaliseIssuer, type Issuer } from '@portal/contract';
import { storage } from '../storage/storage';

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
  stored: string | null | undefined;
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

/** Resolves the issuer for this page, remembers it for the tab and applies its theme. */
export function initIssuer(
  location: Pick<Location, 'search' | 'hostname'> = window.location,
): Issuer {
  const issuer = resolveIssuer({
    search: location.search,
    hostname: location.hostname,
    stored: storage.get('issuer'),
  });
  storage.set('issuer', issuer);
  applyIssuerTheme(issuer);
  return issuer;
}

export function applyIssuerTheme(issuer: Issuer): void {
  document.documentElement.dataset.issuer = issuer;
}
