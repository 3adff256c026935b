/**
 * The portal's texts, by namespace and key: the part of i18next the portal uses (issue 23: the
 * library was a third of the first page's own JavaScript, ~15 KB gzipped, for this much).
 *
 * - `t(key, options)`: the text at a dotted key of a namespace (`options.ns`, else the one the
 *   caller was made with, else `common`); the key itself when there is none (or `defaultValue`).
 * - Plurals: with `count`, `key_zero` when the count is 0 and there is one, else the language's
 *   plural category (`key_one`, `key_other`…), else the key.
 * - `{{name}}` is replaced by `options.name` (left as it is when not given), never escaped:
 *   React escapes what it renders.
 * - `returnObjects: true` gives the object or list at the key as it is.
 */
export interface TOptions {
  ns?: string;
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  /** The object or list at the key, as it is. */
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

type Resources = Record<string, unknown>;

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;

export class Translator {
  readonly language: string;
  readonly resolvedLanguage: string;
  readonly #bundles = new Map<string, Resources>();
  readonly #plurals: Intl.PluralRules;

  constructor(language: string, bundles: Record<string, Resources>) {
    this.language = language;
    this.resolvedLanguage = language;
    this.#plurals = new Intl.PluralRules(language);
    for (const [ns, resources] of Object.entries(bundles)) this.#bundles.set(ns, resources);
  }

  hasResourceBundle(language: string, ns: string): boolean {
    return language === this.language && this.#bundles.has(ns);
  }

  addResourceBundle(language: string, ns: string, resources: Resources): void {
    if (language !== this.language) throw new Error(`no texts in ${language}`);
    this.#bundles.set(ns, { ...this.#bundles.get(ns), ...resources });
  }

  /** Whether the key has a text (or, with `count`, a plural form) in the namespace. */
  exists(key: string, options: TOptions = {}): boolean {
    return this.#find(key, options) !== undefined;
  }

  /** `t` for one namespace by default (what `useTranslation(ns)` gives a component). */
  fixedT(ns = 'common'): TFunction {
    return ((key: string, options?: TOptions) =>
      this.#translate(key, { ...options, ns: options?.ns ?? ns })) as TFunction;
  }

  t = ((key: string, options?: TOptions) => this.#translate(key, options ?? {})) as TFunction;

  #translate(key: string, options: TOptions): unknown {
    const found = this.#find(key, options);
    if (found === undefined) return this.#interpolate(options.defaultValue ?? key, options);
    if (typeof found === 'string') return this.#interpolate(found, options);
    // A list or a group of texts: asked for as such, or shown as its key (as i18next does).
    return options.returnObjects ? found : key;
  }

  #lookup(ns: string, key: string): unknown {
    const bundle = this.#bundles.get(ns);
    let at: unknown = bundle;
    for (const part of key.split('.')) {
      if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) {
        // A flat key with dots in it (the messages are keyed by their English text).
        return bundle && Object.hasOwn(bundle, key) ? bundle[key] : undefined;
      }
      at = (at as Record<string, unknown>)[part];
    }
    return at;
  }

  #find(key: string, options: TOptions): unknown {
    const ns = options.ns ?? 'common';
    if (typeof options.count === 'number') {
      const forms = [...(options.count === 0 ? ['zero'] : []), this.#plurals.select(options.count)];
      for (const form of forms) {
        const text = this.#lookup(ns, `${key}_${form}`);
        if (text !== undefined) return text;
      }
    }
    return this.#lookup(ns, key);
  }

  #interpolate(text: string, options: TOptions): string {
    if (!text.includes('{{')) return text;
    return text.replace(INTERPOLATION, (placeholder, name: string) => {
      const value = name
        .split('.')
        .reduce<unknown>(
          (at, part) =>
            typeof at === 'object' && at !== null
              ? (at as Record<string, unknown>)[part]
              : undefined,
          options,
        );
      // A value not given leaves its placeholder, as i18next does.
      if (value === undefined || value === null) return placeholder;
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
  }
}
