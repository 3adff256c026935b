import { createRandom, seedOf } from '../../platform/seeded-random';
import type { ArtKind } from '../../platform/art-url';
import { SCENES } from './scenes';
import { HEIGHT, WIDTH } from './svg';

/** The SVG picture for a kind and seed: the same pair always draws the same picture. */
export function renderArt(kind: ArtKind, seed: string): string {
  const scene = SCENES[kind](createRandom(seedOf(`${kind}:${seed}`)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="t" preserveAspectRatio="xMidYMid slice">` +
    `<title id="t">${scene.title}</title><defs>${scene.defs}</defs>${scene.body}</svg>`
  );
}
