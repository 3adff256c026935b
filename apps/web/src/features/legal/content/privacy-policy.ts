import type { LegalDocumentSource } from './legal-document';

export const privacyPolicy: LegalDocumentSource = ({ bank, bankPrefix, provider, insurer }) => ({
  title: 'Privacy Policy',
  updated: '2025-02-10',
  intro: [
    `This policy explains how ${provider} uses your personal information when you use the ${bankPrefix}airport lounge programme and this website. ${provider} is the data controller for the programme; ${insurer} processes membership records on our behalf.`,
  ],
  sections: [
    {
      id: 'what-we-collect',
      heading: '1. What we collect',
      paragraphs: ['We collect only what we need to run your membership and bookings:'],
      list: [
        'your name, email address and mobile number;',
        `your membership number and the ${bankPrefix}account or card type it belongs to;`,
        'your bookings, visits and the passes you have used;',
        'the last four digits, type and expiry of any payment card you save (never the full number or security code);',
        'technical information such as your browser and, if you allow it, which pages you visit.',
      ],
    },
    {
      id: 'how-we-use-it',
      heading: '2. How we use it',
      paragraphs: [
        'We use your information to check that you are eligible, to make and manage your bookings, to take payments, to send you confirmations and service messages, and to answer your questions.',
        'Our lawful bases are the contract with you, our legitimate interest in preventing fraud and improving the service, and, for analytics cookies, your consent.',
      ],
    },
    {
      id: 'sharing',
      heading: '3. Who we share it with',
      paragraphs: [
        `We share booking details with the lounge, dining, spa or Fast Track operator you visit; eligibility information with ${bank}; and payment details with our payment provider. We never sell your information.`,
        'Some of our suppliers are outside the UK. Where they are, we protect your information with the safeguards UK law requires.',
      ],
    },
    {
      id: 'keeping-it',
      heading: '4. How long we keep it',
      paragraphs: [
        'We keep your account while your membership is active and for six years afterwards, as the law requires for financial records. Booking records are kept for the same period.',
      ],
    },
    {
      id: 'your-rights',
      heading: '5. Your rights',
      paragraphs: [
        'You can ask for a copy of your information, ask us to correct or delete it, object to how we use it or ask us to restrict it. You can delete your account at any time from your account settings.',
        "If you are unhappy with how we handle your information you can complain to the Information Commissioner's Office (ico.org.uk).",
      ],
    },
    {
      id: 'contact',
      heading: '6. Contact us',
      paragraphs: [
        'Write to our Data Protection Officer using the Contact Us page, choosing the subject about your personal information.',
      ],
    },
  ],
});
