// The product lists as plain values, apart from their schemas: a page that needs only a list
// (the weekdays of an opening-hours table) then does not load zod with them.

export const PRODUCT_KINDS = ['lounge', 'dining', 'spa', 'fast-track'] as const;

/** The fixed list of lounge facilities (labels live in the web's i18n). */
export const FACILITIES = [
  'wifi',
  'showers',
  'quiet-zone',
  'accessible-toilets',
  'step-free-access',
  'childrens-area',
  'flight-information',
  'hot-food',
  'alcoholic-drinks',
  'newspapers',
  'power-sockets',
  'air-conditioning',
  'tv',
  'business-centre',
  'smoking-area',
  'family-room',
] as const;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const SIDES = ['airside', 'landside'] as const;
