// Panel 2 — Spring damper: one spring set by stiffness/damping, frequency/halflife, damping
// ratio/halflife, duration/bounce, or designed by its response (overshoot with a settling or
// rise time, typed or dragged on the curve itself, solved by the library's inverse solvers);
// under, critical and over damped; its step response measured by the forward functions; the
// explicit Euler spring and the article's fast implicit spring beside the exact one at a large
// dt; and the critical frequency of the halflife marked on a regime map.
import {
  criticalFrequency,
  criticalSettleTime,
  criticalSpringDamperExact,
  dampingToHalflife,
  durationBounceToSpring,
  frequencyToStiffness,
  halflifeToDamping,
  riseTimeOvershootToSpring,
  settlingTimeOvershootToSpring,
  springDamperBad,
  springDamperExact,
  springDamperExactRatio,
  springDamperExactStiffness,
  springDamperImplicit,
  springLag,
  springOvershoot,
  springPeakTime,
  springRiseTime,
  springSettlingTime,
  springToDurationBounce,
  stiffnessToFrequency,
} from 'sprung';
import { frameClock } from '../lib/clock.js';
import { ann, cf, cHead, cRow, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';
import { COLORS } from '../lib/theme.js';

const DURATION = 3;
const STEP_AT = 0.1;
const FINE_RATE = 240;
const MODES = [
  ['freq', 'frequency & halflife'],
  ['stiff', 'stiffness & damping'],
  ['ratio', 'damping ratio & halflife'],
  ['bounce', 'duration & bounce (UI style)'],
  ['response', 'its response: drag the curve'],
];
const TARGETS = [
  ['settle', 'settling time & overshoot'],
  ['rise', 'rise time & overshoot'],
];
/** Below this overshoot (half a slider step) the response has no peak worth a handle. */
const NO_PEAK = 0.0005;
const goalAt = (t) => (t < STEP_AT - 1e-6 ? 0 : 1);
/** Euler has exploded once the state leaves these bounds (it is not stepped further). */
const exploded = (s) => !(Math.abs(s.x) < 1e6 && Math.abs(s.v) < 1e9);

/** The spring the response mode asks for, from the library's inverse solvers: { frequency, halflife }. */
function solveResponse(p) {
  return p.target === 'rise'
    ? riseTimeOvershootToSpring(p.rise, p.overshoot / 100)
    : settlingTimeOvershootToSpring(p.settling, p.overshoot / 100, p.tolerance / 100);
}

/** The spring of the panel's parameters in every form: stiffness s, damping d, frequency, halflife. */
function springOf(p) {
  if (p.mode === 'response') {
    const { frequency, halflife } = solveResponse(p);
    return { s: frequencyToStiffness(frequency), d: halflifeToDamping(halflife), frequency, halflife };
  }
  if (p.mode === 'stiff') {
    const halflife = dampingToHalflife(p.damping);
    return { s: p.stiffness, d: p.damping, frequency: stiffnessToFrequency(p.stiffness), halflife };
  }
  if (p.mode === 'bounce') {
    const { frequency, halflife } = durationBounceToSpring(p.duration, p.bounce);
    return { s: frequencyToStiffness(frequency), d: halflifeToDamping(halflife), frequency, halflife };
  }
  const d = halflifeToDamping(p.halflife);
  if (p.mode === 'freq')
    return { s: frequencyToStiffness(p.frequency), d, frequency: p.frequency, halflife: p.halflife };
  const s = (d * d) / (4 * p.ratio * p.ratio);
  return { s, d, frequency: stiffnessToFrequency(s), halflife: p.halflife };
}

/**
 * The step response of spring `sp` by the library's forward functions: overshoot (fraction),
 * time to peak, 10–90 % rise time, settling time within ±`tolerance`, lag; times in seconds
 * from the step.
 */
function responseOf(sp, tolerance) {
  const { frequency: f, halflife: h } = sp;
  return {
    overshoot: springOvershoot(f, h),
    peak: springPeakTime(f, h),
    rise: springRiseTime(f, h),
    settling: springSettlingTime(f, h, tolerance),
    lag: springLag(f, h),
  };
}

/** The step response of spring `sp` at time t after the step: one exact step of length t from rest. */
function stepResponse(sp, t) {
  const state = { x: 0, v: 0 };
  springDamperExact(state, 1, 0, sp.frequency, sp.halflife, t);
  return state.x;
}

/** The first time the step response of `sp` reaches `level` (< 1): bisection on the exact response. */
function firstReach(sp, level, peak) {
  let hi = Number.isFinite(peak) && peak > 0 ? peak : 0.01;
  while (stepResponse(sp, hi) < level && hi < 1e4) hi *= 2;
  let lo = 0;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (stepResponse(sp, mid) < level) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** One exact step of the panel's spring, in the mode's own parameterisation. */
function exactStep(p, state, g, dt, sp) {
  if (p.mode === 'stiff') springDamperExactStiffness(state, g, 0, p.stiffness, p.damping, dt);
  else if (p.mode === 'ratio') springDamperExactRatio(state, g, 0, p.ratio, p.halflife, dt);
  else springDamperExact(state, g, 0, sp.frequency, sp.halflife, dt);
}

/** The five springs of the panel: label, colour, fine (240 Hz) or large dt, one step. */
const SPRINGS = [
  {
    label: 'exact',
    color: COLORS.exact,
    kind: 'fine',
    step: (p, st, g, dt, sp) => exactStep(p, st, g, dt, sp),
  },
  {
    label: 'critical, same halflife',
    color: COLORS.ink,
    kind: 'fine',
    step: (_p, st, g, dt, sp) => criticalSpringDamperExact(st, g, 0, sp.halflife, dt),
  },
  {
    label: 'exact at large dt',
    color: COLORS.exact,
    kind: 'big',
    step: (p, st, g, dt, sp) => exactStep(p, st, g, dt, sp),
  },
  {
    label: 'explicit Euler at large dt',
    color: COLORS.bad,
    kind: 'big',
    step: (_p, st, g, dt, sp) => springDamperBad(st, g, 0, sp.s, sp.d, dt),
  },
  {
    label: 'article’s implicit at large dt',
    color: COLORS.implicit,
    kind: 'big',
    step: (_p, st, g, dt, sp) => springDamperImplicit(st, g, 0, sp.s, sp.d, dt, 1e-5),
  },
];

/** The panel's controls (see lib/controls.js). */
const PARAMS = {
  mode: { label: 'set by', options: MODES, value: 'freq' },
  frequency: {
    label: 'frequency',
    min: 0,
    max: 5,
    step: 0.05,
    value: 2,
    unit: 'Hz',
    show: (p) => p.mode === 'freq',
  },
  stiffness: {
    label: 'stiffness',
    min: 0,
    max: 600,
    step: 1,
    value: 150,
    unit: '/s²',
    show: (p) => p.mode === 'stiff',
  },
  damping: {
    label: 'damping',
    min: 0.1,
    max: 60,
    step: 0.1,
    value: 8,
    unit: '/s',
    show: (p) => p.mode === 'stiff',
  },
  ratio: {
    label: 'damping ratio',
    min: 0.05,
    max: 3,
    step: 0.01,
    value: 0.5,
    show: (p) => p.mode === 'ratio',
  },
  halflife: {
    label: 'halflife',
    min: 0.01,
    max: 1,
    step: 0.01,
    value: 0.2,
    unit: 's',
    show: (p) => p.mode === 'freq' || p.mode === 'ratio',
  },
  duration: {
    label: 'duration (period)',
    min: 0.1,
    max: 3,
    step: 0.05,
    value: 0.6,
    unit: 's',
    show: (p) => p.mode === 'bounce',
  },
  bounce: {
    label: 'bounce',
    min: -0.9,
    max: 0.95,
    step: 0.05,
    value: 0.3,
    show: (p) => p.mode === 'bounce',
  },
  target: {
    label: 'design by',
    options: TARGETS,
    value: 'settle',
    show: (p) => p.mode === 'response',
  },
  overshoot: {
    label: 'overshoot',
    min: 0,
    max: 80,
    step: 0.1,
    value: 10,
    unit: '%',
    entry: true,
    show: (p) => p.mode === 'response',
  },
  settling: {
    label: 'settling time',
    min: 0.05,
    max: 2.5,
    step: 0.01,
    value: 0.6,
    unit: 's',
    entry: true,
    show: (p) => p.mode === 'response' && p.target === 'settle',
  },
  rise: {
    label: 'rise time (10–90 %)',
    min: 0.01,
    max: 1,
    step: 0.005,
    value: 0.15,
    unit: 's',
    entry: true,
    show: (p) => p.mode === 'response' && p.target === 'rise',
  },
  tolerance: { label: 'settling band ±', min: 0.5, max: 10, step: 0.5, value: 2, unit: '%' },
  bigDt: { label: 'large dt (Euler, implicit)', min: 4, max: 120, step: 1, value: 50, unit: 'ms' },
  implicit: { label: 'show the article’s implicit spring', check: true, value: true },
};

export default {
  blurb:
    'The exact spring toward a goal that steps to 1, in every regime. Set it by stiffness and damping, by ' +
    'frequency and halflife, by damping ratio and halflife, or by a UI library’s duration and bounce; the ' +
    'read-outs convert between them. At a large dt the exact spring lands on its own curve, the explicit Euler ' +
    'spring (<code>spring_damper_bad</code>) drifts or explodes, and the article’s fast implicit spring stays ' +
    'stable but approximate. Right: the critical frequency of each halflife; above the curve the spring is under ' +
    'damped (bouncy), below over damped. Grab the goal in the stage to throw the springs around. Set by its ' +
    '<em>response</em>, the spring is designed the way a designer thinks: drag the peak (overshoot, time to ' +
    'peak) and the settling point (or the 90 % point of the rise) on the curve, or type them, and read back ' +
    'the frequency and halflife the library’s inverse solvers give. Every spring’s overshoot, rise and settling ' +
    'times and lag are measured by the forward functions.',
  params: PARAMS,

  mount(ui) {
    const time = ui.plot('position x over time', {
      series: [
        { label: 'goal', color: COLORS.goal, width: 1, stepped: true },
        { label: 'exact', color: COLORS.exact, width: 2 },
        { label: 'critical, same halflife', color: COLORS.ink, width: 1, dash: [5, 4] },
        { label: 'exact at large dt', color: COLORS.exact, line: false, points: 3 },
        { label: 'explicit Euler at large dt', color: COLORS.bad, points: 2 },
        { label: 'article’s implicit at large dt', color: COLORS.implicit, dash: [3, 3], points: 2 },
        { label: 'settling band', color: COLORS.goal, width: 1, dash: [2, 3] },
        { label: '10 % and 90 %', color: COLORS.ink, width: 1, dash: [1, 3] },
        { label: 'response points', color: COLORS.exact, line: false, points: 3.5 },
      ],
      x: { title: 't (s)', min: 0, max: DURATION },
      y: { min: -0.4, max: 2 },
    });
    // The response mode's handles, on the curve itself.
    const handles = {
      peak: time.handle({
        label: 'peak: overshoot and time to peak',
        color: COLORS.exact,
        axes: 'xy',
        keys: { x: 0.01, y: 0.001 },
        labelAt: 'above',
        move: (x, y) => movePeak(x, y),
      }),
      settle: time.handle({
        label: 'settling point',
        color: COLORS.exact,
        axes: 'x',
        keys: { x: 0.01 },
        labelAt: 'below',
        move: (x) =>
          moveTime('settling', x, (sp) =>
            springSettlingTime(sp.frequency, sp.halflife, params.tolerance / 100),
          ),
      }),
      rise: time.handle({
        label: '90 % point of the rise',
        color: COLORS.exact,
        axes: 'x',
        keys: { x: 0.005 },
        labelAt: 'below',
        move: (x) =>
          moveTime('rise', x, (sp) => firstReach(sp, 0.9, springPeakTime(sp.frequency, sp.halflife))),
      }),
    };
    const map = ui.plot('critical frequency of each halflife, and this spring', {
      series: [
        { label: 'critical frequency', color: COLORS.ink, width: 1.5 },
        { label: 'this spring', color: COLORS.exact, line: false, points: 5 },
      ],
      x: { title: 'halflife (s)', min: 0, max: 1 },
      y: { title: 'frequency (Hz)', min: 0, max: 6 },
    });
    for (let k = 4; k <= 100; k++) map.add(0, k / 100, criticalFrequency(k / 100));
    const out = {
      regime: ui.readout('regime'),
      ratio: ui.readout('damping ratio'),
      sd: ui.readout('stiffness, damping'),
      fh: ui.readout('frequency, halflife'),
      fc: ui.readout('critical frequency'),
      settle: ui.readout('critical spring settles (1 %)'),
      euler: ui.readout('Euler at large dt'),
      overshoot: ui.readout('overshoot, time to peak'),
      rise: ui.readout('rise time (10–90 %)'),
      settling: ui.readout('settling time'),
      lag: ui.readout('lag behind a moving goal'),
      db: ui.readout('duration, bounce'),
    };
    const states = SPRINGS.map(() => ({ x: 0, v: 0 }));
    let params = null;
    /** The drawn spring's response: forward measures, and the time it reaches 90 %. */
    let response = null;
    let t90 = NaN;

    /** The design time `key` ('settling' or 'rise') and the overshoot, snapped as their controls would. */
    const snapped = (key, value) => ui.snap(key, value);
    const timeKey = () => (params.target === 'rise' ? 'rise' : 'settling');
    /**
     * The peak handle moved to (x, y): the overshoot is y − 1; a time to peak of x − step sets the
     * design time, since at a given overshoot (damping ratio) every time of the response scales
     * together as 1/frequency.
     */
    function movePeak(x, y) {
      const overshoot = snapped('overshoot', (y - 1) * 100);
      const values = { overshoot };
      const key = timeKey();
      const trial = springOf({ ...params, overshoot });
      const peak = springPeakTime(trial.frequency, trial.halflife);
      if (overshoot / 100 >= NO_PEAK && Number.isFinite(peak) && x > STEP_AT)
        values[key] = snapped(key, (params[key] * (x - STEP_AT)) / peak);
      ui.set(values);
    }
    /**
     * A time handle moved to x: the design time `key` scaled so that the handle's time
     * (`at(spring)`, from the current parameters, which may be ahead of the last drawing) lands
     * on x − step.
     */
    function moveTime(key, x, at) {
      const now = at(springOf(params));
      if (x > STEP_AT && now > 0) ui.set({ [key]: snapped(key, (params[key] * (x - STEP_AT)) / now) });
    }
    const clockOf = (p, kind) => frameClock(kind === 'fine' ? FINE_RATE : 1000 / p.bigDt);
    let spring = null;

    // The stage: all five springs live, each at its own dt.
    const live = { clocks: [], goal: 0 };
    ui.stage({
      caption: 'live: the springs, each at its own dt',
      bodies: [
        { label: 'goal', color: COLORS.goal, kind: 'goal' },
        ...SPRINGS.map(({ label, color, kind }) => ({
          label,
          color,
          kind: kind === 'big' ? 'trace' : 'object',
        })),
      ],
      range: () => [-0.4, 2],
      duration: () => DURATION,
      cursors: [time],
      restart(p) {
        live.clocks = SPRINGS.map(({ kind }) => clockOf(p, kind));
        for (const st of states) st.x = st.v = 0;
        live.goal = 0;
      },
      advance(p, t, user) {
        SPRINGS.forEach(({ step }, i) => {
          live.clocks[i].advance(t, (t0, dt) => {
            const g = user ? user.goal : goalAt(t0);
            if (i === 0) live.goal = g;
            if (!exploded(states[i])) step(p, states[i], g, dt, spring);
          });
        });
        if (user) live.goal = user.goal;
      },
      read(values) {
        values[0] = live.goal;
        states.forEach((st, i) => {
          values[i + 1] = exploded(st) || (i === 4 && !params.implicit) ? NaN : st.x;
        });
      },
    });

    /**
     * The response's landmarks on the time plot: the settling band (or the 10 % and 90 % levels),
     * the peak and settling points, and in the response mode the handles that set them.
     */
    function drawResponse(p) {
      const tol = p.tolerance / 100;
      response = responseOf(spring, tol);
      const r = response;
      const rise = p.mode === 'response' && p.target === 'rise';
      const line = (series, y) => {
        time.add(series, 0, y);
        time.add(series, DURATION, y);
        time.add(series, NaN, NaN);
      };
      for (const i of [6, 7, 8]) time.reset(i);
      line(6, 1 + tol);
      line(6, 1 - tol);
      line(7, 0.1);
      line(7, 0.9);
      time.visible(7, rise);
      t90 = firstReach(spring, 0.9, r.peak);
      const hasPeak = r.overshoot >= NO_PEAK && STEP_AT + r.peak <= DURATION;
      if (hasPeak) time.add(8, STEP_AT + r.peak, 1 + r.overshoot);
      const settleY = Number.isFinite(r.settling) ? stepResponse(spring, r.settling) : NaN;
      time.add(8, STEP_AT + r.settling, settleY);
      if (rise) {
        time.add(8, STEP_AT + t90 - r.rise, 0.1);
        time.add(8, STEP_AT + t90, 0.9);
      }
      if (p.mode !== 'response') {
        for (const h of Object.values(handles)) h.hide();
        return;
      }
      const pct = (v) => `${(v * 100).toFixed(1)} %`;
      if (hasPeak)
        handles.peak.place(
          STEP_AT + r.peak,
          1 + r.overshoot,
          `peak ${pct(r.overshoot)} after ${r.peak.toFixed(3)} s`,
          'xy',
        );
      else handles.peak.place(DURATION, 1 + r.overshoot, `${pct(r.overshoot)} overshoot: drag up`, 'y');
      if (rise) {
        handles.settle.hide();
        handles.rise.place(STEP_AT + t90, 0.9, `rise (10→90 %) ${r.rise.toFixed(3)} s`);
      } else {
        handles.rise.hide();
        handles.settle.place(
          STEP_AT + r.settling,
          settleY,
          `settled (±${p.tolerance} %) after ${r.settling.toFixed(3)} s`,
        );
      }
    }

    return {
      draw(p) {
        params = p;
        spring = springOf(p);
        const { s, d, frequency, halflife } = spring;
        time.reset(0);
        time.add(0, 0, 0);
        time.add(0, STEP_AT, 1);
        time.add(0, DURATION, 1);
        let peak = 0;
        let eulerExploded = false;
        SPRINGS.forEach(({ kind, step }, i) => {
          const st = { x: 0, v: 0 };
          time.reset(i + 1);
          time.add(i + 1, 0, 0);
          clockOf(p, kind).advance(
            DURATION,
            (t, dt) => {
              if (!exploded(st)) step(p, st, goalAt(t), dt, spring);
            },
            (t) => {
              if (exploded(st)) {
                if (i === 3) eulerExploded = true;
                return;
              }
              time.add(i + 1, t, st.x);
              if (i === 0) peak = Math.max(peak, st.x);
            },
          );
        });
        time.visible(5, p.implicit);
        time.markers([{ x: STEP_AT, label: 'goal steps', color: COLORS.goal }]);
        drawResponse(p);
        time.commit();

        const fc = criticalFrequency(halflife);
        const zeta = s > 0 ? d / (2 * Math.sqrt(s)) : Infinity;
        map.reset(1);
        map.add(1, halflife, frequency);
        map.markers([{ x: halflife, label: `critical ${fc.toFixed(2)} Hz`, color: COLORS.exact }]);
        map.commit();

        const big = p.bigDt / 1000;
        const critical = Math.abs(zeta - 1) < 0.005;
        const regime = critical
          ? 'critically damped'
          : zeta < 1
            ? 'under damped (oscillates)'
            : 'over damped';
        out.regime(regime);
        out.ratio(Number.isFinite(zeta) ? zeta.toFixed(3) : '∞');
        out.sd(`${s.toFixed(1)} /s², ${d.toFixed(2)} /s`);
        out.fh(`${frequency.toFixed(3)} Hz, ${halflife.toFixed(3)} s`);
        out.fc(`${fc.toFixed(3)} Hz for halflife ${halflife.toFixed(3)} s`);
        out.settle(`in ${criticalSettleTime(halflife, 0.01).toFixed(3)} s`);
        out.euler(
          `damping·dt ${(d * big).toFixed(2)}, stiffness·dt² ${(s * big * big).toFixed(2)}${eulerExploded ? ': exploded' : ''}`,
        );
        const r = response;
        out.overshoot(
          r.overshoot >= NO_PEAK / 10
            ? `${(r.overshoot * 100).toFixed(2)} % at ${r.peak.toFixed(3)} s`
            : 'none (no peak)',
        );
        out.rise(`${r.rise.toFixed(3)} s`);
        out.settling(`${r.settling.toFixed(3)} s (within ±${p.tolerance} %)`);
        out.lag(Number.isFinite(r.lag) ? `${r.lag.toFixed(3)} s × its speed` : '∞ (it never moves)');
        if (frequency > 0) {
          const db = springToDurationBounce(frequency, halflife);
          out.db(`${db.duration.toFixed(3)} s, ${db.bounce.toFixed(3)}`);
        } else out.db('— (frequency 0)');
        time.summary(
          (p.mode === 'response'
            ? `Designed by its response: ${p.overshoot} % overshoot, ${p.target === 'rise' ? `rise time ${p.rise} s` : `settling within ±${p.tolerance} % in ${p.settling} s`}, ` +
              `solved as frequency ${frequency.toFixed(3)} Hz, halflife ${halflife.toFixed(3)} s. `
            : '') +
            `The exact spring (${regime}, damping ratio ${Number.isFinite(zeta) ? zeta.toFixed(2) : '∞'}) peaks at x = ${peak.toFixed(3)} ` +
            `after the goal steps to 1 and settles within ±${p.tolerance} % after ${response.settling.toFixed(3)} s. ` +
            `At dt = ${p.bigDt} ms the exact spring’s dots lie on its curve; explicit Euler ` +
            (eulerExploded ? 'explodes.' : 'stays bounded but drifts from it.'),
        );
        map.summary(
          `For halflife ${halflife.toFixed(2)} s the critical frequency is ${fc.toFixed(2)} Hz; this spring’s ${frequency.toFixed(2)} Hz is ` +
            `${frequency > fc ? 'above it: under damped' : frequency < fc ? 'below it: over damped' : 'on it: critical'}.`,
        );
      },
      code(p) {
        const r = response;
        // The read-outs and the map's point, unrounded: the facts the 240 Hz program prints.
        const shown = {
          overshoot: r.overshoot,
          peak_time: r.peak,
          rise: r.rise,
          settling: r.settling,
          lag: r.lag,
          critical_frequency: criticalFrequency(spring.halflife),
          frequency: spring.frequency,
          halflife: spring.halflife,
        };
        return [springProgram(p, 'fine', shown), springProgram(p, 'big')];
      },
      inspect() {
        return { frequency: spring.frequency, halflife: spring.halflife, response: { ...response, t90 } };
      },
    };
  },
};

/**
 * The library call a solved mode (duration & bounce, or the response) gets its spring from:
 * the JS and C names, the arguments, what it means, and the facts the program prints after it
 * (`# name value` lines: the name, the JS and C functions, their arguments after the spring's), which are the
 * response that was asked for, measured by the forward functions.
 */
function solverOf(p) {
  if (p.mode === 'bounce')
    return {
      fn: 'durationBounceToSpring',
      c: 'sp_duration_bounce_to_spring',
      args: [p.duration, p.bounce],
      why: `from duration ${jn(p.duration)} s and bounce ${jn(p.bounce)}, as UI libraries set springs`,
      facts: [],
    };
  const overshoot = { name: 'overshoot', fn: 'springOvershoot', c: 'sp_spring_overshoot', args: [] };
  if (p.target === 'rise')
    return {
      fn: 'riseTimeOvershootToSpring',
      c: 'sp_rise_time_overshoot_to_spring',
      args: [p.rise, p.overshoot / 100],
      why: `designed by its response: rises from 10 % to 90 % in ${jn(p.rise)} s, overshoots by ${jn(p.overshoot)} %`,
      facts: [overshoot, { name: 'rise', fn: 'springRiseTime', c: 'sp_spring_rise_time', args: [] }],
    };
  return {
    fn: 'settlingTimeOvershootToSpring',
    c: 'sp_settling_time_overshoot_to_spring',
    args: [p.settling, p.overshoot / 100, p.tolerance / 100],
    why: `designed by its response: settles within ±${jn(p.tolerance)} % in ${jn(p.settling)} s, overshoots by ${jn(p.overshoot)} %`,
    facts: [
      overshoot,
      { name: 'settling', fn: 'springSettlingTime', c: 'sp_spring_settling_time', args: [p.tolerance / 100] },
    ],
  };
}

/**
 * The panel's springs from rest toward the stepping goal: at 240 Hz (exact and critical, and the
 * spring's step response and critical frequency: the read-outs, `shown`), or at the large dt
 * (exact, explicit Euler and the article's implicit spring).
 */
function springProgram(p, kind, shown = {}) {
  const fine = kind === 'fine';
  const dtText = fine ? '1 / 240' : `${jn(p.bigDt)} / 1000`;
  const modeName = MODES.find(([m]) => m === p.mode)[1];
  const title = fine
    ? `The exact spring (set by ${modeName}) and the critical spring of the same halflife, at 240 Hz`
    : `The exact, explicit Euler and the article's implicit springs at dt = ${jn(p.bigDt)} ms`;
  const uses = new Set(['init']);
  // How the program gets its spring: the mode's own parameters, then what the others need.
  let setupJs = '';
  let setupC = '';
  if (p.mode === 'freq') {
    setupJs = `const frequency = ${jn(p.frequency)}; // Hz\nconst halflife = ${jn(p.halflife)}; // s\n`;
    setupC = `    const float frequency = ${cf(p.frequency)}; /* Hz */\n    const float halflife = ${cf(p.halflife)}; /* s */\n`;
    if (!fine) {
      uses.add('frequencyToStiffness').add('halflifeToDamping');
      setupJs += `const stiffness = frequencyToStiffness(frequency);\nconst damping = halflifeToDamping(halflife);\n`;
      setupC += `    const float stiffness = sp_frequency_to_stiffness(frequency);\n    const float damping = sp_halflife_to_damping(halflife);\n`;
    }
  } else if (p.mode === 'stiff') {
    setupJs = `const stiffness = ${jn(p.stiffness)}; // 1/s²\nconst damping = ${jn(p.damping)}; // 1/s\n`;
    setupC = `    const float stiffness = ${cf(p.stiffness)}; /* 1/s^2 */\n    const float damping = ${cf(p.damping)}; /* 1/s */\n`;
    if (fine) {
      uses.add('dampingToHalflife').add('stiffnessToFrequency');
      setupJs += `const halflife = dampingToHalflife(damping);\nconst frequency = stiffnessToFrequency(stiffness);\n`;
      setupC += `    const float halflife = sp_damping_to_halflife(damping);\n    const float frequency = sp_stiffness_to_frequency(stiffness);\n`;
    }
  } else if (p.mode === 'ratio') {
    setupJs = `const ratio = ${jn(p.ratio)}; // damping ratio: 1 critical, < 1 bouncy\nconst halflife = ${jn(p.halflife)}; // s\n`;
    setupC = `    const float ratio = ${cf(p.ratio)}; /* damping ratio: 1 critical, < 1 bouncy */\n    const float halflife = ${cf(p.halflife)}; /* s */\n`;
    uses.add('halflifeToDamping');
    setupJs += `const damping = halflifeToDamping(halflife);\nconst stiffness = (damping * damping) / (4 * ratio * ratio);\n`;
    setupC += `    const float damping = sp_halflife_to_damping(halflife);\n    const float stiffness = (float)(((double)damping * damping) / (4.0 * (double)ratio * ratio));\n`;
    if (fine) {
      uses.add('stiffnessToFrequency');
      setupJs += `const frequency = stiffnessToFrequency(stiffness);\n`;
      setupC += `    const float frequency = sp_stiffness_to_frequency(stiffness);\n`;
    }
  } else {
    // Solved by the library: from duration and bounce, or from the response.
    const solver = solverOf(p);
    uses.add(solver.fn);
    const asked = fine ? [] : solver.facts; // the 240 Hz program measures every response below
    setupJs =
      `// ${solver.why}\nconst { frequency, halflife } = ${solver.fn}(${solver.args.map(jn).join(', ')});\n` +
      asked
        .map(({ name, fn, args }) => {
          uses.add(fn);
          return `console.log('# ${name}', ${fn}(frequency, halflife${args.map((a) => `, ${jn(a)}`).join('')}));\n`;
        })
        .join('');
    setupC =
      `    float frequency, halflife; /* ${solver.why} */\n` +
      `    ${solver.c}(${solver.args.map(cf).join(', ')}, &frequency, &halflife);\n` +
      asked
        .map(
          ({ name, c, args }) =>
            `    printf("# ${name} %.9g\\n", (double)${c}(frequency, halflife${args.map((a) => `, ${cf(a)}`).join('')}));\n`,
        )
        .join('');
    if (!fine) {
      uses.add('frequencyToStiffness').add('halflifeToDamping');
      setupJs += `const stiffness = frequencyToStiffness(frequency);\nconst damping = halflifeToDamping(halflife);\n`;
      setupC += `    const float stiffness = sp_frequency_to_stiffness(frequency);\n    const float damping = sp_halflife_to_damping(halflife);\n`;
    }
  }
  // The 240 Hz program also measures the spring's step response, as the read-outs do.
  const MEASURES = [
    ['overshoot', 'springOvershoot', 'sp_spring_overshoot', '', 'fraction of the step'],
    ['peak_time', 'springPeakTime', 'sp_spring_peak_time', '', 's after the step'],
    ['rise', 'springRiseTime', 'sp_spring_rise_time', '', 's from 10 % to 90 %'],
    [
      'settling',
      'springSettlingTime',
      'sp_spring_settling_time',
      ', tolerance',
      's until it stays in the band',
    ],
    ['lag', 'springLag', 'sp_spring_lag', '', 's behind a goal moving at a constant speed'],
  ];
  if (fine) for (const [, fn] of MEASURES) uses.add(fn);
  if (fine) uses.add('criticalFrequency');
  const measuresJs = fine
    ? `\nconst tolerance = ${jn(p.tolerance / 100)}; // the settling band: ±${jn(p.tolerance)} %\n` +
      `// Its step response, measured by the library's forward functions.\n` +
      MEASURES.map(
        ([name, fn, , args, what]) =>
          `console.log('# ${name}', ${fn}(frequency, halflife${args})); // ${what}\n`,
      ).join('') +
      `// Above the critical frequency of its halflife a spring oscillates; below it, it does not.\n` +
      `console.log('# critical_frequency', criticalFrequency(halflife)); // Hz\n` +
      `console.log('# frequency', frequency); // Hz\nconsole.log('# halflife', halflife); // s\n` +
      `// The regime map: the critical frequency of each halflife from 0.04 s to 1 s.\n` +
      `for (let k = 4; k <= 100; k++) console.log('critical', (k / 100).toFixed(5), criticalFrequency(k / 100).toFixed(5));\n\n`
    : '';
  const measuresC = fine
    ? `    const float tolerance = ${cf(p.tolerance / 100)}; /* the settling band: +-${jn(p.tolerance)} % */\n` +
      `    /* its step response, measured by the library's forward functions */\n` +
      MEASURES.map(
        ([name, , c, args, what]) =>
          `    printf("# ${name} %.9g\\n", (double)${c}(frequency, halflife${args})); /* ${what} */\n`,
      ).join('') +
      `    /* above the critical frequency of its halflife a spring oscillates; below it, it does not */\n` +
      `    printf("# critical_frequency %.9g\\n", (double)sp_critical_frequency(halflife)); /* Hz */\n` +
      `    printf("# frequency %.9g\\n# halflife %.9g\\n", (double)frequency, (double)halflife);\n` +
      `    /* the regime map: the critical frequency of each halflife from 0.04 s to 1 s */\n` +
      `    for (k = 4; k <= 100; k++) printf("critical %.5f %.5f\\n", k / 100.0, (double)sp_critical_frequency((float)(k / 100.0)));\n`
    : '';
  const exactJs = {
    freq: 'springDamperExact(exact, g, 0, frequency, halflife, dt)',
    bounce: 'springDamperExact(exact, g, 0, frequency, halflife, dt)',
    response: 'springDamperExact(exact, g, 0, frequency, halflife, dt)',
    stiff: 'springDamperExactStiffness(exact, g, 0, stiffness, damping, dt)',
    ratio: 'springDamperExactRatio(exact, g, 0, ratio, halflife, dt)',
  }[p.mode];
  const exactC = {
    freq: 'sp_spring_damper_exact(&exact.x, &exact.v, g, 0.0f, frequency, halflife, dt)',
    bounce: 'sp_spring_damper_exact(&exact.x, &exact.v, g, 0.0f, frequency, halflife, dt)',
    response: 'sp_spring_damper_exact(&exact.x, &exact.v, g, 0.0f, frequency, halflife, dt)',
    stiff: 'sp_spring_damper_exact_stiffness(&exact.x, &exact.v, g, 0.0f, stiffness, damping, dt)',
    ratio: 'sp_spring_damper_exact_ratio(&exact.x, &exact.v, g, 0.0f, ratio, halflife, dt)',
  }[p.mode];
  uses.add(exactJs.slice(0, exactJs.indexOf('(')));
  const others = fine
    ? [
        [
          'critical',
          'criticalSpringDamperExact(critical, g, 0, halflife, dt)',
          'sp_critical_spring_damper_exact(&critical.x, &critical.v, g, 0.0f, halflife, dt)',
        ],
      ]
    : [
        [
          'euler',
          'springDamperBad(euler, g, 0, stiffness, damping, dt)',
          'sp_spring_damper_bad(&euler.x, &euler.v, g, 0.0f, stiffness, damping, dt)',
        ],
        [
          'implicit',
          'springDamperImplicit(implicit, g, 0, stiffness, damping, dt, 1e-5)',
          'sp_spring_damper_implicit(&implicit.x, &implicit.v, g, 0.0f, stiffness, damping, dt, 1e-5f)',
        ],
      ];
  for (const [, call] of others) uses.add(call.slice(0, call.indexOf('(')));
  const names = ['exact', ...others.map(([n]) => n)];
  const compare = fine
    ? [
        { plot: 0, series: 1, cols: [0, 1] },
        { plot: 0, series: 2, cols: [0, 2] },
        { plot: 1, series: 0, cols: [0, 1], rows: 'critical' },
      ]
    : [
        { plot: 0, series: 3, cols: [0, 1] },
        { plot: 0, series: 4, cols: [0, 2] },
        ...(p.implicit ? [{ plot: 0, series: 5, cols: [0, 3] }] : []),
      ];
  const guard = (n, body) =>
    n === 'euler' ? `if (Math.abs(euler.x) < 1e6 && Math.abs(euler.v) < 1e9) ${body}` : body;
  const guardC = (n, body) =>
    n === 'euler' ? `if (fabsf(euler.x) < 1e6f && fabsf(euler.v) < 1e9f) ${body}` : body;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { ${[...uses].join(', ')} } from 'sprung';\n\nawait init();\n\n` +
      setupJs +
      measuresJs +
      `const dt = ${dtText}; // s\n\n` +
      `/** The goal steps from 0 to 1 at t = ${STEP_AT} s. */\n` +
      `const goalAt = (t${ann(ts, 'number')}) => (t < ${STEP_AT} - 1e-6 ? 0 : 1);\n\n` +
      names.map((n) => `const ${n} = { x: 0, v: 0 };\n`).join('') +
      `\n/** One frame of every spring toward goal g.${fine ? '' : ' Euler is not stepped once it has exploded.'} */\n` +
      `function frame(g${ann(ts, 'number')}) {\n` +
      `  ${exactJs};\n` +
      others.map(([n, call]) => `  ${guard(n, call)};\n`).join('') +
      `}\n\n` +
      jsRow(ts) +
      `// ${DURATION} s of frames; in a game, call frame(goal) once a frame.\n` +
      `for (let k = 0; k * dt <= ${DURATION} + 1e-9; k++) {\n` +
      `  const t = k * dt;\n` +
      `  row(t, ${names.map((n) => `${n}.x`).join(', ')});\n` +
      `  frame(goalAt(t));\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `typedef struct { float x, v; } spring;\n\n` +
    `/* The goal steps from 0 to 1 at t = ${STEP_AT} s. */\n` +
    `static float goal_at(double t) { return t < ${STEP_AT} - 1e-6 ? 0.0f : 1.0f; }\n\n` +
    `int main(void)\n{\n    int k;\n` +
    setupC +
    measuresC +
    `    const double dt_d = ${fine ? '1.0 / 240.0' : `${jn(p.bigDt)} / 1000.0`};\n` +
    `    const float dt = (float)dt_d;\n` +
    `    ${names.map((n) => `spring ${n} = { 0.0f, 0.0f };`).join('\n    ')}\n` +
    `    for (k = 0; k * dt_d <= ${DURATION} + 1e-9; k++) {\n` +
    `        const double t = k * dt_d;\n` +
    `        const float g = goal_at(t);\n` +
    `        ${cRow(['t', ...names.map((n) => `${n}.x`)])}\n` +
    `        ${exactC};\n` +
    others.map(([n, , call]) => `        ${guardC(n, call)};\n`).join('') +
    `    }\n` +
    `    return 0;\n}\n`;
  return {
    id: kind,
    title: fine ? 'the spring at 240 Hz' : `the springs at dt = ${p.bigDt} ms`,
    ...js,
    c,
    compare,
    // What the response mode asked for: the program's forward measures must print it.
    // (and the 240 Hz program's measures must be the page's read-outs).
    facts: {
      ...(fine ? shown : {}),
      ...(p.mode !== 'response'
        ? {}
        : p.target === 'rise'
          ? { overshoot: p.overshoot / 100, rise: p.rise }
          : { overshoot: p.overshoot / 100, settling: p.settling }),
    },
  };
}
