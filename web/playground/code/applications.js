// "Copy as code" of the applications panel (panels/applications.js): three complete programs in
// JavaScript, TypeScript and C — smoothing the panel's noisy signal with the exact damper and the
// simple spring (the same seeded noise), the springs following the interpolation's control
// points, and the resonance spectrum of springs tuned with resonant_frequency (one batch of
// springs, one per drive frequency) with the spring driven at the frequency shown.
import {
  DRIVEN_SECONDS,
  DRIVES,
  DRIVE_MAX,
  DRIVE_MIN,
  MEASURE_FRAMES,
  NOISE_SEED,
  POINTS_X,
  POINTS_Y,
  RATE,
  SIGNAL_SECONDS,
  SPLINE_STEPS,
  settleFrames,
} from '../panels/applications.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow, randomSource } from '../lib/program.js';

function smoothingProgram(p) {
  const title = `Smoothing a noisy signal with the exact damper and the critical spring, halflife ${jn(p.halflife)} s`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, damperExact, simpleSpringDamperExact } from 'sprung';\n\nawait init();\n\n` +
      `const halflife = ${jn(p.halflife)}; // s: more is smoother, and lags more\n` +
      `const noiseAmount = ${jn(p.noise)};\nconst jittersPerSecond = ${jn(p.jitter)};\nconst rate = ${RATE};\n\n` +
      randomSource(ts ? 'ts' : 'js', NOISE_SEED) +
      `\n/** The clean signal: slow waves and a step at t = 3 s. */\n` +
      `const clean = (t${ann(ts, 'number')}) => 0.6 * Math.sin(1.3 * t) + 0.3 * Math.sin(3.1 * t + 1) + (t > 3 ? 0.5 : 0);\n\n` +
      `/** A noisy sample: the clean signal, noise, and now and then a single-frame jitter. */\n` +
      `function sample(t${ann(ts, 'number')})${ann(ts, 'number')} {\n` +
      `  const u1 = random01();\n  const u2 = random01();\n  const u3 = random01();\n` +
      `  let spike = 0;\n  if (random01() < jittersPerSecond / rate) {\n` +
      `    const sign = random01() < 0.5 ? -1 : 1;\n    spike = sign * (0.6 + 0.6 * random01());\n  }\n` +
      `  const noise = noiseAmount * (u1 + u2 + u3 - 1.5) * 2 + spike;\n  return clean(t) + noise;\n}\n\n` +
      jsRow(ts) +
      `let damped = 0;\nconst spring = { x: 0, v: 0 };\n` +
      `for (let k = 0; k <= ${SIGNAL_SECONDS} * rate; k++) {\n  const t = k / rate;\n  const signal = sample(t);\n` +
      `  if (k === 0) {\n    damped = signal; // start on the signal\n    spring.x = signal;\n  } else {\n` +
      `    // every frame: follow the signal\n` +
      `    damped = damperExact(damped, signal, halflife, 1 / rate);\n` +
      `    simpleSpringDamperExact(spring, signal, halflife, 1 / rate);\n  }\n` +
      `  row(t, signal, damped, spring.x, clean(t));\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `static const float halflife = ${cf(p.halflife)}; /* s */\nstatic const double noise_amount = ${jn(p.noise)};\n` +
    `static const double jitters_per_second = ${jn(p.jitter)};\nstatic const int rate = ${RATE};\n\n` +
    randomSource('c', NOISE_SEED) +
    `\n/* The clean signal: slow waves and a step at t = 3 s. */\n` +
    `static double clean(double t) { return 0.6 * sin(1.3 * t) + 0.3 * sin(3.1 * t + 1) + (t > 3 ? 0.5 : 0); }\n\n` +
    `/* A noisy sample: the clean signal, noise, and now and then a single-frame jitter. */\n` +
    `static double sample(double t)\n{\n    const double u1 = random01();\n    const double u2 = random01();\n` +
    `    const double u3 = random01();\n    double spike = 0;\n    if (random01() < jitters_per_second / rate) {\n` +
    `        const double sign = random01() < 0.5 ? -1 : 1;\n        spike = sign * (0.6 + 0.6 * random01());\n    }\n` +
    `    const double noise = noise_amount * (u1 + u2 + u3 - 1.5) * 2 + spike;\n    return clean(t) + noise;\n}\n\n` +
    `int main(void)\n{\n    float damped = 0.0f, x = 0.0f, v = 0.0f;\n    int k;\n` +
    `    for (k = 0; k <= ${SIGNAL_SECONDS} * rate; k++) {\n        const double t = (double)k / rate;\n` +
    `        const float signal = (float)sample(t);\n        if (k == 0) {\n            damped = signal;\n            x = signal;\n        } else {\n` +
    `            damped = sp_damper_exact(damped, signal, halflife, 1.0f / (float)rate);\n` +
    `            sp_simple_spring_damper_exact(&x, &v, signal, halflife, 1.0f / (float)rate);\n        }\n` +
    `        ${cRow(['t', 'signal', 'damped', 'x', 'clean(t)'])}\n    }\n    return 0;\n}\n`;
  return {
    id: 'smoothing',
    title: 'smoothing & filtering',
    ...js,
    c,
    compare: [
      { plot: 0, series: 0, cols: [0, 1] },
      { plot: 0, series: 1, cols: [0, 3] },
      { plot: 0, series: 2, cols: [0, 2] },
      { plot: 0, series: 3, cols: [0, 4] },
    ],
  };
}

function splineProgram(p) {
  const title = `Two springs following control points (frequency ${jn(p.splineFrequency)}, halflife ${jn(p.splineHalflife)} per unit parameter)`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, piecewiseInterpolation, springDamperExact } from 'sprung';\n\nawait init();\n\n` +
      `const xs = [${POINTS_X.join(', ')}];\nconst ys = [${POINTS_Y.join(', ')}];\n` +
      `const frequency = ${jn(p.splineFrequency)};\nconst halflife = ${jn(p.splineHalflife)};\n` +
      `const steps = ${SPLINE_STEPS}; // the curve parameter runs from 0 to 1: it is the springs' time\n\n` +
      jsRow(ts) +
      `// The control points, which the piecewise-linear goal joins.\n` +
      `xs.forEach((x, i) => console.log('point', x.toFixed(5), ys[i].toFixed(5)));\n` +
      `const gx = piecewiseInterpolation(0, xs);\nconst gy = piecewiseInterpolation(0, ys);\n` +
      `const sx = { x: gx.x, v: 0 };\nconst sy = { x: gy.x, v: 0 };\nrow(sx.x, sy.x);\n` +
      `for (let k = 1; k <= steps; k++) {\n` +
      `  piecewiseInterpolation(k / steps, xs, gx); // goal position and velocity on the polyline\n` +
      `  springDamperExact(sx, gx.x, gx.v, frequency, halflife, 1 / steps);\n` +
      `  piecewiseInterpolation(k / steps, ys, gy);\n` +
      `  springDamperExact(sy, gy.x, gy.v, frequency, halflife, 1 / steps);\n` +
      `  row(sx.x, sy.x);\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n` +
    `static const float xs[] = { ${POINTS_X.map(cf).join(', ')} };\n` +
    `static const float ys[] = { ${POINTS_Y.map(cf).join(', ')} };\n\n` +
    `int main(void)\n{\n    const float frequency = ${cf(p.splineFrequency)}, halflife = ${cf(p.splineHalflife)};\n` +
    `    const int steps = ${SPLINE_STEPS}, n = ${POINTS_X.length};\n    float gx, gvx, gy, gvy, x, vx = 0.0f, y, vy = 0.0f;\n    int k;\n` +
    `    sp_piecewise_interpolation(&gx, &gvx, 0.0f, xs, n);\n    sp_piecewise_interpolation(&gy, &gvy, 0.0f, ys, n);\n` +
    `    for (k = 0; k < n; k++) ${cRow(['xs[k]', 'ys[k]'], 'point')} /* the control points, which the goal joins */\n` +
    `    x = gx;\n    y = gy;\n    ${cRow(['x', 'y'])}\n` +
    `    for (k = 1; k <= steps; k++) {\n        const double u = (double)k / steps;\n` +
    `        sp_piecewise_interpolation(&gx, &gvx, (float)u, xs, n);\n` +
    `        sp_spring_damper_exact(&x, &vx, gx, gvx, frequency, halflife, 1.0f / (float)steps);\n` +
    `        sp_piecewise_interpolation(&gy, &gvy, (float)u, ys, n);\n` +
    `        sp_spring_damper_exact(&y, &vy, gy, gvy, frequency, halflife, 1.0f / (float)steps);\n` +
    `        ${cRow(['x', 'y'])}\n    }\n    return 0;\n}\n`;
  return {
    id: 'interpolation',
    title: 'interpolation',
    ...js,
    c,
    compare: [
      { plot: 1, series: 0, cols: [0, 1], rows: 'point' },
      { plot: 1, series: 1, cols: [0, 1], rows: 'point' },
      { plot: 1, series: 2, cols: [0, 1] },
    ],
  };
}

