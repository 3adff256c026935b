import { addNamespace } from '../i18n/add-namespace';
import texts from './locales/en-GB.json';

export const MEMBERSHIP_CARD_NS = addNamespace('membership-card', texts);
