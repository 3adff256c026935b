import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoMembership, envelope, membershipHandlers, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const withStatus = (membership: object) => ({
  ...membershipHandlers,
  '/membership/status': () => envelope({ emailVerified: true, membership }),
});

describe('membership pages', () => {
  it('offer the validation email instead of the pages to a member whose email is not verified', async () => {
    logIn();
    mockApi({
      ...membershipHandlers,
      '/user/email-validate-status': () => envelope({ emailIsCheck: false }),
    });
    renderApp('/membership/overview');
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email address' });
    expect(within(dialog).getByRole('button', { name: 'Send verification email' })).toBeTruthy();
    expect(screen.queryByText('Passes left')).toBeNull();
  });

  it('show the membership in use: number in fours, entitlements, actions', async () => {
    logIn();
    mockApi(membershipHandlers);
    renderApp('/membership/overview');
    expect(await screen.findAllByText('1234 5678 1234 5678')).not.toHaveLength(0);
    expect(screen.getByTestId('passes-left').textContent).toBe('8');
    for (const name of ['Buy passes', 'Add membership', 'All memberships', 'Show digital card'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    // Active: no modal until asked.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("say 'Membership Suspended' at once, with the way to contact support, and offer no purchase", async () => {
    logIn();
    mockApi(withStatus({ ...demoMembership, status: 'suspended' }));
    renderApp('/membership/overview');
    const dialog = await screen.findByRole('alertdialog', { name: 'Membership Suspended' });
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Buy passes' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Show digital card' })).toBeNull();
  });

  it('say an expired membership has expired and offer its renewal', async () => {
    logIn();
    mockApi(withStatus({ ...demoMembership, status: 'expired', expiresOn: '2026-10-31' }));
    renderApp('/membership/overview');
    const dialog = await screen.findByRole('alertdialog', { name: 'Membership Expired' });
    expect(dialog.textContent).toContain('31 Oct 2026');
    expect(within(dialog).getByRole('link', { name: 'Renew membership' })).toBeTruthy();
  });

  it('write the expiry of a card to add as their other dates: "31 Dec 2029", never "12/29" (issue 60)', async () => {
    logIn();
    mockApi({
      ...membershipHandlers,
      '/membership/check-dragonCard': () =>
        envelope({
          dpid: '8765432187654321',
          cardHolder: 'Jane Doe',
          expiry: '12/29',
          expiresOn: '2029-12-31',
          cardBg: '/card-art/natwest.svg',
          issuer: 'natwest',
        }),
    });
    const { user } = renderApp('/membership/add');
    await user.type(await screen.findByLabelText('Membership number'), '8765432187654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Is this your card?' });
    const card = screen.getByRole('figure', { name: 'Your membership card' });
    expect(card.textContent).toContain('Expires31 Dec 2029');
    expect(card.textContent).not.toContain('12/29');
  });

  it('count the passes left of each membership in the list: "1 pass left", "2 passes left"', async () => {
    logIn();
    const withPasses = (dpid: string, passesLeft: number, inUse: boolean) => ({
      ...demoMembership,
      dpid,
      inUse,
      entitlements: { ...demoMembership.entitlements, passesLeft },
    });
    mockApi({
      ...membershipHandlers,
      '/membership/list': () =>
        envelope([
          withPasses('1234567812345678', 1, true),
          withPasses('8765432187654321', 2, false),
        ]),
    });
    renderApp('/membership/list');
    const [one, two] = (await screen.findAllByRole('heading', { name: 'Black Account' })).map(
      (heading) => heading.closest('li'),
    );
    expect(one!.textContent).toContain('1 pass left');
    expect(one!.textContent).not.toContain('passes');
    expect(two!.textContent).toContain('2 passes left');
  });
});
