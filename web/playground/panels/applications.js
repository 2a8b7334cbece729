// Panel 3 — Applications of Spring-It-On: smoothing and filtering a noisy, jittery
// signal; a spring driven along control points (the piecewise interpolation spline);
// and resonance, springs driven at a range of frequencies with their energy measured.
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';
import { seeded } from '../lib/random.js';

const SIGNAL_SECONDS = 6;
const RATE = 60;
const POINTS_X = [0, 1, 2.2, 3, 4.2, 5];
const POINTS_Y = [0, 2, 1.6, -0.4, 0.4, 2.2];
const DRIVE_MIN = 0.25;
const DRIVE_MAX = 5;
const DRIVES = 48;
const RESONANCE_SECONDS = 6;

/** The clean signal under the noise: slow waves and one step. */
function clean(t) {
  return 0.6 * Math.sin(1.3 * t) + 0.3 * Math.sin(3.1 * t + 1) + (t > 3 ? 0.5 : 0);
}

export default {
  name: 'applications',
  title: '3 · Applications',
  blurb:
    'Smoothing and filtering: a noisy signal with single-frame jitters (grey) through the exact damper and the ' +
    'critical spring — the halflife trades smoothness for lag, and even a short one removes the jitters. ' +
    'Interpolation: two springs (x and y) follow the piecewise-linear goal through control points, parameterised by ' +
    'the curve parameter instead of time. Resonance: springs tuned with <code>resonant_frequency</code> are driven by ' +
    'sine goals of many frequencies; the one at the tuned frequency builds up the most energy.',
  needs: [
    'simpleSpringDamperExact',
    'damperExact',
    'springDamperExact',
    'piecewiseInterpolation',
    'resonantFrequency',
    'springEnergy',
  ],
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
  mount(ui, sprung) {
    const smooth = ui.plot('smoothing and filtering', {
      series: [
        { label: 'signal', color: COLORS.goal, width: 1 },
        { label: 'clean signal', color: COLORS.dark, width: 1, dash: [4, 4] },
        { label: 'damper_exact', color: COLORS.implicit, width: 1.5 },
        { label: 'simple spring', color: COLORS.exact, width: 2 },
      ],
      x: { title: 't (s)', min: 0, max: SIGNAL_SECONDS },
      y: { min: -1.5, max: 2 },
    });
    const spline = ui.plot('interpolation: springs following the control points', {
      series: [
        { label: 'control points', color: COLORS.dark, points: 4, line: false },
        { label: 'piecewise linear goal', color: COLORS.goal, width: 1, dash: [4, 3] },
        { label: 'spring', color: COLORS.exact, width: 2 },
      ],
      x: { title: 'x', min: -0.5, max: 5.5 },
      y: { title: 'y', min: -1.5, max: 3 },
      xy: true,
    });
    const spectrum = ui.plot('resonance: mean energy against drive frequency', {
      series: [{ label: 'energy', color: COLORS.other, width: 2, points: 2 }],
      x: { title: 'drive frequency (Hz)', min: 0, max: DRIVE_MAX },
      y: { title: 'energy', min: 0 },
      legend: false,
    });
    const driven = ui.plot('resonance: the spring driven at the frequency shown', {
      series: [
        { label: 'goal sin(2π·f·t)', color: COLORS.goal, width: 1 },
        { label: 'spring', color: COLORS.other, width: 2 },
      ],
      x: { title: 't (s)', min: 0, max: RESONANCE_SECONDS },
    });
    for (let k = 0; k < POINTS_X.length; k++) spline.add(0, POINTS_X[k], POINTS_Y[k]);
    for (let k = 0; k < POINTS_X.length; k++) spline.add(1, POINTS_X[k], POINTS_Y[k]);
    const xs = Float32Array.from(POINTS_X);
    const ys = Float32Array.from(POINTS_Y);
    const gx = { x: 0, v: 0 };
    const gy = { x: 0, v: 0 };
    const sx = { x: 0, v: 0 };
    const sy = { x: 0, v: 0 };
    const spring = { x: 0, v: 0 };
    const readSpring = ui.readout('spring frequency');
    const readPeak = ui.readout('energy peak at');

    /** Runs a spring of frequency f (Hz) and halflife h driven by sin(2π·drive·t); calls visit(t, goal, x, v). */
    function drive(f, h, hz, visit) {
      spring.x = 0;
      spring.v = 0;
      const dt = 1 / RATE;
      for (let k = 1; k <= RESONANCE_SECONDS * RATE; k++) {
        const t = k * dt;
        const goal = Math.sin(2 * Math.PI * hz * t);
        sprung.springDamperExact(spring, goal, 0, f, h, dt);
        visit(t, goal, spring.x, spring.v);
      }
    }
    let energy = 0;
    let frequency = 1;
    const accumulate = (t, _goal, x, v) => {
      if (t > RESONANCE_SECONDS / 2) energy += sprung.springEnergy(x, v, frequency, 0, 0, 1);
    };
    const trace = (t, goal, x) => {
      driven.add(0, t, goal);
      driven.add(1, t, x);
    };

    return {
      draw(p, changed) {
        const has = (...keys) => !changed || keys.some((key) => changed.has(key));
        if (has('halflife', 'noise', 'jitter')) {
          const random = seeded(11);
          const a = { x: 0, v: 0 };
          let d = 0;
          for (let i = 0; i < 4; i++) smooth.reset(i);
          for (let k = 0; k <= SIGNAL_SECONDS * RATE; k++) {
            const t = k / RATE;
            const gauss = (random() + random() + random() - 1.5) * 2;
            const spike = random() < p.jitter / RATE ? (random() < 0.5 ? -1 : 1) * (0.6 + 0.6 * random()) : 0;
            const signal = clean(t) + p.noise * gauss + spike;
            if (k === 0) {
              a.x = signal;
              d = signal;
            } else {
              d = sprung.damperExact(d, signal, p.halflife, 1 / RATE);
              sprung.simpleSpringDamperExact(a, signal, p.halflife, 1 / RATE);
            }
            smooth.add(0, t, signal);
            smooth.add(1, t, clean(t));
            smooth.add(2, t, d);
            smooth.add(3, t, a.x);
          }
          smooth.commit();
        }
        if (has('splineHalflife', 'splineFrequency')) {
          spline.reset(2);
          const dt = 1 / 400;
          sprung.piecewiseInterpolation(0, xs, gx);
          sprung.piecewiseInterpolation(0, ys, gy);
          sx.x = gx.x;
          sx.v = 0;
          sy.x = gy.x;
          sy.v = 0;
          spline.add(2, sx.x, sy.x);
          for (let k = 1; k <= 400; k++) {
            sprung.piecewiseInterpolation(k * dt, xs, gx);
            sprung.piecewiseInterpolation(k * dt, ys, gy);
            sprung.springDamperExact(sx, gx.x, gx.v, p.splineFrequency, p.splineHalflife, dt);
            sprung.springDamperExact(sy, gy.x, gy.v, p.splineFrequency, p.splineHalflife, dt);
            spline.add(2, sx.x, sy.x);
          }
          spline.commit();
        }
        const f = sprung.resonantFrequency(p.tuned, p.resonanceHalflife);
        frequency = f;
        readSpring(`${f.toFixed(3)} Hz, halflife ${p.resonanceHalflife.toFixed(2)} s`);
        if (has('tuned', 'resonanceHalflife')) {
          spectrum.reset(0);
          let best = 0;
          let bestHz = 0;
          for (let k = 0; k < DRIVES; k++) {
            const hz = DRIVE_MIN + ((DRIVE_MAX - DRIVE_MIN) * k) / (DRIVES - 1);
            energy = 0;
            drive(f, p.resonanceHalflife, hz, accumulate);
            const mean = energy / ((RESONANCE_SECONDS * RATE) / 2);
            spectrum.add(0, hz, mean);
            if (mean > best) {
              best = mean;
              bestHz = hz;
            }
          }
          readPeak(`${bestHz.toFixed(2)} Hz (of ${DRIVES} drive frequencies)`);
        }
        spectrum.markers([
          { x: p.tuned, label: 'tuned', color: COLORS.other },
          { x: p.drive, label: 'shown', color: COLORS.dark },
        ]);
        spectrum.commit();
        if (has('tuned', 'resonanceHalflife', 'drive')) {
          driven.reset(0);
          driven.reset(1);
          drive(f, p.resonanceHalflife, p.drive, trace);
          driven.commit();
        }
      },
      code(p) {
        return {
          ts:
            `import { init, simpleSpringDamperExact, springDamperExact, piecewiseInterpolation, resonantFrequency, springEnergy } from 'sprung';\nawait init();\n\n` +
            `// smoothing: every frame, follow the noisy signal\nconst smooth = { x: 0, v: 0 };\n` +
            `simpleSpringDamperExact(smooth, signal, ${tsn(p.halflife)}, dt);\n\n` +
            `// interpolation: t runs from 0 to 1 along the control points\nconst px = { x: 0, v: 0 };\n` +
            `const goal = piecewiseInterpolation(t, pointsX);\n` +
            `springDamperExact(px, goal.x, goal.v, ${tsn(p.splineFrequency)}, ${tsn(p.splineHalflife)}, dtParam);\n\n` +
            `// resonance: a spring that resonates when its goal oscillates at ${tsn(p.tuned)} Hz\n` +
            `const frequency = resonantFrequency(${tsn(p.tuned)}, ${tsn(p.resonanceHalflife)});\nconst r = { x: 0, v: 0 };\n` +
            `springDamperExact(r, signal, 0, frequency, ${tsn(p.resonanceHalflife)}, dt);\n` +
            `const energy = springEnergy(r.x, r.v, frequency);\n`,
          c:
            `#include "sprung.h"\n\n/* smoothing */\nfloat x = 0.0f, v = 0.0f;\n` +
            `sp_simple_spring_damper_exact(&x, &v, signal, ${cf(p.halflife)}, dt);\n\n` +
            `/* interpolation along npnts control points, t in [0, 1] */\nfloat gx, gv;\n` +
            `sp_piecewise_interpolation(&gx, &gv, t, pnts_x, npnts);\n` +
            `sp_spring_damper_exact(&px, &pv, gx, gv, ${cf(p.splineFrequency)}, ${cf(p.splineHalflife)}, dt_param);\n\n` +
            `/* resonance */\nfloat f = sp_resonant_frequency(${cf(p.tuned)}, ${cf(p.resonanceHalflife)});\n` +
            `sp_spring_damper_exact(&rx, &rv, signal, 0.0f, f, ${cf(p.resonanceHalflife)}, dt);\n` +
            `float energy = sp_spring_energy(rx, rv, f, 0.0f, 0.0f, 1.0f);\n`,
        };
      },
    };
  },
};
