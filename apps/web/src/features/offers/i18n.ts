import { addNamespace } from '@/shared/i18n/add-namespace';
import texts from './locales/en-GB.json';

export const OFFERS_NS = addNamespace('offers', texts);
