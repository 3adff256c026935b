import { addNamespace } from '@/shared/i18n/add-namespace';
import texts from './locales/en-GB.json';

export const DEMO_NS = addNamespace('demo', texts);
