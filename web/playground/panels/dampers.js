// Panel 1 — Dampers: the lerp damper, damper_bad, damper_exponential and damper_exact, each
// ticked at 30, 60 and 144 Hz and at a jittering 60 Hz toward the same stepping goal. Frame-rate
// dependence shows as curves that part; the exact damper's curves coincide. Also the article's
// first figure: the lerp damper at dt = 1 decays exponentially.
import { damper, damperBad, damperExact, damperExponential, damperImplicit } from 'sprung';
import { frameClock, scriptAt } from '../lib/clock.js';
import { COLORS } from '../lib/theme.js';

const DURATION = 3;
const FT = 1 / 60;
const RATES = [
  { label: '30 Hz', hz: 30, color: COLORS.c30 },
  { label: '60 Hz', hz: 60, color: COLORS.c60 },
  { label: '144 Hz', hz: 144, color: COLORS.c144 },
  { label: '60 Hz, jittering dt', hz: 60, color: COLORS.jitter, jitter: true },
];
/** The goal: [time, value] from then on. Times are multiples of 1/6 s, a frame boundary at 30, 60 and 144 Hz alike. */
const GOAL = /** @type {const} */ ([
  [0, 0],
  [1 / 6, 1],
  [7 / 6, 0.3],
  [13 / 6, 1],
]);
const goalAt = (t) => scriptAt(GOAL, t);
export const DECAY_STEPS = 8;
/** The seed of the jittering clock's frame times (frameClock's default). */
export const JITTER_SEED = 7;

/** The four dampers: plot caption, short name, stage colour, one step. */
const DAMPERS = [
  {
    caption: 'damper(x, g, factor): lerp by a fixed factor each frame',
    name: 'lerp',
    color: COLORS.implicit,
    step: (x, g, p, _dt) => damper(x, g, p.factor),
  },
  {
    caption: 'damper_bad(x, g, damping, dt) = lerp(x, g, damping·dt)',
    name: 'damper_bad',
    color: COLORS.bad,
    step: (x, g, p, dt) => damperBad(x, g, p.damping, dt),
  },
  {
    caption: 'damper_exponential(x, g, damping, dt, ft = 1/60)',
    name: 'damper_exponential',
    color: COLORS.other,
    step: (x, g, p, dt) => damperExponential(x, g, p.damping, dt, FT),
  },
  {
    caption: 'damper_exact(x, g, halflife, dt)',
    name: 'damper_exact',
    color: COLORS.exact,
    step: (x, g, p, dt) =>
      p.fast ? damperImplicit(x, g, p.halflife, dt, 1e-5) : damperExact(x, g, p.halflife, dt),
  },
];
/** damper_exponential needs ft·damping < 1. */
export const exponentialValid = (p) => p.damping * FT < 1;
/** A damper that left ±1e6 has exploded: it is not stepped further (nor drawn). */
const exploded = (x) => !(Math.abs(x) < 1e6);

