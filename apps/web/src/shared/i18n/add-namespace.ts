import { appConfig } from '../config/app-config';
import { i18n } from './i18n';

/**
 * Adds a feature's texts as their own namespace when the feature's code loads, so the texts
 * of a page travel with that page's chunk rather than with the first page.
 */
export function addNamespace(ns: string, resources: Record<string, unknown>): string {
  if (!i18n.hasResourceBundle(appConfig.defaultLanguage, ns)) {
    i18n.addResourceBundle(appConfig.defaultLanguage, ns, resources);
  }
  return ns;
}
