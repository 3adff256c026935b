import { useTranslation } from '@/shared/i18n/use-translation';
import { useSearchParams } from '@/shared/router';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { useTermsLinks } from '@/shared/legal/get-terms-links';
import { termsAndConditions } from '../content/terms-and-conditions';
import { cardTypeOfLink, humaniseCardType } from '../lib/card-type';
import { LEGAL_NS } from '../i18n';
import { LegalPage } from './legal-page';

/** /terms-and-conditions[?cardType=]: the programme terms, headed by the card type they are for. */
export function TermsAndConditionsPage() {
  const { t } = useTranslation(LEGAL_NS);
  const [params] = useSearchParams();
  const cardType = params.get('cardType')?.trim() ?? '';
  const links = useTermsLinks(useIssuer());
  const item = cardType
    ? links.data?.find((link) => cardTypeOfLink(link.url) === cardType)
    : undefined;
  const heading =
    item?.text ??
    (cardType ? t('legalPage.forCardType', { name: humaniseCardType(cardType) }) : '');
  return (
    <LegalPage
      source={termsAndConditions}
      subtitle={heading ? <h2 className="legal__card-type">{heading}</h2> : null}
    />
  );
}
