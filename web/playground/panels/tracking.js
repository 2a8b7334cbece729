// Panel 7 — Tracking: a signal with discontinuities followed by the tracking spring
// with gains, with halflives, and the exact dt-invariant tracker; discontinuities known
// (skip the bad finite differences) or clipped; and the same signal at several tick rates.
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';

const SECONDS = 6;
const JUMPS = [
  [1.0, 0.7],
  [3.0, -1.0],
  [4.4, 0.5],
];
const RATES = [
  [30, COLORS.c30],
  [60, COLORS.c60],
  [144, COLORS.c144],
];

/** The animation signal: smooth motion plus jumps at JUMPS (its discontinuities). */
function signal(t) {
  let s = 0.6 * Math.sin(2.1 * t) + 0.25 * Math.sin(5.3 * t + 0.4);
  for (const [at, size] of JUMPS) if (t >= at) s += size;
  return s;
}

/** True if a jump lies in (t0, t1]. */
function jumpBetween(t0, t1) {
  return JUMPS.some(([at]) => at > t0 && at <= t1);
}

export default {
  name: 'tracking',
  title: '7 · Tracking',
  blurb:
    'The tracking spring follows the position, velocity and acceleration of an animation signal (grey) that ' +
    'has discontinuities: it blends the jumps out smoothly and then reproduces the signal exactly. Known ' +
    'discontinuities skip the bad finite differences on the frames around them; unknown ones can be clipped to a ' +
    'maximum velocity and acceleration. The gains version depends on the tick rate; the exact ' +
    'tracker, a spring on the error whose frequency and halflife match the gains at 60 Hz, does not (the two lower plots).',
  needs: [
    'trackingSpringUpdate',
    'trackingSpringUpdateNoAcceleration',
    'trackingSpringUpdateNoVelocityAcceleration',
    'trackingSpringUpdateImproved',
    'trackingSpringUpdateExact',
    'trackingSpringUpdateExactNoAcceleration',
    'trackingSpringUpdateExactNoVelocityAcceleration',
    'trackingGainsToSpring',
    'trackingTargetVelocity',
    'trackingTargetAcceleration',
    'trackingClip',
  ],
  params: {
    discontinuities: {
      label: 'discontinuities',
      options: [
        ['known', 'known: skip them'],
        ['clip', 'unknown: clip'],
        ['ignore', 'unknown: ignore'],
      ],
      value: 'known',
    },
    maxVelocity: {
      label: 'clip velocity at',
      min: 0.5,
      max: 20,
      step: 0.5,
      value: 6,
      unit: '/s',
      show: (p) => p.discontinuities === 'clip',
    },
    maxAcceleration: {
      label: 'clip acceleration at',
      min: 5,
      max: 400,
      step: 5,
      value: 60,
      unit: '/s²',
      show: (p) => p.discontinuities === 'clip',
    },
    xGain: {
      group: 'Gains (per frame at 60 Hz)',
      label: 'position gain',
      min: 0,
      max: 0.2,
      step: 0.005,
      value: 0.01,
    },
    vGain: { label: 'velocity gain', min: 0, max: 1, step: 0.01, value: 0.2 },
    aGain: { label: 'acceleration gain', min: 0, max: 1, step: 0.05, value: 1 },
    xHalflife: {
      group: 'Halflives (improved tracker)',
      label: 'position halflife',
      min: 0,
      max: 2,
      step: 0.01,
      value: 1,
      unit: 's',
    },
    vHalflife: { label: 'velocity halflife', min: 0, max: 0.5, step: 0.005, value: 0.05, unit: 's' },
    aHalflife: { label: 'acceleration halflife', min: 0, max: 0.2, step: 0.005, value: 0, unit: 's' },
  },
  mount(ui, sprung) {
    const options = (caption, series) =>
      ui.plot(caption, {
        series: [{ label: 'signal', color: COLORS.goal, width: 1.5 }, ...series],
        x: { title: 't (s)', min: 0, max: SECONDS },
        y: { min: -1.6, max: 1.8 },
      });
    const main = options('tracking at 60 Hz', [
      { label: 'gains', color: COLORS.exact, width: 2 },
      { label: 'halflives', color: COLORS.implicit, width: 1.5 },
      { label: 'exact tracker', color: COLORS.other, width: 1.5, dash: [5, 3] },
    ]);
    const ratesGains = options(
      'gains at 30, 60, 144 Hz',
      RATES.map(([hz, color]) => ({ label: `${hz} Hz`, color })),
    );
    const ratesExact = options(
      'exact tracker at 30, 60, 144 Hz',
      RATES.map(([hz, color]) => ({ label: `${hz} Hz`, color })),
    );
    for (const plot of [main, ratesGains, ratesExact]) {
      for (let k = 0; k <= SECONDS * 240; k++) plot.add(0, k / 240, signal(k / 240));
      plot.markers(JUMPS.map(([at]) => ({ x: at, color: '#0003' })));
    }
    const equivalent = { frequency: 0, halflife: 0 };
    const state = { x: 0, v: 0 };
    const readSpring = ui.readout('exact tracker spring');
    const readError = ui.readout('exact tracker error at the end');

    /**
     * Tracks the signal sampled every dt; `update(kind, xGoal, vGoal, aGoal, dt)` with kind 2 (all
     * targets), 1 (no acceleration) or 0 (position only); visit(t, x) after each step.
     */
    function track(p, dt, update, visit) {
      const n = Math.round(SECONDS / dt);
      state.x = signal(0);
      state.v = sprung.trackingTargetVelocity(signal(dt), signal(0), dt);
      visit(0, state.x);
      for (let i = 0; i < n; i++) {
        const tPrev = (i - 1) * dt;
        const t = i * dt;
        const tNext = (i + 1) * dt;
        const sPrev = signal(tPrev);
        const s = signal(t);
        const sNext = signal(tNext);
        let v = sprung.trackingTargetVelocity(sNext, s, dt);
        let a = sprung.trackingTargetAcceleration(sNext, s, sPrev, dt);
        let kind = 2;
        if (p.discontinuities === 'known') {
          if (jumpBetween(t, tNext)) kind = 0;
          else if (jumpBetween(tPrev, t)) kind = 1;
        } else if (p.discontinuities === 'clip') {
          v = sprung.trackingClip(v, p.maxVelocity);
          a = sprung.trackingClip(a, p.maxAcceleration);
        }
        update(kind, sNext, v, a, dt);
        visit(tNext, state.x);
      }
    }
    function gains(p) {
      return (kind, x, v, a, dt) => {
        if (kind === 2) sprung.trackingSpringUpdate(state, x, v, a, p.xGain, p.vGain, p.aGain, dt);
        else if (kind === 1) sprung.trackingSpringUpdateNoAcceleration(state, x, v, p.xGain, p.vGain, dt);
        else sprung.trackingSpringUpdateNoVelocityAcceleration(state, x, p.xGain, dt);
      };
    }
    function exact() {
      const { frequency: f, halflife: h } = equivalent;
      return (kind, x, v, a, dt) => {
        if (kind === 2) sprung.trackingSpringUpdateExact(state, x, v, a, f, h, dt);
        else if (kind === 1) sprung.trackingSpringUpdateExactNoAcceleration(state, x, v, f, h, dt);
        else sprung.trackingSpringUpdateExactNoVelocityAcceleration(state, x, f, h, dt);
      };
    }
    function improved(p) {
      return (kind, x, v, a, dt) => {
        // The improved tracker has no reduced variants: a skipped target is a halflife-∞ blend, i.e. none.
        if (kind === 2)
          sprung.trackingSpringUpdateImproved(state, x, v, a, p.xHalflife, p.vHalflife, p.aHalflife, dt);
        else if (kind === 1)
          sprung.trackingSpringUpdateImproved(state, x, v, 0, p.xHalflife, p.vHalflife, 1e9, dt);
        else sprung.trackingSpringUpdateImproved(state, x, 0, 0, p.xHalflife, 1e9, 1e9, dt);
      };
    }
    const into = (plot, i) => (t, x) => plot.add(i, t, x);
    return {
      draw(p, changed) {
        const has = (...k) => !changed || k.some((key) => changed.has(key));
        const gainKeys = ['discontinuities', 'maxVelocity', 'maxAcceleration', 'xGain', 'vGain', 'aGain'];
        sprung.trackingGainsToSpring(p.xGain, p.vGain, 1 / 60, equivalent);
        if (has(...gainKeys)) {
          main.reset(1);
          main.reset(3);
          track(p, 1 / 60, gains(p), into(main, 1));
          let last = 0;
          track(p, 1 / 60, exact(), (t, x) => {
            main.add(3, t, x);
            last = x - signal(t);
          });
          readError(`|x − signal| = ${Math.abs(last).toExponential(2)}`);
          RATES.forEach(([hz], k) => {
            ratesGains.reset(k + 1);
            ratesExact.reset(k + 1);
            track(p, 1 / hz, gains(p), into(ratesGains, k + 1));
            track(p, 1 / hz, exact(), into(ratesExact, k + 1));
          });
          ratesGains.commit();
          ratesExact.commit();
        }
        if (has('discontinuities', 'maxVelocity', 'maxAcceleration', 'xHalflife', 'vHalflife', 'aHalflife')) {
          main.reset(2);
          track(p, 1 / 60, improved(p), into(main, 2));
        }
        main.commit();
        readSpring(`${equivalent.frequency.toFixed(3)} Hz, halflife ${equivalent.halflife.toFixed(3)} s`);
      },
      code(p) {
        const known = p.discontinuities === 'known';
        const clip = p.discontinuities === 'clip';
        return {
          ts:
            `import { init, trackingSpringUpdate, trackingSpringUpdateExact, trackingGainsToSpring, trackingTargetVelocity, trackingTargetAcceleration${clip ? ', trackingClip' : ''} } from 'sprung';\nawait init();\n\n` +
            `const tracker = { x: s[0], v: 0 };\n// every frame i, toward the next sample s[i + 1]\n` +
            `let v = trackingTargetVelocity(s[i + 1], s[i], dt);\nlet a = trackingTargetAcceleration(s[i + 1], s[i], s[i - 1], dt);\n` +
            (clip
              ? `v = trackingClip(v, ${tsn(p.maxVelocity)}); a = trackingClip(a, ${tsn(p.maxAcceleration)});\n`
              : '') +
            (known
              ? `// across a known discontinuity use trackingSpringUpdateNoVelocityAcceleration / …NoAcceleration\n`
              : '') +
            `trackingSpringUpdate(tracker, s[i + 1], v, a, ${tsn(p.xGain)}, ${tsn(p.vGain)}, ${tsn(p.aGain)}, dt);\n\n` +
            `// or dt-invariant, with the spring that matches these gains at 60 Hz\n` +
            `const spring = trackingGainsToSpring(${tsn(p.xGain)}, ${tsn(p.vGain)}, 1 / 60);\n` +
            `trackingSpringUpdateExact(tracker, s[i + 1], v, a, spring.frequency, spring.halflife, dt);\n`,
          c:
            `#include "sprung.h"\n\n/* every frame i, toward the next sample s[i + 1] */\n` +
            `float v_goal = sp_tracking_target_velocity(s[i + 1], s[i], dt);\n` +
            `float a_goal = sp_tracking_target_acceleration(s[i + 1], s[i], s[i - 1], dt);\n` +
            (clip
              ? `v_goal = sp_tracking_clip(v_goal, ${cf(p.maxVelocity)});\na_goal = sp_tracking_clip(a_goal, ${cf(p.maxAcceleration)});\n`
              : '') +
            `sp_tracking_spring_update(&x, &v, s[i + 1], v_goal, a_goal, ${cf(p.xGain)}, ${cf(p.vGain)}, ${cf(p.aGain)}, dt);\n` +
            `/* improved: halflives ${cf(p.xHalflife)}, ${cf(p.vHalflife)}, ${cf(p.aHalflife)} */\n` +
            `sp_tracking_spring_update_improved(&x, &v, s[i + 1], v_goal, a_goal, ${cf(p.xHalflife)}, ${cf(p.vHalflife)}, ${cf(p.aHalflife)}, dt);\n`,
        };
      },
    };
  },
};
