/** What our generated artwork can depict. */
export const ART_KINDS = [
  'lounge',
  'dining',
  'spa',
  'fast-track',
  'place',
  'banner',
  'slide',
  'card',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export const ART_SEED = /^[A-Za-z0-9-]{1,64}$/;

export const ART_PREFIX = '/assets-api/art';

/** The path of one generated picture: the same kind and seed always draw the same picture. */
export function artUrl(kind: ArtKind, seed: string): string {
  if (!ART_SEED.test(seed)) throw new Error(`not an art seed: ${seed}`);
  return `${ART_PREFIX}/${kind}/${seed}.svg`;
}
