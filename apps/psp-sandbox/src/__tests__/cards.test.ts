import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productForIin } from '../cards/iin';
import { passesLuhn } from '../cards/luhn';
import { TEST_CARDS } from '../cards/test-cards';
import { ERRORS } from '../errors';

const readme = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
const grouped = (number: string) =>
  number.length === 15
    ? `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`
    : number.length === 14
      ? `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`
      : number.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('test cards', () => {
  it.each(TEST_CARDS.map((card) => [card.number]))('%s passes Luhn', (number) => {
    expect(passesLuhn(number)).toBe(true);
  });

  it.each(TEST_CARDS.map((card) => [card.number, card]))(
    '%s is in the README table',
    (number, card) => {
      const row = readme.split('\n').find((line) => line.includes(grouped(number)));
      expect(row, `README row for ${grouped(number)}`).toBeDefined();
      expect(row).toContain(card.brand.split(' (')[0]);
    },
  );

  it('maps each test card to its product by IIN', () => {
    const products = TEST_CARDS.map((card) => [card.number, productForIin(card.number)?.id]);
    expect(products).toEqual([
      ['4111111111111111', 1],
      ['5555555555554444', 3],
      ['378282246310005', 2],
      ['4000000000003220', 1],
      ['4000002760003184', 1],
      ['4000000000000341', 1],
      ['4000000000000119', 1],
      ['4000000000000259', 1],
      ['4000000000000002', 1],
      ['4000000000009995', 1],
      ['30569309025904', 132],
      ['9999990000000006', undefined],
    ]);
  });
});

describe('passesLuhn', () => {
  it('refuses a wrong check digit and non-digits', () => {
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('4111 1111 1111 1111')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('productForIin', () => {
  it.each([
    ['222100', 3],
    ['272099', 3],
    ['272100', undefined],
    ['510000', 3],
    ['340000', 2],
    ['360000', 132],
    ['12345', undefined],
    ['601100', undefined],
  ])('%s → %s', (bin, product) => {
    expect(productForIin(bin)?.id).toBe(product);
  });
});

describe('README', () => {
  it.each(Object.values(ERRORS).map((e) => [e.code, e]))(
    'lists the error code %s',
    (code, error) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${code}\``));
      expect(row).toContain(`\`${error.id}\``);
      expect(row).toContain(`| ${error.status} `);
    },
  );
});