export default {
  blurb:
    'Four dampers chase the same goal (grey), each ticked at 30, 60 and 144 Hz and at a jittering 60 Hz. ' +
    'The lerp damper and <code>damper_bad</code> depend on the frame rate (their curves part) and the bad one ' +
    'oscillates once damping·dt &gt; 1 and explodes past 2; <code>damper_exponential</code> and ' +
    '<code>damper_exact</code> give one curve at every rate. The stage runs them live at the rate you pick; ' +
    'click or drag in it to move the goal.',
  params: {
    factor: { label: 'lerp factor per frame', min: 0.01, max: 0.5, step: 0.01, value: 0.1 },
    damping: { label: 'damping (bad, exponential)', min: 1, max: 100, step: 1, value: 20, unit: '/s' },
    halflife: { label: 'halflife (exact)', min: 0, max: 1, step: 0.01, value: 0.15, unit: 's' },
    fast: { label: 'exact → article’s damper_implicit (fast_negexp)', check: true, value: false },
    jitter: { label: 'dt jitter', min: 0, max: 0.9, step: 0.05, value: 0.5, unit: '×dt' },
    rate: {
      label: 'stage frame rate',
      options: [
        ['30', '30 Hz'],
        ['60', '60 Hz'],
        ['144', '144 Hz'],
      ],
      value: '60',
    },
    decayFactor: {
      group: 'Decay at dt = 1',
      label: 'lerp factor',
      min: 0.05,
      max: 0.95,
      step: 0.05,
      value: 0.5,
    },
  },
  mount(ui) {
    const series = [
      { label: 'goal', color: COLORS.goal, width: 1, stepped: true },
      ...RATES.map((r) => ({ label: r.label, color: r.color })),
    ];
    const charts = DAMPERS.map(({ caption }) =>
      ui.plot(caption, {
        series,
        x: { title: 't (s)', min: 0, max: DURATION },
        y: { title: 'position x', min: -0.6, max: 1.6 },
      }),
    );
    const decay = ui.plot('the lerp damper at dt = 1 toward 0: x after each step', {
      series: [
        { label: 'x after t steps', color: COLORS.implicit, points: 3.5, line: false },
        { label: '(1 − factor)^t', color: COLORS.ink, width: 1, dash: [4, 3] },
      ],
      x: { title: 't (steps)', min: 0, max: DECAY_STEPS },
      y: { title: 'position x', min: 0, max: 1 },
    });
    const ddt = RATES.slice(0, 3).map((r) => ui.readout(`damping·dt at ${r.label}`));
    const note = ui.readout('damper_exponential');
    const clocks = RATES.map((r) => frameClock(r.hz, 0));

    // The stage: the four dampers at the chosen frame rate, live.
    const live = { clock: frameClock(60), x: [0, 0, 0, 0], goal: 0 };
    ui.stage({
      caption: 'live: the four dampers at the stage frame rate',
      bodies: [
        { label: 'goal', color: COLORS.goal, kind: 'goal' },
        ...DAMPERS.map(({ name, color }) => ({ label: name, color })),
      ],
      range: () => [-0.6, 1.6],
      duration: () => DURATION,
      cursors: charts,
      restart(p) {
        live.clock = frameClock(Number(p.rate));
        live.x.fill(0);
        live.goal = 0;
      },
      advance(p, t, user) {
        live.clock.advance(t, (t0, dt) => {
          live.goal = user ? user.goal : goalAt(t0);
          DAMPERS.forEach(({ step }, i) => {
            if (i === 2 && !exponentialValid(p)) return;
            if (!exploded(live.x[i])) live.x[i] = step(live.x[i], live.goal, p, dt);
          });
        });
      },
      read(values) {
        values[0] = live.goal;
        for (let i = 0; i < 4; i++) values[i + 1] = exploded(live.x[i]) ? NaN : live.x[i];
      },
    });

    /** x of the damper at t = 0.5 s for each rate (for the summaries). */
    const at = [0, 0, 0, 0];
    return {
      draw(p) {
        DAMPERS.forEach(({ name, step }, d) => {
          const plot = charts[d];
          plot.reset(0);
          for (const [start, value] of GOAL) plot.add(0, start, value);
          plot.add(0, DURATION, goalAt(DURATION));
          RATES.forEach((rate, k) => {
            const i = k + 1;
            plot.reset(i);
            at[k] = NaN;
            if (d === 2 && !exponentialValid(p)) return;
            const clock = rate.jitter ? frameClock(60, p.jitter, JITTER_SEED) : clocks[k].reset();
            let x = 0;
            plot.add(i, 0, x);
            clock.advance(
              DURATION,
              (t, dt) => {
                if (!exploded(x)) x = step(x, goalAt(t), p, dt);
              },
              (t) => {
                plot.add(i, t, exploded(x) ? NaN : x); // an exploded damper leaves a gap
                if (exploded(x)) return;
                if (Number.isNaN(at[k]) && t >= 0.5 - 1e-9) at[k] = x;
              },
            );
          });
          plot.commit();
          const [a30, a60, a144] = at;
          const spread = Math.max(a30, a60, a144) - Math.min(a30, a60, a144);
          plot.summary(
            d === 2 && !exponentialValid(p)
              ? `${name} is not drawn: it needs ft·damping < 1 (damping below 60 per second).`
              : `${name} at t = 0.5 s: ${a30.toFixed(3)} at 30 Hz, ${a60.toFixed(3)} at 60 Hz, ${a144.toFixed(3)} at 144 Hz` +
                  (Number.isNaN(spread)
                    ? ' (exploded at some rates).'
                    : spread < 0.002
                      ? ' — one curve at every rate.'
                      : ` — the rates differ by ${spread.toFixed(3)}.`),
          );
        });
        decay.reset(0);
        decay.reset(1);
        let x = 1;
        for (let k = 0; k <= DECAY_STEPS; k++) {
          decay.add(0, k, x);
          x = damper(x, 0, p.decayFactor);
        }
        for (let k = 0; k <= DECAY_STEPS * 20; k++) decay.add(1, k / 20, Math.pow(1 - p.decayFactor, k / 20));
        decay.commit();
        decay.summary(
          `Starting at 1 with goal 0 and factor ${p.decayFactor.toFixed(2)}, x after 1, 2, 3 steps is ` +
            `${(1 - p.decayFactor).toFixed(3)}, ${((1 - p.decayFactor) ** 2).toFixed(3)}, ${((1 - p.decayFactor) ** 3).toFixed(3)}: ` +
            `the exponential (1 − factor)^t.`,
        );
        RATES.slice(0, 3).forEach((r, k) => {
          const v = p.damping / r.hz;
          ddt[k](`${v.toFixed(2)} — ${v <= 1 ? 'stable' : v <= 2 ? 'oscillates' : 'explodes'}`);
        });
        note(
          exponentialValid(p)
            ? `decays by 1 − ft·damping = ${(1 - p.damping * FT).toFixed(3)} per 1/60 s`
            : 'needs ft·damping < 1 (damping < 60/s): not drawn',
        );
      },
    };
  },
};
