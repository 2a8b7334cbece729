// Panel 3 — Applications of Spring-It-On: smoothing and filtering a noisy, jittery signal; a
// spring driven along control points (the piecewise interpolation spline); and resonance:
// springs tuned with resonant_frequency, driven at a range of frequencies.
import {
  damperExact,
  piecewiseInterpolation,
  resonantFrequency,
  simpleSpringDamperExact,
  springDamperExact,
  SpringDamperExactBatch,
  springEnergy,
} from 'sprung';
import { cf, cHead, cRow, jn, jsAndTs, jsHead, jsRow, ann, randomSource } from '../lib/program.js';
import { seeded } from '../lib/random.js';
import { COLORS } from '../lib/theme.js';

const SIGNAL_SECONDS = 6;
const RATE = 60;
const NOISE_SEED = 11;
const POINTS_X = [0, 1, 2.2, 3, 4.2, 5];
const POINTS_Y = [0, 2, 1.6, -0.4, 0.4, 2.2];
const SPLINE_STEPS = 400;
const DRIVE_MIN = 0.25;
const DRIVE_MAX = 5;
const DRIVES = 64;
/** The spectrum measures over this many frames, once the transient has died out. */
const MEASURE_FRAMES = 2 * 60;
/** Frames for the transient of a spring of halflife h to die out: 6 halflives (e^(−6·2·ln2) ≈ 2.5e-4). */
const settleFrames = (h) => Math.ceil(6 * h * 60);
const DRIVEN_SECONDS = 6;

/** The clean signal under the noise: slow waves and one step. */
function clean(t) {
  return 0.6 * Math.sin(1.3 * t) + 0.3 * Math.sin(3.1 * t + 1) + (t > 3 ? 0.5 : 0);
}

/** Noise of one sample: a sum of three uniforms, and now and then a single-frame jitter. */
function noise(random, p) {
  const u1 = random();
  const u2 = random();
  const u3 = random();
  const gauss = (u1 + u2 + u3 - 1.5) * 2;
  let spike = 0;
  if (random() < p.jitter / RATE) {
    const sign = random() < 0.5 ? -1 : 1;
    spike = sign * (0.6 + 0.6 * random());
  }
  return p.noise * gauss + spike;
}

/**
 * Drives a spring of frequency f (Hz) and halflife h from rest with the goal sin(2π·hz·t)
 * at 60 Hz for `seconds`; visit(t, goal, state) after each step.
 */
function drive(f, h, hz, seconds, visit) {
  const spring = { x: 0, v: 0 };
  for (let k = 1; k <= seconds * RATE; k++) {
    const t = k / RATE;
    const goal = Math.sin(2 * Math.PI * hz * t);
    springDamperExact(spring, goal, 0, f, h, 1 / RATE);
    visit(t, goal, spring);
  }
  return spring;
}

/** The peak of samples ys over xs, refined by a parabola through the highest three. */
function peakOf(xs, ys) {
  let k = 0;
  for (let i = 1; i < ys.length; i++) if (ys[i] > ys[k]) k = i;
  if (k === 0 || k === ys.length - 1) return xs[k];
  const [a, b, c] = [ys[k - 1], ys[k], ys[k + 1]];
  const shift = (0.5 * (a - c)) / (a - 2 * b + c);
  return xs[k] + shift * (xs[k + 1] - xs[k]);
}

