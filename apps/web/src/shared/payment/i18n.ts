import { addNamespace } from '../i18n/add-namespace';
import texts from './locales/en-GB.json';

export const PAYMENT_NS = addNamespace('payment', texts);
