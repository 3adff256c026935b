import type { LegalDocumentSource } from './legal-document';

export const termsAndConditions: LegalDocumentSource = ({
  bank,
  bankPrefix,
  provider,
  insurer,
}) => ({
  title: 'Terms and Conditions',
  updated: '2025-03-01',
  intro: [
    `These terms explain how the airport lounge, dining, spa and Fast Track benefits that come with your ${bankPrefix}account or card work. The programme is managed on behalf of ${bank} by ${provider}, with membership administration by ${insurer}.`,
    'Please read them with the terms of your account or card. If the two disagree about your lounge benefit, these terms apply.',
  ],
  sections: [
    {
      id: 'who-we-are',
      heading: '1. Who we are',
      paragraphs: [
        `In these terms "we", "us" and "our" mean ${provider}, which runs the lounge programme for ${bank}. "You" means the person named on the membership, and any additional cardholder added to it.`,
        `${provider} is registered in England and Wales. We are responsible for the lounge programme and this website; ${bank} remains responsible for your account or card.`,
      ],
    },
    {
      id: 'eligibility',
      heading: '2. Who can use the membership',
      paragraphs: [
        'Your membership is personal to you. It is valid only while your eligible account or card is open and in good standing, and only for the period shown on your membership.',
      ],
      list: [
        'You must be 18 or over to hold a membership.',
        'You must show your membership number and a valid boarding pass for a flight on the same day at every visit.',
        'Lounges and partners may ask for photo identification that matches the name on the membership.',
      ],
    },
    {
      id: 'visits-and-passes',
      heading: '3. Visits, passes and guests',
      paragraphs: [
        'Your account or card type sets how many free visits (passes) you receive each membership year. Unused passes do not roll over and have no cash value.',
        'Each visit by you or a guest uses one pass. When you have no passes left, or you bring more guests than your passes allow, you can pay the price shown for the lounge when you book or at the desk.',
        'A visit is counted when the lounge records your entry, even if you stay only a short time.',
      ],
    },
    {
      id: 'pre-booking',
      heading: '4. Pre-booking',
      paragraphs: [
        'You can pre-book selected lounges and Fast Track lanes from 48 hours to 180 days before your visit. A pre-booking holds a place for the time you chose; it does not guarantee access if you arrive more than the allowed time before or after it.',
        'You can cancel a pre-booking in your account up to 24 hours before the visit. Payments for cancelled bookings are refunded to the card you paid with within about 5 working days, and free passes are returned at once.',
      ],
    },
    {
      id: 'lounge-rules',
      heading: '5. Using a lounge',
      paragraphs: [
        'Lounges are run by independent operators, not by us or by ' +
          bank +
          '. Each sets its own opening hours, maximum stay, dress code and rules for children and guests, which we show on each lounge page.',
        'Entry may be refused or limited when a lounge is full, and operators may ask anyone who behaves in a way that disturbs others, or who appears intoxicated, to leave. We are not responsible for the facilities, food or drink a lounge provides.',
      ],
    },
    {
      id: 'dining-spa-fast-track',
      heading: '6. Dining, spa and Fast Track offers',
      paragraphs: [
        'Dining and spa offers give a discount or a voucher at participating outlets. They are subject to the Dining Terms and to the terms shown with each offer, and cannot be exchanged for cash.',
        'Fast Track gives access to a priority security lane where the airport offers one. Airports may close Fast Track lanes at busy times or for security reasons; when they do, we will refund any payment you made for that lane.',
      ],
    },
    {
      id: 'changes',
      heading: '7. Changes to the programme',
      paragraphs: [
        "Lounges and offers join and leave the programme from time to time. We will keep the information on this website up to date, and we will give you at least 30 days' notice of any change to these terms that is to your disadvantage, unless the change is required by law.",
      ],
    },
    {
      id: 'ending',
      heading: '8. When your membership ends',
      paragraphs: [
        `Your membership ends automatically if your ${bankPrefix}account or card closes or is downgraded to one without the lounge benefit. Pre-bookings made before then are cancelled and any payments for them refunded.`,
        'We may suspend a membership if we reasonably suspect it is being misused, for example shared with another person. We will tell you why, unless the law prevents us.',
      ],
    },
    {
      id: 'complaints',
      heading: '9. Complaints and the law',
      paragraphs: [
        'If something goes wrong, please contact us first and we will try to put it right. If you are not happy with our answer, you may be able to refer your complaint to the Financial Ombudsman Service.',
        'These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.',
      ],
    },
  ],
});
