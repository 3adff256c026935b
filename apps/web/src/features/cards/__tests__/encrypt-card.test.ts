import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CardCheckError, encryptCard } from '../lib/encrypt-card';
import { SESSION } from './cards-fixtures';

/** A stand-in for the provider's SDK: what the card add asks of it, and what it answers. */
const sdk = vi.hoisted(() => {
  class ResponseError extends Error {
    readonly status: number;
    constructor(message: string, status: number) {
      super(message);
      this.status = status;
    }
  }
  const product = { id: 1, label: 'Visa' };
  return {
    ResponseError,
    product,
    sessions: [] as unknown[],
    getIinDetails: vi.fn<(iin: string, details: unknown) => Promise<unknown>>(),
    getPaymentProduct: vi.fn<(id: number, details: unknown) => Promise<unknown>>(),
    setPaymentProduct: vi.fn<(product: unknown) => void>(),
    setValue: vi.fn<(name: string, value: string) => void>(),
    validate: vi.fn<() => unknown[]>(),
    encrypt: vi.fn<(request: unknown) => Promise<string>>(),
  };
});

vi.mock('connect-sdk-client-js', () => {
  const request = {
    setPaymentProduct: sdk.setPaymentProduct,
    setValue: sdk.setValue,
    validate: sdk.validate,
  };
  class Session {
    constructor(details: unknown) {
      sdk.sessions.push(details);
    }
    getIinDetails = sdk.getIinDetails;
    getPaymentProduct = sdk.getPaymentProduct;
    getPaymentRequest = () => request;
    getEncryptor = () => ({ encrypt: sdk.encrypt });
  }
  return { Session, ResponseError: sdk.ResponseError };
});

const CARD = {
  cardNumber: '4111 1111 1111 1111',
  expiry: '12 / 30',
  cvv: ' 123 ',
  nameOnCard: '  Ann Lee ',
};

beforeEach(() => {
  sdk.sessions.length = 0;
  sdk.getIinDetails.mockReset().mockResolvedValue({ status: 'SUPPORTED', paymentProductId: 1 });
  sdk.getPaymentProduct.mockReset().mockResolvedValue(sdk.product);
  sdk.setPaymentProduct.mockReset();
  sdk.setValue.mockReset();
  sdk.validate.mockReset().mockReturnValue([]);
  sdk.encrypt.mockReset().mockResolvedValue('a.b.c.d.e');
});

const reasonOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(CardCheckError);
  return (error as CardCheckError).reason;
};

describe('encryptCard (the provider SDK steps)', () => {
  it('checks the first 8 digits, sets the card on the request and encrypts it', async () => {
    await expect(encryptCard(SESSION, CARD)).resolves.toEqual({
      encryptCustomerInput: 'a.b.c.d.e',
      paymentProductId: 1,
    });
    expect(sdk.sessions).toEqual([SESSION]);
    const details = {
      totalAmount: 0,
      countryCode: 'GB',
      currency: 'EUR',
      isRecurring: false,
      locale: 'en_GB',
    };
    expect(sdk.getIinDetails).toHaveBeenCalledWith('41111111', details);
    expect(sdk.getPaymentProduct).toHaveBeenCalledWith(1, details);
    expect(sdk.setPaymentProduct).toHaveBeenCalledWith(sdk.product);
    expect(Object.fromEntries(sdk.setValue.mock.calls)).toEqual({
      cardNumber: '4111111111111111',
      expiryDate: '12/30',
      cvv: '123',
      cardholderName: 'Ann Lee',
    });
    expect(sdk.validate).toHaveBeenCalled();
    expect(sdk.encrypt).toHaveBeenCalledTimes(1);
    // Encrypted only once every value is on the request.
    expect(sdk.encrypt.mock.invocationCallOrder[0]).toBeGreaterThan(
      Math.max(...sdk.setValue.mock.invocationCallOrder),
    );
  });

  it('sends the name composed (NFC)', async () => {
    await encryptCard(SESSION, { ...CARD, nameOnCard: 'Rene\u0301e Lee' });
    expect(sdk.setValue).toHaveBeenCalledWith('cardholderName', 'Ren\u00e9e Lee');
  });

  it('takes another currency for the payment context', async () => {
    await encryptCard(SESSION, CARD, 'GBP');
    expect(sdk.getIinDetails).toHaveBeenCalledWith(
      '41111111',
      expect.objectContaining({ currency: 'GBP' }),
    );
  });

  it('refuses a card type the programme does not take (notAccepted)', async () => {
    sdk.getIinDetails.mockResolvedValue({ status: 'EXISTING_BUT_NOT_ALLOWED' });
    expect(await reasonOf(encryptCard(SESSION, CARD))).toBe('notAccepted');
    sdk.getIinDetails.mockResolvedValue({ status: 'UNSUPPORTED' });
    expect(await reasonOf(encryptCard(SESSION, CARD))).toBe('notAccepted');
    expect(sdk.encrypt).not.toHaveBeenCalled();
  });

  it('does not recognise an unknown BIN (404) or a card the SDK finds invalid (notRecognized)', async () => {
    sdk.getIinDetails.mockRejectedValue(new sdk.ResponseError('UNKNOWN', 404));
    expect(await reasonOf(encryptCard(SESSION, CARD))).toBe('notRecognized');
    sdk.getIinDetails.mockResolvedValue({ status: 'UNKNOWN' });
    expect(await reasonOf(encryptCard(SESSION, CARD))).toBe('notRecognized');
    expect(sdk.getPaymentProduct).not.toHaveBeenCalled();

    sdk.getIinDetails.mockResolvedValue({ status: 'SUPPORTED', paymentProductId: 1 });
    sdk.validate.mockReturnValue([{ fieldId: 'cardNumber', errorMessageId: 'luhn' }]);
    expect(await reasonOf(encryptCard(SESSION, CARD))).toBe('notRecognized');
    expect(sdk.encrypt).not.toHaveBeenCalled();
  });

  it('lets any other provider failure through as it is', async () => {
    const fault = new sdk.ResponseError('Internal error', 500);
    sdk.getIinDetails.mockRejectedValue(fault);
    await expect(encryptCard(SESSION, CARD)).rejects.toBe(fault);
  });
});
