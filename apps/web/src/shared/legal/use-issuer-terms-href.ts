import type { Issuer } from '@portal/contract';
import { paths } from '../config/paths';
import { useTermsLinks } from './get-terms-links';

/**
 * Where the issuer's terms are read (spec section 2: looked up per channel): its one terms
 * document, or, where it has one per card type (coop) or none is known, the terms page.
 */
export function useIssuerTermsHref(issuer: Issuer): string {
  const { data } = useTermsLinks(issuer);
  const only = issuer === 'coop' ? undefined : data?.[0];
  return only?.url ?? paths.legal.termsAndConditions.getHref();
}
