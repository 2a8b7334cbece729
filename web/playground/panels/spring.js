// Panel 2 — Spring damper: one spring set by stiffness/damping, frequency/halflife, damping
// ratio/halflife or duration/bounce; under, critical and over damped; the explicit Euler spring
// and the article's fast implicit spring beside the exact one at a large dt; and the critical
// frequency of the halflife marked on a regime map.
import {
  criticalFrequency,
  criticalSettleTime,
  criticalSpringDamperExact,
  dampingToHalflife,
  durationBounceToSpring,
  frequencyToStiffness,
  halflifeToDamping,
  springDamperBad,
  springDamperExact,
  springDamperExactRatio,
  springDamperExactStiffness,
  springDamperImplicit,
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
];
const goalAt = (t) => (t < STEP_AT - 1e-6 ? 0 : 1);
/** Euler has exploded once the state leaves these bounds (it is not stepped further). */
const exploded = (s) => !(Math.abs(s.x) < 1e6 && Math.abs(s.v) < 1e9);

/** The spring of the panel's parameters in every form: stiffness s, damping d, frequency, halflife. */
function springOf(p) {
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

export default {
  blurb:
    'The exact spring toward a goal that steps to 1, in every regime. Set it by stiffness and damping, by ' +
    'frequency and halflife, by damping ratio and halflife, or by a UI library’s duration and bounce; the ' +
    'read-outs convert between them. At a large dt the exact spring lands on its own curve, the explicit Euler ' +
    'spring (<code>spring_damper_bad</code>) drifts or explodes, and the article’s fast implicit spring stays ' +
    'stable but approximate. Right: the critical frequency of each halflife; above the curve the spring is under ' +
    'damped (bouncy), below over damped. Grab the goal in the stage to throw the springs around.',
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
  mount(ui) {
    const time = ui.plot('position x over time', {
      series: [
        { label: 'goal', color: COLORS.goal, width: 1, stepped: true },
        { label: 'exact', color: COLORS.exact, width: 2 },
        { label: 'critical, same halflife', color: COLORS.ink, width: 1, dash: [5, 4] },
        { label: 'exact at large dt', color: COLORS.exact, line: false, points: 3 },
        { label: 'explicit Euler at large dt', color: COLORS.bad, points: 2 },
        { label: 'article’s implicit at large dt', color: COLORS.implicit, dash: [3, 3], points: 2 },
      ],
      x: { title: 't (s)', min: 0, max: DURATION },
      y: { min: -0.4, max: 2 },
    });
    const map = ui.plot('critical frequency of each halflife, and this spring', {
      series: [
        { label: 'critical frequency', color: COLORS.ink, width: 1.5 },
        { label: 'this spring', color: COLORS.exact, line: false, points: 5 },
      ],
      x: { title: 'halflife (s)', min: 0, max: 1 },
      y: { title: 'frequency (Hz)', min: 0, max: 6 },
    });
    for (let h = 0.04; h <= 1.0001; h += 0.01) map.add(0, h, criticalFrequency(h));
    const out = {
      regime: ui.readout('regime'),
      ratio: ui.readout('damping ratio'),
      sd: ui.readout('stiffness, damping'),
      fh: ui.readout('frequency, halflife'),
      fc: ui.readout('critical frequency'),
      settle: ui.readout('critical spring settles (1 %)'),
      euler: ui.readout('Euler at large dt'),
    };
    const states = SPRINGS.map(() => ({ x: 0, v: 0 }));
    let params = null;
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
        time.summary(
          `The exact spring (${regime}, damping ratio ${Number.isFinite(zeta) ? zeta.toFixed(2) : '∞'}) peaks at x = ${peak.toFixed(3)} ` +
            `after the goal steps to 1. At dt = ${p.bigDt} ms the exact spring’s dots lie on its curve; explicit Euler ` +
            (eulerExploded ? 'explodes.' : 'stays bounded but drifts from it.'),
        );
        map.summary(
          `For halflife ${halflife.toFixed(2)} s the critical frequency is ${fc.toFixed(2)} Hz; this spring’s ${frequency.toFixed(2)} Hz is ` +
            `${frequency > fc ? 'above it: under damped' : frequency < fc ? 'below it: over damped' : 'on it: critical'}.`,
        );
      },
      code(p) {
        return [springProgram(p, 'fine'), springProgram(p, 'big')];
      },
    };
  },
};

