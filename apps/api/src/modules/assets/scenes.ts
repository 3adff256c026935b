import type { Random } from '../../platform/seeded-random';
import type { ArtKind } from '../../platform/art-url';
import { aircraft, cloud, el, HEIGHT, hsl, linearGradient, paletteFrom, WIDTH } from './svg';

export interface Scene {
  title: string;
  defs: string;
  body: string;
}

const sky = (r: Random) => paletteFrom(r, [200, 210, 25, 280]);

function lounge(r: Random): Scene {
  const p = paletteFrom(r, [25, 35, 200, 160, 340]);
  const s = sky(r);
  const windowTop = 60;
  const windowBottom = 300;
  const panes = r.int(3, 5);
  const paneWidth = 640 / panes;
  const chairs = Array.from({ length: r.int(2, 3) }, (_, i) => {
    const x = 90 + i * 200 + r.int(-20, 20);
    const color = p.accent(r.int(35, 55));
    return [
      el('rect', { x, y: 350, width: 130, height: 70, rx: 18, fill: color }),
      el('rect', { x: x - 12, y: 330, width: 26, height: 90, rx: 12, fill: color }),
      el('rect', { x: x + 116, y: 330, width: 26, height: 90, rx: 12, fill: color }),
      el('rect', {
        x: x + 4,
        y: 300,
        width: 122,
        height: 60,
        rx: 16,
        fill: p.accent(r.int(45, 60)),
      }),
    ].join('');
  }).join('');
  const lamps = Array.from({ length: r.int(2, 4) }, (_, i) => {
    const x = 140 + i * 180 + r.int(-20, 20);
    return (
      el('line', { x1: x, y1: 0, x2: x, y2: 40, stroke: p.muted(30), 'stroke-width': 2 }) +
      el('circle', { cx: x, cy: 48, r: 12, fill: hsl(45, 90, 70) })
    );
  }).join('');
  return {
    title: 'Illustration of a lounge: armchairs by a window onto the runway',
    defs:
      linearGradient('wall', [p.base(88, 30), p.base(78, 35)]) +
      linearGradient('sky', [s.base(70, 60), s.base(88, 50)]) +
      linearGradient('floor', [p.base(45, 35), p.base(30, 40)]),
    body:
      el('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#wall)' }) +
      el('rect', {
        x: 80,
        y: windowTop,
        width: 640,
        height: windowBottom - windowTop,
        fill: 'url(#sky)',
      }) +
      cloud(r.int(160, 360), r.int(110, 160), r.int(30, 50), 'white') +
      cloud(r.int(460, 660), r.int(100, 170), r.int(25, 45), 'white') +
      aircraft(r.int(300, 560), r.int(120, 200), 1.4, s.muted(35)) +
      el('rect', { x: 80, y: 265, width: 640, height: 35, fill: s.muted(55) }) +
      Array.from({ length: panes - 1 }, (_, i) =>
        el('rect', {
          x: 80 + (i + 1) * paneWidth - 3,
          y: windowTop,
          width: 6,
          height: windowBottom - windowTop,
          fill: p.muted(35),
        }),
      ).join('') +
      el('rect', { x: 0, y: 400, width: WIDTH, height: 100, fill: 'url(#floor)' }) +
      chairs +
      lamps +
      el('rect', { x: 700, y: 330, width: 40, height: 70, rx: 6, fill: p.muted(40) }) +
      el('ellipse', { cx: 720, cy: 310, rx: 34, ry: 46, fill: hsl(130, 40, r.int(30, 42)) }),
  };
}

