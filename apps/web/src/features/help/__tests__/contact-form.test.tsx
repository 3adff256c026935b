import { CONTACT_MESSAGE_MAX, type MyDetails } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';

const DETAILS: MyDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@lounge.example',
  emailIsCheck: true,
  mobileNoPrefix: '44',
  mobileNo: '7400123456',
  mobileAreaCode: 'GB',
  membershipNumbers: ['4000123412341234'],
};

const SUBJECTS = [
  { id: 'booking', text: 'Booking' },
  { id: 'membership', text: 'Membership' },
];

function contactApi(emailUs: Handler = () => envelope({ sent: true, replyWorkingDays: '2-3' })) {
  const send = vi.fn<Handler>(emailUs);
  mockApi({
    '/account/my-details': () => envelope(DETAILS),
    '/account/contact-us/email-us/subject': () => envelope(SUBJECTS),
    '/area/country-list-telCode': () =>
      envelope([{ name: 'United Kingdom', telabbr: '44', ios2: 'GB' }]),
    '/account/contact-us/email-us': send,
  });
  return send;
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

/** What describes the message box: its error (if any) and the count, in words. */
const messageDescription = () =>
  (screen.getByLabelText('Message').getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

async function openForm(url = '/contact-us', emailUs?: Handler) {
  logIn();
  const send = contactApi(emailUs);
  const view = renderApp(url);
  const form = await screen.findByRole('region', { name: 'Send us a message' });
  await within(form).findByRole('button', { name: 'Send message' });
  const subject = screen.getByLabelText<HTMLSelectElement>('Subject');
  await waitFor(() => expect(subject.options).toHaveLength(3));
  return { ...view, send, form, subject, message: screen.getByLabelText('Message') };
}

beforeAll(async () => {
  await import('../components/member-contact');
}, 30_000);

describe('contact form', { timeout: 15_000 }, () => {
  it('invites visitors to log in to write, with the ways to reach us', async () => {
    mockApi();
    renderApp('/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const link = screen.getByRole('link', { name: 'Log in to send us a message' });
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fcontact-us');
    expect(screen.getByRole('main').textContent).toContain('Lines are open');
    expect(screen.queryByRole('region', { name: 'Send us a message' })).toBeNull();
    expect(screen.getByRole('main').textContent).not.toContain('soon');
  });

  it('is filled in from the profile for a member', async () => {
    const { form } = await openForm();
    expect(input('First name').value).toBe('Ada');
    expect(input('Last name').value).toBe('Lovelace');
    expect(input('Email address').value).toBe('ada@lounge.example');
    expect(input('Mobile number').value).toBe('7400123456');
    expect(input('Membership number (optional)').value).toBe('4000 1234 1234 1234');
    expect(within(form).getByRole('group', { name: 'Mobile (optional)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in to send us a message' })).toBeNull();
    expect(messageDescription()).toBe('You have 2000 characters remaining');
  });

  it('checks the subject, the message and its length before sending', async () => {
    const { user, send, message } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please choose a subject.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Subject'));

    fireEvent.change(message, { target: { value: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) } });
    expect(messageDescription()).toBe(
      'Please enter no more than 2000 characters. | You have 1 character too many',
    );
    expect(message.getAttribute('aria-invalid')).toBe('true');

    await user.clear(input('Mobile number'));
    await user.type(input('Mobile number'), '12');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the message, thanks the member, and offers another', async () => {
    const { user, send, subject, message } = await openForm();
    await user.selectOptions(subject, 'booking');
    await user.type(message, 'Where is my booking?');
    expect(messageDescription()).toBe('You have 1980 characters remaining');
    // Far from the limit screen readers are not told the count (see message-field.test.tsx).
    await user.clear(input('Mobile number'));
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const thanks = await screen.findByText(
      'Thank you. We have received your message and will reply within 2–3 working days.',
    );
    const status = thanks.closest('[role="status"]');
    expect(status).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(send).toHaveBeenCalledWith(
      {
        subject: 'booking',
        message: 'Where is my booking?',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@lounge.example',
        membershipNumber: '4000 1234 1234 1234',
      },
      expect.anything(),
    );
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Subject')));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');
    expect(input('Email address').value).toBe('ada@lounge.example');
  });

  it('sends the mobile number when given', async () => {
    const { user, send, subject, message } = await openForm('/support?isGlobalSupport=1');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await user.selectOptions(subject, 'membership');
    await user.type(message, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(/Thank you\. We have received your message/);
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ mobileNoPrefix: '44', mobileNo: '7400123456' }),
      expect.anything(),
    );
  });

  it("shows the server's field messages on the fields", async () => {
    const { user, subject, message } = await openForm('/contact-us', () =>
      failure('10001', 'invalid', {
        fields: [{ path: 'subject', message: 'contact-error-subject' }],
      }),
    );
    await user.selectOptions(subject, 'booking');
    await user.type(message, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please choose a subject.')).toBeTruthy();
    expect(subject.getAttribute('aria-invalid')).toBe('true');
  });
});
