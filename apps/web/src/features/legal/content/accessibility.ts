import type { LegalDocumentSource } from './legal-document';

export const accessibility: LegalDocumentSource = ({ bankPrefix, provider }) => ({
  title: 'Accessibility Statement',
  updated: '2025-03-01',
  intro: [
    `${provider} wants everyone who holds an eligible ${bankPrefix}account or card to be able to use this website. This statement explains how accessible it is and how to tell us about problems.`,
  ],
  sections: [
    {
      id: 'using-this-website',
      heading: '1. Using this website',
      paragraphs: ['You should be able to:'],
      list: [
        'zoom in up to 400% without the text spilling off the screen;',
        'navigate the whole website using just a keyboard;',
        'use the website with a screen reader such as JAWS, NVDA or VoiceOver;',
        'use the website with reduced motion: the home page carousel does not move by itself if your device asks for less motion, and it can always be paused.',
      ],
    },
    {
      id: 'compliance',
      heading: '2. How accessible this website is',
      paragraphs: [
        'This website aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. We test every page with automated tools and by hand with a keyboard and screen readers.',
        'Some lounge photographs come from operators and may not have full descriptions; the information you need is always given in text as well.',
      ],
    },
    {
      id: 'visiting-lounges',
      heading: '3. Accessibility in lounges',
      paragraphs: [
        'Each lounge page lists its facilities, including step-free access and accessible toilets where the operator has told us about them. If you need assistance at the airport, please contact your airline or the airport before you travel.',
      ],
    },
    {
      id: 'feedback',
      heading: '4. Feedback and contact',
      paragraphs: [
        'If you find a problem, or need information in a different format such as large print or audio, please contact us using the Contact Us page. We aim to reply within 2–3 working days.',
        'If you are not happy with our response you can contact the Equality Advisory and Support Service (EASS).',
      ],
    },
  ],
});
