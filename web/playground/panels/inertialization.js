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
import { ann, cf, cHead, cRow, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';
import { COLORS } from '../lib/theme.js';

const SECONDS = 6;
const RATE = 60;
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
const KINDS = [
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
      code(p) {
        return KINDS.map((kind, i) => program(p, kind, i));
      },
    };
  },
};

/** The JS/TS and C of one inertializer on the panel's scenario. */
const CALLS = {
  spring: {
    state: '{ x: 0, v: 0 }',
    transition: 'inertializeTransition(offset, from.x(t), from.v(t), to.x(t), to.v(t))',
    update: 'inertializeUpdate(out, offset, s.x(t), s.v(t), halflife, dt)',
    fns: ['inertializeTransition', 'inertializeUpdate'],
    cState: 'float off_x = 0.0f, off_v = 0.0f;',
    cTransition:
      'sp_inertialize_transition(&off_x, &off_v, signal_x(playing, t), signal_v(playing, t), signal_x(1 - playing, t), signal_v(1 - playing, t));',
    cUpdate:
      'sp_inertialize_update(&out_x, &out_v, &off_x, &off_v, signal_x(playing, t), signal_v(playing, t), halflife, dt);',
  },
  cubic: {
    state: '{ x: 0, v: 0, t: 0 }',
    transition: 'inertializeCubicTransition(offset, from.x(t), from.v(t), to.x(t), to.v(t), blendtime)',
    update: 'inertializeCubicUpdate(out, offset, s.x(t), s.v(t), blendtime, dt)',
    fns: ['inertializeCubicTransition', 'inertializeCubicUpdate'],
    cState: 'float off_x = 0.0f, off_v = 0.0f, off_t = 0.0f;',
    cTransition:
      'sp_inertialize_cubic_transition(&off_x, &off_v, &off_t, signal_x(playing, t), signal_v(playing, t), signal_x(1 - playing, t), signal_v(1 - playing, t), blendtime);',
    cUpdate:
      'sp_inertialize_cubic_update(&out_x, &out_v, &off_t, off_x, off_v, signal_x(playing, t), signal_v(playing, t), blendtime, dt);',
  },
  quintic: {
    state: '{ x: 0, v: 0, t: 0 }',
    transition: 'inertializeQuinticTransition(offset, from.x(t), from.v(t), to.x(t), to.v(t), blendtime)',
    update: 'inertializeQuinticUpdate(out, offset, s.x(t), s.v(t), blendtime, dt)',
    fns: ['inertializeQuinticTransition', 'inertializeQuinticUpdate'],
    cState: 'float off_x = 0.0f, off_v = 0.0f, off_t = 0.0f;',
    cTransition:
      'sp_inertialize_quintic_transition(&off_x, &off_v, &off_t, signal_x(playing, t), signal_v(playing, t), signal_x(1 - playing, t), signal_v(1 - playing, t), blendtime);',
    cUpdate:
      'sp_inertialize_quintic_update(&out_x, &out_v, &off_t, off_x, off_v, signal_x(playing, t), signal_v(playing, t), blendtime, dt);',
  },
  dead: {
    state: '{ x: 0, v: 0, t: Infinity } // the extrapolated source; t = Infinity: no blend yet',
    transition: 'deadBlendingTransition(offset, from.x(t), from.v(t), halflife, blendtime)',
    update: 'deadBlendingUpdate(out, offset, s.x(t), s.v(t), halflife, blendtime, dt)',
    fns: ['deadBlendingTransition', 'deadBlendingUpdate'],
    cState: 'float ext_x = 0.0f, ext_v = 0.0f, ext_t = INFINITY; /* the extrapolated source */',
    cTransition:
      'sp_dead_blending_transition(&ext_x, &ext_v, &ext_t, signal_x(playing, t), signal_v(playing, t), halflife, blendtime);',
    cUpdate:
      'sp_dead_blending_update(&out_x, &out_v, &ext_t, ext_x, ext_v, signal_x(playing, t), signal_v(playing, t), halflife, blendtime, dt);',
  },
};

