// Panel 1 — Dampers: the lerp damper, damper_bad, damper_exponential and damper_exact,
// each ticked at 30, 60 and 144 Hz and at a jittering 60 Hz, toward the same moving goal.
// Frame-rate dependence shows as curves that part; the exact damper's curves coincide.
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';
import { seeded } from '../lib/random.js';

const DURATION = 3;
const RATES = [
  { label: '30 Hz', hz: 30, color: COLORS.c30 },
  { label: '60 Hz', hz: 60, color: COLORS.c60 },
  { label: '144 Hz', hz: 144, color: COLORS.c144 },
  { label: '60 Hz, jittering dt', hz: 60, color: COLORS.jitter, jitter: true },
];
const FT = 1 / 60;

/** The goal: a few steps, the situation of the article's videos, as [time, value] from then on. */
const GOAL = [
  [0, 0],
  [0.2, 1],
  [1.2, 0.3],
  [2.2, 1],
];
function goalAt(t) {
  let g = GOAL[0][1];
  for (const [start, value] of GOAL) if (t >= start) g = value;
  return g;
}

export default {
  name: 'dampers',
  title: '1 · Dampers',
  blurb:
    'Four dampers chase the same goal (grey), each ticked at 30, 60 and 144 Hz and at a jittering 60 Hz. ' +
    'The lerp damper and <code>damper_bad</code> depend on the frame rate (their curves part) and the bad one ' +
    'oscillates once damping·dt &gt; 1 and explodes past 2; <code>damper_exponential</code> and ' +
    '<code>damper_exact</code> give one curve at every rate.',
  needs: ['damper', 'damperBad', 'damperExponential', 'damperExact', 'damperImplicit'],
  params: {
    factor: { label: 'lerp factor per frame', min: 0.01, max: 0.5, step: 0.01, value: 0.1 },
    damping: { label: 'damping (bad, exponential)', min: 1, max: 100, step: 1, value: 20, unit: '/s' },
    halflife: { label: 'halflife (exact)', min: 0, max: 1, step: 0.01, value: 0.15, unit: 's' },
    fast: { label: 'exact → article’s damper_implicit (fast_negexp)', check: true, value: false },
    jitter: { label: 'dt jitter', min: 0, max: 0.9, step: 0.05, value: 0.5, unit: '×dt' },
  },
  mount(ui, sprung) {
    const series = [
      { label: 'goal', color: COLORS.goal, width: 1, stepped: true },
      ...RATES.map((r) => ({ label: r.label, color: r.color })),
    ];
    const plot = (caption) =>
      ui.plot(caption, { series, x: { title: 't (s)', min: 0, max: DURATION }, y: { min: -0.6, max: 1.6 } });
    const charts = [
      {
        deps: ['factor'],
        plot: plot('damper(x, g, factor): lerp by a fixed factor per frame'),
        step: (x, g, p) => sprung.damper(x, g, p.factor),
      },
      {
        deps: ['damping', 'jitter'],
        plot: plot('damper_bad(x, g, damping, dt) = lerp(x, g, damping·dt)'),
        step: (x, g, p, dt) => sprung.damperBad(x, g, p.damping, dt),
      },
      {
        deps: ['damping', 'jitter'],
        plot: plot('damper_exponential(x, g, damping, dt, ft = 1/60)'),
        step: (x, g, p, dt) => sprung.damperExponential(x, g, p.damping, dt, FT),
      },
      {
        deps: ['halflife', 'fast', 'jitter'],
        plot: plot('damper_exact(x, g, halflife, dt)'),
        step: (x, g, p, dt) =>
          p.fast
            ? sprung.damperImplicit(x, g, p.halflife, dt, 1e-5)
            : sprung.damperExact(x, g, p.halflife, dt),
      },
    ];
    const ddt = RATES.slice(0, 3).map((r) => ui.readout(`damping·dt at ${r.label}`));
    const note = ui.readout('damper_exponential');
    return {
      draw(p, changed) {
        for (const { deps, plot, step } of charts) {
          if (changed && !deps.some((key) => changed.has(key))) continue;
          plot.reset(0);
          for (const [start, value] of GOAL) plot.add(0, start, value);
          plot.add(0, DURATION, goalAt(DURATION));
          const exponentialValid = p.damping * FT < 1;
          RATES.forEach((rate, k) => {
            const i = k + 1;
            plot.reset(i);
            if (step === charts[2].step && !exponentialValid) return;
            const random = seeded(7);
            let x = 0;
            let t = 0;
            plot.add(i, t, x);
            while (t < DURATION) {
              const dt = (1 / rate.hz) * (rate.jitter ? 1 + p.jitter * (2 * random() - 1) : 1);
              x = step(x, goalAt(t), p, dt);
              t += dt;
              if (!Number.isFinite(x) || Math.abs(x) > 1e6) break; // the bad damper exploded
              plot.add(i, t, x);
            }
          });
          plot.commit();
        }
        RATES.slice(0, 3).forEach((r, k) => {
          const v = p.damping / r.hz;
          ddt[k](`${v.toFixed(2)} — ${v <= 1 ? 'stable' : v <= 2 ? 'oscillates' : 'explodes'}`);
        });
        note(
          p.damping * FT < 1
            ? `decay rate 1 − ft·damping = ${(1 - p.damping * FT).toFixed(3)} per 1/60 s`
            : 'needs ft·damping < 1 (damping < 60/s): not drawn',
        );
      },
      code(p) {
        const exact = p.fast ? 'damperImplicit' : 'damperExact';
        const exactC = p.fast ? 'sp_damper_implicit' : 'sp_damper_exact';
        const eps = p.fast ? ', 1e-5' : '';
        return {
          ts:
            `import { init, ${exact}, damper, damperBad, damperExponential } from 'sprung';\nawait init();\n\n` +
            `// every frame (dt in seconds): half the way to the goal every ${tsn(p.halflife)} s, at any frame rate\n` +
            `x = ${exact}(x, goal, ${tsn(p.halflife)}, dt${eps});\n\n` +
            `// the article's other dampers, for comparison\n` +
            `x = damper(x, goal, ${tsn(p.factor)});            // frame-rate dependent\n` +
            `x = damperBad(x, goal, ${tsn(p.damping)}, dt);        // unstable once damping·dt > 1\n` +
            `x = damperExponential(x, goal, ${tsn(p.damping)}, dt, 1 / 60);\n`,
          c:
            `#include "sprung.h"\n\n` +
            `/* every frame (dt in seconds) */\n` +
            `x = ${exactC}(x, goal, ${cf(p.halflife)}, dt${p.fast ? ', 1e-5f' : ''});\n\n` +
            `/* the article's other dampers, for comparison */\n` +
            `x = sp_damper(x, goal, ${cf(p.factor)});\n` +
            `x = sp_damper_bad(x, goal, ${cf(p.damping)}, dt);\n` +
            `x = sp_damper_exponential(x, goal, ${cf(p.damping)}, dt, 1.0f / 60.0f);\n`,
        };
      },
    };
  },
};
