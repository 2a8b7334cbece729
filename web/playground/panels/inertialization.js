// Panel 5 — Inertialization: the output switches between two animated signals; at each switch
// the inertializer records the offset and blends it out. Spring, cubic, quintic and
// dead-blending inertializers side by side, each with its offset drawn; in the stage the
// switch is a button, as in the article's video.
import {
  deadBlendingTransition,
  deadBlendingUpdate,
  inertializeCubicTransition,
  inertializeCubicUpdate,
  inertializeQuinticTransition,
  inertializeQuinticUpdate,
  inertializeTransition,
  inertializeUpdate,
} from 'sprung';
import { COLORS } from '../lib/theme.js';

export const SECONDS = 6;
export const RATE = 60;
const TAU = 2 * Math.PI;
/** The two animations and their velocities (derivatives, analytic). */
const SIGNALS = [
  { x: (t) => 0.8 * Math.sin(TAU * 0.45 * t), v: (t) => 0.8 * TAU * 0.45 * Math.cos(TAU * 0.45 * t) },
  {
    x: (t) => 0.45 * Math.sin(TAU * 1.1 * t + 1) + 0.35,
    v: (t) => 0.45 * TAU * 1.1 * Math.cos(TAU * 1.1 * t + 1),
  },
];

/**
 * The four inertializers through the library: each keeps its own state (from make()), records
 * a transition from the playing signal to the other, and updates each frame into `out`.
 */
export const KINDS = [
  {
    id: 'spring',
    title: 'spring inertializer (halflife)',
    color: COLORS.exact,
    make: () => ({ x: 0, v: 0 }),
    transition: (s, sx, sv, dx, dv) => inertializeTransition(s, sx, sv, dx, dv),
    update: (out, s, x, v, p, dt) => inertializeUpdate(out, s, x, v, p.halflife, dt),
  },
  {
    id: 'cubic',
    title: 'cubic inertializer (blend time)',
    color: COLORS.implicit,
    make: () => ({ x: 0, v: 0, t: 0 }),
    transition: (s, sx, sv, dx, dv, p) => inertializeCubicTransition(s, sx, sv, dx, dv, p.blendtime),
    update: (out, s, x, v, p, dt) => inertializeCubicUpdate(out, s, x, v, p.blendtime, dt),
  },
  {
    id: 'quintic',
    title: 'quintic inertializer (blend time)',
    color: COLORS.other,
    make: () => ({ x: 0, v: 0, t: 0 }),
    transition: (s, sx, sv, dx, dv, p) => inertializeQuinticTransition(s, sx, sv, dx, dv, p.blendtime),
    update: (out, s, x, v, p, dt) => inertializeQuinticUpdate(out, s, x, v, p.blendtime, dt),
  },
  {
    id: 'dead',
    title: 'dead blending (halflife, blend time)',
    color: COLORS.extra,
    make: () => ({ x: 0, v: 0, t: Infinity }),
    transition: (s, sx, sv, _dx, _dv, p) => deadBlendingTransition(s, sx, sv, p.halflife, p.blendtime),
    update: (out, s, x, v, p, dt) => deadBlendingUpdate(out, s, x, v, p.halflife, p.blendtime, dt),
  },
];

/** An inertialized animation: the playing signal, each inertializer's state and output. */
function makeRun() {
  return {
    playing: 0,
    switches: 0,
    states: KINDS.map((k) => k.make()),
    outs: KINDS.map(() => ({ x: 0, v: 0 })),
    /** Switches to the other signal at time t: every inertializer records its transition. */
    toggle(t, p) {
      const from = SIGNALS[this.playing];
      const to = SIGNALS[1 - this.playing];
      KINDS.forEach((kind, i) => kind.transition(this.states[i], from.x(t), from.v(t), to.x(t), to.v(t), p));
      this.playing = 1 - this.playing;
      this.switches++;
    },
    /** One frame at time t (dt = 0 on the first frame: it only sets the outputs). */
    update(t, dt, p) {
      const s = SIGNALS[this.playing];
      KINDS.forEach((kind, i) => kind.update(this.outs[i], this.states[i], s.x(t), s.v(t), p, dt));
    },
    /** The scripted switches: every `every` seconds, none in the last 0.2 s. */
    due(t, p) {
      return t >= (this.switches + 1) * p.every - 1e-6 && t < SECONDS - 0.2;
    },
  };
}

