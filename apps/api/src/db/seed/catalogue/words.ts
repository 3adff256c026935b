/** Invented brand words: none is a real lounge operator's name. */
export const LOUNGE_BRANDS = [
  'Skylark',
  'Meridian',
  'Cirrus',
  'Wayfarer',
  'Kestrel',
  'Solstice',
  'Zephyr',
  'Lantern',
  'Halcyon',
  'Northlight',
  'Juniper',
  'Compass Rose',
  'Altair',
  'Tailwind',
  'Harbourview',
  'Stratus',
  'Aviary',
  'Cobalt',
  'Evergreen',
  'Saltire',
  'Larkspur',
  'Nimbus',
  'Polaris',
  'Driftwood',
  'Amberley',
  'Silverbirch',
  'Runway View',
  'Horizon Deck',
  'Skyward',
  'Bluewater',
  'Gullwing',
  'Wildflower',
  'Easterly',
  'Westerly',
  'Morningtide',
  'Oakleaf',
] as const;

export const LOUNGE_NAME_PATTERNS: readonly ((brand: string) => string)[] = [
  (b) => `${b} Lounge`,
  (b) => `The ${b} Lounge`,
  (b) => `${b} Club Lounge`,
  (b) => `${b} Executive Lounge`,
  (b) => `${b} Premium Lounge`,
];

export const LOUNGE_ADJECTIVES = [
  'calm',
  'light-filled',
  'spacious',
  'modern',
  'cosy',
  'airy',
  'contemporary',
] as const;

export const LOUNGE_SETTINGS = [
  'overlooking the apron',
  'above the main departures hall',
  'with floor-to-ceiling windows onto the runway',
  'tucked away from the busy concourse',
  'on the mezzanine level',
  'close to the boarding gates',
] as const;

export const DINING_WORDS = [
  'Copper Pot',
  'Olive Grove',
  'Rye & Barley',
  'Salt Street',
  'Green Fig',
  'Ember',
  'Tamarind',
  'Bluebell',
  'Little Lantern',
  'Hearth',
  'Morning Glory',
  'Saffron',
  'Brass Monkey',
  'Wild Thyme',
  'Harbour',
  'Fig & Vine',
  'Blackboard',
  'Sorrel',
] as const;

export const DINING_KINDS = [
  'Kitchen',
  'Brasserie',
  'Bar & Grill',
  'Noodle House',
  'Coffee House',
  'Bistro',
  'Deli',
  'Tapas Bar',
] as const;

export const SPA_WORDS = [
  'Still Water',
  'Lotus',
  'Seren',
  'Calm Harbour',
  'Driftwood',
  'Willow',
  'Eucalyptus',
  'Moonstone',
  'Sea Salt',
  'Cedar',
  'Jasmine',
  'Quiet Hour',
] as const;

export const SPA_KINDS = [
  'Spa',
  'Wellness',
  'Beauty Bar',
  'Express Spa',
  'Massage Studio',
] as const;

export const LANE_ZONES = [
  'North',
  'South',
  'East',
  'West',
  'Zone A',
  'Zone B',
  'Central',
] as const;

export const CHILDREN_POLICIES = [
  'Children are welcome. Under-2s enter free; under-18s must be with an adult at all times.',
  'Children under 12 enter free with a paying adult; under-18s must be accompanied.',
  'Children are welcome until 7pm. Under-18s must be with an adult.',
  'This lounge is for adults only: no one under 18 may enter.',
  'Children are welcome and pay the guest price from age 2; under-18s must be accompanied.',
] as const;

export const DRESS_CODES = [
  'Smart casual.',
  'Smart casual. Sportswear, beachwear and bare feet are not permitted.',
  'Neat and tidy dress. Football shirts and swimwear are not permitted.',
  'No dress code, but please wear shoes and a shirt.',
] as const;

/**
 * A lounge's guests: how many one booking may bring (its maxGuests), and its terms beyond the
 * number. The text names no number: the pages say it, weighed with the member's membership.
 */
export const GUEST_POLICIES = [
  { maxGuests: 2, text: 'Each guest pays the guest price.' },
  { maxGuests: 3, text: 'Each guest pays the guest price; space is limited at busy times.' },
  { maxGuests: 1, text: 'The guest pays the guest price and must enter with the member.' },
  { maxGuests: 4, text: 'Each guest pays the guest price. Groups of 4 or more must pre-book.' },
] as const;