export default {
  blurb:
    'Smoothing and filtering: a noisy signal with single-frame jitters (grey) through the exact damper and the ' +
    'critical spring — the halflife trades smoothness for lag, and even a short one removes the jitters; drag ' +
    'in the stage and the noise rides on your goal. Interpolation: two springs (x and y) follow the ' +
    'piecewise-linear goal through control points, with the curve parameter as their time. Resonance: ' +
    '<code>resonant_frequency</code> sets a spring so that its <em>amplitude</em> peaks at the frequency you tune ' +
    'it to (the amplitude resonance √(s − d²/2)); its mean energy peaks a little higher, since the kinetic ' +
    'energy grows with the drive frequency.',
  params: {
    halflife: {
      group: 'Smoothing & filtering',
      label: 'halflife',
      min: 0,
      max: 0.5,
      step: 0.01,
      value: 0.1,
      unit: 's',
    },
    noise: { label: 'noise', min: 0, max: 0.5, step: 0.01, value: 0.1 },
    jitter: { label: 'jitters per second', min: 0, max: 5, step: 0.1, value: 1 },
    splineHalflife: {
      group: 'Interpolation',
      label: 'halflife (in curve parameter)',
      min: 0.005,
      max: 0.3,
      step: 0.005,
      value: 0.06,
    },
    splineFrequency: { label: 'frequency (per unit parameter)', min: 0.1, max: 12, step: 0.1, value: 3 },
    tuned: {
      group: 'Resonance',
      label: 'springs tuned to',
      min: 0.5,
      max: 4,
      step: 0.05,
      value: 2,
      unit: 'Hz',
    },
    resonanceHalflife: {
      label: 'halflife (sensitivity)',
      min: 0.1,
      max: 2,
      step: 0.05,
      value: 0.5,
      unit: 's',
    },
    drive: {
      label: 'drive frequency shown',
      min: DRIVE_MIN,
      max: DRIVE_MAX,
      step: 0.05,
      value: 1.5,
      unit: 'Hz',
    },
  },
  mount(ui) {
    const smooth = ui.plot('smoothing and filtering', {
      series: [
        { label: 'signal', color: COLORS.goal, width: 1 },
        { label: 'clean signal', color: COLORS.ink, width: 1, dash: [4, 4] },
        { label: 'damper_exact', color: COLORS.implicit, width: 1.5 },
        { label: 'simple spring', color: COLORS.exact, width: 2 },
      ],
      x: { title: 't (s)', min: 0, max: SIGNAL_SECONDS },
      y: { min: -1.5, max: 2 },
    });
    const spline = ui.plot('interpolation: springs following the control points', {
      series: [
        { label: 'control points', color: COLORS.ink, points: 4, line: false },
        { label: 'piecewise linear goal', color: COLORS.goal, width: 1, dash: [4, 3] },
        { label: 'spring', color: COLORS.exact, width: 2 },
      ],
      x: { title: 'x', min: -0.5, max: 5.5 },
      y: { title: 'y', min: -1.5, max: 3 },
    });
    const spectrum = ui.plot('resonance: response against drive frequency', {
      series: [
        {
          label: 'amplitude |x| / |goal| (what resonant_frequency tunes)',
          color: COLORS.other,
          width: 2,
          points: 1.5,
        },
        { label: 'mean energy, scaled to the same peak', color: COLORS.extra, width: 1.2, dash: [4, 3] },
      ],
      x: { title: 'drive frequency (Hz)', min: 0, max: DRIVE_MAX },
      y: { title: 'amplitude gain', min: 0 },
    });
    const driven = ui.plot('resonance: the spring driven at the frequency shown', {
      series: [
        { label: 'goal sin(2π·f·t)', color: COLORS.goal, width: 1 },
        { label: 'spring', color: COLORS.other, width: 2 },
      ],
      x: { title: 't (s)', min: 0, max: DRIVEN_SECONDS },
    });
    for (let k = 0; k < POINTS_X.length; k++) spline.add(0, POINTS_X[k], POINTS_Y[k]);
    for (let k = 0; k < POINTS_X.length; k++) spline.add(1, POINTS_X[k], POINTS_Y[k]);
    const xs = Float32Array.from(POINTS_X);
    const ys = Float32Array.from(POINTS_Y);
    const readSpring = ui.readout('spring frequency');
    const readPeak = ui.readout('amplitude peak at');
    const readEnergy = ui.readout('energy peak at');
    const hzs = Array.from(
      { length: DRIVES },
      (_, k) => DRIVE_MIN + ((DRIVE_MAX - DRIVE_MIN) * k) / (DRIVES - 1),
    );
    const gains = new Float64Array(DRIVES);
    const energies = new Float64Array(DRIVES);
    const batch = new SpringDamperExactBatch(DRIVES);

    // The stage: the smoothing scenario live (the noise rides on your goal when you drag).
    const live = { random: seeded(NOISE_SEED), k: 0, signal: 0, d: 0, spring: { x: 0, v: 0 } };
    const sample = (p, base) => base + noise(live.random, p);
    ui.stage({
      caption: 'live: the noisy signal, the damper and the spring',
      bodies: [
        { label: 'signal', color: COLORS.goal, kind: 'trace' },
        { label: 'damper_exact', color: COLORS.implicit },
        { label: 'simple spring', color: COLORS.exact },
      ],
      range: () => [-1.5, 2],
      duration: () => SIGNAL_SECONDS,
      cursors: [smooth],
      restart(p) {
        live.random = seeded(NOISE_SEED);
        live.k = 0;
        live.signal = sample(p, clean(0));
        live.d = live.signal;
        live.spring.x = live.signal;
        live.spring.v = 0;
      },
      advance(p, t, user) {
        while (live.k + 1 <= Math.round(t * RATE)) {
          live.k++;
          live.signal = sample(p, user ? user.goal : clean(live.k / RATE));
          live.d = damperExact(live.d, live.signal, p.halflife, 1 / RATE);
          simpleSpringDamperExact(live.spring, live.signal, p.halflife, 1 / RATE);
        }
      },
      read(values) {
        values[0] = live.signal;
        values[1] = live.d;
        values[2] = live.spring.x;
      },
    });

    return {
      draw(p, changed) {
        const has = (...keys) => !changed || keys.some((key) => changed.has(key));
        if (has('halflife', 'noise', 'jitter')) {
          const random = seeded(NOISE_SEED);
          const a = { x: 0, v: 0 };
          let d = 0;
          let err = 0;
          for (let i = 0; i < 4; i++) smooth.reset(i);
          for (let k = 0; k <= SIGNAL_SECONDS * RATE; k++) {
            const t = k / RATE;
            const signal = clean(t) + noise(random, p);
            if (k === 0) {
              a.x = signal;
              d = signal;
            } else {
              d = damperExact(d, signal, p.halflife, 1 / RATE);
              simpleSpringDamperExact(a, signal, p.halflife, 1 / RATE);
            }
            err += (a.x - clean(t)) ** 2;
            smooth.add(0, t, signal);
            smooth.add(1, t, clean(t));
            smooth.add(2, t, d);
            smooth.add(3, t, a.x);
          }
          smooth.commit();
          smooth.summary(
            `With halflife ${p.halflife.toFixed(2)} s the simple spring stays within ${Math.sqrt(err / (SIGNAL_SECONDS * RATE + 1)).toFixed(3)} ` +
              `(root mean square) of the clean signal under noise ${p.noise.toFixed(2)} and ${p.jitter.toFixed(1)} jitters per second.`,
          );
        }
        if (has('splineHalflife', 'splineFrequency')) {
          spline.reset(2);
          const gx = piecewiseInterpolation(0, xs);
          const gy = piecewiseInterpolation(0, ys);
          const sx = { x: gx.x, v: 0 };
          const sy = { x: gy.x, v: 0 };
          spline.add(2, sx.x, sy.x);
          const dt = 1 / SPLINE_STEPS;
          for (let k = 1; k <= SPLINE_STEPS; k++) {
            piecewiseInterpolation(k / SPLINE_STEPS, xs, gx);
            springDamperExact(sx, gx.x, gx.v, p.splineFrequency, p.splineHalflife, dt);
            piecewiseInterpolation(k / SPLINE_STEPS, ys, gy);
            springDamperExact(sy, gy.x, gy.v, p.splineFrequency, p.splineHalflife, dt);
            spline.add(2, sx.x, sy.x);
          }
          spline.commit();
          spline.summary(
            `The spring ends at (${sx.x.toFixed(2)}, ${sy.x.toFixed(2)}), the last control point being (5, 2.2).`,
          );
        }
        const f = resonantFrequency(p.tuned, p.resonanceHalflife);
        readSpring(`${f.toFixed(3)} Hz, halflife ${p.resonanceHalflife.toFixed(2)} s`);
        if (has('tuned', 'resonanceHalflife')) {
          spectrum.reset(0);
          spectrum.reset(1);
          // One spring per drive frequency, all stepped in one call per frame (a batch).
          const settle = settleFrames(p.resonanceHalflife);
          batch.halflife[0] = p.resonanceHalflife;
          batch.frequency[0] = f;
          batch.x.fill(0);
          batch.v.fill(0);
          gains.fill(0);
          energies.fill(0);
          for (let k = 1; k <= settle + MEASURE_FRAMES; k++) {
            const goal = batch.goal;
            for (let i = 0; i < DRIVES; i++) goal[i] = Math.sin(2 * Math.PI * hzs[i] * (k / RATE));
            batch.update(1 / RATE);
            if (k <= settle) continue;
            // In steady state x = X·sin(ωt + φ), so X = √(x² + (v/ω)²) at any instant; averaged over
            // the measured frames, which smooths the ripple of a goal sampled once a frame.
            const x = batch.x;
            const v = batch.v;
            for (let i = 0; i < DRIVES; i++) {
              energies[i] += springEnergy(x[i], v[i], f, 0, 0, 1);
              gains[i] += Math.hypot(x[i], v[i] / (2 * Math.PI * hzs[i]));
            }
          }
          for (let i = 0; i < DRIVES; i++) {
            gains[i] /= MEASURE_FRAMES;
            energies[i] /= MEASURE_FRAMES;
          }
          const gainPeak = Math.max(...gains);
          const energyPeak = Math.max(...energies);
          hzs.forEach((hz, k) => {
            spectrum.add(0, hz, gains[k]);
            spectrum.add(1, hz, (energies[k] * gainPeak) / energyPeak);
          });
          const at = peakOf(hzs, gains);
          const energyAt = peakOf(hzs, energies);
          readPeak(`${at.toFixed(2)} Hz (tuned to ${p.tuned.toFixed(2)} Hz)`);
          readEnergy(`${energyAt.toFixed(2)} Hz`);
          spectrum.summary(
            `Springs tuned to ${p.tuned.toFixed(2)} Hz with halflife ${p.resonanceHalflife.toFixed(2)} s: the amplitude peaks at ` +
              `${at.toFixed(2)} Hz with gain ${gainPeak.toFixed(2)}; the mean energy peaks at ${energyAt.toFixed(2)} Hz.`,
          );
        }
        spectrum.markers([
          { x: p.tuned, label: 'tuned', color: COLORS.other },
          { x: p.drive, label: 'shown', color: COLORS.ink },
        ]);
        spectrum.commit();
        if (has('tuned', 'resonanceHalflife', 'drive')) {
          driven.reset(0);
          driven.reset(1);
          let peak = 0;
          drive(f, p.resonanceHalflife, p.drive, DRIVEN_SECONDS, (t, goal, s) => {
            driven.add(0, t, goal);
            driven.add(1, t, s.x);
            if (t > DRIVEN_SECONDS / 2) peak = Math.max(peak, Math.abs(s.x));
          });
          driven.commit();
          driven.summary(
            `Driven at ${p.drive.toFixed(2)} Hz, the spring swings up to ${peak.toFixed(2)} in the last ${DRIVEN_SECONDS / 2} s (goal amplitude 1).`,
          );
        }
      },
      code(p) {
        return [smoothingProgram(p), splineProgram(p), resonanceProgram(p)];
      },
    };
  },
};

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
      `  row(t, signal, damped, spring.x);\n}\n`,
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
    `        ${cRow(['t', 'signal', 'damped', 'x'])}\n    }\n    return 0;\n}\n`;
  return {
    id: 'smoothing',
    title: 'smoothing & filtering',
    ...js,
    c,
    compare: [
      { plot: 0, series: 0, cols: [0, 1] },
      { plot: 0, series: 2, cols: [0, 2] },
      { plot: 0, series: 3, cols: [0, 3] },
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
    compare: [{ plot: 1, series: 2, cols: [0, 1] }],
  };
}

