// Panel 7 — Tracking: a signal with discontinuities followed by the tracking spring with gains,
// with halflives, and the exact dt-invariant tracker, beside the article's baseline (a stiff
// spring); discontinuities known (skip the bad finite differences) or clipped; the same signal
// at several tick rates. The stage shows the tracked signal moving; drag to make your own.
import {
  simpleSpringDamperExact,
  trackingClip,
  trackingGainsToSpring,
  trackingSpringUpdate,
  trackingSpringUpdateExact,
  trackingSpringUpdateExactNoAcceleration,
  trackingSpringUpdateExactNoVelocityAcceleration,
  trackingSpringUpdateImproved,
  trackingSpringUpdateNoAcceleration,
  trackingSpringUpdateNoVelocityAcceleration,
  trackingTargetAcceleration,
  trackingTargetVelocity,
} from 'sprung';
import { COLORS } from '../lib/theme.js';

export const SECONDS = 6;
export const JUMPS = [
  [1.0, 0.7],
  [3.0, -1.0],
  [4.4, 0.5],
];
export const RATES = [
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
const jumpBetween = (t0, t1) => JUMPS.some(([at]) => at > t0 && at <= t1);

/**
 * The trackers, each a function (state, kind, xGoal, vGoal, aGoal, dt, p, spring) with kind 2
 * (all targets good), 1 (no good acceleration: the step after a jump) or 0 (position only:
 * the step across a jump).
 */
const TRACKERS = {
  gains(st, kind, x, v, a, dt, p) {
    if (kind === 2) trackingSpringUpdate(st, x, v, a, p.xGain, p.vGain, p.aGain, dt);
    else if (kind === 1) trackingSpringUpdateNoAcceleration(st, x, v, p.xGain, p.vGain, dt);
    else trackingSpringUpdateNoVelocityAcceleration(st, x, p.xGain, dt);
  },
  improved(st, kind, x, v, a, dt, p) {
    // The improved tracker has no reduced variants: a skipped target is a blend of halflife ∞ (none).
    if (kind === 2) trackingSpringUpdateImproved(st, x, v, a, p.xHalflife, p.vHalflife, p.aHalflife, dt);
    else if (kind === 1) trackingSpringUpdateImproved(st, x, v, 0, p.xHalflife, p.vHalflife, 1e9, dt);
    else trackingSpringUpdateImproved(st, x, 0, 0, p.xHalflife, 1e9, 1e9, dt);
  },
  exact(st, kind, x, v, a, dt, _p, spring) {
    if (kind === 2) trackingSpringUpdateExact(st, x, v, a, spring.frequency, spring.halflife, dt);
    else if (kind === 1)
      trackingSpringUpdateExactNoAcceleration(st, x, v, spring.frequency, spring.halflife, dt);
    else trackingSpringUpdateExactNoVelocityAcceleration(st, x, spring.frequency, spring.halflife, dt);
  },
  stiff(st, _kind, x, _v, _a, dt, p) {
    simpleSpringDamperExact(st, x, p.stiffHalflife, dt);
  },
};

/**
 * The targets of every frame of the signal at `rate`: the next sample, its velocity and
 * acceleration by finite difference (clipped, or flagged at known jumps), as the panel's
 * settings want them. They depend on the discontinuity settings only, so they are kept while
 * the trackers' own parameters change (a slider then re-runs only the trackers).
 */
const targetCache = new Map();
function targetsOf(p, rate) {
  const key = `${rate}|${p.discontinuities}|${p.maxVelocity}|${p.maxAcceleration}`;
  let t = targetCache.get(key);
  if (t) return t;
  const n = Math.round(SECONDS * rate);
  const dt = 1 / rate;
  t = { next: new Float64Array(n), v: new Float64Array(n), a: new Float64Array(n), kind: new Int8Array(n) };
  for (let i = 0; i < n; i++) {
    const prev = signal((i - 1) / rate);
    const curr = signal(i / rate);
    const next = signal((i + 1) / rate);
    const k = targets(
      p,
      prev,
      curr,
      next,
      dt,
      jumpBetween(i / rate, (i + 1) / rate),
      jumpBetween((i - 1) / rate, i / rate),
    );
    t.next[i] = next;
    t.v[i] = k.v;
    t.a[i] = k.a;
    t.kind[i] = k.kind;
  }
  if (targetCache.size > 24) targetCache.clear();
  targetCache.set(key, t);
  return t;
}

/** The targets of one frame from samples prev, curr, next (`jumpNext`: a jump in (curr, next]). */
function targets(p, prev, curr, next, dt, jumpNext, jumpCurr) {
  let v = trackingTargetVelocity(next, curr, dt);
  let a = trackingTargetAcceleration(next, curr, prev, dt);
  let kind = 2;
  if (p.discontinuities === 'known') {
    if (jumpNext) kind = 0;
    else if (jumpCurr) kind = 1;
  } else if (p.discontinuities === 'clip') {
    v = trackingClip(v, p.maxVelocity);
    a = trackingClip(a, p.maxAcceleration);
  }
  return { v, a, kind };
}

/** A tracker following the signal sampled at `rate`: start(), then step(i) moves it toward sample i + 1. */
function follower(update, p, rate, spring) {
  const dt = 1 / rate;
  const st = { x: 0, v: 0 };
  return {
    st,
    start() {
      st.x = signal(0);
      st.v = update === TRACKERS.stiff ? 0 : trackingTargetVelocity(signal(1 / rate), signal(0), dt);
    },
    /** One frame toward sample values `next` from `curr` and `prev` (the stage, when you drive). */
    stepWith(prev, curr, next, jumpNext, jumpCurr) {
      const k = targets(p, prev, curr, next, dt, jumpNext, jumpCurr);
      update(st, k.kind, next, k.v, k.a, dt, p, spring);
    },
    /** Frame i of the signal. */
    step(i) {
      const t = targetsOf(p, rate);
      update(st, t.kind[i], t.next[i], t.v[i], t.a[i], dt, p, spring);
    },
  };
}

export default {
  blurb:
    'The article’s baseline first: a stiff spring (dotted) smooths the jumps of an animation signal but never ' +
    'quite reproduces it. The tracking spring follows the position, velocity and acceleration of the signal: it ' +
    'blends the jumps out smoothly and then reproduces the signal exactly. Known discontinuities skip the bad ' +
    'finite differences on the frames around them; unknown ones can be clipped to a maximum velocity and ' +
    'acceleration. The gains version depends on the tick rate; the exact tracker, a spring on the error whose ' +
    'frequency and halflife match the gains at 60 Hz, does not (the plots of the rates); the article’s improved ' +
    'tracker, set by halflives, is nearly but not exactly rate-independent, so the article warns against a variable ' +
    'timestep. In the stage, drag to move the signal yourself: each click is a jump.',
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
    stiffHalflife: {
      label: 'stiff spring halflife (baseline)',
      min: 0.01,
      max: 0.3,
      step: 0.01,
      value: 0.05,
      unit: 's',
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
  mount(ui) {
    const plot = (caption, series) =>
      ui.plot(caption, {
        series: [{ label: 'signal', color: COLORS.goal, width: 1.5 }, ...series],
        x: { title: 't (s)', min: 0, max: SECONDS },
        y: { title: 'position x', min: -1.6, max: 1.8 },
      });
    const main = plot('tracking at 60 Hz', [
      { label: 'gains', color: COLORS.exact, width: 2 },
      { label: 'halflives', color: COLORS.implicit, width: 1.5 },
      { label: 'exact tracker', color: COLORS.other, width: 1.5, dash: [5, 3] },
      { label: 'stiff spring', color: COLORS.ink, width: 1, dash: [2, 3] },
    ]);
    const ratesGains = plot(
      'gains at 30, 60, 144 Hz',
      RATES.map(([hz, color]) => ({ label: `${hz} Hz`, color })),
    );
    const ratesExact = plot(
      'exact tracker at 30, 60, 144 Hz',
      RATES.map(([hz, color]) => ({ label: `${hz} Hz`, color })),
    );
    // The article's improved tracker (halflives) across tick rates: close, not the same.
    const ratesImproved = plot(
      'improved tracker (halflives) at 30, 60, 144 Hz',
      RATES.map(([hz, color]) => ({ label: `${hz} Hz`, color })),
    );
    for (const p of [main, ratesGains, ratesExact, ratesImproved]) {
      for (let k = 0; k <= SECONDS * 240; k++) p.add(0, k / 240, signal(k / 240));
      p.markers(JUMPS.map(([at]) => ({ x: at, color: COLORS.muted, alpha: 0.4 })));
    }
    const readSpring = ui.readout('exact tracker spring');
    const readError = ui.readout('error at the end (exact, stiff)');
    const names = ['gains', 'improved', 'exact', 'stiff'];
    let spring = { frequency: 0, halflife: 0 };

    // The stage: the trackers at 60 Hz following the signal, or your pointer.
    const live = {
      followers: /** @type {ReturnType<typeof follower>[]} */ ([]),
      prev: 0,
      curr: 0,
      next: 0,
      i: 0,
      jumped: false,
    };
    ui.stage({
      caption: 'live: the signal and its trackers at 60 Hz',
      bodies: [
        { label: 'signal', color: COLORS.goal, kind: 'trace' },
        { label: 'gains', color: COLORS.exact },
        { label: 'halflives', color: COLORS.implicit },
        { label: 'exact', color: COLORS.other },
        { label: 'stiff spring', color: COLORS.ink, kind: 'trace', dash: [2, 3] },
      ],
      range: () => [-1.6, 1.8],
      duration: () => SECONDS,
      cursors: [main],
      restart(p) {
        live.followers = names.map((n) => follower(TRACKERS[n], p, 60, spring));
        for (const f of live.followers) f.start();
        live.i = 0;
        live.prev = signal(-1 / 60);
        live.curr = signal(0);
        live.jumped = false;
      },
      advance(p, t, user) {
        const i = Math.round(t * 60);
        while (live.i < i) {
          if (user) {
            // The pointer is the next sample; a click is a known jump.
            const next = user.goal;
            const jumpNext = user.jump;
            for (const f of live.followers) f.stepWith(live.prev, live.curr, next, jumpNext, live.jumped);
            live.prev = live.curr;
            live.curr = next;
            live.jumped = jumpNext;
            user.jump = false;
          } else {
            for (const f of live.followers) f.step(live.i);
            live.prev = live.curr;
            live.curr = signal((live.i + 1) / 60);
            live.jumped = jumpBetween(live.i / 60, (live.i + 1) / 60);
          }
          live.i++;
        }
      },
      read(values) {
        values[0] = live.curr;
        live.followers.forEach((f, k) => (values[k + 1] = f.st.x));
      },
    });

    const errors = [0, 0, 0, 0];
    /** Tracks the whole signal at `rate` into series `i` of `into`; returns the error at the end. */
    function track(p, name, rate, into, i) {
      const f = follower(TRACKERS[name], p, rate, spring);
      f.start();
      into.reset(i);
      into.add(i, 0, f.st.x);
      const n = Math.round(SECONDS * rate);
      for (let k = 0; k < n; k++) {
        f.step(k);
        into.add(i, (k + 1) / rate, f.st.x);
      }
      return f.st.x - signal(n / rate);
    }
    return {
      draw(p, changed) {
        // Only the trackers whose parameters changed are run again.
        const has = (...keys) => !changed || keys.some((key) => changed.has(key));
        const signalKeys = ['discontinuities', 'maxVelocity', 'maxAcceleration'];
        const deps = {
          gains: [...signalKeys, 'xGain', 'vGain', 'aGain'],
          improved: [...signalKeys, 'xHalflife', 'vHalflife', 'aHalflife'],
          exact: [...signalKeys, 'xGain', 'vGain'],
          stiff: ['stiffHalflife'],
        };
        spring = trackingGainsToSpring(p.xGain, p.vGain, 1 / 60);
        names.forEach((name, k) => {
          if (has(...deps[name])) errors[k] = track(p, name, 60, main, k + 1);
        });
        if (has(...deps.gains)) {
          RATES.forEach(([hz], k) => {
            track(p, 'gains', hz, ratesGains, k + 1);
            track(p, 'exact', hz, ratesExact, k + 1);
          });
          ratesGains.commit();
          ratesExact.commit();
        }
        if (has(...deps.improved)) {
          RATES.forEach(([hz], k) => track(p, 'improved', hz, ratesImproved, k + 1));
          ratesImproved.commit();
        }
        main.commit();
        readSpring(`${spring.frequency.toFixed(3)} Hz, halflife ${spring.halflife.toFixed(3)} s`);
        readError(`${Math.abs(errors[2]).toExponential(1)}, ${Math.abs(errors[3]).toExponential(1)}`);
        main.summary(
          `After the last jump the exact tracker is within ${Math.abs(errors[2]).toExponential(1)} of the signal, the gains tracker ` +
            `within ${Math.abs(errors[0]).toExponential(1)}; the stiff spring (halflife ${p.stiffHalflife.toFixed(2)} s) still lags by ` +
            `${Math.abs(errors[3]).toExponential(1)}.`,
        );
        const spread = (plot) => {
          const ends = [1, 2, 3].map((s) => plot.series(s).y.at(-1));
          return Math.max(...ends) - Math.min(...ends);
        };
        ratesGains.summary(
          `The gains tracker ends ${spread(ratesGains).toExponential(1)} apart at 30, 60 and 144 Hz.`,
        );
        ratesExact.summary(
          `The exact tracker ends ${spread(ratesExact).toExponential(1)} apart at 30, 60 and 144 Hz.`,
        );
        ratesImproved.summary(
          `The improved tracker, nearly dt-invariant but not exactly, ends ${spread(ratesImproved).toExponential(1)} apart at 30, 60 and 144 Hz.`,
        );
      },
    };
  },
};