function program(p, kind, i) {
  const call = CALLS[kind.id];
  const usesHalflife = kind.id === 'spring' || kind.id === 'dead';
  const usesBlendtime = kind.id !== 'spring';
  const title = `The ${kind.title.replace(/ \(.*/, '')} switching between two signals every ${jn(p.every)} s`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, ${call.fns.join(', ')} } from 'sprung';\n\nawait init();\n\n` +
      (usesHalflife ? `const halflife = ${jn(p.halflife)}; // s\n` : '') +
      (usesBlendtime ? `const blendtime = ${jn(p.blendtime)}; // s\n` : '') +
      `const every = ${jn(p.every)}; // s between switches\nconst rate = ${RATE};\nconst TAU = 2 * Math.PI;\n\n` +
      `/** The two animations: position x(t) and velocity v(t). */\n` +
      `const signals = [\n` +
      `  { x: (t${ann(ts, 'number')}) => 0.8 * Math.sin(TAU * 0.45 * t), v: (t${ann(ts, 'number')}) => 0.8 * TAU * 0.45 * Math.cos(TAU * 0.45 * t) },\n` +
      `  { x: (t${ann(ts, 'number')}) => 0.45 * Math.sin(TAU * 1.1 * t + 1) + 0.35, v: (t${ann(ts, 'number')}) => 0.45 * TAU * 1.1 * Math.cos(TAU * 1.1 * t + 1) },\n];\n\n` +
      `const offset = ${call.state};\nconst out = { x: 0, v: 0 }; // what you show: position and velocity\n` +
      `let playing = 0;\nlet switches = 0;\n\n` +
      `/** At a switch: record the transition from the playing animation to the other. */\n` +
      `function transition(t${ann(ts, 'number')}) {\n  const from = signals[playing];\n  const to = signals[1 - playing];\n` +
      `  ${call.transition};\n  playing = 1 - playing;\n  switches++;\n}\n\n` +
      `/** Every frame: the playing animation plus the decaying offset. */\n` +
      `function frame(t${ann(ts, 'number')}, dt${ann(ts, 'number')}) {\n  const s = signals[playing];\n  ${call.update};\n}\n\n` +
      jsRow(ts) +
      `for (let k = 0; k <= ${SECONDS} * rate; k++) {\n  const t = k / rate;\n` +
      `  if (t >= (switches + 1) * every - 1e-6 && t < ${SECONDS - 0.2}) transition(t); // in a game: when the animation changes\n` +
      `  frame(t, k ? 1 / rate : 0);\n  row(t, out.x, out.x - signals[playing].x(t));\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `static const double tau = 6.28318530717958647692;\n\n` +
    `/* The two animations: position and velocity at time t. */\n` +
    `static float signal_x(int which, double t)\n{\n` +
    `    return (float)(which == 0 ? 0.8 * sin(tau * 0.45 * t) : 0.45 * sin(tau * 1.1 * t + 1) + 0.35);\n}\n` +
    `static float signal_v(int which, double t)\n{\n` +
    `    return (float)(which == 0 ? 0.8 * tau * 0.45 * cos(tau * 0.45 * t) : 0.45 * tau * 1.1 * cos(tau * 1.1 * t + 1));\n}\n\n` +
    `int main(void)\n{\n` +
    (usesHalflife ? `    const float halflife = ${cf(p.halflife)};\n` : '') +
    (usesBlendtime ? `    const float blendtime = ${cf(p.blendtime)};\n` : '') +
    `    const double every = ${jn(p.every)};\n    const int rate = ${RATE};\n` +
    `    ${call.cState}\n    float out_x = 0.0f, out_v = 0.0f;\n    int playing = 0, switches = 0, k;\n` +
    `    for (k = 0; k <= ${SECONDS} * rate; k++) {\n        const double t = (double)k / rate;\n        const float dt = k ? 1.0f / (float)rate : 0.0f;\n` +
    `        if (t >= (switches + 1) * every - 1e-6 && t < ${SECONDS - 0.2}) { /* a switch */\n` +
    `            ${call.cTransition}\n            playing = 1 - playing;\n            switches++;\n        }\n` +
    `        ${call.cUpdate}\n` +
    `        ${cRow(['t', 'out_x', 'out_x - signal_x(playing, t)'])}\n    }\n    return 0;\n}\n`;
  return {
    id: kind.id,
    title: kind.title,
    ...js,
    c,
    compare: [
      { plot: i, series: 2, cols: [0, 1] },
      { plot: i, series: 3, cols: [0, 2] },
    ],
  };
}