function resonanceProgram(p) {
  const title = `Springs tuned with resonantFrequency to ${jn(p.tuned)} Hz, driven at ${DRIVES} frequencies: amplitude and mean energy; one driven at ${jn(p.drive)} Hz`;
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
      `for (let i = 0; i < drives; i++) row(hz[i], amplitude[i] / measure, energy[i] / measure);\n` +
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
    `    float driven_x = 0.0f, driven_v = 0.0f;\n    int i, k;\n` +
    `    for (i = 0; i < DRIVES; i++) hz[i] = ${DRIVE_MIN} + ((${DRIVE_MAX} - ${DRIVE_MIN}) * i) / ${DRIVES - 1};\n` +
    `    for (k = 1; k <= settle + measure; k++) {\n` +
    `        for (i = 0; i < DRIVES; i++) goal[i] = (float)sin(2 * pi * hz[i] * ((double)k / rate));\n` +
    `        /* all the springs in one call: shared frequency and halflife (per_element = 0) */\n` +
    `        sp_spring_damper_exact_batch(x, v, goal, goal_velocity, &frequency, &halflife, 0, 1.0f / (float)rate, DRIVES, 1);\n` +
    `        if (k <= settle) continue;\n` +
    `        for (i = 0; i < DRIVES; i++) {\n` +
    `            energy[i] += sp_spring_energy(x[i], v[i], frequency, 0.0f, 0.0f, 1.0f);\n` +
    `            amplitude[i] += hypot(x[i], v[i] / (2 * pi * hz[i])); /* steady state: x = X sin(wt + phase) */\n        }\n    }\n` +
    `    for (i = 0; i < DRIVES; i++) ${cRow(['hz[i]', 'amplitude[i] / measure', 'energy[i] / measure'])}\n` +
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
      { plot: 3, series: 0, cols: [0, 1], rows: 'driven' },
      { plot: 3, series: 1, cols: [0, 2], rows: 'driven' },
    ],
  };
}
