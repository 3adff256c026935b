import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, failure } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { DETAILS, accountApi, type AccountApi } from './account-fixtures';
import { dialogsClosed } from '@/testing/dialogs';

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const button = (name: string) => screen.getByRole('button', { name });
const codeDialog = () => screen.findByRole('dialog', { name: 'Enter your 6-digit code' });

async function openProfile(api: AccountApi = accountApi()) {
  logIn();
  const view = renderApp('/account/profile');
  await screen.findByRole('heading', { level: 1, name: 'My Profile' });
  await screen.findByRole('button', { name: 'Edit my details' });
  return { ...view, api };
}

/** Edit, replace the fields given (pasted: one input event each), then Save changes. */
async function editAndSave(
  view: Awaited<ReturnType<typeof openProfile>>,
  values: Partial<Record<'First name' | 'Last name' | 'Email address' | 'Mobile number', string>>,
  dialCode?: string,
) {
  await view.user.click(button('Edit my details'));
  await waitFor(() => expect(document.activeElement).toBe(input('First name')));
  for (const [label, value] of Object.entries(values)) {
    await view.user.clear(input(label));
    await view.user.click(input(label));
    await view.user.paste(value);
  }
  if (dialCode) {
    const dial = screen.getByLabelText<HTMLSelectElement>('Dial code');
    await waitFor(() => expect(dial.options.length).toBeGreaterThan(1));
    await view.user.selectOptions(dial, dialCode);
  }
  await view.user.click(button('Save changes'));
}

beforeAll(async () => {
  await import('../components/profile-form');
}, 30_000);

