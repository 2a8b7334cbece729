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
import { COLORS } from '../lib/theme.js';

export const STEP_AT = 0.1;
/** The time axis's lengths (s): the first at least STEP_AT + 2.5 × the settling time is shown. */
const AXIS_LENGTHS = [0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20];
/** The length of the time axis (and of the stage's scenario) for a response settling in `settling` s. */
export const fitDuration = (settling) =>
  AXIS_LENGTHS.find((d) => d >= STEP_AT + 2.5 * settling) ?? AXIS_LENGTHS[AXIS_LENGTHS.length - 1];
/**
 * Presets, from two families of UI springs the library's parameterisations meet exactly: SwiftUI's
 * (duration and bounce) and react-spring's (tension and friction: stiffness and damping at mass 1).
 */
const PRESETS = [
  {
    label: 'smooth',
    title: 'SwiftUI .smooth: duration 0.5 s, bounce 0',
    set: { mode: 'bounce', duration: 0.5, bounce: 0 },
  },
  {
    label: 'snappy',
    title: 'SwiftUI .snappy: duration 0.5 s, bounce 0.15',
    set: { mode: 'bounce', duration: 0.5, bounce: 0.15 },
  },
  {
    label: 'bouncy',
    title: 'SwiftUI .bouncy: duration 0.5 s, bounce 0.3',
    set: { mode: 'bounce', duration: 0.5, bounce: 0.3 },
  },
  {
    label: 'gentle',
    title: 'react-spring gentle: tension 120, friction 14',
    set: { mode: 'stiff', stiffness: 120, damping: 14 },
  },
  {
    label: 'wobbly',
    title: 'react-spring wobbly: tension 180, friction 12',
    set: { mode: 'stiff', stiffness: 180, damping: 12 },
  },
  {
    label: 'stiff',
    title: 'react-spring stiff: tension 210, friction 20',
    set: { mode: 'stiff', stiffness: 210, damping: 20 },
  },
  {
    label: 'slow',
    title: 'react-spring slow: tension 280, friction 60',
    set: { mode: 'stiff', stiffness: 280, damping: 60 },
  },
];
/** motion's perceived duration is 1/1.2 of the undamped period: the critical spring is then within this of its goal. */
const PERCEIVED_LEFT = (1 + (2 * Math.PI) / 1.2) * Math.exp((-2 * Math.PI) / 1.2);
/**
 * The perceived duration of a spring, as motion.dev sets springs by it (its `visualDuration`): the
 * undamped period (springToDurationBounce's duration) over 1.2 for a spring of damping ratio up to
 * 1; an over damped spring is perceived done when it comes as near its goal as the critical spring
 * of that period then does (1 − PERCEIVED_LEFT, 96.7 % of the step).
 */
