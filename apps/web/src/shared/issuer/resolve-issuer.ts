import { issuerFromHost, normaliseIssuer, resolveIssuer, type Issuer } from '@portal/contract';
import { storage } from '../storage/storage';

type PageAddress = Pick<Location, 'search' | 'hostname'>;

/** Whether the address names a brand: its query (?issuer=, ?channel=) or an issuer's own host. */
function namesIssuer({ search, hostname }: PageAddress): boolean {
  const query = new URLSearchParams(search);
  return Boolean(
    normaliseIssuer(query.get('issuer')) ??
    normaliseIssuer(query.get('channel')) ??
    issuerFromHost(hostname),
  );
}

/**
 * Resolves the issuer for this page, remembers it for the tab and applies its theme. A brand
 * an address named is marked as chosen for the tab: a login then keeps it (`brandForMember`).
 */
export function initIssuer(location: PageAddress = window.location): Issuer {
  const issuer = resolveIssuer({
    search: location.search,
    hostname: location.hostname,
    stored: storage.get('issuer'),
  });
  storage.set('issuer', issuer);
  if (namesIssuer(location)) storage.set('issuerNamed', true);
  applyIssuerTheme(issuer);
  return issuer;
}

export function applyIssuerTheme(issuer: Issuer): void {
  document.documentElement.dataset.issuer = issuer;
}

/**
 * After a login or sign-up: the member's own issuer (their membership in use's) brands the tab
 * from now on, unless an address named the brand in this tab (an issuer's own host, a link with
 * ?issuer= or ?channel=): that brand stays.
 */
export function brandForMember(
  issuer: Issuer | null | undefined,
  location: PageAddress = window.location,
): void {
  if (!issuer || storage.get('issuerNamed') === true || namesIssuer(location)) return;
  storage.set('issuer', issuer);
  applyIssuerTheme(issuer);
}
