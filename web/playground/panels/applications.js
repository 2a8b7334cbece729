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
import { seeded } from '../lib/random.js';
import { COLORS } from '../lib/theme.js';

export const SIGNAL_SECONDS = 6;
export const RATE = 60;
export const NOISE_SEED = 11;
export const POINTS_X = [0, 1, 2.2, 3, 4.2, 5];
export const POINTS_Y = [0, 2, 1.6, -0.4, 0.4, 2.2];
export const SPLINE_STEPS = 400;
export const DRIVE_MIN = 0.25;
export const DRIVE_MAX = 5;
export const DRIVES = 64;
/** The spectrum measures over this many frames, once the transient has died out. */
export const MEASURE_FRAMES = 2 * 60;
/** Frames for the transient of a spring of halflife h to die out: 6 halflives (e^(−6·2·ln2) ≈ 2.5e-4). */
export const settleFrames = (h) => Math.ceil(6 * h * 60);
export const DRIVEN_SECONDS = 6;

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
        // listed bottom to top: the thin curves over the thick one, so that none hides another
        { label: 'signal', color: COLORS.goal, width: 1 },
        { label: 'simple spring', color: COLORS.exact, width: 2.5 },
        { label: 'damper_exact', color: COLORS.implicit, width: 1.5 },
        { label: 'clean signal', color: COLORS.ink, width: 1.2, dash: [4, 3] },
      ],
      x: { title: 't (s)', min: 0, max: SIGNAL_SECONDS },
      y: { title: 'signal and its smoothings x', min: -1.5, max: 2 },
    });
    const spline = ui.plot('interpolation: springs following the control points', {
      series: [
        { label: 'control points', color: COLORS.ink, points: 4, line: false },
        { label: 'piecewise linear goal', color: COLORS.goal, width: 1, dash: [4, 3] },
        { label: 'spring', color: COLORS.exact, width: 2 },
      ],
      x: { title: 'position x', min: -0.5, max: 5.5 },
      y: { title: 'position y', min: -1.5, max: 3 },
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
      y: { title: 'position x' },
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
            smooth.add(1, t, a.x);
            smooth.add(2, t, d);
            smooth.add(3, t, clean(t));
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
          // headroom over the peak: the markers' labels ("tuned", "shown") sit above the curve
          spectrum.bounds('y', 0, 1.32 * gainPeak);
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
    };
  },
};
