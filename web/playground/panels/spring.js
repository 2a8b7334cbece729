// Panel 2 — Spring damper: one spring set by stiffness/damping, frequency/halflife or
// damping ratio/halflife; under, critical and over damped; the explicit Euler spring
// and the article's fast implicit spring beside the exact one at a large dt; and the
// critical frequency of the halflife marked on a regime map.
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';

const DURATION = 3;
const STEP_AT = 0.1;
const FINE_DT = 1 / 240;
const MODES = [
  ['freq', 'frequency & halflife'],
  ['stiff', 'stiffness & damping'],
  ['ratio', 'damping ratio & halflife'],
  ['bounce', 'duration & bounce (UI style)'],
];
const CALLS = {
  freq: { ts: 'springDamperExact', c: 'sp_spring_damper_exact', a: 'frequency', b: 'halflife' },
  stiff: {
    ts: 'springDamperExactStiffness',
    c: 'sp_spring_damper_exact_stiffness',
    a: 'stiffness',
    b: 'damping',
  },
  ratio: { ts: 'springDamperExactRatio', c: 'sp_spring_damper_exact_ratio', a: 'ratio', b: 'halflife' },
  bounce: { ts: 'springDamperExact', c: 'sp_spring_damper_exact', a: 'frequency', b: 'halflife' },
};

const goalAt = (t) => (t < STEP_AT ? 0 : 1);

