import { COOKIE_CONSENT_MONTHS } from '@portal/contract';
import type { LegalDocumentSource } from './legal-document';

export const cookiePolicy: LegalDocumentSource = ({ bankPrefix, provider }) => ({
  title: 'Cookie Policy',
  updated: '2025-02-10',
  intro: [
    `This policy explains the cookies and similar storage ${provider} uses on the ${bankPrefix}airport lounges website, and how you can control them.`,
  ],
  sections: [
    {
      id: 'what-cookies-are',
      heading: '1. What cookies are',
      paragraphs: [
        'Cookies are small files a website stores in your browser. We also use your browser\'s local and session storage, which work in a similar way; in this policy "cookies" covers both.',
      ],
    },
    {
      id: 'necessary',
      heading: '2. Strictly necessary cookies',
      paragraphs: [
        "These keep you logged in, remember your bank's branding, your recent airport searches and your cookie choices, and keep a booking in progress safe if you reload the page. The website cannot work without them, so they are always on.",
      ],
    },
    {
      id: 'analytics',
      heading: '3. Analytics cookies',
      paragraphs: [
        'With your consent we record which pages are visited, by page name only, so we can see which parts of the website are used and improve them. We do not record what you type, and we never use analytics to advertise to you.',
      ],
    },
    {
      id: 'your-choices',
      heading: '4. Your choices',
      paragraphs: [
        `When you first visit, we ask whether you accept analytics cookies. We remember your choice for ${COOKIE_CONSENT_MONTHS} months, then ask again. You can also clear cookies in your browser at any time, after which we will ask again.`,
      ],
    },
    {
      id: 'changes',
      heading: '5. Changes to this policy',
      paragraphs: [
        'If we start using a new kind of cookie we will update this policy and ask for your consent again where it is needed.',
      ],
    },
  ],
});
