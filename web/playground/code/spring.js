// "Copy as code" of the spring damper panel (panels/spring.js): the exact and critical springs at
// 240 Hz with the spring's step response measured by the forward functions and the regime map
// (facts: the page's read-outs), and the exact, explicit Euler and implicit springs at the large
// dt, in every parameterisation the panel offers (solved ones through the library's solvers).
import { MODES, STEP_AT } from '../panels/spring.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';

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
 * spring's step response and critical frequency: the read-outs, `shown.facts`), or at the large dt
 * (exact, explicit Euler and the article's implicit spring).
 */
function springProgram(p, kind, shown) {
  const { duration } = shown;
  const fine = kind === 'fine';
  const dtText = fine ? '1 / 240' : `${jn(p.bigDt)} / 1000`;
  const modeName = MODES.find(([m]) => m === p.mode)?.[1];
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
    setupC +=
      `    const float damping = sp_halflife_to_damping(halflife);\n` +
      `    const float stiffness = (float)(((double)damping * damping) / (4.0 * (double)ratio * ratio));\n`;
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
      `for (let k = 4; k <= 100; k++) console.log('critical', (k / 100).toFixed(5), criticalFrequency(k / 100).toFixed(5));\n` +
      `// This spring on the map.\nconsole.log('spring', halflife.toFixed(5), frequency.toFixed(5));\n\n`
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
      `    for (k = 4; k <= 100; k++) printf("critical %.5f %.5f\\n", k / 100.0, (double)sp_critical_frequency((float)(k / 100.0)));\n` +
      `    /* this spring on the map */\n` +
      `    printf("spring %.5f %.5f\\n", (double)halflife, (double)frequency);\n` +
      `    /* the goal's step */\n` +
      `    for (k = 0; k < 3; k++) {\n` +
      `        const double t = k == 0 ? 0.0 : k == 1 ? ${STEP_AT} : ${duration};\n` +
      `        printf("goal %.5f %.5f\\n", t - ${STEP_AT}, (double)goal_at(t));\n    }\n`
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
        { plot: 1, series: 1, cols: [0, 1], rows: 'spring' },
        { plot: 0, series: 0, cols: [0, 1], rows: 'goal' },
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
      `/** The goal steps from 0 to 1 at t = ${STEP_AT} s; times are printed from the step (t − ${STEP_AT}). */\n` +
      `const goalAt = (t${ann(ts, 'number')}) => (t < ${STEP_AT} - 1e-6 ? 0 : 1);\n` +
      (fine
        ? `for (const t of [0, ${STEP_AT}, ${duration}]) console.log('goal', (t - ${STEP_AT}).toFixed(5), goalAt(t).toFixed(5));\n`
        : '') +
      `\n` +
      names.map((n) => `const ${n} = { x: 0, v: 0 };\n`).join('') +
      `\n/** One frame of every spring toward goal g.${fine ? '' : ' Euler is not stepped once it has exploded.'} */\n` +
      `function frame(g${ann(ts, 'number')}) {\n` +
      `  ${exactJs};\n` +
      others.map(([n, call]) => `  ${guard(n, call)};\n`).join('') +
      `}\n\n` +
      jsRow(ts) +
      `// ${duration} s of frames; in a game, call frame(goal) once a frame.\n` +
      `for (let k = 0; k * dt <= ${duration} + 1e-9; k++) {\n` +
      `  const t = k * dt;\n` +
      `  row(t - ${STEP_AT}, ${names.map((n) => `${n}.x`).join(', ')});\n` +
      `  frame(goalAt(t));\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `typedef struct { float x, v; } spring;\n\n` +
    `/* The goal steps from 0 to 1 at t = ${STEP_AT} s; times are printed from the step (t - ${STEP_AT}). */\n` +
    `static float goal_at(double t) { return t < ${STEP_AT} - 1e-6 ? 0.0f : 1.0f; }\n\n` +
    `int main(void)\n{\n    int k;\n` +
    setupC +
    measuresC +
    `    const double dt_d = ${fine ? '1.0 / 240.0' : `${jn(p.bigDt)} / 1000.0`};\n` +
    `    const float dt = (float)dt_d;\n` +
    `    ${names.map((n) => `spring ${n} = { 0.0f, 0.0f };`).join('\n    ')}\n` +
    `    for (k = 0; k * dt_d <= ${duration} + 1e-9; k++) {\n` +
    `        const double t = k * dt_d;\n` +
    `        const float g = goal_at(t);\n` +
    `        ${cRow([`t - ${STEP_AT}`, ...names.map((n) => `${n}.x`)])}\n` +
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
      ...(fine ? shown.facts : {}),
      ...(p.mode !== 'response'
        ? {}
        : p.target === 'rise'
          ? { overshoot: p.overshoot / 100, rise: p.rise }
          : { overshoot: p.overshoot / 100, settling: p.settling }),
    },
  };
}

/** The panel's programs for parameters `p`. */
/**
 * The panel's programs for parameters `p`, over the time axis the panel shows.
 * @param {any} p
 * @param {{ duration: number, facts: Record<string, number> }} shown
 */
export default function programs(p, shown) {
  return [springProgram(p, 'fine', shown), springProgram(p, 'big', shown)];
}
