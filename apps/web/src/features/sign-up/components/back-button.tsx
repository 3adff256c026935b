import { useTranslation } from '@/shared/i18n/use-translation';
import { SIGN_UP_NS } from '../i18n';

/** Back, beside a step's Continue (spec section 2 says where each step's Back goes). */
export function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation(SIGN_UP_NS);
  return (
    <button type="button" className="button button--secondary button--large" onClick={onBack}>
      {t('back')}
    </button>
  );
}