function dining(r: Random): Scene {
  const p = paletteFrom(r, [15, 30, 45, 190]);
  const foods = Array.from({ length: r.int(3, 6) }, () => {
    const angle = r.next() * Math.PI * 2;
    const distance = r.int(10, 70);
    return el('circle', {
      cx: 400 + Math.cos(angle) * distance,
      cy: 250 + Math.sin(angle) * distance,
      r: r.int(16, 34),
      fill: hsl(r.pick([10, 30, 50, 90, 120, 350]), 65, r.int(40, 60)),
    });
  }).join('');
  return {
    title: 'Illustration of a plate of food with cutlery and a glass',
    defs:
      linearGradient('table', [p.base(60, 35), p.base(45, 40)], false) +
      linearGradient('glass', [hsl(200, 60, 92, 0.9), hsl(200, 40, 80, 0.7)]),
    body:
      el('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#table)' }) +
      Array.from({ length: 6 }, (_, i) =>
        el('rect', { x: 0, y: i * 90 + 30, width: WIDTH, height: 3, fill: p.base(40, 30) }),
      ).join('') +
      el('circle', { cx: 400, cy: 250, r: 170, fill: hsl(0, 0, 97) }) +
      el('circle', {
        cx: 400,
        cy: 250,
        r: 135,
        fill: 'none',
        stroke: p.accent(75, 40),
        'stroke-width': 6,
      }) +
      foods +
      el('rect', { x: 175, y: 120, width: 14, height: 260, rx: 7, fill: p.muted(80) }) +
      el('rect', { x: 168, y: 110, width: 28, height: 70, rx: 8, fill: p.muted(80) }) +
      el('rect', { x: 612, y: 110, width: 16, height: 270, rx: 8, fill: p.muted(82) }) +
      el('path', { d: 'M640 60 L720 60 L708 190 Q680 205 652 190 Z', fill: 'url(#glass)' }) +
      el('rect', { x: 674, y: 196, width: 12, height: 80, fill: hsl(200, 30, 85) }) +
      el('ellipse', { cx: 680, cy: 280, rx: 36, ry: 8, fill: hsl(200, 30, 85) }),
  };
}

function leaf(x: number, y: number, length: number, angle: number, color: string): string {
  const d = `M0 0 Q${length * 0.5} ${-length * 0.35} ${length} 0 Q${length * 0.5} ${length * 0.35} 0 0 Z`;
  return el('path', {
    d,
    fill: color,
    transform: `translate(${x} ${y}) rotate(${Math.round(angle)})`,
  });
}

function spa(r: Random): Scene {
  const p = paletteFrom(r, [150, 170, 95, 190, 320]);
  const stones = Array.from({ length: r.int(3, 4) }, (_, i) => {
    const width = 150 - i * 28;
    return el('ellipse', {
      cx: 400,
      cy: 400 - i * 48,
      rx: width / 2,
      ry: 26,
      fill: p.muted(30 + i * 10),
    });
  }).join('');
  const leaves = Array.from({ length: r.int(5, 9) }, () =>
    leaf(r.int(60, 740), r.int(60, 300), r.int(70, 150), r.int(0, 359), p.base(r.int(35, 60), 45)),
  ).join('');
  const ripples = Array.from({ length: 3 }, (_, i) =>
    el('ellipse', {
      cx: 400,
      cy: 440,
      rx: 200 + i * 70,
      ry: 22 + i * 10,
      fill: 'none',
      stroke: p.accent(80, 40),
      'stroke-width': 3,
    }),
  ).join('');
  return {
    title: 'Illustration of balanced stones and leaves by calm water',
    defs: linearGradient('calm', [p.base(94, 40), p.base(80, 35)]),
    body:
      el('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#calm)' }) +
      el('circle', { cx: r.int(560, 700), cy: r.int(90, 140), r: 60, fill: hsl(45, 80, 85) }) +
      leaves +
      ripples +
      stones,
  };
}

