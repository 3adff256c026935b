import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appConfig } from '../config/app-config';
import common from './locales/en-GB/common.json';
import pages from './locales/en-GB/pages.json';

/** The namespaces of every page; features add their own as their code loads (add-namespace). */
export const namespaces = ['common', 'pages'] as const;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: appConfig.defaultLanguage,
  fallbackLng: appConfig.defaultLanguage,
  supportedLngs: [appConfig.defaultLanguage],
  ns: namespaces,
  defaultNS: 'common',
  resources: {
    [appConfig.defaultLanguage]: { common, pages },
  },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** The language requests announce (Accept-language header). */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? appConfig.defaultLanguage;
}
