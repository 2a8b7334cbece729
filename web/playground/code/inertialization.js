// "Copy as code" of the inertialization panel (panels/inertialization.js): one program per
// inertializer (spring, cubic, quintic, dead blending) switching between the panel's two signals,
// in JavaScript, TypeScript and C.
import { KINDS, RATE, SECONDS } from '../panels/inertialization.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';

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
      'sp_inertialize_cubic_transition(&off_x, &off_v, &off_t, signal_x(playing, t), signal_v(playing, t), ' +
      'signal_x(1 - playing, t), signal_v(1 - playing, t), blendtime);',
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
      'sp_inertialize_quintic_transition(&off_x, &off_v, &off_t, signal_x(playing, t), signal_v(playing, t), ' +
      'signal_x(1 - playing, t), signal_v(1 - playing, t), blendtime);',
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
      `  { x: (t${ann(ts, 'number')}) => 0.45 * Math.sin(TAU * 1.1 * t + 1) + 0.35, v: ` +
      `(t${ann(ts, 'number')}) => 0.45 * TAU * 1.1 * Math.cos(TAU * 1.1 * t + 1) },\n` +
      `];\n\n` +
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
      `  frame(t, k ? 1 / rate : 0);\n` +
      `  // the output, its offset from the playing animation, and the two animations\n` +
      `  row(t, out.x, out.x - signals[playing].x(t), signals[0].x(t), signals[1].x(t));\n}\n`,
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
    `        /* the output, its offset from the playing animation, and the two animations */\n` +
    `        ${cRow(['t', 'out_x', 'out_x - signal_x(playing, t)', 'signal_x(0, t)', 'signal_x(1, t)'])}\n    }\n    return 0;\n}\n`;
  return {
    id: kind.id,
    title: kind.title,
    ...js,
    c,
    compare: [
      { plot: i, series: 0, cols: [0, 3] },
      { plot: i, series: 1, cols: [0, 4] },
      { plot: i, series: 2, cols: [0, 1] },
      { plot: i, series: 3, cols: [0, 2] },
    ],
  };
}

/** The panel's programs for parameters `p`. */
export default function programs(p) {
  return KINDS.map((kind, i) => program(p, kind, i));
}
