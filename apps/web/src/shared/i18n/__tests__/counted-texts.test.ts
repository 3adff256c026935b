import { describe, expect, it } from 'vitest';
import { Translator } from '../translator';

// Issue 60: "1 passes left". Every text that counts something must say "1 pass" and "2 passes".

const bundles = import.meta.glob<Record<string, unknown>>(
  ['/src/**/locales/en-GB.json', '/src/shared/i18n/locales/en-GB/*.json'],
  { eager: true, import: 'default' },
);

const NOUNS = [
  'pass',
  'guest',
  'place',
  'passenger',
  'lounge',
  'offer',
  'lane',
  'airport',
  'question',
  'booking',
  'visit',
  'character',
  'hour',
  'minute',
  'second',
  'day',
];
const plural = (noun: string) => (noun.endsWith('s') ? `${noun}es` : `${noun}s`);
/** "1 passes", "1 dining offers": a count of one with a plural noun (an adjective between). */
const ONE_WITH_PLURAL = new RegExp(`\\b1 (?:[\\w-]+ )?(?:${NOUNS.map(plural).join('|')})\\b`);
/** "2 pass", "2 dining offer": a count of two with a singular noun. */
const TWO_WITH_SINGULAR = new RegExp(`\\b2 (?:[\\w-]+ )?(?:${NOUNS.join('|')})\\b(?!s)`);

/** The keys (plural forms folded into their key) whose text takes `{{count}}`. */
function countedKeys(at: unknown, prefix = ''): string[] {
  if (typeof at === 'string') return at.includes('{{count}}') ? [prefix] : [];
  if (typeof at !== 'object' || at === null || Array.isArray(at)) return [];
  return Object.entries(at).flatMap(([key, value]) =>
    countedKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

const cases = Object.entries(bundles).flatMap(([file, bundle]) => {
  const keys = new Set(countedKeys(bundle).map((key) => key.replace(/_(zero|one|other)$/, '')));
  return [...keys].map((key) => [file, key, bundle] as const);
});

describe('texts with a {{count}}', () => {
  it('are found in the bundles (the check below checks something)', () => {
    expect(cases.map(([, key]) => key)).toEqual(
      expect.arrayContaining(['list.passesLeft', 'detail.membershipOption']),
    );
  });

  it.each(cases)(
    '%s %s: a count of 1 takes the singular, of 2 the plural',
    (_file, key, bundle) => {
      const t = new Translator('en-GB', { ns: bundle }).fixedT('ns');
      expect(t(key, { count: 1 })).not.toMatch(ONE_WITH_PLURAL);
      expect(t(key, { count: 2 })).not.toMatch(TWO_WITH_SINGULAR);
    },
  );
});
