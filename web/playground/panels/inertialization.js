// Panel 5 — Inertialization: the output toggles between two animated signals; at each
// toggle the inertializer records the offset and blends it out. Spring, cubic, quintic
// and dead-blending inertializers side by side, each with its offset drawn.
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';

const SECONDS = 6;
const RATE = 60;
const SIGNALS = [
  (t) => 0.8 * Math.sin(2 * Math.PI * 0.45 * t),
  (t) => 0.45 * Math.sin(2 * Math.PI * 1.1 * t + 1) + 0.35,
];
/** Derivative by central difference (the signals are analytic; this is the playground's own). */
const velocityOf = (f, t) => (f(t + 1e-4) - f(t - 1e-4)) / 2e-4;

/**
 * The four inertializers through the library: each keeps its own state `s` (from make()),
 * records a transition from the playing signal to the other, and updates per frame into `out`.
 */
const KINDS = [
  {
    name: 'spring',
    title: 'spring inertializer (halflife)',
    make: () => ({ x: 0, v: 0 }),
    transition: (sp, s, sx, sv, dx, dv) => sp.inertializeTransition(s, sx, sv, dx, dv),
    update: (sp, out, s, x, v, p, dt) => sp.inertializeUpdate(out, s, x, v, p.halflife, dt),
    offset: (s) => s.x,
  },
  {
    name: 'cubic',
    title: 'cubic inertializer (blend time)',
    make: () => ({ x: 0, v: 0, t: 0 }),
    transition: (sp, s, sx, sv, dx, dv, p) => sp.inertializeCubicTransition(s, sx, sv, dx, dv, p.blendtime),
    update: (sp, out, s, x, v, p, dt) => sp.inertializeCubicUpdate(out, s, x, v, p.blendtime, dt),
    offset: (s, out, x) => out.x - x,
  },
  {
    name: 'quintic',
    title: 'quintic inertializer (blend time)',
    make: () => ({ x: 0, v: 0, t: 0 }),
    transition: (sp, s, sx, sv, dx, dv, p) => sp.inertializeQuinticTransition(s, sx, sv, dx, dv, p.blendtime),
    update: (sp, out, s, x, v, p, dt) => sp.inertializeQuinticUpdate(out, s, x, v, p.blendtime, dt),
    offset: (s, out, x) => out.x - x,
  },
  {
    name: 'dead',
    title: 'dead blending (halflife, blend time)',
    make: () => ({ x: 0, v: 0, t: Infinity }),
    transition: (sp, s, sx, sv, dx, dv, p) => sp.deadBlendingTransition(s, sx, sv, p.halflife, p.blendtime),
    update: (sp, out, s, x, v, p, dt) => sp.deadBlendingUpdate(out, s, x, v, p.halflife, p.blendtime, dt),
    offset: (s, out, x) => out.x - x,
  },
];

export default {
  name: 'inertialization',
  title: '5 · Inertialization',
  blurb:
    'The animation toggles between two signals (grey) every few tenths of a second. Instead of cross-fading, an ' +
    'inertializer records the offset between them at the toggle and blends it out (red): the output (blue) stays ' +
    'continuous in position and velocity while only one signal is evaluated. The spring decays the offset ' +
    'exponentially and can overshoot; the cubic and quintic reach zero at the blend time; dead blending extrapolates ' +
    'the old signal and blends it into the new one.',
  needs: [
    'inertializeTransition',
    'inertializeUpdate',
    'inertializeCubicTransition',
    'inertializeCubicUpdate',
    'inertializeQuinticTransition',
    'inertializeQuinticUpdate',
    'deadBlendingTransition',
    'deadBlendingUpdate',
  ],
  params: {
    halflife: {
      label: 'halflife (spring, dead blending)',
      min: 0.01,
      max: 0.5,
      step: 0.01,
      value: 0.1,
      unit: 's',
    },
    blendtime: {
      label: 'blend time (cubic, quintic, dead blending)',
      min: 0.05,
      max: 1.5,
      step: 0.05,
      value: 0.4,
      unit: 's',
    },
    every: { label: 'toggle every', min: 0.3, max: 3, step: 0.05, value: 1.2, unit: 's' },
  },
  mount(ui, sprung) {
    const plots = KINDS.map((k) =>
      ui.plot(k.title, {
        series: [
          { label: 'signal A', color: COLORS.goal, width: 1 },
          { label: 'signal B', color: COLORS.goal, width: 1, dash: [4, 3] },
          { label: 'output', color: COLORS.exact, width: 2 },
          { label: 'offset', color: COLORS.bad, width: 1.5 },
        ],
        x: { title: 't (s)', min: 0, max: SECONDS },
        y: { min: -1.2, max: 1.2 },
      }),
    );
    const out = { x: 0, v: 0 };
    return {
      draw(p) {
        KINDS.forEach((kind, k) => {
          const plot = plots[k];
          for (let i = 0; i < 4; i++) plot.reset(i);
          const s = kind.make();
          let playing = 0;
          let nextToggle = p.every;
          const dt = 1 / RATE;
          const toggles = [];
          for (let f = 0; f <= SECONDS * RATE; f++) {
            const t = f * dt;
            if (t >= nextToggle && t < SECONDS - 0.2) {
              const other = 1 - playing;
              kind.transition(
                sprung,
                s,
                SIGNALS[playing](t),
                velocityOf(SIGNALS[playing], t),
                SIGNALS[other](t),
                velocityOf(SIGNALS[other], t),
                p,
              );
              playing = other;
              toggles.push({ x: t, color: '#0003' });
              nextToggle += p.every;
            }
            const x = SIGNALS[playing](t);
            kind.update(sprung, out, s, x, velocityOf(SIGNALS[playing], t), p, f ? dt : 0);
            plot.add(0, t, SIGNALS[0](t));
            plot.add(1, t, SIGNALS[1](t));
            plot.add(2, t, out.x);
            plot.add(3, t, kind.offset(s, out, x));
          }
          plot.markers(toggles);
          plot.commit();
        });
      },
      code(p) {
        return {
          ts:
            `import { init, inertializeTransition, inertializeUpdate } from 'sprung';\nawait init();\n\n` +
            `const offset = { x: 0, v: 0 };\nconst out = { x: 0, v: 0 };\n` +
            `// at a transition from the playing animation (src) to the next (dst)\n` +
            `inertializeTransition(offset, srcX, srcV, dstX, dstV);\n` +
            `// every frame, with the animation now playing (dst)\n` +
            `inertializeUpdate(out, offset, dstX, dstV, ${tsn(p.halflife)}, dt);\n` +
            `// cubic / quintic / dead blending: blend time ${tsn(p.blendtime)} s\n`,
          c:
            `#include "sprung.h"\n\n/* at a transition */\nsp_inertialize_transition(&off_x, &off_v, src_x, src_v, dst_x, dst_v);\n` +
            `/* every frame */\nsp_inertialize_update(&out_x, &out_v, &off_x, &off_v, dst_x, dst_v, ${cf(p.halflife)}, dt);\n` +
            `/* cubic */\nsp_inertialize_cubic_update(&out_x, &out_v, &off_t, off_x, off_v, dst_x, dst_v, ${cf(p.blendtime)}, dt);\n`,
        };
      },
    };
  },
};
