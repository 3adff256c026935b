import { addNamespace } from '@/shared/i18n/add-namespace';
import texts from './locales/en-GB.json';

export const PAYMENT_RETURN_NS = addNamespace('payment-return', texts);
