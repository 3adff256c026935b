import { appConfig } from '../config/app-config';
import common from './locales/en-GB/common.json';
import pages from './locales/en-GB/pages.json';
import { Translator } from './translator';

/** The namespaces of every page; features add their own as their code loads (add-namespace). */
export const namespaces = ['common', 'pages'] as const;

export const i18n = new Translator(appConfig.defaultLanguage, { common, pages });

/** The language requests announce (Accept-language header). */
export function currentLanguage(): string {
  return i18n.resolvedLanguage;
}
