import { addNamespace } from '../i18n/add-namespace';
import texts from './locales/en-GB.json';

export const PASSWORD_FIELD_NS = addNamespace('password-field', texts);
