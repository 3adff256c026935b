import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, failure } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { cardsApi, mastercard, payloadOf, visa } from './cards-fixtures';
import { dialogsClosed } from '@/testing/dialogs';

const RETURN = '/account/cards?cardId=c1&threeDS=return&tokenId=t&outcome=approved';

/** Answers each ask in turn, the last one from then on. */
const answers = (...responses: (() => Response)[]) => {
  let asked = 0;
  return () => responses[Math.min(asked++, responses.length - 1)]!();
};

const pending = () => envelope({ status: 'pending' });
const added = () => envelope({ status: 'added', card: visa() });

function backFromBank(url = RETURN, status = answers(pending, pending, added)) {
  const api = cardsApi([mastercard({ isDefault: true })], {
    '/payment/add-card/check-status': status,
  });
  logIn();
  return { ...renderApp(url), api };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('back from 3-D Secure (?cardId=…&threeDS=return)', { timeout: 15_000 }, () => {
  it('asks every 500 ms until the card is added, then says so and tidies the address', async () => {
    const asked: number[] = [];
    const next = answers(pending, pending, added);
    const { api, router, user } = backFromBank(RETURN, () => {
      asked.push(performance.now());
      return next();
    });
    const checking = await screen.findByRole(
      'dialog',
      { name: 'Checking your card' },
      { timeout: 10_000 },
    );
    expect(within(checking).getByRole('status').textContent).toContain(
      'Please wait while we confirm your card with your bank',
    );
    const done = await screen.findByRole('dialog', { name: 'Card added' });
    expect(done.textContent).toContain('Visa ending 1111 has been added to your account.');
    expect(api.status).toHaveBeenCalledTimes(3);
    const gaps = asked.slice(1).map((at, i) => at - asked[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(490);
    for (let call = 0; call < 3; call += 1) {
      expect(payloadOf(api.status, call)).toEqual({ cardId: 'c1' });
    }
    expect(router.state.location.pathname).toBe('/account/cards');
    expect(router.state.location.search).toBe('');
    // Replaced, so Back does not return to the bank's address.
    expect(router.state.historyAction).toBe('REPLACE');
    // The list is read again, with the new card.
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));

    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await dialogsClosed();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Cards' })).toBeTruthy();
    // Nothing more is asked once the answer is known.
    expect(api.status).toHaveBeenCalledTimes(3);
  });

  it('61007: Authentication Failed, and Try again opens the add-card form', async () => {
    const { router, user } = backFromBank(RETURN, () => failure('61007', 'failed'));
    const failed = await screen.findByRole(
      'alertdialog',
      { name: 'Authentication Failed' },
      { timeout: 10_000 },
    );
    expect(router.state.location.search).toBe('');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    const form = await screen.findByRole('dialog', { name: 'Add a new card' });
    expect(within(form).getByLabelText<HTMLInputElement>('Card number').value).toBe('');
  });

  it('notFound: Card not added', async () => {
    const { router, api } = backFromBank(
      RETURN,
      answers(pending, () => failure('10002', 'gone')),
    );
    const error = await screen.findByRole(
      'alertdialog',
      { name: 'Card not added' },
      { timeout: 10_000 },
    );
    expect(error.textContent).toContain('We could not find what you asked for.');
    expect(api.status).toHaveBeenCalledTimes(2);
    expect(router.state.location.search).toBe('');
  });

  it('says to check later when the bank takes too long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, router } = backFromBank(RETURN, pending);
    await waitFor(() => expect(api.status).toHaveBeenCalled(), { timeout: 10_000 });
    vi.setSystemTime(Date.now() + 121_000);
    const error = await screen.findByRole('alertdialog', { name: 'Card not added' });
    expect(error.textContent).toContain(
      'We could not confirm your card with your bank yet. Reload this page in a moment to check again.',
    );
    // Not final: the address keeps the card, so a reload asks again.
    expect(new URLSearchParams(router.state.location.search).get('cardId')).toBe('c1');
    // Nothing to go back to: the card details were typed before the bank's page.
    expect(within(error).queryByRole('button', { name: 'Back to card details' })).toBeNull();
    expect(within(error).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('does nothing without threeDS=return', async () => {
    const { api } = backFromBank('/account/cards?cardId=c1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Cards' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Mastercard ending 4444')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.status).not.toHaveBeenCalled();
  });

  it('on the sign-up finish screen: Registration complete, Card added, on to the account', async () => {
    storage.set('mbInfo', { dpid: '4929123412341234', cardHolder: 'ADA MEMBER', expiry: '12/28' });
    const { router, user, api } = backFromBank(
      '/sign-up?step=success&cardId=c1&threeDS=return&tokenId=t&outcome=approved',
      answers(pending, added),
    );
    const done = await screen.findByRole('dialog', { name: 'Card added' }, { timeout: 10_000 });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Registration complete', hidden: true }),
    ).toBeTruthy();
    expect(done.textContent).toContain('Visa ending 1111 has been added to your account.');
    expect(payloadOf(api.status)).toEqual({ cardId: 'c1' });
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(router.state.location.search).toBe('?step=success');

    await user.click(within(done).getByRole('button', { name: 'Go to my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
  });
});
