import { describe, expect, it } from 'vitest';
import { cardFormSchema } from './card-form';

const now = () => new Date('2026-11-23T10:00:00Z');
const valid = {
  cardNumber: '4111 1111 1111 1111',
  expiry: '11/26',
  cvv: '123',
  nameOnCard: 'Ann Lee',
};

const messages = (values: Record<string, string>): Record<string, string> => {
  const result = cardFormSchema(now).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('cardFormSchema', () => {
  it('accepts a card expiring this month and gives the digits without spaces', () => {
    expect(cardFormSchema(now).parse(valid)).toEqual({ ...valid, cardNumber: '4111111111111111' });
  });

  it("names each field's message (spec section 5)", () => {
    expect(
      messages({ cardNumber: '4111 1111 1111', expiry: '10/26', cvv: '12', nameOnCard: 'A' }),
    ).toEqual({
      cardNumber: 'card-error-min-digits',
      expiry: 'card-error-date',
      cvv: 'card-error-cvc',
      nameOnCard: 'card-error-name-min',
    });
    expect(messages({ ...valid, expiry: '13/27', nameOnCard: 'Анна Ли' })).toEqual({
      expiry: 'card-error-date',
      nameOnCard: 'card-error-name-latin',
    });
    expect(messages({ cardNumber: '', expiry: '', cvv: '', nameOnCard: ' ' })).toEqual({
      cardNumber: 'form-required',
      expiry: 'form-required',
      cvv: 'form-required',
      nameOnCard: 'form-required',
    });
  });
});
