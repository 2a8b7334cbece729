// "Copy as code" of the cost landscapes panel (panels/landscapes.js): the costs and offset curves
// of the transition shown (its read-outs printed as facts), and the five maps sampled as the
// panel's probes are, in JavaScript, TypeScript and C.
import { CURVE_RATE, CURVE_SECONDS, MAPS, N, PROBE_OF_MAP } from '../panels/landscapes.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';

/** One transition's costs and offset curves; `facts` are the panel's read-outs it prints. */
function costProgram(p, facts) {
  const title = `The cost of one transition (x = ${jn(p.x)} m, v = ${jn(p.v)} m/s) and its offset curves`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import {\n  init,\n  decayCubic,\n  decayCubicDisplacement,\n  decayCubicIntersection,\n  decaySpringDamperDisplacement,\n` +
      `  decaySpringDamperDisplacementApprox,\n  decaySpringDamperExact,\n  decaySpringDamperFeature,\n` +
      `  decaySpringDamperIntersection,\n  transitionCostBasic,\n} from 'sprung';\n\nawait init();\n\n` +
      `const x = ${jn(p.x)}; // m: position offset of the transition (source − destination)\n` +
      `const v = ${jn(p.v)}; // m/s: velocity offset\nconst halflife = ${jn(p.halflife)}; // s, spring inertializer\n` +
      `const blendtime = ${jn(p.blendtime)}; // s, cubic inertializer\n\n` +
      `// Costs in m·s: the area between the inertialized motion and the destination; when the offsets cross zero (s).\n` +
      `console.log('# spring_exact', decaySpringDamperDisplacement(x, v, halflife));\n` +
      `console.log('# spring_approximate', decaySpringDamperDisplacementApprox(x, v, halflife));\n` +
      `console.log('# basic', transitionCostBasic(x, v, ${jn(p.weight)})); // m: |x| + weight·|v|\n` +
      `console.log('# cubic_exact', decayCubicDisplacement(x, v, blendtime));\n` +
      `console.log('# spring_crosses_zero', decaySpringDamperIntersection(x, v, halflife)); // Infinity: never\n` +
      `console.log('# cubic_crosses_zero', decayCubicIntersection(x, v, blendtime));\n` +
      `// For a motion-matching database: |feature(src) − feature(dst)| is the approximate cost.\n` +
      `console.log('# spring feature of (x, v)', decaySpringDamperFeature(x, v, halflife));\n` +
      `// Where the offsets cross zero within the ${CURVE_SECONDS} s drawn: rows "springcross t 0", "cubiccross t 0".\n` +
      `const crossings${ann(ts, '[string, number][]')} = [\n` +
      `  ['springcross', decaySpringDamperIntersection(x, v, halflife)],\n` +
      `  ['cubiccross', decayCubicIntersection(x, v, blendtime)],\n];\n` +
      `for (const [name, t] of crossings) if (t > 0 && t < ${CURVE_SECONDS}) console.log(name, t.toFixed(5), '0.00000');\n\n` +
      jsRow(ts) +
      `// The offsets over time: the spring's decays in steps, the cubic's is a closed form.\n` +
      `const offset = { x, v };\n` +
      `for (let k = 0; k <= ${CURVE_SECONDS * CURVE_RATE}; k++) {\n` +
      `  if (k > 0) decaySpringDamperExact(offset, halflife, 1 / ${CURVE_RATE});\n` +
      `  row(k / ${CURVE_RATE}, offset.x, decayCubic(x, v, blendtime, k / ${CURVE_RATE}));\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n` +
    `int main(void)\n{\n    const float x = ${cf(p.x)}, v = ${cf(p.v)}; /* m, m/s */\n` +
    `    const float halflife = ${cf(p.halflife)}, blendtime = ${cf(p.blendtime)}; /* s */\n` +
    `    const float spring_cross = sp_decay_spring_damper_intersection(x, v, halflife);\n` +
    `    const float cubic_cross = sp_decay_cubic_intersection(x, v, blendtime);\n` +
    `    float off_x = x, off_v = v;\n    int k;\n` +
    `    /* costs in m*s: the area between the inertialized motion and the destination; when the offsets cross zero (s) */\n` +
    `    printf("# spring_exact %.9g\\n", (double)sp_decay_spring_damper_displacement(x, v, halflife));\n` +
    `    printf("# spring_approximate %.9g\\n", (double)sp_decay_spring_damper_displacement_approx(x, v, halflife));\n` +
    `    printf("# basic %.9g\\n", (double)sp_transition_cost_basic(x, v, ${cf(p.weight)})); /* m: |x| + weight*|v| */\n` +
    `    printf("# cubic_exact %.9g\\n", (double)sp_decay_cubic_displacement(x, v, blendtime));\n` +
    `    printf("# spring_crosses_zero %.9g\\n", (double)spring_cross); /* inf: never */\n` +
    `    printf("# cubic_crosses_zero %.9g\\n", (double)cubic_cross);\n` +
    `    printf("# spring feature of (x, v) %g\\n", sp_decay_spring_damper_feature(x, v, halflife));\n` +
    `    /* where the offsets cross zero within the ${CURVE_SECONDS} s drawn */\n` +
    `    if (spring_cross > 0 && spring_cross < ${CURVE_SECONDS}) ${cRow(['(double)spring_cross', '0.0'], 'springcross')}\n` +
    `    if (cubic_cross > 0 && cubic_cross < ${CURVE_SECONDS}) ${cRow(['(double)cubic_cross', '0.0'], 'cubiccross')}\n` +
    `    for (k = 0; k <= ${CURVE_SECONDS * CURVE_RATE}; k++) {\n        const double t = (double)k / ${CURVE_RATE};\n` +
    `        if (k > 0) sp_decay_spring_damper_exact(&off_x, &off_v, halflife, 1.0f / ${CURVE_RATE}.0f);\n` +
    `        ${cRow(['t', 'off_x', 'sp_decay_cubic(x, v, blendtime, (float)t)'])}\n    }\n    return 0;\n}\n`;
  return {
    id: 'cost',
    title: 'one transition: costs and offsets',
    ...js,
    c,
    facts,
    compare: [
      { plot: 1, series: 0, cols: [0, 1] },
      { plot: 1, series: 1, cols: [0, 2] },
      { plot: 1, series: 2, cols: [0, 1], rows: 'springcross' },
      { plot: 1, series: 3, cols: [0, 1], rows: 'cubiccross' },
    ],
  };
}

