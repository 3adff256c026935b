import type { LegalDocumentSource } from './legal-document';

export const diningTerms: LegalDocumentSource = ({ bankPrefix, provider }) => ({
  title: 'Dining Terms',
  updated: '2025-01-15',
  intro: [
    `These terms apply to the airport dining and spa offers available to ${bankPrefix}lounge members through ${provider}.`,
  ],
  sections: [
    {
      id: 'using-an-offer',
      heading: '1. Using an offer',
      paragraphs: [
        'Show your membership number and a boarding pass for a flight on the same day before you order or book a treatment. Offers cannot be applied after payment.',
      ],
      list: [
        'One offer per member per visit, unless the offer says otherwise.',
        'Offers cannot be combined with other discounts, vouchers or promotions.',
        'Discounts apply to food and non-alcoholic drinks unless the offer says they include alcohol.',
      ],
    },
    {
      id: 'vouchers',
      heading: '2. Vouchers',
      paragraphs: [
        'Where an offer is a voucher for a set amount, any amount not spent is lost and cannot be exchanged for cash. If you spend more, you pay the difference.',
      ],
    },
    {
      id: 'availability',
      heading: '3. Availability',
      paragraphs: [
        'Offers depend on the outlet being open and may be withdrawn at busy times. Outlets are run by independent operators, who are responsible for the food, drink and treatments they provide.',
      ],
    },
    {
      id: 'allergies',
      heading: '4. Allergies and dietary needs',
      paragraphs: [
        "Please tell the outlet about any allergy or dietary need before you order. We cannot give allergy advice on the outlets' behalf.",
      ],
    },
    {
      id: 'problems',
      heading: '5. If something goes wrong',
      paragraphs: [
        'Please raise any problem with the outlet first. If it is not resolved, contact us within 30 days of your visit and we will help.',
      ],
    },
  ],
});
