import { useTranslation } from '@/shared/i18n/use-translation';
import { VERIFICATION_NS } from './i18n';
import { WaitPanel } from './wait-panel';

/** Too many code requests (codeBusy, spec section 8): the wait before another may be asked for. */
export function CodeRequestsBusy({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation(VERIFICATION_NS);
  return (
    <WaitPanel
      title={t('codeEntry.busyTitle')}
      text={t('codeEntry.busyText')}
      timer={(time) => t('codeEntry.busyTimer', { time })}
      secondsLeft={secondsLeft}
    />
  );
}
