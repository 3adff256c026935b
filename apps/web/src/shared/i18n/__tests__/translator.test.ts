import { describe, expect, it } from 'vitest';
import { Translator } from '../translator';

const texts = () =>
  new Translator('en-GB', {
    common: {
      nav: { faqs: 'Help & FAQs' },
      greeting: 'Hello {{name}}, you have {{ count }} passes',
      passes_zero: 'No passes',
      passes_one: '{{count}} pass',
      passes_other: '{{count}} passes',
      results_one: 'One result',
      results_other: '{{count}} results',
      steps: ['Time', 'Guests', 'Pay'],
      deep: { who: 'Card ending {{card.last4}}' },
    },
    pages: { title: 'Lounges at {{airport}}' },
  });

describe('the translator', () => {
  it('finds a dotted key in the default namespace, or in the one asked for', () => {
    const i18n = texts();
    expect(i18n.t('nav.faqs')).toBe('Help & FAQs');
    expect(i18n.t('title', { ns: 'pages', airport: 'LHR' })).toBe('Lounges at LHR');
    expect(i18n.fixedT('pages')('title', { airport: 'LGW' })).toBe('Lounges at LGW');
    expect(i18n.fixedT('pages')('nav.faqs', { ns: 'common' })).toBe('Help & FAQs');
  });

  it('fills every {{value}}, nested ones too, and leaves a missing one as it is', () => {
    const i18n = texts();
    expect(i18n.t('greeting', { name: 'Ada', count: 3 })).toBe('Hello Ada, you have 3 passes');
    expect(i18n.t('greeting')).toBe('Hello {{name}}, you have {{ count }} passes');
    expect(i18n.t('deep.who', { card: { last4: '4242' } })).toBe('Card ending 4242');
    // Never escaped: React escapes what it renders.
    expect(i18n.t('title', { ns: 'pages', airport: '<b>&' })).toBe('Lounges at <b>&');
  });

  it('picks the plural form of the count, _zero for none when there is one', () => {
    const i18n = texts();
    expect(i18n.t('passes', { count: 0 })).toBe('No passes');
    expect(i18n.t('passes', { count: 1 })).toBe('1 pass');
    expect(i18n.t('passes', { count: 2 })).toBe('2 passes');
    expect(i18n.t('results', { count: 0 })).toBe('0 results');
    expect(i18n.t('results', { count: 1 })).toBe('One result');
  });

  it('answers the key (or the default, filled in) when there is no text', () => {
    const i18n = texts();
    expect(i18n.t('nope.none')).toBe('nope.none');
    expect(i18n.t('nav')).toBe('nav');
    expect(i18n.t('x', { defaultValue: 'At {{airport}}', airport: 'MAN' })).toBe('At MAN');
    expect(i18n.exists('nav.faqs')).toBe(true);
    expect(i18n.exists('title')).toBe(false);
    expect(i18n.exists('title', { ns: 'pages' })).toBe(true);
    expect(i18n.exists('toString')).toBe(false);
  });

  it('gives a list as it is when asked for objects', () => {
    expect(texts().t('steps', { returnObjects: true })).toEqual(['Time', 'Guests', 'Pay']);
  });

  it('adds a namespace once its feature loads', () => {
    const i18n = texts();
    expect(i18n.hasResourceBundle('en-GB', 'cards')).toBe(false);
    i18n.addResourceBundle('en-GB', 'cards', { title: 'Your cards' });
    expect(i18n.hasResourceBundle('en-GB', 'cards')).toBe(true);
    expect(i18n.t('title', { ns: 'cards' })).toBe('Your cards');
  });
});