function perceivedOf(sp) {
  const { duration, bounce } = springToDurationBounce(sp.frequency, sp.halflife);
  return bounce >= 0 ? duration / 1.2 : firstReach(sp, 1 - PERCEIVED_LEFT, NaN);
}
/** The history of the spring drawn: a change held this long (ms) becomes the spring the next change is compared with. */
const SETTLE_MS = 600;
const FINE_RATE = 240;
export const MODES = [
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

/**
 * A spring in every form: stiffness s, damping d, frequency (Hz), halflife (s).
 * @typedef {{ s: number, d: number, frequency: number, halflife: number }} Spring
 */

/**
 * The spring of the panel's parameters in every form.
 * @returns {Spring}
 */
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
    max: 5,
    step: 0.01,
    value: 0.6,
    unit: 's',
    entry: true,
    show: (p) => p.mode === 'response' && p.target === 'settle',
  },
  rise: {
    label: 'rise time (10–90 %)',
    min: 0.01,
    max: 2,
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
    'The exact spring toward a goal that steps to 1, set by stiffness and damping, frequency and halflife, ' +
    'damping ratio, a UI library’s duration and bounce, or its <em>response</em>: drag the peak and the settling ' +
    'point on the curve (or type them) and read the frequency and halflife the inverse solvers give. At a large ' +
    'dt the exact spring stays on its curve, explicit Euler (<code>spring_damper_bad</code>) drifts or explodes, ' +
    'the article’s implicit spring is stable but approximate. Below: the critical frequency of each halflife.',
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
        {
          label: 'settling band',
          color: COLORS.goal,
          width: 1,
          dash: [2, 3],
          guide: 'the band of ±tolerance about the goal, a parameter',
        },
        {
          label: '10 % and 90 %',
          color: COLORS.ink,
          width: 1,
          dash: [1, 3],
          guide: 'two levels of the step, constants',
        },
        {
          label: 'response points',
          color: COLORS.exact,
          line: false,
          points: 3.5,
          guide:
            'the response’s landmarks, which the 240 Hz program prints as facts (# overshoot, # peak_time, # settling, # rise)',
        },
        {
          label: 'previous spring',
          color: COLORS.muted,
          width: 1.5,
          dash: [6, 4],
          hidden: true,
          history: true,
          guide: 'the spring before the last change, to compare with: the reader’s history, not a parameter',
        },
      ],
      // Times from the goal's step: "settled after 0.500 s" sits at t = 0.5.
      x: { title: 't after the goal steps (s)', min: -STEP_AT, max: fitDuration(0.5) - STEP_AT },
      y: { title: 'position x', min: -0.4, max: 2 },
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
        end: () => ui.request(),
      }),
      perceived: time.handle({
        label: 'perceived duration',
        color: COLORS.extra,
        axes: 'x',
        keys: { x: 0.01 },
        labelAt: 'above',
        move: (x) => moveTime(timeKey(), x, perceivedOf),
        end: () => ui.request(),
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
        end: () => ui.request(),
      }),
      rise: time.handle({
        label: '90 % point of the rise',
        color: COLORS.exact,
        axes: 'x',
        keys: { x: 0.005 },
        labelAt: 'below',
        move: (x) =>
          moveTime('rise', x, (sp) => firstReach(sp, 0.9, springPeakTime(sp.frequency, sp.halflife))),
        end: () => ui.request(),
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
      // first what a designer reads back: the spring the controls make
      fh: ui.readout('frequency, halflife'),
      regime: ui.readout('regime'),
      ratio: ui.readout('damping ratio'),
      sd: ui.readout('stiffness, damping'),
      fc: ui.readout('critical frequency'),
      settle: ui.readout('critical spring settles (1 %)'),
      euler: ui.readout('Euler at large dt'),
      overshoot: ui.readout('overshoot, time to peak'),
      rise: ui.readout('rise time (10–90 %)'),
      settling: ui.readout('settling time'),
      lag: ui.readout('lag behind a moving goal'),
      perceived: ui.readout('perceived duration (motion’s visualDuration)'),
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
     * The peak handle moved to (x, y): the overshoot is y − 1; a time to peak of x (from the step)
     * sets the design time, since at a given overshoot (damping ratio) every time of the response
     * scales together as 1/frequency.
     */
    function movePeak(x, y) {
      const overshoot = snapped('overshoot', (y - 1) * 100);
      const values = { overshoot };
      const key = timeKey();
      const trial = springOf({ ...params, overshoot });
      const peak = springPeakTime(trial.frequency, trial.halflife);
      if (overshoot / 100 >= NO_PEAK && Number.isFinite(peak) && x > 0)
        values[key] = snapped(key, (params[key] * x) / peak);
      ui.set(values);
    }
    /**
     * A time handle moved to x: the design time `key` scaled so that the handle's time
     * (`at(spring)`, from the current parameters, which may be ahead of the last drawing) lands
     * on x (from the step).
     */
    function moveTime(key, x, at) {
      const now = at(springOf(params));
      if (x > 0 && now > 0) ui.set({ [key]: snapped(key, (params[key] * x) / now) });
    }
    const clockOf = (p, kind) => frameClock(kind === 'fine' ? FINE_RATE : 1000 / p.bigDt);
    /** @type {Spring} */
    let spring;
    let duration = fitDuration(0.5);
    ui.actions(
      'Presets',
      PRESETS.map(({ label, title, set }) => ({ label, title, press: () => ui.set(set) })),
    );

    // The stage: all five springs live, each at its own dt.
    const live = { clocks: /** @type {ReturnType<typeof frameClock>[]} */ ([]), goal: 0 };
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
      duration: () => duration,
      // (the stage's time runs from the springs' start; the plot's from the step)
      cursors: [{ cursor: (t) => time.cursor(t === null ? null : t - STEP_AT) }],
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
      const r = response;
      const rise = p.mode === 'response' && p.target === 'rise';
      const line = (series, y) => {
        time.add(series, -STEP_AT, y);
        time.add(series, duration - STEP_AT, y);
        time.add(series, NaN, NaN);
      };
      for (const i of [6, 7, 8]) time.reset(i);
      line(6, 1 + tol);
      line(6, 1 - tol);
      line(7, 0.1);
      line(7, 0.9);
      time.visible(7, rise);
      t90 = firstReach(spring, 0.9, r.peak);
      const hasPeak = r.overshoot >= NO_PEAK && STEP_AT + r.peak <= duration;
      if (hasPeak) time.add(8, r.peak, 1 + r.overshoot);
      const settleY = Number.isFinite(r.settling) ? stepResponse(spring, r.settling) : NaN;
      time.add(8, r.settling, settleY);
      if (rise) {
        time.add(8, t90 - r.rise, 0.1);
        time.add(8, t90, 0.9);
      }
      if (p.mode !== 'response') {
        for (const h of Object.values(handles)) h.hide();
        return;
      }
      const perceived = perceivedOf(spring);
      handles.perceived.place(
        perceived,
        stepResponse(spring, perceived),
        `perceived ${perceived.toFixed(3)} s`,
      );
      const pct = (v) => `${(v * 100).toFixed(1)} %`;
      if (hasPeak)
        handles.peak.place(
          r.peak,
          1 + r.overshoot,
          `peak ${pct(r.overshoot)} after ${r.peak.toFixed(3)} s`,
          'xy',
        );
      else
        handles.peak.place(
          duration - STEP_AT,
          1 + r.overshoot,
          `${pct(r.overshoot)} overshoot: drag up`,
          'y',
        );
      if (rise) {
        handles.settle.hide();
        handles.rise.place(t90, 0.9, `rise (10→90 %) ${r.rise.toFixed(3)} s`);
      } else {
        handles.rise.hide();
        handles.settle.place(
          r.settling,
          settleY,
          `settled (±${p.tolerance} %) after ${r.settling.toFixed(3)} s`,
        );
      }
    }

    /**
     * The previous spring, drawn as a ghost: the spring as it was before the current change began
     * (a change held for SETTLE_MS becomes the spring the next one is compared with).
     */
    const history = {
      settled: /** @type {Spring | null} */ (null),
      ghost: /** @type {Spring | null} */ (null),
      timer: 0,
    };
    const same = (a, b) => a.frequency === b.frequency && a.halflife === b.halflife;
    function drawGhost() {
      const now = spring;
      if (!history.settled) history.settled = now;
      if (!same(history.settled, now)) {
        if (!history.ghost || same(history.ghost, now) || !history.timer) history.ghost = history.settled;
        clearTimeout(history.timer);
        history.timer = setTimeout(() => {
          history.settled = now;
          history.timer = 0;
        }, SETTLE_MS);
      }
      time.reset(9);
      const ghost = history.ghost;
      time.visible(9, ghost !== null);
      if (!ghost) return;
      const st = { x: 0, v: 0 };
      time.add(9, -STEP_AT, 0);
      frameClock(FINE_RATE).advance(
        duration,
        (t, dt) => springDamperExact(st, goalAt(t), 0, ghost.frequency, ghost.halflife, dt),
        (t) => time.add(9, t - STEP_AT, st.x),
      );
    }

    return {
      draw(p) {
        params = p;
        spring = springOf(p);
        response = responseOf(spring, p.tolerance / 100);
        // The time axis fits the response (a few times its settling time), but holds still while
        // a handle is dragged, so that the handle stays under the pointer; it fits on release.
        if (!time.dragging()) duration = fitDuration(response.settling);
        time.bounds('x', -STEP_AT, duration - STEP_AT);
        const { s, d, frequency, halflife } = spring;
        time.reset(0);
        time.add(0, -STEP_AT, 0);
        time.add(0, 0, 1);
        time.add(0, duration - STEP_AT, 1);
        let peak = 0;
        let eulerExploded = false;
        SPRINGS.forEach(({ kind, step }, i) => {
          const st = { x: 0, v: 0 };
          time.reset(i + 1);
          time.add(i + 1, -STEP_AT, 0);
          clockOf(p, kind).advance(
            duration,
            (t, dt) => {
              if (!exploded(st)) step(p, st, goalAt(t), dt, spring);
            },
            (t) => {
              if (exploded(st)) {
                if (i === 3) eulerExploded = true;
                return;
              }
              time.add(i + 1, t - STEP_AT, st.x);
              if (i === 0) peak = Math.max(peak, st.x);
            },
          );
        });
        time.visible(5, p.implicit);
        time.markers([{ x: 0, label: 'goal steps', color: COLORS.goal }]);
        drawResponse(p);
        drawGhost();
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
        out.perceived(frequency > 0 ? `${perceivedOf(spring).toFixed(3)} s` : '∞ (frequency 0)');
        if (frequency > 0) {
          const db = springToDurationBounce(frequency, halflife);
          out.db(`${db.duration.toFixed(3)} s, ${db.bounce.toFixed(3)}`);
        } else out.db('— (frequency 0)');
        time.summary(
          (p.mode === 'response'
            ? `Designed by its response: ${p.overshoot} % overshoot, ` +
              `${p.target === 'rise' ? `rise time ${p.rise} s` : `settling within ±${p.tolerance} % in ${p.settling} s`}, ` +
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
      shown() {
        const r = response;
        return {
          duration,
          // The read-outs and the map's point, unrounded: the facts the 240 Hz program prints.
          facts: {
            overshoot: r.overshoot,
            peak_time: r.peak,
            rise: r.rise,
            settling: r.settling,
            lag: r.lag,
            critical_frequency: criticalFrequency(spring.halflife),
            frequency: spring.frequency,
            halflife: spring.halflife,
          },
        };
      },
      inspect() {
        return {
          frequency: spring.frequency,
          halflife: spring.halflife,
          duration,
          perceived: spring.frequency > 0 ? perceivedOf(spring) : Infinity,
          response: { ...response, t90 },
          ghost: history.ghost && {
            frequency: history.ghost.frequency,
            halflife: history.ghost.halflife,
            ...time.series(9),
          },
        };
      },
    };
  },
};
