import { addNamespace } from '@/shared/i18n/add-namespace';
import texts from './locales/en-GB.json';

export const SIGN_UP_NS = addNamespace('sign-up', texts);
