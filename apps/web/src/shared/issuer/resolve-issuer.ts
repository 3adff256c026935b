import { resolveIssuer, type Issuer } from '@portal/contract';
import { storage } from '../storage/storage';

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
