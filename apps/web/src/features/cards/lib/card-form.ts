import { cardFormSchema, type CardForm } from '@portal/contract';
import { validate, type Validation } from '@/shared/forms/field-errors';

export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvv', 'nameOnCard'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const EMPTY_CARD: Record<CardField, string> = {
  cardNumber: '',
  expiry: '',
  cvv: '',
  nameOnCard: '',
};

/** The section 5 card rules, with today's date for the expiry. */
export const checkCardForm = (
  values: Record<CardField, string>,
  now: () => Date = () => new Date(),
): Validation<CardForm, CardField> => validate(cardFormSchema(now), values, CARD_FIELDS);
