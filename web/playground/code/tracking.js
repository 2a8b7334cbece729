// "Copy as code" of the tracking panel (panels/tracking.js): the trackers on the panel's signal
// with its discontinuities (known or clipped), at 60 Hz, 30 Hz and 144 Hz, in JavaScript, TypeScript and C.
import { JUMPS, RATES, SECONDS } from '../panels/tracking.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';

/**
 * The trackers of the panel on its signal at `rate` Hz (60: all four, and the signal; other rates:
 * gains, exact and improved).
 */
function program(p, rate) {
  const all = rate === 60;
  const known = p.discontinuities === 'known';
  const clip = p.discontinuities === 'clip';
  const title = all
    ? `Tracking a signal with jumps at 60 Hz: gains, halflives, the exact tracker and a stiff spring (discontinuities ${p.discontinuities})`
    : `The gains, exact and improved trackers at ${rate} Hz (discontinuities ${p.discontinuities})`;
  const fns = [
    'trackingTargetVelocity',
    'trackingTargetAcceleration',
    'trackingGainsToSpring',
    'trackingSpringUpdate',
    'trackingSpringUpdateExact',
    ...(known
      ? [
          'trackingSpringUpdateNoAcceleration',
          'trackingSpringUpdateNoVelocityAcceleration',
          'trackingSpringUpdateExactNoAcceleration',
          'trackingSpringUpdateExactNoVelocityAcceleration',
        ]
      : []),
    'trackingSpringUpdateImproved',
    ...(all ? ['simpleSpringDamperExact'] : []),
    ...(clip ? ['trackingClip'] : []),
  ];
  const cols = all ? ['gains', 'improved', 'exact', 'stiff'] : ['gains', 'exact', 'improved'];
  const js = jsAndTs((ts) => {
    const N = ann(ts, 'number');
    return (
      jsHead(title, ts) +
      `import {\n  init,\n${fns.map((f) => `  ${f},\n`).join('')}} from 'sprung';\n\nawait init();\n\n` +
      `const rate = ${rate};\nconst dt = 1 / rate;\n` +
      `const xGain = ${jn(p.xGain)};\nconst vGain = ${jn(p.vGain)};\nconst aGain = ${jn(p.aGain)}; // fractions per frame\n` +
      `const halflives = [${jn(p.xHalflife)}, ${jn(p.vHalflife)}, ${jn(p.aHalflife)}]; // s: position, velocity, acceleration\n` +
      (all ? `const stiffHalflife = ${jn(p.stiffHalflife)}; // s\n` : '') +
      (clip
        ? `const maxVelocity = ${jn(p.maxVelocity)};\nconst maxAcceleration = ${jn(p.maxAcceleration)};\n`
        : '') +
      `// The exact tracker: a spring on the error, matching the gains at 60 Hz, at any rate.\n` +
      `const spring = trackingGainsToSpring(xGain, vGain, 1 / 60);\n\n` +
      `const JUMPS = [\n${JUMPS.map(([a, s]) => `  [${a}, ${s}],\n`).join('')}];\n` +
      `/** The animation signal: smooth motion plus jumps (its discontinuities). */\n` +
      `function signal(t${N})${N} {\n  let s = 0.6 * Math.sin(2.1 * t) + 0.25 * Math.sin(5.3 * t + 0.4);\n` +
      `  for (const [at, size] of JUMPS) if (t >= at) s += size;\n  return s;\n}\n` +
      (known ? `const jumpBetween = (t0${N}, t1${N}) => JUMPS.some(([at]) => at > t0 && at <= t1);\n` : '') +
      `\n` +
      cols
        .map(
          (c) =>
            `const ${c} = { x: signal(0), v: ${c === 'stiff' ? '0' : 'trackingTargetVelocity(signal(dt), signal(0), dt)'} };\n`,
        )
        .join('') +
      `\n/** Frame i: every tracker moves toward the next sample, signal((i + 1)·dt). */\n` +
      `function frame(i${N}) {\n  const prev = signal((i - 1) / rate);\n  const curr = signal(i / rate);\n  const next = signal((i + 1) / rate);\n` +
      `  const v = ${clip ? 'trackingClip(trackingTargetVelocity(next, curr, dt), maxVelocity)' : 'trackingTargetVelocity(next, curr, dt)'};\n` +
      `  const a = ` +
      `${clip ? 'trackingClip(trackingTargetAcceleration(next, curr, prev, dt), maxAcceleration)' : 'trackingTargetAcceleration(next, curr, prev, dt)'};\n` +
      (known
        ? `  // Known discontinuities: skip the finite differences that span one.\n` +
          `  const across = jumpBetween(i / rate, (i + 1) / rate); // next is past a jump: v and a are bad\n` +
          `  const after = jumpBetween((i - 1) / rate, i / rate); // prev was before one: a is bad\n` +
          `  if (across) {\n` +
          `    trackingSpringUpdateNoVelocityAcceleration(gains, next, xGain, dt);\n` +
          `    trackingSpringUpdateExactNoVelocityAcceleration(exact, next, spring.frequency, spring.halflife, dt);\n` +
          `    trackingSpringUpdateImproved(improved, next, 0, 0, halflives[0], 1e9, 1e9, dt); // 1e9 s: no blend\n` +
          `  } else if (after) {\n` +
          `    trackingSpringUpdateNoAcceleration(gains, next, v, xGain, vGain, dt);\n` +
          `    trackingSpringUpdateExactNoAcceleration(exact, next, v, spring.frequency, spring.halflife, dt);\n` +
          `    trackingSpringUpdateImproved(improved, next, v, 0, halflives[0], halflives[1], 1e9, dt);\n` +
          `  } else {\n` +
          `    trackingSpringUpdate(gains, next, v, a, xGain, vGain, aGain, dt);\n` +
          `    trackingSpringUpdateExact(exact, next, v, a, spring.frequency, spring.halflife, dt);\n` +
          `    trackingSpringUpdateImproved(improved, next, v, a, halflives[0], halflives[1], halflives[2], dt);\n` +
          `  }\n`
        : `  trackingSpringUpdate(gains, next, v, a, xGain, vGain, aGain, dt);\n` +
          `  trackingSpringUpdateExact(exact, next, v, a, spring.frequency, spring.halflife, dt);\n` +
          `  trackingSpringUpdateImproved(improved, next, v, a, halflives[0], halflives[1], halflives[2], dt);\n`) +
      (all
        ? `  simpleSpringDamperExact(stiff, next, stiffHalflife, dt); // the baseline: smooth, but never exact\n`
        : '') +
      `}\n\n` +
      jsRow(ts) +
      (all
        ? `// The signal, as the panel draws it (240 samples a second).\n` +
          `for (let k = 0; k <= ${SECONDS * 240}; k++) console.log('signal', (k / 240).toFixed(5), signal(k / 240).toFixed(5));\n`
        : '') +
      `row(0, ${cols.map((c) => `${c}.x`).join(', ')});\n` +
      `for (let i = 0; i < ${SECONDS} * rate; i++) {\n  frame(i);\n  row((i + 1) / rate, ${cols.map((c) => `${c}.x`).join(', ')});\n}\n`
    );
  });
  const cState = cols.map((c) => `    spring ${c} = { 0.0f, 0.0f };\n`).join('');
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `typedef struct { float x, v; } spring;\n\n` +
    `static const double jumps[3][2] = { ${JUMPS.map(([a, s]) => `{ ${a}, ${s} }`).join(', ')} };\n\n` +
    `/* The animation signal: smooth motion plus jumps (its discontinuities). */\n` +
    `static float signal(double t)\n{\n    double s = 0.6 * sin(2.1 * t) + 0.25 * sin(5.3 * t + 0.4);\n    int j;\n` +
    `    for (j = 0; j < 3; j++)\n        if (t >= jumps[j][0]) s += jumps[j][1];\n    return (float)s;\n}\n` +
    (known
      ? `static int jump_between(double t0, double t1)\n{\n    int j;\n    for (j = 0; j < 3; j++)\n` +
        `        if (jumps[j][0] > t0 && jumps[j][0] <= t1) return 1;\n    return 0;\n}\n`
      : '') +
    `\nint main(void)\n{\n    const int rate = ${rate};\n    const float dt = 1.0f / (float)rate;\n` +
    `    const float x_gain = ${cf(p.xGain)}, v_gain = ${cf(p.vGain)}, a_gain = ${cf(p.aGain)};\n` +
    `    const float x_halflife = ${cf(p.xHalflife)}, v_halflife = ${cf(p.vHalflife)}, a_halflife = ${cf(p.aHalflife)};\n` +
    (all ? `    const float stiff_halflife = ${cf(p.stiffHalflife)};\n` : '') +
    `    float frequency, halflife;\n    int i;\n` +
    cState +
    `    sp_tracking_gains_to_spring(x_gain, v_gain, 1.0f / 60.0f, &frequency, &halflife);\n` +
    cols
      .map(
        (col) =>
          `    ${col}.x = signal(0);\n` +
          (col === 'stiff'
            ? ''
            : `    ${col}.v = sp_tracking_target_velocity(signal(1.0 / rate), signal(0), dt);\n`),
      )
      .join('') +
    (all
      ? `    /* the signal, as the panel draws it (240 samples a second) */\n` +
        `    for (i = 0; i <= ${SECONDS * 240}; i++) ${cRow(['i / 240.0', '(double)signal(i / 240.0)'], 'signal')}\n`
      : '') +
    `    ${cRow(['0.0', ...cols.map((col) => `${col}.x`)])}\n` +
    `    for (i = 0; i < ${SECONDS} * rate; i++) {\n` +
    `        const float prev = signal((double)(i - 1) / rate), curr = signal((double)i / rate), next = signal((double)(i + 1) / rate);\n` +
    `        float v = sp_tracking_target_velocity(next, curr, dt);\n` +
    `        float a = sp_tracking_target_acceleration(next, curr, prev, dt);\n` +
    (clip
      ? `        v = sp_tracking_clip(v, ${cf(p.maxVelocity)});\n        a = sp_tracking_clip(a, ${cf(p.maxAcceleration)});\n`
      : '') +
    (known
      ? `        if (jump_between((double)i / rate, (double)(i + 1) / rate)) { /* across a known jump: position only */\n` +
        `            sp_tracking_spring_update_no_velocity_acceleration(&gains.x, &gains.v, next, x_gain, dt);\n` +
        `            sp_tracking_spring_update_exact_no_velocity_acceleration(&exact.x, &exact.v, next, frequency, halflife, dt);\n` +
        `            sp_tracking_spring_update_improved(&improved.x, &improved.v, next, 0.0f, 0.0f, x_halflife, 1e9f, 1e9f, dt);\n` +
        `        } else if (jump_between((double)(i - 1) / rate, (double)i / rate)) { /* just after: no acceleration */\n` +
        `            sp_tracking_spring_update_no_acceleration(&gains.x, &gains.v, next, v, x_gain, v_gain, dt);\n` +
        `            sp_tracking_spring_update_exact_no_acceleration(&exact.x, &exact.v, next, v, frequency, halflife, dt);\n` +
        `            sp_tracking_spring_update_improved(&improved.x, &improved.v, next, v, 0.0f, x_halflife, v_halflife, 1e9f, dt);\n` +
        `        } else {\n` +
        `            sp_tracking_spring_update(&gains.x, &gains.v, next, v, a, x_gain, v_gain, a_gain, dt);\n` +
        `            sp_tracking_spring_update_exact(&exact.x, &exact.v, next, v, a, frequency, halflife, dt);\n` +
        `            sp_tracking_spring_update_improved(&improved.x, &improved.v, next, v, a, x_halflife, v_halflife, a_halflife, dt);\n` +
        `        }\n`
      : `        sp_tracking_spring_update(&gains.x, &gains.v, next, v, a, x_gain, v_gain, a_gain, dt);\n` +
        `        sp_tracking_spring_update_exact(&exact.x, &exact.v, next, v, a, frequency, halflife, dt);\n` +
        `        sp_tracking_spring_update_improved(&improved.x, &improved.v, next, v, a, x_halflife, v_halflife, a_halflife, dt);\n`) +
    (all ? `        sp_simple_spring_damper_exact(&stiff.x, &stiff.v, next, stiff_halflife, dt);\n` : '') +
    `        ${cRow(['(double)(i + 1) / rate', ...cols.map((col) => `${col}.x`)])}\n    }\n    return 0;\n}\n`;
  // The rates plots (gains, exact, improved), series 1, 2, 3 at 30, 60, 144 Hz.
  const column = (name) => cols.indexOf(name) + 1;
  const series = RATES.findIndex(([hz]) => hz === rate) + 1;
  const compare = [
    ...(all ? [1, 2, 3, 4].map((s) => ({ plot: 0, series: s, cols: [0, s] })) : []),
    ...(all ? [0, 1, 2, 3].map((plot) => ({ plot, series: 0, cols: [0, 1], rows: 'signal' })) : []),
    { plot: 1, series, cols: [0, column('gains')] },
    { plot: 2, series, cols: [0, column('exact')] },
    { plot: 3, series, cols: [0, column('improved')] },
  ];
  return {
    id: `rate${rate}`,
    title: all ? 'all trackers at 60 Hz' : `gains, exact and improved at ${rate} Hz`,
    ...js,
    c,
    compare,
  };
}

/** The panel's programs for parameters `p`. */
export default function programs(p) {
  return [program(p, 60), program(p, 30), program(p, 144)];
}
