import { useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { allowsAnalytics, readConsent } from '@/shared/analytics/consent';
import { Modal } from '@/shared/ui/modal';
import { COOKIES_NS } from '../i18n';

/** The preferences modal: necessary cookies always on, analytics on or off. */
interface CookiePreferencesProps {
  onClose: () => void;
  onSave: (analytics: boolean) => void;
}

export function CookiePreferences({ onClose, onSave }: CookiePreferencesProps) {
  const { t } = useTranslation(COOKIES_NS);
  const id = useId();
  const [analytics, setAnalytics] = useState(() => allowsAnalytics(readConsent()));

  const save = () => {
    onClose();
    onSave(analytics);
  };

  return (
    <Modal
      open
      title={t('preferences.preferencesTitle')}
      description={t('preferences.preferencesText')}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="cookie-setting">
        <div>
          <h3 className="cookie-setting__title">{t('preferences.necessaryTitle')}</h3>
          <p className="cookie-setting__text">{t('preferences.necessaryText')}</p>
        </div>
        <p className="cookie-setting__state">{t('preferences.alwaysOn')}</p>
      </div>
      <div className="cookie-setting">
        <div>
          <h3 className="cookie-setting__title" id={`${id}-analytics`}>
            {t('preferences.analyticsTitle')}
          </h3>
          <p className="cookie-setting__text" id={`${id}-analytics-text`}>
            {t('preferences.analyticsText')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={analytics}
          aria-labelledby={`${id}-analytics`}
          aria-describedby={`${id}-analytics-text`}
          onClick={() => setAnalytics((on) => !on)}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__state" aria-hidden="true">
            {analytics ? t('preferences.on') : t('preferences.off')}
          </span>
        </button>
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={save}>
          {t('preferences.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('preferences.cancel')}
        </button>
      </div>
    </Modal>
  );
}
