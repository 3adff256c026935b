import type { LegalDocumentSource } from './legal-document';

export const termsUse: LegalDocumentSource = ({ bank, bankPrefix, provider }) => ({
  title: 'Terms of Use',
  updated: '2025-01-15',
  intro: [
    `This website is provided by ${provider} for holders of eligible ${bankPrefix}accounts and cards. By using it you agree to these terms of use.`,
  ],
  sections: [
    {
      id: 'using-the-site',
      heading: '1. Using this website',
      paragraphs: [
        'You may use this website to find airports and offers, manage your membership and make bookings for yourself and your guests. Please do not use it for any other purpose, or in a way that could damage it or get in the way of other people using it.',
      ],
    },
    {
      id: 'your-account',
      heading: '2. Your account',
      paragraphs: [
        'Keep your password to yourself and choose one you do not use anywhere else. Tell us straight away if you think someone else knows it.',
        'For your security we log you out after six hours without activity.',
      ],
    },
    {
      id: 'information',
      heading: '3. Information on this website',
      paragraphs: [
        'We take care to keep details of lounges, opening hours and offers accurate, but they are provided by the operators and may change at short notice. Please check before you travel.',
        'Travel visa information is provided by an independent third party and is for guidance only.',
      ],
    },
    {
      id: 'links',
      heading: '4. Links to other websites',
      paragraphs: [
        'Where we link to other websites, such as app stores or the visa service, we are not responsible for their content or how they use your information.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '5. Intellectual property',
      paragraphs: [
        `The content and design of this website belong to ${provider} or its licensors. The names and marks of ${bank} are used with permission.`,
      ],
    },
    {
      id: 'availability',
      heading: '6. Availability',
      paragraphs: [
        'We aim to keep the website available at all times, but we may need to take it offline for maintenance. We will show a notice on the website before planned maintenance.',
      ],
    },
  ],
});
