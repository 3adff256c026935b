import {
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_MIN_HOURS_AHEAD,
  CONTACT_REPLY_WORKING_DAYS,
  MEMBERSHIP_NUMBER_DIGITS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REFUND_WORKING_DAYS,
  type Faq,
} from '@portal/contract';

export const FAQ_CATEGORIES = [
  { id: 'membership', title: 'Membership' },
  { id: 'lounges', title: 'Lounges' },
  { id: 'pre-booking', title: 'Pre-booking' },
  { id: 'fast-track', title: 'Fast Track' },
  { id: 'dining-spa', title: 'Dining & Spa' },
  { id: 'account-payments', title: 'Account & payments' },
] as const;

type CategoryId = (typeof FAQ_CATEGORIES)[number]['id'];
type Entry = [question: string, answer: string];

const PHONE_HOURS = 'Monday to Sunday, 8am to 8pm';

/** The questions of every channel; `bank` is the issuer's name ("your bank" for the default). */
function entries(bank: string): Record<CategoryId, Entry[]> {
  return {
    membership: [
      [
        'What is my membership number and where do I find it?',
        `Your membership number is the ${MEMBERSHIP_NUMBER_DIGITS}-digit number ${bank} gave you with your lounge membership. ` +
          'You will find it in your welcome pack and in your online banking.\n\n' +
          'You need it to register on this site; enter it without spaces or in groups of four.',
      ],
      [
        'How do I register?',
        'Choose Register and follow the three steps: enter your membership number, then your name, ' +
          'email address and mobile number, then create a password.\n\n' +
          'We send a 6-digit code by text or email to confirm your details. If you enter a wrong code ' +
          'three times, wait five minutes before trying again.',
      ],
      [
        'Can I add another membership to my account?',
        'Yes. Log in, go to Membership and choose Add Membership, then enter the other ' +
          `${MEMBERSHIP_NUMBER_DIGITS}-digit number. Each membership keeps its own passes.`,
      ],
      [
        'My membership shows as expired or suspended. What should I do?',
        `An expired membership can be renewed through ${bank}. If your membership is suspended, ` +
          `please contact us: our phone line is open ${PHONE_HOURS}.`,
      ],
    ],
    lounges: [
      [
        'How do I find a lounge?',
        'Search for your airport by name, city or three-letter code on the home page, then open the ' +
          'Lounges tab. You can filter by terminal, by facilities and by what is open now.',
      ],
      [
        'What do I need to show at the lounge?',
        'Your booking confirmation (printed or on your phone), your boarding pass for a flight on ' +
          'the same day, and photo ID if the lounge asks for it.',
      ],
      [
        'Can I bring guests or children?',
        "Most lounges welcome guests, who pay the guest price. Each lounge's page shows its guest " +
          "policy, its children's policy and its dress code under Conditions.",
      ],
      [
        'How long can I stay?',
        'Each lounge sets a maximum stay, usually between 2 and 4 hours before your flight. You will ' +
          "find it on the lounge's page.",
      ],
    ],
    'pre-booking': [
      [
        'How far ahead can I book?',
        `You can book from ${BOOKING_MIN_HOURS_AHEAD} hours to ${BOOKING_MAX_DAYS_AHEAD} days before your visit. ` +
          'You need a valid flight number for the day.',
      ],
      [
        'How do I cancel a booking?',
        'Log in, open Bookings, choose the booking under Booked and select Cancel. Free passes go ' +
          `back to your membership at once; payments are refunded to your card within about ${REFUND_WORKING_DAYS} working days.`,
      ],
      [
        'My booking was unsuccessful. Have I been charged?',
        `If a booking fails, any payment is refunded within about ${REFUND_WORKING_DAYS} working days and ` +
          'free passes are returned at once. You can try another time or another lounge.',
      ],
    ],
    'fast-track': [
      [
        'What is Fast Track?',
        'A dedicated lane through airport security, so you spend less time queuing. You still go ' +
          'through the full security check.',
      ],
      [
        'How do I use my Fast Track booking?',
        'Show your booking confirmation and boarding pass at the Fast Track entrance. The booking is ' +
          'valid once, on the booked date, for the passengers named in it.',
      ],
      [
        'What if the Fast Track lane is closed?',
        'Lanes can close at short notice. If that happens, use the main security lane and contact ' +
          `us: we will refund the booking within about ${REFUND_WORKING_DAYS} working days.`,
      ],
    ],
    'dining-spa': [
      [
        'How do dining and spa offers work?',
        'Find your airport, open the Dining or Spa tab and choose an offer. Show your digital ' +
          'membership card and your boarding pass before you order or at reception.',
      ],
      [
        'Can I use an offer with other discounts?',
        'No. Offers cannot be combined with other offers and cannot be exchanged for cash. Each ' +
          "offer's terms are on its page.",
      ],
      [
        'Do I need to book a spa treatment?',
        'Treatments depend on availability, so ask at reception as soon as you arrive and allow time ' +
          'to reach your gate.',
      ],
    ],
    'account-payments': [
      [
        'I have forgotten my password. What should I do?',
        'Choose Log In, then Forgotten password, and we will send a code to your email or mobile. ' +
          `Your new password needs ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with a lowercase and an ` +
          'uppercase letter, a number and a special character.',
      ],
      [
        'Why should I verify my email address?',
        'We send booking confirmations and account messages to it, and you need a verified email ' +
          'to manage your membership. Open the link in the email we send you; it works for 24 hours.',
      ],
      [
        'Which cards can I pay with, and is my card stored safely?',
        'You can pay with the major debit and credit cards. Card details are encrypted in your ' +
          'browser and held by our payment provider; we never see or store your full card number.',
      ],
      [
        'How do I contact you?',
        `Call us ${PHONE_HOURS}, or send us a message from the Contact us page. We reply to messages ` +
          `within ${CONTACT_REPLY_WORKING_DAYS} working days.`,
      ],
    ],
  };
}

/** Every FAQ of a channel, with stable ids like "lounges-2". */
export function faqsFor(bank: string): Faq[] {
  const byCategory = entries(bank);
  return FAQ_CATEGORIES.flatMap(({ id }) =>
    byCategory[id].map(([question, answer], i) => ({
      id: `${id}-${i + 1}`,
      categoryId: id,
      question,
      answer,
    })),
  );
}