function fastTrack(r: Random): Scene {
  const p = paletteFrom(r, [265, 280, 210, 330]);
  const lanes = [-1, 0, 1]
    .map((i) =>
      el('polygon', {
        points: `${400 + i * 60 - 25},120 ${400 + i * 60 + 25},120 ${400 + i * 260 + 110},500 ${400 + i * 260 - 110},500`,
        fill: i === 0 ? p.accent(55, 75) : p.muted(70),
      }),
    )
    .join('');
  const chevrons = [0, 1, 2]
    .map((i) => {
      const y = 440 - i * 95;
      const w = 70 - i * 16;
      return el('polyline', {
        points: `${400 - w},${y} 400,${y - w * 0.7} ${400 + w},${y}`,
        fill: 'none',
        stroke: 'white',
        'stroke-width': 14 - i * 3,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      });
    })
    .join('');
  const posts = [-1, 1]
    .flatMap((side) =>
      [0, 1, 2].map((i) => {
        const y = 470 - i * 110;
        const x = 400 + side * (175 - i * 45);
        return el('rect', {
          x: x - 5,
          y: y - 70 + i * 20,
          width: 10,
          height: 70 - i * 20,
          fill: p.base(25),
        });
      }),
    )
    .join('');
  return {
    title: 'Illustration of a fast-track lane with arrows pointing ahead',
    defs: linearGradient('hall', [p.base(85, 40), p.base(70, 45)]),
    body:
      el('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#hall)' }) +
      el('rect', { x: 0, y: 0, width: WIDTH, height: 120, fill: p.base(40, 45) }) +
      lanes +
      chevrons +
      posts,
  };
}

function skyline(r: Random, title: string): Scene {
  const s = sky(r);
  const buildings = Array.from({ length: 16 }, (_, i) => {
    const width = r.int(35, 60);
    const height = r.int(60, 230);
    return el('rect', {
      x: i * 52 - 10,
      y: 400 - height,
      width,
      height,
      fill: s.muted(r.int(22, 34)),
    });
  }).join('');
  return {
    title,
    defs: linearGradient('dusk', [s.base(55, 60), s.accent(80, 60)]),
    body:
      el('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#dusk)' }) +
      el('circle', {
        cx: r.int(120, 680),
        cy: r.int(90, 180),
        r: r.int(40, 70),
        fill: hsl(45, 90, 80),
      }) +
      cloud(r.int(120, 360), r.int(70, 140), 40, hsl(0, 0, 100, 0.8)) +
      aircraft(r.int(420, 640), r.int(90, 170), 1.2, s.muted(20)) +
      buildings +
      el('rect', { x: 0, y: 400, width: WIDTH, height: 100, fill: s.muted(18) }) +
      el('rect', { x: 0, y: 445, width: WIDTH, height: 6, fill: hsl(50, 80, 70) }),
  };
}

function wide(r: Random, title: string): Scene {
  const s = sky(r);
  return {
    title,
    defs: linearGradient('wide', [s.base(45, 65), s.accent(70, 55)], false),
    body:
      el('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#wide)' }) +
      el('circle', {
        cx: r.int(500, 700),
        cy: r.int(120, 380),
        r: r.int(140, 220),
        fill: hsl(0, 0, 100, 0.12),
      }) +
      el('path', {
        d: `M0 ${r.int(330, 380)} Q400 ${r.int(240, 300)} 800 ${r.int(300, 360)} L800 500 L0 500 Z`,
        fill: hsl(0, 0, 100, 0.18),
      }) +
      cloud(r.int(100, 300), r.int(80, 160), r.int(40, 60), hsl(0, 0, 100, 0.85)) +
      cloud(r.int(450, 700), r.int(260, 360), r.int(30, 50), hsl(0, 0, 100, 0.7)) +
      aircraft(r.int(360, 520), r.int(140, 240), 2.2, hsl(0, 0, 100, 0.95)),
  };
}

export const SCENES: Record<ArtKind, (r: Random) => Scene> = {
  lounge,
  dining,
  spa,
  'fast-track': fastTrack,
  place: (r) => skyline(r, 'Illustration of a city skyline at dusk with an aircraft overhead'),
  banner: (r) => wide(r, 'Illustration of an aircraft climbing through the clouds'),
  slide: (r) => wide(r, 'Illustration of an aircraft above the clouds'),
  card: (r) => wide(r, 'Illustration of a card background: an aircraft above the clouds'),
};