/** The five maps of the panel, sampled as the panel's probes are. */
function landscapeProgram(p) {
  const title = `The panel's five cost landscapes over x ±${jn(p.xRange)} m, v ±${jn(p.vRange)} m/s (${N}×${N})`;
  const range = (lit) => `${lit(-p.xRange)}, ${lit(p.xRange)}, ${lit(-p.vRange)}, ${lit(p.vRange)}`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, transitionCostLandscape } from 'sprung';\n` +
      (ts ? `import type { LandscapeOptions } from 'sprung';\n` : '') +
      `\nawait init();\n\n` +
      `const n = ${N};\n` +
      `const settings = { halflife: ${jn(p.halflife)}, blendtime: ${jn(p.blendtime)}, weight: ${jn(p.weight)} };\n` +
      `/**\n * One map: row j (velocity offset) and column i (position offset) at map[j * n + i]. inertializer:\n` +
      ` * 'spring', 'cubic', 'quintic' or 'deadBlending'; measure: 'exact', 'approx', 'error' or 'basic'.\n */\n` +
      `const landscape = (inertializer${ts ? ": LandscapeOptions['inertializer']" : ''}, measure${ts ? ": LandscapeOptions['measure']" : ''}) =>\n` +
      `  transitionCostLandscape(n, n, ${range(jn)}, { ...settings, inertializer, measure });\n` +
      `const maps = [\n` +
      MAPS.map(
        ([caption, inertializer, measure]) => `  landscape('${inertializer}', '${measure}'), // ${caption}\n`,
      ).join('') +
      `];\n\n` +
      jsRow(ts) +
      `// Every 97th cell: its index, then its value in each map.\n` +
      `for (let i = 0; i < n * n; i += 97) row(i, ...maps.map((map) => map[i]));\n`,
  );
  const inertializerC = { spring: 'SP_INERTIALIZER_SPRING', cubic: 'SP_INERTIALIZER_CUBIC' };
  const measureC = {
    exact: 'SP_COST_EXACT',
    approx: 'SP_COST_APPROX',
    basic: 'SP_COST_BASIC',
    error: 'SP_COST_ERROR',
  };
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n#define N ${N}\n#define MAPS ${MAPS.length}\n\n` +
    `/* Each map: row j (velocity offset), column i (position offset) at map[j * N + i]. */\n` +
    `static float maps[MAPS][N * N];\n\n` +
    `int main(void)\n{\n    const float halflife = ${cf(p.halflife)}, blendtime = ${cf(p.blendtime)}, weight = ${cf(p.weight)};\n` +
    `    const int inertializer[MAPS] = { ${MAPS.map(([, i]) => inertializerC[i]).join(', ')} };\n` +
    `    const int measure[MAPS] = { ${MAPS.map(([, , m]) => measureC[m]).join(', ')} };\n` +
    `    int i, k;\n` +
    `    for (k = 0; k < MAPS; k++)\n` +
    `        sp_transition_cost_landscape(maps[k], N, N, ${range(cf)}, inertializer[k], measure[k], halflife, blendtime, weight);\n` +
    `    /* every 97th cell: its index, then its value in each map */\n` +
    `    for (i = 0; i < N * N; i += 97) {\n        printf("%d", i);\n` +
    `        for (k = 0; k < MAPS; k++) printf(" %.5f", maps[k][i]);\n        printf("\\n");\n    }\n    return 0;\n}\n`;
  return {
    id: 'landscape',
    title: 'the five maps',
    ...js,
    c,
    compare: MAPS.map((_, k) => ({ plot: PROBE_OF_MAP[k], series: 0, cols: [0, k + 1] })),
  };
}

/** The panel's programs for parameters `p`. */
export default function programs(p, shown) {
  return [costProgram(p, shown), landscapeProgram(p)];
}