/**
 * The panel's springs from rest toward the stepping goal: at 240 Hz (exact and critical), or
 * at the large dt (exact, explicit Euler and the article's implicit spring).
 */
function springProgram(p, kind) {
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
      uses.add('dampingToHalflife');
      setupJs += `const halflife = dampingToHalflife(damping); // for the critical spring\n`;
      setupC += `    const float halflife = sp_damping_to_halflife(damping); /* for the critical spring */\n`;
    }
  } else if (p.mode === 'ratio') {
    setupJs = `const ratio = ${jn(p.ratio)}; // damping ratio: 1 critical, < 1 bouncy\nconst halflife = ${jn(p.halflife)}; // s\n`;
    setupC = `    const float ratio = ${cf(p.ratio)}; /* damping ratio: 1 critical, < 1 bouncy */\n    const float halflife = ${cf(p.halflife)}; /* s */\n`;
    if (!fine) {
      uses.add('halflifeToDamping');
      setupJs += `const damping = halflifeToDamping(halflife);\nconst stiffness = (damping * damping) / (4 * ratio * ratio);\n`;
      setupC += `    const float damping = sp_halflife_to_damping(halflife);\n    const float stiffness = (float)(((double)damping * damping) / (4.0 * (double)ratio * ratio));\n`;
    }
  } else {
    uses.add('durationBounceToSpring');
    setupJs = `// duration ${jn(p.duration)} s, bounce ${jn(p.bounce)}, as UI libraries set springs\nconst { frequency, halflife } = durationBounceToSpring(${jn(p.duration)}, ${jn(p.bounce)});\n`;
    setupC = `    float frequency, halflife; /* from duration ${jn(p.duration)} s, bounce ${jn(p.bounce)} */\n`;
    if (!fine) {
      uses.add('frequencyToStiffness').add('halflifeToDamping');
      setupJs += `const stiffness = frequencyToStiffness(frequency);\nconst damping = halflifeToDamping(halflife);\n`;
    }
  }
  const exactJs = {
    freq: 'springDamperExact(exact, g, 0, frequency, halflife, dt)',
    bounce: 'springDamperExact(exact, g, 0, frequency, halflife, dt)',
    stiff: 'springDamperExactStiffness(exact, g, 0, stiffness, damping, dt)',
    ratio: 'springDamperExactRatio(exact, g, 0, ratio, halflife, dt)',
  }[p.mode];
  const exactC = {
    freq: 'sp_spring_damper_exact(&exact.x, &exact.v, g, 0.0f, frequency, halflife, dt)',
    bounce: 'sp_spring_damper_exact(&exact.x, &exact.v, g, 0.0f, frequency, halflife, dt)',
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
    `int main(void)\n{\n` +
    setupC +
    (p.mode === 'bounce'
      ? `    sp_duration_bounce_to_spring(${cf(p.duration)}, ${cf(p.bounce)}, &frequency, &halflife);\n` +
        (fine
          ? ''
          : `    const float stiffness = sp_frequency_to_stiffness(frequency);\n    const float damping = sp_halflife_to_damping(halflife);\n`)
      : '') +
    `    const double dt_d = ${fine ? '1.0 / 240.0' : `${jn(p.bigDt)} / 1000.0`};\n` +
    `    const float dt = (float)dt_d;\n` +
    `    ${names.map((n) => `spring ${n} = { 0.0f, 0.0f };`).join('\n    ')}\n` +
    `    int k;\n` +
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
  };
}
