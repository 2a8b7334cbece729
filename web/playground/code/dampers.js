// "Copy as code" of the dampers panel (panels/dampers.js): the four dampers toward the panel's
// stepping goal at a steady 60 Hz and at the jittering 60 Hz (the same seeded frame times), and
// the lerp damper at dt = 1, as complete JavaScript, TypeScript and C programs.
import { DECAY_STEPS, JITTER_SEED, exponentialValid } from '../panels/dampers.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow, randomSource } from '../lib/program.js';

/** The rates the panel ticks the dampers at, and the times of its goal's steps (and its end). */
const RATES = [30, 60, 144];
const GOAL_TIMES = ['0', '1 / 6', '7 / 6', '13 / 6', '3'];

/**
 * The four dampers toward the panel's goal, printing t and each damper: at 30, 60 and 144 Hz
 * (rows labelled hz30, hz60, hz144, after the goal's steps, labelled goal), or (`jitter`) at the
 * panel's jittering 60 Hz, each frame's dt drawn from the playground's seeded generator.
 */
function dampersProgram(p, jitter) {
  const exp = exponentialValid(p);
  const exact = p.fast ? 'damperImplicit' : 'damperExact';
  const exactC = p.fast ? 'sp_damper_implicit' : 'sp_damper_exact';
  const eps = p.fast ? ', 1e-5' : '';
  const title =
    `The four dampers toward a stepping goal${jitter ? `, at 60 Hz with dt jittering by ±${jn(p.jitter)}×` : ''} ` +
    `(${p.fast ? 'damper_implicit' : 'damper_exact'}${exp ? '' : '; damper_exponential needs damping < 60/s'})`;
  const names = ['damper', 'damperBad', ...(exp ? ['damperExponential'] : []), exact];
  const plotted = [0, 1, 2, 3].filter((d) => d !== 2 || exp);
  const compare = jitter
    ? plotted.map((d, c) => ({ plot: d, series: 4, cols: [0, c + 1] }))
    : [
        ...[0, 1, 2, 3].map((d) => ({ plot: d, series: 0, cols: [0, 1], rows: 'goal' })),
        ...RATES.flatMap((hz, k) =>
          plotted.map((d, c) => ({ plot: d, series: k + 1, cols: [0, c + 1], rows: `hz${hz}` })),
        ),
      ];
  const columns = `lerpX, badX, ${exp ? 'exponentialX, ' : ''}exactX`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, ${names.join(', ')} } from 'sprung';\n\nawait init();\n\n` +
      `const factor = ${jn(p.factor)}; // lerp factor per frame\n` +
      `const damping = ${jn(p.damping)}; // 1/s\n` +
      `const halflife = ${jn(p.halflife)}; // s\n` +
      (jitter
        ? `const rate = 60; // frames per second, on average\n` +
          `const jitter = ${jn(p.jitter)}; // each dt is (1 ± jitter·u) / rate, u uniform in [-1, 1)\n\n` +
          randomSource(ts ? 'ts' : 'js', JITTER_SEED) +
          `\n`
        : '') +
      `/** The goal: 1 from t = 1/6 s, 0.3 from 7/6 s, 1 from 13/6 s. */\n` +
      `function goalAt(t${ann(ts, 'number')})${ann(ts, 'number')} {\n` +
      `  return t >= 13 / 6 - 1e-6 ? 1 : t >= 7 / 6 - 1e-6 ? 0.3 : t >= 1 / 6 - 1e-6 ? 1 : 0;\n}\n\n` +
      `let lerpX = 0;\nlet badX = 0;\n${exp ? 'let exponentialX = 0;\n' : ''}let exactX = 0;\n\n` +
      `/** One frame of every damper toward goal g. */\n` +
      `function frame(g${ann(ts, 'number')}, dt${ann(ts, 'number')}) {\n` +
      `  lerpX = damper(lerpX, g, factor); // frame-rate dependent\n` +
      `  if (Math.abs(badX) < 1e6) badX = damperBad(badX, g, damping, dt); // explodes once damping·dt > 2\n` +
      (exp ? `  exponentialX = damperExponential(exponentialX, g, damping, dt, 1 / 60);\n` : '') +
      `  exactX = ${exact}(exactX, g, halflife, dt${eps}); // the same curve at any rate\n}\n\n` +
      jsRow(ts, !jitter) +
      (jitter
        ? `// 3 s of frames of uneven length. In a game, call frame(goal, dt) once a frame with the dt measured.\n` +
          `let t = 0;\nrow(t, ${columns});\n` +
          `for (;;) {\n  const dt = (1 + jitter * (2 * random01() - 1)) / rate;\n  if (t + dt > 3 + 1e-9) break;\n` +
          `  frame(goalAt(t), dt);\n  t += dt;\n  row(t, ${columns});\n}\n`
        : `// The goal's steps.\nfor (const t of [${GOAL_TIMES.join(', ')}]) row('goal', t, goalAt(t));\n\n` +
          `// 3 s of frames at each rate: only damper and damperBad depend on it. In a game, call\n` +
          `// frame(goal, dt) once a frame (e.g. from requestAnimationFrame).\n` +
          `for (const rate of [${RATES.join(', ')}]) {\n` +
          `  lerpX = badX = ${exp ? 'exponentialX = ' : ''}exactX = 0;\n` +
          `  for (let k = 0; k <= 3 * rate; k++) {\n` +
          `    const t = k / rate;\n` +
          `    row(\`hz\${rate}\`, t, ${columns});\n` +
          `    frame(goalAt(t), 1 / rate);\n  }\n}\n`),
  );
  const row = cRow(['t', 'lerp_x', 'bad_x', ...(exp ? ['exponential_x'] : []), 'exact_x']);
  const c =
    cHead(title) +
    `#include <math.h>\n${jitter ? '#include <stdint.h>\n' : ''}#include <stdio.h>\n#include "sprung.h"\n\n` +
    `static const float factor = ${cf(p.factor)};   /* lerp factor per frame */\n` +
    `static const float damping = ${cf(p.damping)}; /* 1/s */\n` +
    `static const float halflife = ${cf(p.halflife)}; /* s */\n` +
    (jitter
      ? `static const int rate = 60; /* frames per second, on average */\n` +
        `static const double jitter = ${jn(p.jitter)}; /* each dt is (1 +- jitter*u) / rate, u uniform in [-1, 1) */\n\n` +
        randomSource('c', JITTER_SEED) +
        `\n`
      : `static const int rates[3] = { ${RATES.join(', ')} }; /* frames per second */\n\n`) +
    `/* The goal: 1 from t = 1/6 s, 0.3 from 7/6 s, 1 from 13/6 s. */\n` +
    `static float goal_at(double t)\n{\n` +
    `    return t >= 13.0 / 6 - 1e-6 ? 1.0f : t >= 7.0 / 6 - 1e-6 ? 0.3f : t >= 1.0 / 6 - 1e-6 ? 1.0f : 0.0f;\n}\n\n` +
    `static float lerp_x = 0.0f, bad_x = 0.0f, ${exp ? 'exponential_x = 0.0f, ' : ''}exact_x = 0.0f;\n\n` +
    `/* One frame of every damper toward goal g. */\n` +
    `static void frame(float g, float dt)\n{\n` +
    `    lerp_x = sp_damper(lerp_x, g, factor);\n` +
    `    if (fabsf(bad_x) < 1e6f) bad_x = sp_damper_bad(bad_x, g, damping, dt); /* explodes once damping*dt > 2 */\n` +
    (exp ? `    exponential_x = sp_damper_exponential(exponential_x, g, damping, dt, 1.0f / 60.0f);\n` : '') +
    `    exact_x = ${exactC}(exact_x, g, halflife, dt${p.fast ? ', 1e-5f' : ''});\n}\n\n` +
    (jitter
      ? `int main(void)\n{\n    double t = 0.0;\n    ${row}\n    for (;;) {\n` +
        `        const double dt = (1.0 + jitter * (2.0 * random01() - 1.0)) / rate;\n` +
        `        if (t + dt > 3.0 + 1e-9) break;\n` +
        `        frame(goal_at(t), (float)dt);\n        t += dt;\n        ${row}\n    }\n    return 0;\n}\n`
      : `int main(void)\n{\n    static const double goal_times[5] = { ${GOAL_TIMES.map((t) => t.replace(/ \/ /, '.0 / ')).join(', ')} };\n` +
        `    int k, r;\n` +
        `    for (k = 0; k < 5; k++) ${cRow(['goal_times[k]', 'goal_at(goal_times[k])'], 'goal')}\n` +
        `    /* 3 s of frames at each rate: only sp_damper and sp_damper_bad depend on it */\n` +
        `    for (r = 0; r < 3; r++) {\n` +
        `        const int rate = rates[r];\n` +
        `        lerp_x = bad_x = ${exp ? 'exponential_x = ' : ''}exact_x = 0.0f;\n` +
        `        for (k = 0; k <= 3 * rate; k++) {\n` +
        `            double t = (double)k / rate;\n` +
        `            ${cRow(['rate', 't', 'lerp_x', 'bad_x', ...(exp ? ['exponential_x'] : []), 'exact_x'], 'hz%d')}\n` +
        `            frame(goal_at(t), 1.0f / (float)rate);\n        }\n    }\n    return 0;\n}\n`);
  return jitter
    ? { id: 'jitter', title: 'the four dampers, jittering dt', ...js, c, compare }
    : { id: 'dampers', title: 'the four dampers at 30, 60 and 144 Hz', ...js, c, compare };
}

