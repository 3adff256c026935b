import type { LegalDocumentSource } from './legal-document';

export const termsConditions: LegalDocumentSource = ({ bankPrefix, provider }) => ({
  title: 'Programme Terms and Conditions',
  updated: '2025-03-01',
  intro: [
    `These terms apply whenever you pre-book a lounge or Fast Track lane, or buy a membership or extra passes, through this website. They are in addition to the Terms and Conditions of your ${bankPrefix}lounge benefit.`,
  ],
  sections: [
    {
      id: 'making-a-booking',
      heading: '1. Making a booking',
      paragraphs: [
        'When you book, we show the date, time slot, number of people, the passes you will use and any amount to pay. Your booking is confirmed only when you see the confirmation page and receive our confirmation email.',
        'Please check the details carefully. The name on the booking must match the membership, and each guest must travel on a flight on the same day.',
      ],
    },
    {
      id: 'time-slots',
      heading: '2. Time slots and arrival',
      paragraphs: [
        "Bookings are for a time slot in the airport's local time. Please arrive within the slot; lounges may refuse entry to guests who arrive more than 30 minutes after the slot begins.",
        'Bookings can be made at least 48 hours and no more than 180 days before the visit.',
      ],
    },
    {
      id: 'prices-and-payment',
      heading: '3. Prices and payment',
      paragraphs: [
        'Prices are shown in the currency of the lounge or lane and include any taxes. Your card issuer may charge a fee for payments in another currency.',
        `Payments are taken by our payment provider on behalf of ${provider}. We never see or store your full card number or security code.`,
      ],
    },
    {
      id: 'cancellations',
      heading: '4. Changes and cancellations',
      paragraphs: [
        'You can cancel a booking in your account until 24 hours before the slot. Payments are refunded to the card used within about 5 working days, and passes are returned at once.',
        'If you cancel later than that, or do not arrive, the passes are used and payments are not refunded, unless the lounge or lane was closed.',
      ],
    },
    {
      id: 'closures',
      heading: '5. Closures and disruption',
      paragraphs: [
        'If a lounge or lane closes, or your flight is cancelled by the airline, we will cancel the booking and refund it in full. We are not responsible for other costs you incur because of a closure.',
      ],
    },
    {
      id: 'memberships-and-passes',
      heading: '6. Buying memberships and passes',
      paragraphs: [
        'Extra passes and paid memberships start as soon as payment is confirmed. You may cancel within 14 days for a full refund if you have not used any of them.',
        'Passes bought are valid until the end of your current membership year and cannot be transferred.',
      ],
    },
  ],
});