function resonanceProgram(p) {
  const title =
    `Springs tuned with resonantFrequency to ${jn(p.tuned)} Hz, driven at ${DRIVES} frequencies: amplitude and mean ` +
    `energy; one driven at ${jn(p.drive)} Hz`;
  const settle = settleFrames(p.resonanceHalflife);
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, resonantFrequency, SpringDamperExactBatch, springDamperExact, springEnergy } from 'sprung';\n\nawait init();\n\n` +
      `const halflife = ${jn(p.resonanceHalflife)}; // s: longer is more selective\n` +
      `// The frequency that makes the spring's amplitude peak when its goal oscillates at ${jn(p.tuned)} Hz.\n` +
      `const frequency = resonantFrequency(${jn(p.tuned)}, halflife);\n` +
      `const rate = ${RATE};\nconst drives = ${DRIVES};\n` +
      `const settle = ${settle}; // frames: 6 halflives, for the transient to die out\n` +
      `const measure = ${MEASURE_FRAMES}; // frames averaged\n` +
      `const hz = Array.from({ length: drives }, (_, i) => ${DRIVE_MIN} + ((${DRIVE_MAX} - ${DRIVE_MIN}) * i) / ${DRIVES - 1});\n\n` +
      `// One spring per drive frequency, all stepped in one call per frame.\n` +
      `const springs = new SpringDamperExactBatch(drives, { halflife, frequency });\n` +
      `const amplitude = new Float64Array(drives);\nconst energy = new Float64Array(drives);\n` +
      `for (let k = 1; k <= settle + measure; k++) {\n` +
      `  const goal = springs.goal; // views: read them through the getters (they follow memory growth)\n` +
      `  for (let i = 0; i < drives; i++) goal[i] = Math.sin(2 * Math.PI * hz[i] * (k / rate));\n` +
      `  springs.update(1 / rate);\n  if (k <= settle) continue;\n` +
      `  const x = springs.x;\n  const v = springs.v;\n  for (let i = 0; i < drives; i++) {\n` +
      `    energy[i] += springEnergy(x[i], v[i], frequency, 0, 0, 1);\n` +
      `    // In steady state x = X·sin(ωt + φ), so the amplitude is X = √(x² + (v/ω)²) at any instant.\n` +
      `    amplitude[i] += Math.hypot(x[i], v[i] / (2 * Math.PI * hz[i]));\n  }\n}\n` +
      jsRow(ts) +
      `// The mean energy also scaled to the amplitude's peak, to compare where they peak.\n` +
      `const scale = Math.max(...amplitude) / Math.max(...energy);\n` +
      `for (let i = 0; i < drives; i++) row(hz[i], amplitude[i] / measure, energy[i] / measure, (energy[i] / measure) * scale);\n` +
      `springs.dispose();\n\n` +
      `// One spring driven at ${jn(p.drive)} Hz from rest for ${DRIVEN_SECONDS} s: rows "driven t goal x".\n` +
      `const driven = { x: 0, v: 0 };\n` +
      `for (let k = 1; k <= ${DRIVEN_SECONDS} * rate; k++) {\n  const t = k / rate;\n  const goal = Math.sin(2 * Math.PI * ${jn(p.drive)} * t);\n` +
      `  springDamperExact(driven, goal, 0, frequency, halflife, 1 / rate);\n` +
      `  console.log('driven', t.toFixed(5), goal.toFixed(5), driven.x.toFixed(5));\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n#define DRIVES ${DRIVES}\n\n` +
    `static float x[DRIVES], v[DRIVES], goal[DRIVES], goal_velocity[DRIVES];\n` +
    `static double hz[DRIVES], amplitude[DRIVES], energy[DRIVES];\n\n` +
    `int main(void)\n{\n    const float halflife = ${cf(p.resonanceHalflife)};\n` +
    `    const float frequency = sp_resonant_frequency(${cf(p.tuned)}, halflife);\n` +
    `    const int rate = ${RATE}, settle = ${settle}, measure = ${MEASURE_FRAMES};\n    const double pi = 3.14159265358979323846;\n` +
    `    float driven_x = 0.0f, driven_v = 0.0f;\n    double peak_amplitude = 0.0, peak_energy = 0.0;\n    int i, k;\n` +
    `    for (i = 0; i < DRIVES; i++) hz[i] = ${DRIVE_MIN} + ((${DRIVE_MAX} - ${DRIVE_MIN}) * i) / ${DRIVES - 1};\n` +
    `    for (k = 1; k <= settle + measure; k++) {\n` +
    `        for (i = 0; i < DRIVES; i++) goal[i] = (float)sin(2 * pi * hz[i] * ((double)k / rate));\n` +
    `        /* all the springs in one call: shared frequency and halflife (per_element = 0) */\n` +
    `        sp_spring_damper_exact_batch(x, v, goal, goal_velocity, &frequency, &halflife, 0, 1.0f / (float)rate, DRIVES, 1);\n` +
    `        if (k <= settle) continue;\n` +
    `        for (i = 0; i < DRIVES; i++) {\n` +
    `            energy[i] += sp_spring_energy(x[i], v[i], frequency, 0.0f, 0.0f, 1.0f);\n` +
    `            amplitude[i] += hypot(x[i], v[i] / (2 * pi * hz[i])); /* steady state: x = X sin(wt + phase) */\n        }\n    }\n` +
    `    /* the mean energy also scaled to the amplitude's peak, to compare where they peak */\n` +
    `    for (i = 0; i < DRIVES; i++) {\n` +
    `        if (amplitude[i] > peak_amplitude) peak_amplitude = amplitude[i];\n` +
    `        if (energy[i] > peak_energy) peak_energy = energy[i];\n    }\n` +
    `    for (i = 0; i < DRIVES; i++)\n` +
    `        ${cRow(['hz[i]', 'amplitude[i] / measure', 'energy[i] / measure', 'energy[i] / measure * (peak_amplitude / peak_energy)'])}\n` +
    `    /* one spring driven at ${jn(p.drive)} Hz from rest for ${DRIVEN_SECONDS} s: rows "driven t goal x" */\n` +
    `    for (k = 1; k <= ${DRIVEN_SECONDS} * rate; k++) {\n        const double t = (double)k / rate, drive_goal = sin(2 * pi * ${jn(p.drive)} * t);\n` +
    `        sp_spring_damper_exact(&driven_x, &driven_v, (float)drive_goal, 0.0f, frequency, halflife, 1.0f / (float)rate);\n` +
    `        printf("driven %.5f %.5f %.5f\\n", t, drive_goal, driven_x);\n    }\n    return 0;\n}\n`;
  return {
    id: 'resonance',
    title: 'resonance',
    ...js,
    c,
    compare: [
      { plot: 2, series: 0, cols: [0, 1] },
      { plot: 2, series: 1, cols: [0, 3] },
      { plot: 3, series: 0, cols: [0, 1], rows: 'driven' },
      { plot: 3, series: 1, cols: [0, 2], rows: 'driven' },
    ],
  };
}

/** The panel's programs for parameters `p`. */
export default function programs(p) {
  return [smoothingProgram(p), splineProgram(p), resonanceProgram(p)];
}