/** The article's first figure: the lerp damper at dt = 1 toward 0. */
function decayProgram(p) {
  const title = `The lerp damper at dt = 1 toward 0, factor ${jn(p.decayFactor)}: an exponential decay`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, damper } from 'sprung';\n\nawait init();\n\n` +
      jsRow(ts, true) +
      `let x = 1;\nfor (let t = 0; t <= ${DECAY_STEPS}; t++) {\n` +
      `  row('steps', t, x);\n` +
      `  x = damper(x, 0, ${jn(p.decayFactor)});\n}\n` +
      `// x equals the exponential (1 - factor)^t at every step.\n` +
      `for (let k = 0; k <= ${DECAY_STEPS * 20}; k++) row('exponential', k / 20, Math.pow(1 - ${jn(p.decayFactor)}, k / 20));\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `int main(void)\n{\n    float x = 1.0f;\n    int t, k;\n    for (t = 0; t <= ${DECAY_STEPS}; t++) {\n` +
    `        ${cRow(['(double)t', 'x'], 'steps')}\n` +
    `        x = sp_damper(x, 0.0f, ${cf(p.decayFactor)});\n    }\n` +
    `    /* x equals the exponential (1 - factor)^t at every step */\n` +
    `    for (k = 0; k <= ${DECAY_STEPS * 20}; k++) ${cRow(['k / 20.0', `pow(1.0 - ${jn(p.decayFactor)}, k / 20.0)`], 'exponential')}\n` +
    `    return 0;\n}\n`;
  const compare = [
    { plot: 4, series: 0, cols: [0, 1], rows: 'steps' },
    { plot: 4, series: 1, cols: [0, 1], rows: 'exponential' },
  ];
  return { id: 'decay', title: 'decay at dt = 1', ...js, c, compare };
}

/** The panel's programs for parameters `p`. */
export default function programs(p) {
  return [dampersProgram(p, false), dampersProgram(p, true), decayProgram(p)];
}
