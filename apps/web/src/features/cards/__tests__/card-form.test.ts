import { describe, expect, it } from 'vitest';
import { checkCardForm, EMPTY_CARD } from '../lib/card-form';

const now = () => new Date('2026-11-23T10:00:00Z');
const valid = {
  cardNumber: '4111 1111 1111 1111',
  expiry: '11/26',
  cvv: '123',
  nameOnCard: 'Ann Lee',
};

const errorsOf = (values: typeof valid, clock = now) => {
  const result = checkCardForm(values, clock);
  return result.ok ? {} : result.errors;
};

describe('checkCardForm', () => {
  it('accepts a card expiring this month, and gives the number without spaces', () => {
    expect(checkCardForm(valid, now)).toEqual({
      ok: true,
      data: { ...valid, cardNumber: '4111111111111111' },
    });
  });

  it("says what is wrong with each field, in the member's words", () => {
    expect(
      errorsOf({ cardNumber: '4111 1111 1111', expiry: '10/26', cvv: '12', nameOnCard: 'A' }),
    ).toEqual({
      cardNumber: 'Please enter at least 14 digits.',
      expiry: 'The expiry date is invalid.',
      cvv: 'The security code (CVV) is invalid.',
      nameOnCard: 'Please enter at least 2 characters.',
    });
  });

  it('refuses a month that does not exist and a name in another script', () => {
    expect(errorsOf({ ...valid, expiry: '13/27', nameOnCard: 'Анна Ли' })).toEqual({
      expiry: 'The expiry date is invalid.',
      nameOnCard: 'Please use Latin characters only.',
    });
  });

  it('asks for every field of an empty form', () => {
    expect(errorsOf(EMPTY_CARD)).toEqual({
      cardNumber: 'This field is required.',
      expiry: 'This field is required.',
      cvv: 'This field is required.',
      nameOnCard: 'This field is required.',
    });
  });

  it('judges the expiry by the clock it is given', () => {
    expect(errorsOf(valid, () => new Date('2026-12-01T00:00:00Z'))).toEqual({
      expiry: 'The expiry date is invalid.',
    });
    expect(errorsOf({ ...valid, expiry: '01/27' }, () => new Date('2026-12-31T23:00:00Z'))).toEqual(
      {},
    );
  });
});
