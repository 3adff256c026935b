import { i18n } from './i18n';
import type { TFunction, Translator } from './translator';

const fixed = new Map<string, TFunction>();

/**
 * The texts of a namespace (`common` by default) for a component: `t` is the same function on
 * every render (the portal has one language, set at start), so it can sit in a hook's deps.
 */
export function useTranslation(ns = 'common'): { t: TFunction; i18n: Translator } {
  let t = fixed.get(ns);
  if (!t) {
    t = i18n.fixedT(ns);
    fixed.set(ns, t);
  }
  return { t, i18n };
}
