import type { Money } from '@portal/contract';

interface CurrencyFacts {
  /** Rough units per pound sterling, enough to make demo prices look local. */
  perPound: number;
  /** ISO 4217 minor-unit digits: 2 for pence and cents, 0 for yen and won. */
  exponent: number;
}

const CURRENCIES: Record<string, CurrencyFacts> = {
  GBP: { perPound: 1, exponent: 2 },
  EUR: { perPound: 1.17, exponent: 2 },
  USD: { perPound: 1.27, exponent: 2 },
  AED: { perPound: 4.67, exponent: 2 },
  QAR: { perPound: 4.62, exponent: 2 },
  SAR: { perPound: 4.76, exponent: 2 },
  CHF: { perPound: 1.12, exponent: 2 },
  NOK: { perPound: 13.6, exponent: 2 },
  SEK: { perPound: 13.5, exponent: 2 },
  DKK: { perPound: 8.7, exponent: 2 },
  PLN: { perPound: 5, exponent: 2 },
  CZK: { perPound: 29, exponent: 2 },
  HUF: { perPound: 460, exponent: 2 },
  TRY: { perPound: 41, exponent: 2 },
  CAD: { perPound: 1.74, exponent: 2 },
  MXN: { perPound: 23, exponent: 2 },
  BRL: { perPound: 7, exponent: 2 },
  AUD: { perPound: 1.93, exponent: 2 },
  NZD: { perPound: 2.1, exponent: 2 },
  SGD: { perPound: 1.71, exponent: 2 },
  HKD: { perPound: 9.9, exponent: 2 },
  CNY: { perPound: 9.2, exponent: 2 },
  JPY: { perPound: 190, exponent: 0 },
  KRW: { perPound: 1750, exponent: 0 },
  INR: { perPound: 106, exponent: 2 },
  THB: { perPound: 45, exponent: 2 },
  MYR: { perPound: 5.9, exponent: 2 },
  ZAR: { perPound: 23.5, exponent: 2 },
  ILS: { perPound: 4.7, exponent: 2 },
};

const EURO_COUNTRIES = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GF',
  'GP',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'ME',
  'MQ',
  'MT',
  'NL',
  'PT',
  'RE',
  'SI',
  'SK',
  'XK',
];

const COUNTRY_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((c) => [c, 'EUR'])),
  GB: 'GBP',
  IM: 'GBP',
  JE: 'GBP',
  GG: 'GBP',
  AE: 'AED',
  QA: 'QAR',
  SA: 'SAR',
  CH: 'CHF',
  NO: 'NOK',
  SE: 'SEK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  TR: 'TRY',
  CA: 'CAD',
  MX: 'MXN',
  BR: 'BRL',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
  CN: 'CNY',
  JP: 'JPY',
  KR: 'KRW',
  IN: 'INR',
  TH: 'THB',
  MY: 'MYR',
  ZA: 'ZAR',
  IL: 'ILS',
};

/** The currency a country's prices are shown in; US dollars where we keep none. */
export function currencyOf(country: string): string {
  return COUNTRY_CURRENCY[country] ?? 'USD';
}

/** A round local amount: whole units under 100, then steps of 5, 10, 50 ... */
function roundLocal(major: number): number {
  if (major < 100) return Math.max(1, Math.round(major));
  const step = 10 ** (Math.floor(Math.log10(major)) - 1);
  const nice = major < 1000 ? 5 : step;
  return Math.round(major / nice) * nice;
}

/** A price of about `pounds` in the local currency, in minor units. */
export function localPrice(pounds: number, currency: string): Money {
  const facts = CURRENCIES[currency] ?? { perPound: 1.27, exponent: 2 };
  const major = roundLocal(pounds * facts.perPound);
  return { amount: major * 10 ** facts.exponent, currency };
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Vouchers come in round numbers: 20, 70, 3,000, not 19 or 2,850. */
function roundForText(major: number): number {
  if (major < 10) return Math.max(1, Math.round(major));
  const step = 10 ** Math.floor(Math.log10(major)) / 2;
  return Math.round(major / step) * step;
}

/** "£15", "€20", "$20": a round amount of about `pounds` for offer texts. */
export function localAmountText(pounds: number, currency: string): string {
  const facts = CURRENCIES[currency] ?? { perPound: 1.27, exponent: 2 };
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    formatters.set(currency, format);
  }
  return format.format(roundForText(pounds * facts.perPound));
}