export default {
  blurb:
    'The animation switches between two signals (grey) every few tenths of a second. Instead of cross-fading, an ' +
    'inertializer records the offset between them at the switch and blends it out (red): the output (blue) stays ' +
    'continuous in position and velocity while only one signal is evaluated. The spring decays the offset ' +
    'exponentially and can overshoot; the cubic and quintic reach zero at the blend time; dead blending ' +
    'extrapolates the old signal and blends it into the new one. In the stage, press <em>Switch</em> (or the ' +
    'S key) to switch the animation yourself.',
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
    every: { label: 'switch every', min: 0.3, max: 3, step: 0.05, value: 1.2, unit: 's' },
  },
  mount(ui) {
    const plots = KINDS.map((k) =>
      ui.plot(k.title, {
        series: [
          { label: 'signal A', color: COLORS.goal, width: 1 },
          { label: 'signal B', color: COLORS.goal, width: 1, dash: [4, 3] },
          { label: 'output', color: COLORS.exact, width: 2 },
          { label: 'offset', color: COLORS.bad, width: 1.5 },
        ],
        x: { title: 't (s)', min: 0, max: SECONDS },
        y: { title: 'position x' },
      }),
    );

    // The stage: the four outputs live; Switch toggles the animation (then the script stops).
    let live = makeRun();
    let pressed = false;
    ui.stage({
      caption: 'live: the four inertialized outputs',
      bodies: [
        { label: 'signal A', color: COLORS.goal, kind: 'trace' },
        { label: 'signal B', color: COLORS.goal, kind: 'trace', dash: [4, 3] },
        ...KINDS.map((k) => ({ label: k.id, color: k.color })),
      ],
      range: () => [-1.4, 1.4],
      duration: () => SECONDS,
      grab: false,
      buttons: [
        {
          label: 'Switch',
          title: 'Switch the animation (S)',
          key: 's',
          takeOver: true,
          press() {
            pressed = true;
          },
        },
      ],
      cursors: plots,
      restart(p) {
        live = makeRun();
        pressed = false;
        live.update(0, 0, p);
      },
      advance(p, t, user) {
        if (user ? pressed : live.due(t, p)) live.toggle(t, p);
        pressed = false;
        live.update(t, 1 / RATE, p);
        live.t = t;
      },
      read(values) {
        const t = live.t || 0;
        values[0] = SIGNALS[0].x(t);
        values[1] = SIGNALS[1].x(t);
        live.outs.forEach((o, i) => (values[i + 2] = o.x));
      },
    });

    return {
      draw(p) {
        const run = makeRun();
        const switches = [];
        const offsets = KINDS.map(() => 0);
        for (const plot of plots) for (let i = 0; i < 4; i++) plot.reset(i);
        for (let f = 0; f <= SECONDS * RATE; f++) {
          const t = f / RATE;
          if (run.due(t, p)) {
            run.toggle(t, p);
            switches.push({ x: t, color: COLORS.muted, alpha: 0.35 });
          }
          run.update(t, f ? 1 / RATE : 0, p);
          const x = SIGNALS[run.playing].x(t);
          KINDS.forEach((_, i) => {
            const plot = plots[i];
            const offset = run.outs[i].x - x;
            plot.add(0, t, SIGNALS[0].x(t));
            plot.add(1, t, SIGNALS[1].x(t));
            plot.add(2, t, run.outs[i].x);
            plot.add(3, t, offset);
            offsets[i] = Math.max(offsets[i], Math.abs(offset));
          });
        }
        // One vertical scale for the four plots, wide enough for every offset (never clipped).
        const m = Math.max(1.2, ...offsets.map((o) => o + 0.1));
        KINDS.forEach((kind, i) => {
          plots[i].bounds('y', -m, m);
          plots[i].markers(switches);
          plots[i].commit();
          plots[i].summary(
            `${kind.title}: ${switches.length} switches; the largest offset is ${offsets[i].toFixed(3)}, blended out ` +
              `${kind.id === 'spring' ? `with halflife ${p.halflife.toFixed(2)} s` : `within ${p.blendtime.toFixed(2)} s`}.`,
          );
        });
      },
    };
  },
};
