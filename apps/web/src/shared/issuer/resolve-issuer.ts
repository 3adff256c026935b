import { issuerFromHost, resolveIssuer, type Issuer } from '@portal/contract';
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

/**
 * After a login: on the portal's plain address, the member's own issuer (their membership in
 * use's) brands the pages from now on; an issuer's own address keeps its brand.
 */
export function brandForMember(
  issuer: Issuer | null | undefined,
  hostname: string = window.location.hostname,
): void {
  if (!issuer || issuerFromHost(hostname)) return;
  storage.set('issuer', issuer);
  applyIssuerTheme(issuer);
}
