import { issuerFromHost, normaliseIssuer, resolveIssuer, type Issuer } from '@portal/contract';
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
 * use's) brands the pages from now on. An issuer's own address keeps its brand, and so does an
 * address that names one (`?issuer=`, `?channel=`): the brand was chosen there.
 */
export function brandForMember(
  issuer: Issuer | null | undefined,
  location: Pick<Location, 'hostname' | 'search'> = window.location,
): void {
  const query = new URLSearchParams(location.search);
  const named = normaliseIssuer(query.get('issuer')) ?? normaliseIssuer(query.get('channel'));
  if (!issuer || named || issuerFromHost(location.hostname)) return;
  storage.set('issuer', issuer);
  applyIssuerTheme(issuer);
}