export default {
  name: 'spring',
  title: '2 · Spring damper',
  blurb:
    'The exact spring toward a goal that steps to 1, in every regime. Set it by stiffness and damping, by ' +
    'frequency and halflife, or by damping ratio and halflife; the read-outs convert between them. At a large dt ' +
    'the exact spring lands on its own curve, the explicit Euler spring (<code>spring_damper_bad</code>) drifts or ' +
    'explodes, and the article’s fast implicit spring stays stable but approximate. Right: the critical frequency ' +
    'of each halflife; above the curve the spring is under damped (bouncy), below over damped.',
  needs: [
    'springDamperExact',
    'springDamperExactStiffness',
    'springDamperExactRatio',
    'springDamperBad',
    'springDamperImplicit',
    'criticalFrequency',
    'durationBounceToSpring',
    'criticalSettleTime',
    'halflifeToDamping',
    'dampingToHalflife',
    'frequencyToStiffness',
    'stiffnessToFrequency',
  ],
  params: {
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
    bigDt: { label: 'large dt (Euler, implicit)', min: 4, max: 120, step: 1, value: 50, unit: 'ms' },
    implicit: { label: 'show the article’s implicit spring', check: true, value: true },
  },
  mount(ui, sprung) {
    const time = ui.plot('position x over time', {
      series: [
        { label: 'goal', color: COLORS.goal, width: 1, stepped: true },
        { label: 'exact', color: COLORS.exact, width: 2 },
        { label: 'critical, same halflife', color: COLORS.dark, width: 1, dash: [5, 4] },
        { label: 'exact at large dt', color: COLORS.exact, line: false, points: 3 },
        { label: 'explicit Euler at large dt', color: COLORS.bad, points: 2 },
        { label: 'article’s implicit at large dt', color: COLORS.implicit, dash: [3, 3], points: 2 },
      ],
      x: { title: 't (s)', min: 0, max: DURATION },
      y: { min: -0.4, max: 2 },
      cls: 'tall',
    });
    const map = ui.plot('critical frequency of each halflife, and this spring', {
      series: [
        { label: 'critical frequency', color: COLORS.dark, width: 1.5 },
        { label: 'this spring', color: COLORS.exact, line: false, points: 5 },
      ],
      x: { title: 'halflife (s)', min: 0, max: 1 },
      y: { title: 'frequency (Hz)', min: 0, max: 6 },
      xy: true,
    });
    for (let h = 0.04; h <= 1.0001; h += 0.01) map.add(0, h, sprung.criticalFrequency(h));
    const out = {
      regime: ui.readout('regime'),
      ratio: ui.readout('damping ratio'),
      sd: ui.readout('stiffness, damping'),
      fh: ui.readout('frequency, halflife'),
      fc: ui.readout('critical frequency'),
      settle: ui.readout('critical spring settles (1 %)'),
      euler: ui.readout('Euler, damping·dt'),
    };
    const state = { x: 0, v: 0 };
    const fromBounce = { frequency: 0, halflife: 0 };
    /** The spring in stiffness/damping terms, whatever the mode. */
    function sd(p) {
      if (p.mode === 'stiff') return [p.stiffness, p.damping];
      if (p.mode === 'bounce') {
        sprung.durationBounceToSpring(p.duration, p.bounce, fromBounce);
        return [
          sprung.frequencyToStiffness(fromBounce.frequency),
          sprung.halflifeToDamping(fromBounce.halflife),
        ];
      }
      const d = sprung.halflifeToDamping(p.halflife);
      return p.mode === 'freq'
        ? [sprung.frequencyToStiffness(p.frequency), d]
        : [(d * d) / (4 * p.ratio * p.ratio), d];
    }
    function exactStep(p, g, dt) {
      if (p.mode === 'freq') sprung.springDamperExact(state, g, 0, p.frequency, p.halflife, dt);
      else if (p.mode === 'bounce')
        sprung.springDamperExact(state, g, 0, fromBounce.frequency, fromBounce.halflife, dt);
      else if (p.mode === 'stiff') sprung.springDamperExactStiffness(state, g, 0, p.stiffness, p.damping, dt);
      else sprung.springDamperExactRatio(state, g, 0, p.ratio, p.halflife, dt);
    }
    /** Runs series `i` from rest over the plot with steps of dt. */
    function run(i, dt, step) {
      state.x = 0;
      state.v = 0;
      time.reset(i);
      time.add(i, 0, 0);
      for (let t = 0; t < DURATION - 1e-9;) {
        step(goalAt(t), dt);
        t += dt;
        if (!(Math.abs(state.x) < 1e6 && Math.abs(state.v) < 1e9)) break; // Euler exploded
        time.add(i, t, state.x);
      }
    }
    return {
      draw(p, changed) {
        const [s, d] = sd(p);
        const halflife = p.mode === 'stiff' || p.mode === 'bounce' ? sprung.dampingToHalflife(d) : p.halflife;
        const big = p.bigDt / 1000;
        time.reset(0);
        time.add(0, 0, 0);
        time.add(0, STEP_AT, 1);
        time.add(0, DURATION, 1);
        run(1, FINE_DT, (g, dt) => exactStep(p, g, dt));
        if (
          !changed ||
          ['mode', 'halflife', 'damping', 'duration', 'bounce'].some((key) => changed.has(key))
        ) {
          run(2, FINE_DT, (g, dt) => sprung.criticalSpringDamperExact(state, g, 0, halflife, dt));
        }
        run(3, big, (g, dt) => exactStep(p, g, dt));
        run(4, big, (g, dt) => sprung.springDamperBad(state, g, 0, s, d, dt));
        time.visible(5, p.implicit);
        run(5, big, (g, dt) => sprung.springDamperImplicit(state, g, 0, s, d, dt, 1e-5));
        time.markers([{ x: STEP_AT, label: 'goal steps', color: COLORS.goal }]);
        time.commit();

        const frequency = sprung.stiffnessToFrequency(s);
        const fc = sprung.criticalFrequency(halflife);
        const zeta = s > 0 ? d / (2 * Math.sqrt(s)) : Infinity;
        map.reset(1);
        map.add(1, halflife, frequency);
        map.markers([{ x: halflife, label: `critical ${fc.toFixed(2)} Hz`, color: COLORS.exact }]);
        map.commit();

        const critical = Math.abs(zeta - 1) < 0.005;
        out.regime(critical ? 'critically damped' : zeta < 1 ? 'under damped (oscillates)' : 'over damped');
        out.ratio(Number.isFinite(zeta) ? zeta.toFixed(3) : '∞');
        out.sd(`${s.toFixed(1)} /s², ${d.toFixed(2)} /s`);
        out.fh(`${frequency.toFixed(3)} Hz, ${halflife.toFixed(3)} s`);
        out.fc(`${fc.toFixed(3)} Hz for halflife ${halflife.toFixed(3)} s`);
        out.settle(`in ${sprung.criticalSettleTime(halflife, 0.01).toFixed(3)} s`);
        out.euler(`${(d * big).toFixed(2)}, stiffness·dt² = ${(s * big * big).toFixed(2)}`);
      },
      code(p) {
        const call = CALLS[p.mode];
        sd(p);
        const a = p.mode === 'bounce' ? fromBounce.frequency : p[call.a];
        const b = p.mode === 'bounce' ? fromBounce.halflife : p[call.b];
        const bounceTs =
          p.mode === 'bounce'
            ? `// duration ${tsn(p.duration)} s, bounce ${tsn(p.bounce)}: durationBounceToSpring(${tsn(p.duration)}, ${tsn(p.bounce)}) gives\n`
            : '';
        const bounceC =
          p.mode === 'bounce'
            ? `/* duration ${cf(p.duration)}, bounce ${cf(p.bounce)}: sp_duration_bounce_to_spring gives */\n`
            : '';
        const [s, d] = sd(p);
        return {
          ts:
            `import { init, ${call.ts} } from 'sprung';\nawait init();\n\n` +
            `const spring = { x: 0, v: 0 };\n// every frame (dt in seconds), goal velocity 0:\n${bounceTs}` +
            `${call.ts}(spring, goal, 0, ${tsn(a)}, ${tsn(b)}, dt); // ${call.a} ${tsn(a)}, ${call.b} ${tsn(b)}\n`,
          c:
            `#include "sprung.h"\n\nfloat x = 0.0f, v = 0.0f;\n/* every frame (dt in seconds), goal velocity 0 */\n${bounceC}` +
            `${call.c}(&x, &v, goal, 0.0f, ${cf(a)}, ${cf(b)}, dt);\n`,
          json: {
            mode: p.mode,
            ...(p.mode === 'bounce'
              ? { duration: p.duration, bounce: p.bounce }
              : { [call.a]: a, [call.b]: b }),
            equivalent: {
              stiffness: Number(s.toPrecision(6)),
              damping: Number(d.toPrecision(6)),
              frequency: Number(sprung.stiffnessToFrequency(s).toPrecision(6)),
              halflife: Number(sprung.dampingToHalflife(d).toPrecision(6)),
              dampingRatio: s > 0 ? Number((d / (2 * Math.sqrt(s))).toPrecision(6)) : null,
            },
          },
        };
      },
    };
  },
};