describe('profile (/account/profile)', { timeout: 15_000 }, () => {
  it('shows the details, the email verified, and the numbers in groups of four', async () => {
    await openProfile();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual([
      'First name',
      'Last name',
      'Email address',
      'Mobile number',
      'Membership numbers',
    ]);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(values).toEqual([
      'Ada',
      'Lovelace',
      'ada@lounge.example Verified',
      '+44 7400 123456',
      '4000 1234 1234 12344000 5678 5678 5678',
    ]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain(
      '4000 1234 1234 1234',
    );
    expect(screen.queryByRole('button', { name: 'Send verification email' })).toBeNull();
  });

  it('offers the verification email when the address is not verified', async () => {
    const api = accountApi({
      '/account/my-details': () => envelope({ ...DETAILS, emailIsCheck: false }),
    });
    const { user } = await openProfile(api);
    expect(screen.getByText('Not verified')).toBeTruthy();
    await user.click(button('Send verification email'));
    expect(
      await screen.findByText(
        'We have sent a verification link to ada@lounge.example. Please check your inbox.',
      ),
    ).toBeTruthy();
    expect(api.sendValidateEmail).toHaveBeenCalledTimes(1);
  });

  it('checks the fields with the contract rules before sending anything', async () => {
    const view = await openProfile();
    await editAndSave(view, { 'First name': ' ', 'Email address': 'ada@', 'Mobile number': '12' });
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();
    expect(document.activeElement).toBe(input('First name'));
    expect(view.api.save).not.toHaveBeenCalled();
    expect(view.api.verifyEmail).not.toHaveBeenCalled();
  });

  it('saves new names at once, says so, and updates the header', async () => {
    const view = await openProfile();
    await editAndSave(view, { 'First name': ' Grace ', 'Last name': 'Hopper' });
    const status = await screen.findByText('Your details have been saved.');
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(view.api.save).toHaveBeenCalledWith(
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: DETAILS.email,
        mobileNoPrefix: '44',
        mobileNo: '7400123456',
        mobileAreaCode: 'GB',
      },
      expect.anything(),
    );
    expect(view.api.verifyEmail).not.toHaveBeenCalled();
    expect(view.api.verifyMobile).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(button('Edit my details')));
    expect(screen.getAllByRole('definition')[0]?.textContent).toBe('Grace');
    expect(storage.get('userInfo')).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      initials: 'GH',
    });
    expect(await screen.findByText('Hello, Grace Hopper')).toBeTruthy();
    expect(screen.getByRole('button', { name: /GH Account menu for Grace Hopper/ })).toBeTruthy();
  });

  it('confirms a new email with a code, then saves', async () => {
    const view = await openProfile();
    await editAndSave(view, { 'Email address': 'grace@lounge.example' });
    const dialog = await codeDialog();
    expect(view.api.verifyEmail).toHaveBeenCalledWith(
      { email: 'grace@lounge.example' },
      expect.anything(),
    );
    expect(dialog.textContent).toContain('by email to g•••');
    expect(view.api.save).not.toHaveBeenCalled();

    await view.user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    expect(await screen.findByText('Your details have been saved.')).toBeTruthy();
    expect(view.api.checkCode).toHaveBeenCalledWith(
      { sendType: 'email', email: 'grace@lounge.example', verifiCode: '123456' },
      expect.anything(),
    );
    expect(view.api.save).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'grace@lounge.example' }),
      expect.anything(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms a new email and a new mobile one after the other', async () => {
    const view = await openProfile();
    await editAndSave(
      view,
      { 'Email address': 'grace@lounge.example', 'Mobile number': '612345678' },
      'FR',
    );
    let dialog = await codeDialog();
    expect(dialog.textContent).toContain('by email to g•••');
    await view.user.type(within(dialog).getByLabelText('6-digit code'), '111111');

    await waitFor(() => expect(view.api.verifyMobile).toHaveBeenCalledTimes(1));
    expect(view.api.verifyMobile).toHaveBeenCalledWith(
      { mobileNoPrefix: '33', mobileNo: '612345678', mobileAreaCode: 'FR' },
      expect.anything(),
    );
    dialog = await codeDialog();
    await waitFor(() => expect(dialog.textContent).toContain('by text message to +33•••••678'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('6-digit code').value).toBe('');
    expect(view.api.save).not.toHaveBeenCalled();
    await view.user.type(within(dialog).getByLabelText('6-digit code'), '222222');

    expect(await screen.findByText('Your details have been saved.')).toBeTruthy();
    expect(view.api.checkCode).toHaveBeenLastCalledWith(
      { sendType: 'sms', mobileNoPrefix: '33', mobileNo: '612345678', verifiCode: '222222' },
      expect.anything(),
    );
    expect(view.api.save).toHaveBeenCalledWith(
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'grace@lounge.example',
        mobileNoPrefix: '33',
        mobileNo: '612345678',
        mobileAreaCode: 'FR',
      },
      expect.anything(),
    );
  });

  it('shows a wrong code in the modal and keeps the form', async () => {
    const api = accountApi({
      '/account/check-verification-code': () =>
        failure('30014', 'Code not recognised, please try again.'),
    });
    const view = await openProfile(api);
    await editAndSave(view, { 'Email address': 'grace@lounge.example' });
    const dialog = await codeDialog();
    await view.user.type(within(dialog).getByLabelText('6-digit code'), '999999');
    expect(await within(dialog).findByText('Code not recognised, please try again.')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();

    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogsClosed();
    expect(input('Email address').value).toBe('grace@lounge.example');
    expect(button('Save changes').getAttribute('aria-disabled')).toBeNull();
  });

  it('shows an address of another account on the email field (30034)', async () => {
    const api = accountApi({
      '/account/verify-email': () => failure('30034', 'registered'),
    });
    const view = await openProfile(api);
    await editAndSave(view, { 'Email address': 'taken@lounge.example' });
    const message = await screen.findByText(
      'This email address has already been registered. Please login to add an additional membership.',
    );
    const email = input('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('shows a number of another account on the mobile field when saving (30033)', async () => {
    const api = accountApi({
      '/account/my-details/save': () => failure('30033', 'registered'),
    });
    const view = await openProfile(api);
    await editAndSave(view, { 'Mobile number': '7400999888' });
    const dialog = await codeDialog();
    await view.user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    expect(await screen.findByText('This mobile number is already registered.')).toBeTruthy();
    expect(input('Mobile number').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a new code when the server no longer holds the confirmation (30050)', async () => {
    let saves = 0;
    const api = accountApi({
      '/account/my-details/save': (body) =>
        (saves += 1) === 1
          ? failure('30050', 'verify')
          : envelope({ ...DETAILS, ...(body as object) }),
    });
    const view = await openProfile(api);
    await editAndSave(view, { 'Email address': 'grace@lounge.example' });
    await view.user.type(within(await codeDialog()).getByLabelText('6-digit code'), '123456');

    await waitFor(() => expect(api.verifyEmail).toHaveBeenCalledTimes(2));
    expect(
      await screen.findByText(
        'Please confirm the new email address or mobile number with the 6-digit code we send to it.',
      ),
    ).toBeTruthy();
    const dialog = await codeDialog();
    await view.user.type(within(dialog).getByLabelText('6-digit code'), '654321');
    expect(await screen.findByText('Your details have been saved.')).toBeTruthy();
    expect(api.save).toHaveBeenCalledTimes(2);
  });

  it('waits when too many codes were asked for the new email (30031)', async () => {
    const api = accountApi({
      '/account/verify-email': () => failure('30031', 'busy', { time: 240 }),
    });
    const view = await openProfile(api);
    await editAndSave(view, { 'Email address': 'grace@lounge.example' });
    expect(await screen.findByText('Too many 6-digit code requests')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/in [34]:\d\d$/);
    expect(storage.get('newEmailBusy')).toBeGreaterThan(Date.now());
    expect(storage.get('busyAs')).toBeUndefined();

    // While the wait lasts, Save asks nothing more of the server.
    await view.user.click(button('Save changes'));
    expect(api.verifyEmail).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the details as they were on Cancel', async () => {
    const view = await openProfile();
    await view.user.click(button('Edit my details'));
    await view.user.clear(input('First name'));
    await view.user.type(input('First name'), 'Changed');
    await view.user.click(button('Cancel'));
    await waitFor(() => expect(document.activeElement).toBe(button('Edit my details')));
    expect(screen.getAllByRole('definition')[0]?.textContent).toBe('Ada');
    expect(view.api.save).not.toHaveBeenCalled();
    expect(screen.queryByText('Your details have been saved.')).toBeNull();
  });

  it('says when the details cannot be loaded, and tries again', async () => {
    let calls = 0;
    const api = accountApi({
      '/account/my-details': () =>
        (calls += 1) === 1 ? new Response('down', { status: 503 }) : envelope(DETAILS),
    });
    logIn();
    const { user } = renderApp('/account/profile');
    await screen.findByText('We could not load your details. Please try again.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(button('Try again'));
    expect(await screen.findByRole('button', { name: 'Edit my details' })).toBeTruthy();
    expect(api.myDetails.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
