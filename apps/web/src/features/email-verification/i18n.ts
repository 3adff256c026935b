import { addNamespace } from '@/shared/i18n/add-namespace';
import texts from './locales/en-GB.json';

export const EMAIL_VERIFICATION_NS = addNamespace('email-verification', texts);
