import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, failure } from '@/testing/mock-api';
import {
  DETAILS,
  UUID,
  button,
  code,
  input,
  openSignUp,
  progressText,
  registrationApi,
  resumeAt,
  stepHeading,
  type RegistrationApi,
} from './sign-up-fixtures';
import { dialogsClosed } from '@/testing/dialogs';

const detailsStep = () => stepHeading('Your personal details');
const confirmDialog = () => screen.findByRole('dialog', { name: 'Confirm your details' });
const codeDialog = () => screen.findByRole('dialog', { name: 'Enter your 6-digit code' });

/** At step 2 with the details filled (as a reload resumes them), pressing Continue. */
async function submitDetails(api: RegistrationApi = registrationApi()) {
  resumeAt(1);
  const view = openSignUp(api);
  await detailsStep();
  await view.user.click(button('Continue'));
  return view;
}

/** Continue, then Yes: the code modal. */
async function openCodeModal(api: RegistrationApi = registrationApi()) {
  const view = await submitDetails(api);
  const confirm = await confirmDialog();
  await view.user.click(within(confirm).getByRole('button', { name: 'Yes' }));
  const dialog = await codeDialog();
  return { ...view, dialog };
}

// The step loads lazily; its first load in a file may outlast a query's wait.
beforeAll(async () => {
  await import('../components/personal-details-step');
}, 30_000);

