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

/** The subject of the acknowledgement. */
export const ACKNOWLEDGEMENT_SUBJECT = 'We have received your message';

/** The line that ties a mail to its contact message (account deletion finds them by it). */
export const contactReference = (id: string) => `Reference: ${id}`;

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
      `${contactReference(letter.id)}\n\n` +
      `Message:\n${letter.message}\n`,
  };
}

/**
 * What the member receives, at the account's email: an acknowledgement only. Nothing typed in
 * the form is echoed (not the message, the names or the reply address), so the form cannot
 * carry text of the sender's choosing to an address of their choosing.
 */
export function acknowledgementMail(ack: {
  id: string;
  subjectText: string;
  /** The account's first name, not the typed one. */
  accountFirstName: string;
}): Required<MessageText> {
  return {
    subject: ACKNOWLEDGEMENT_SUBJECT,
    body:
      `Hello ${oneLine(ack.accountFirstName)},\n\n` +
      `Thank you for contacting us about "${ack.subjectText}". We have received your ` +
      `message and aim to reply within ${CONTACT_REPLY_WORKING_DAYS} working days.\n\n` +
      `${contactReference(ack.id)}\n\n` +
      'If you did not send a message to us, please let us know by replying to this email.\n',
  };
}
