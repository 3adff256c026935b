import { CONTACT_REPLY_WORKING_DAYS } from '@portal/contract';
import type { MessageText } from '../../platform/verification';

/** A contact-form message as stored, with what support needs to find the account. */
export interface ContactLetter {
  id: string;
  subjectText: string;
  message: string;
  email: string;
  mobile: string | null;
  firstName: string;
  lastName: string;
  membershipNumber: string | null;
  accountEmail: string;
}

/** One line for a header: names may hold line breaks, a mail subject must not. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the support mailbox receives: every field, and the account it came from. */
export function supportMail(letter: ContactLetter): Required<MessageText> {
  const name = `${letter.firstName} ${letter.lastName}`;
  return {
    subject: oneLine(`[Contact] ${letter.subjectText} from ${name}`),
    body:
      'A member sent a message through the contact form.\n\n' +
      `Subject: ${letter.subjectText}\n` +
      `Name: ${name}\n` +
      `Email (reply to): ${letter.email}\n` +
      `Mobile: ${letter.mobile ?? 'not given'}\n` +
      `Membership number: ${letter.membershipNumber ?? 'not given'}\n` +
      `Account email: ${letter.accountEmail}\n` +
      `Reference: ${letter.id}\n\n` +
      `Message:\n${letter.message}\n`,
  };
}

/**
 * What the member receives: an acknowledgement only. The message itself is not echoed, so the
 * form cannot carry text of the sender's choosing to an address of their choosing.
 */
export function acknowledgementMail(letter: ContactLetter): Required<MessageText> {
  return {
    subject: 'We have received your message',
    body:
      `Hello ${oneLine(letter.firstName)},\n\n` +
      `Thank you for contacting us about "${letter.subjectText}". We have received your ` +
      `message and aim to reply within ${CONTACT_REPLY_WORKING_DAYS} working days.\n\n` +
      'If you did not send a message to us, please let us know by replying to this email.\n',
  };
}
