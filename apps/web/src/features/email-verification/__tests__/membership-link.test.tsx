import { SENT_EMAIL_NOTICE_MS } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';

const footerLink = async () =>
  within(await screen.findByRole('navigation', { name: 'Footer' })).getByRole('link', {
    name: 'Membership',
  });

describe('footer membership link', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends visitors to log in first', async () => {
    mockApi();
    renderApp('/faqs');
    expect((await footerLink()).getAttribute('href')).toBe(
      '/login?redirect=%2Fmembership%2Foverview',
    );
  });

  it('takes a member with a verified email to the membership overview', async () => {
    logIn();
    mockApi({ '/user/email-validate-status': () => envelope({ emailIsCheck: true }) });
    const { user, router } = renderApp('/faqs');
    await user.click(await footerLink());
    await waitFor(() => expect(router.state.location.pathname).toBe('/membership/overview'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers an unverified member the verification email, and says it was sent for 5 s', async () => {
    logIn();
    const send = vi.fn(() => envelope({ sent: true, email: 'jane@example.com' }));
    mockApi({
      '/user/email-validate-status': () => envelope({ emailIsCheck: false }),
      '/user/send-validate-email': send,
    });
    const { user, router } = renderApp('/faqs');
    await user.click(await footerLink());
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email address' });
    expect(router.state.location.pathname).toBe('/faqs');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Send verification email' }));
    const sent = await within(dialog).findByText(
      /We have sent a verification link to jane@example.com/,
    );
    expect(sent).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);

    // A second press while the notice shows sends nothing more.
    await user.click(within(dialog).getByRole('button', { name: 'Send verification email' }));
    expect(send).toHaveBeenCalledTimes(1);

    // The clock also runs on by itself here, so leave a margin either side of the 5 s.
    act(() => {
      vi.advanceTimersByTime(SENT_EMAIL_NOTICE_MS - 2000);
    });
    expect(within(dialog).queryByText(/We have sent/)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(within(dialog).queryByText(/We have sent/)).toBeNull();
  });

  it('tells the member how long to wait when emails are being asked for too often', async () => {
    logIn();
    mockApi({
      '/user/email-validate-status': () => envelope({ emailIsCheck: false }),
      '/user/send-validate-email': () => failure('30031', 'busy', { time: 240 }),
    });
    const { user } = renderApp('/faqs');
    await user.click(await footerLink());
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email address' });
    await user.click(within(dialog).getByRole('button', { name: 'Send verification email' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Please wait 4 minutes before asking again.');
  });
});

describe('email verification link (/regist/result/:uuid)', () => {
  const uuid = '7d1f5f7e-1c2b-4c47-9a51-4b0c8e7f2a10';

  it('confirms the address', async () => {
    const validate = vi.fn(() => envelope({ email: 'jane@example.com' }));
    mockApi({ '/user/validate/email': validate });
    renderApp(`/regist/result/${uuid}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified' })).toBeTruthy();
    expect(screen.getByText(/jane@example.com is now verified/)).toBeTruthy();
    expect(validate).toHaveBeenCalledWith({ uuid }, expect.anything());
  });

  it('shows Link Expired for an expired link', async () => {
    mockApi({ '/user/validate/email': () => failure('40006', 'Link Expired') });
    renderApp(`/regist/result/${uuid}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Expired' })).toBeTruthy();
  });

  it('says so when the new address was registered by another account meanwhile', async () => {
    const message =
      'This email address has already been registered. Please login to add an additional membership.';
    mockApi({ '/user/validate/email': () => failure('30034', message) });
    renderApp(`/regist/result/${uuid}`);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