// Whole journeys through the app, typing as a member does: slower than a unit test.
describe('sign-up step 2: personal details', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks each field before calling the server', async () => {
    resumeAt(1, { firstName: '', lastName: '', email: '', mobileNo: '' });
    const { user, api } = openSignUp();
    await detailsStep();
    expect(progressText()).toBe('Registration Step 2 of 3');
    expect(input('First name').maxLength).toBe(50);
    expect(input('Last name').maxLength).toBe(50);
    expect(input('Mobile number').maxLength).toBe(20);
    const dial = screen.getByLabelText<HTMLSelectElement>('Dial code');
    await waitFor(() => expect(dial.options).toHaveLength(2));
    expect(dial.value).toBe('GB');
    const sendBy = screen.getByRole('group', { name: 'Send my code by' });
    expect(
      within(sendBy).getByRole<HTMLInputElement>('radio', { name: 'Text message (SMS)' }).checked,
    ).toBe(true);
    expect(within(sendBy).getByRole('radio', { name: 'Email' })).toBeTruthy();

    await user.click(button('Continue'));
    expect(screen.getAllByText('This field is required.')).toHaveLength(4);
    expect(document.activeElement).toBe(input('First name'));

    await user.type(input('First name'), 'Ada');
    await user.type(input('Last name'), 'M');
    await user.type(input('Email address'), 'a@b');
    await user.type(input('Mobile number'), '123');
    await user.click(button('Continue'));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();
    expect(document.activeElement).toBe(input('Email address'));
    expect(api.checkUserInfo).not.toHaveBeenCalled();
  });

  it('sends the details, trimmed, with the dial code and send type; No goes back to edit', async () => {
    resumeAt(1, { firstName: ' Ada ', sendType: 'email' });
    const { user, api } = openSignUp();
    await detailsStep();
    await user.click(button('Continue'));
    const confirm = await confirmDialog();
    expect(api.checkUserInfo).toHaveBeenCalledWith(
      { ...DETAILS, sendType: 'email', uuid: UUID },
      expect.anything(),
    );
    const summary = within(confirm)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(summary).toEqual(['Ada Member', DETAILS.email, '+44 7400 123456', 'Email']);

    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await dialogsClosed();
    expect(api.sendCode).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button('Continue'));
  });

  it('Yes sends the code; the sixth digit submits it and leads to the password', async () => {
    const { user, api, dialog } = await openCodeModal();
    expect(api.sendCode).toHaveBeenCalledWith(
      { uuid: UUID, sendType: 'sms', mobileNoPrefix: '44', mobileNo: '7400123456' },
      expect.anything(),
    );
    expect(dialog.textContent).toContain('by text message to +44•••••••456');
    expect(storage.get('verType')).toBe('mobile');

    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    const heading = await stepHeading('Create your password');
    expect(api.checkCode).toHaveBeenCalledWith(
      { uuid: UUID, verifiCode: '123456' },
      expect.anything(),
    );
    expect(progressText()).toBe('Registration Step 3 of 3');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(storage.get('signUpDraft')?.step).toBe(2);
  });

  it('switches between text message and email, each sending a new code', async () => {
    const { user, api, dialog } = await openCodeModal();
    await user.click(within(dialog).getByRole('button', { name: 'Send by email instead' }));
    await waitFor(() =>
      expect(api.sendCode).toHaveBeenLastCalledWith(
        { uuid: UUID, sendType: 'email', email: DETAILS.email },
        expect.anything(),
      ),
    );
    expect(dialog.textContent).toContain('by email to a•••@lounge.example');
    expect(storage.get('verType')).toBe('email');
    await user.click(within(dialog).getByRole('button', { name: 'Send by text message instead' }));
    await waitFor(() => expect(api.sendCode).toHaveBeenCalledTimes(3));
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(api.sendCode).toHaveBeenCalledTimes(4));
    expect(api.sendCode).toHaveBeenLastCalledWith(
      expect.objectContaining({ sendType: 'sms' }),
      expect.anything(),
    );
  });

  it.each([
    ['codeNotRecognised', 'Code not recognised, please try again.'],
    ['codeExpired', 'The verification code has expired. Please request a new code.'],
  ] as const)('%s: says so in the code modal', async (name, message) => {
    const api = registrationApi();
    api.checkCode.mockImplementation(() => failure(code(name)));
    const { user, dialog } = await openCodeModal(api);
    await user.type(within(dialog).getByLabelText('6-digit code'), '000000');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('codeLocked: the code modal counts the lock down (lockedAs)', async () => {
    const api = registrationApi();
    api.checkCode.mockImplementation(() => failure(code('codeLocked'), 'l', { time: 300 }));
    const { user, dialog } = await openCodeModal(api);
    await user.type(within(dialog).getByLabelText('6-digit code'), '000000');
    expect((await within(dialog).findByRole('timer')).textContent).toBe('Try again in 5:00');
    expect(storage.get('lockedAs')).toBeGreaterThan(Date.now());
  });

  it('codeBusy on Yes: the wait shows in the modal, kept per channel', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = registrationApi();
    api.sendCode.mockImplementation(() => failure(code('codeBusy'), 'b', { time: 300 }));
    const { user } = await submitDetails(api);
    const confirm = await confirmDialog();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    const timer = await within(confirm).findByRole('timer');
    expect(timer.textContent).toBe('You can request a new code in 5:00');
    expect(within(confirm).getByText('Too many 6-digit code requests')).toBeTruthy();
    expect(storage.get('busyAs')).toBeGreaterThan(Date.now());
    expect(storage.get('newMobileBusy')).toBeGreaterThan(Date.now());
    expect(storage.get('newEmailBusy')).toBeUndefined();
    const yes = within(confirm).getByRole('button', { name: 'Yes' });
    expect(yes.getAttribute('aria-disabled')).toBe('true');
    await user.click(yes);
    expect(api.sendCode).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(timer.textContent).toBe('You can request a new code in 4:59');
  });

  it('codeBusy on resend: the code modal shows the wait', async () => {
    const api = registrationApi();
    const { user, dialog } = await openCodeModal(api);
    api.sendCode.mockImplementation(() => failure(code('codeBusy'), 'b', { time: 120 }));
    await user.click(within(dialog).getByRole('button', { name: 'Send by email instead' }));
    expect((await within(dialog).findByRole('timer')).textContent).toBe(
      'You can request a new code in 2:00',
    );
    expect(storage.get('newEmailBusy')).toBeGreaterThan(Date.now());
  });

  it.each([['detailsMismatch'], ['detailsMismatchAlt']] as const)(
    '%s: the check-details modal',
    async (name) => {
      const api = registrationApi();
      api.checkUserInfo.mockImplementation(() => failure(code(name)));
      const { user } = await submitDetails(api);
      const dialog = await screen.findByRole('alertdialog', { name: 'Please check details' });
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await detailsStep();
    },
  );

  it('emailRegistered: the message on the email field, with a link to log in', async () => {
    const api = registrationApi();
    api.checkUserInfo.mockImplementation(() => failure(code('emailRegistered')));
    const { user } = await submitDetails(api);
    const message = await screen.findByText(
      'This email address has already been registered. Please login to add an additional membership.',
    );
    expect(input('Email address').getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(input('Email address'));
    const link = screen.getByRole('link', { name: 'Log in to add an additional membership' });
    expect(link.getAttribute('href')).toBe('/login');
    await user.type(input('Email address'), 'x');
    expect(
      screen.queryByRole('link', { name: 'Log in to add an additional membership' }),
    ).toBeNull();
  });

  it.each([
    [
      'differentEmailForAdditional',
      'Email address',
      'Please use a different email address to register your additional membership.',
    ],
    ['mobileRegistered', 'Mobile number', 'This mobile number is already registered.'],
  ] as const)('%s: the message on its field', async (name, label, message) => {
    const api = registrationApi();
    api.checkUserInfo.mockImplementation(() => failure(code(name)));
    await submitDetails(api);
    const error = await screen.findByText(message);
    expect(input(label).getAttribute('aria-describedby')).toContain(error.id);
  });

  it('sessionTimedOut on the details: back to step 1 with the session modal', async () => {
    const api = registrationApi();
    api.checkUserInfo.mockImplementation(() => failure(code('sessionTimedOut')));
    const { user } = await submitDetails(api);
    const dialog = await screen.findByRole('alertdialog', { name: 'Session time out' });
    expect(storage.get('ASuuid')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await stepHeading('Enter your membership number');
    expect(input('Membership number').value).toBe('4929 1234 1234 1234');
    expect(progressText()).toBe('Registration Step 1 of 3');
  });

  it('sessionTimedOut on the code: the modal closes, back to step 1', async () => {
    const api = registrationApi();
    api.checkCode.mockImplementation(() => failure(code('sessionTimedOut')));
    const { user, dialog } = await openCodeModal(api);
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await screen.findByRole('alertdialog', { name: 'Session time out' });
    expect(screen.queryByRole('dialog', { name: 'Enter your 6-digit code' })).toBeNull();
    await user.click(button('OK'));
    await stepHeading('Enter your membership number');
  });

  it('keeps what was typed across a reload, and Back goes to step 1', async () => {
    resumeAt(1, { firstName: '', sendType: 'sms' });
    const first = openSignUp();
    await detailsStep();
    await first.user.type(input('First name'), 'Grace');
    await first.user.click(screen.getByRole('radio', { name: 'Email' }));
    await first.user.selectOptions(screen.getByLabelText('Dial code'), 'FR');

    cleanup();
    const { user } = openSignUp(registrationApi());
    await detailsStep();
    expect(input('First name').value).toBe('Grace');
    expect(input('Email address').value).toBe(DETAILS.email);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Email' }).checked).toBe(true);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Dial code').value).toBe('FR'),
    );

    await user.click(button('Back'));
    await stepHeading('Enter your membership number');
    expect(input('Membership number').value).toBe('4929 1234 1234 1234');
  });

  it('the first-step marker of the progress returns to step 1', async () => {
    resumeAt(1);
    const { user } = openSignUp();
    await detailsStep();
    const nav = screen.getByRole('navigation', { name: 'Registration progress' });
    expect(within(nav).queryByRole('button', { name: 'Step 2: Personal details' })).toBeNull();
    await user.click(within(nav).getByRole('button', { name: 'Step 1: Membership number' }));
    await stepHeading('Enter your membership number');
  });

  it('without a registration session, a stored step starts from the number', async () => {
    resumeAt(1);
    storage.remove('ASuuid');
    openSignUp({ ...registrationApi(), extra: { '/x': () => envelope(null) } });
    await stepHeading('Enter your membership number');
  });
});
