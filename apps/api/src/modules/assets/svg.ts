import type { Random } from '../../platform/seeded-random';

export const WIDTH = 800;
export const HEIGHT = 500;

type Attributes = Record<string, string | number>;

const round = (v: string | number) => (typeof v === 'number' ? String(Math.round(v * 10) / 10) : v);

/** One SVG element; attribute values here are numbers or our own constant strings. */
export function el(name: string, attributes: Attributes, children = ''): string {
  const attrs = Object.entries(attributes)
    .map(([k, v]) => `${k}="${round(v)}"`)
    .join(' ');
  return children ? `<${name} ${attrs}>${children}</${name}>` : `<${name} ${attrs}/>`;
}

export const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1
    ? `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`
    : `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}% / ${a})`;

export function linearGradient(id: string, stops: readonly string[], vertical = true): string {
  const children = stops
    .map((color, i) =>
      el('stop', {
        offset: `${Math.round((i / Math.max(1, stops.length - 1)) * 100)}%`,
        'stop-color': color,
      }),
    )
    .join('');
  return el(
    'linearGradient',
    { id, x1: 0, y1: 0, x2: vertical ? 0 : 1, y2: vertical ? 1 : 0 },
    children,
  );
}

/** A harmonious set of colours drawn from one base hue. */
export interface Palette {
  hue: number;
  base: (l: number, s?: number) => string;
  accent: (l: number, s?: number) => string;
  muted: (l: number) => string;
}

export function paletteFrom(r: Random, hues: readonly number[]): Palette {
  const hue = r.pick(hues) + r.int(-12, 12);
  const accentHue = hue + r.pick([150, 180, 210]);
  return {
    hue,
    base: (l, s = 55) => hsl(hue, s, l),
    accent: (l, s = 70) => hsl(accentHue, s, l),
    muted: (l) => hsl(hue, 15, l),
  };
}

/** Soft round clouds. */
export function cloud(x: number, y: number, size: number, color: string): string {
  return [
    el('ellipse', { cx: x, cy: y, rx: size, ry: size * 0.45, fill: color }),
    el('circle', { cx: x - size * 0.35, cy: y - size * 0.2, r: size * 0.35, fill: color }),
    el('circle', { cx: x + size * 0.2, cy: y - size * 0.3, r: size * 0.42, fill: color }),
  ].join('');
}

/** A small aircraft seen from below, pointing right. */
export function aircraft(x: number, y: number, scale: number, color: string): string {
  const s = scale;
  const path =
    `M${x - 40 * s} ${y} L${x + 36 * s} ${y - 3 * s} Q${x + 46 * s} ${y} ${x + 36 * s} ${y + 3 * s} ` +
    `L${x - 40 * s} ${y + 2 * s} Z M${x - 4 * s} ${y} L${x - 18 * s} ${y - 26 * s} L${x - 10 * s} ${y - 26 * s} ` +
    `L${x + 10 * s} ${y} Z M${x - 4 * s} ${y} L${x - 18 * s} ${y + 26 * s} L${x - 10 * s} ${y + 26 * s} ` +
    `L${x + 10 * s} ${y} Z M${x - 36 * s} ${y} L${x - 42 * s} ${y - 12 * s} L${x - 37 * s} ${y - 12 * s} L${x - 30 * s} ${y} Z`;
  return el('path', { d: path, fill: color });
}
