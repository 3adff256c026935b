import { errorCatalogue, fieldMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { MESSAGES_NS } from '../messages';

describe('i18n resources', () => {
  it('has every error catalogue key', () => {
    for (const { key, message } of Object.values(errorCatalogue)) {
      expect(i18n.exists(key, { ns: MESSAGES_NS })).toBe(true);
      if (!(key in fieldMessages)) expect(i18n.t(key, { ns: MESSAGES_NS })).toBe(message);
    }
  });

  it('has every field message of the contract', () => {
    for (const [key, message] of Object.entries(fieldMessages)) {
      expect(i18n.t(key, { ns: MESSAGES_NS })).toBe(message);
    }
  });

  it('speaks British English', () => {
    expect(i18n.language).toBe('en-GB');
    expect(i18n.t('nav.faqs')).toBe('Help & FAQs');
  });
});
