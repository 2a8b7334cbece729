// "Copy as code" of the motion-matching panel (panels/motion.js): its two plots as complete
// JavaScript, TypeScript and C programs — the simulation object on the scripted stick (the
// velocity spring that predicts the trajectory a query asks for), and the cost of a switch
// against the transition-cost feature's estimate of it (what the search's distance ranks by).
// (A whole motion-matched character in a few dozen lines is the README's example.)
import { COST_PLOT, OFFSET, RATE, SPEED_PLOT, STEPS, STICK, V, costOptions } from '../panels/motion.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';

const END = STICK[STICK.length - 1][0];

/** The stick's desired speed as a JS expression of t (s) and the speeds' names. */
function stickJs() {
  return STICK.map(([until, gait], i) => {
    const speed = gait === 'walk' ? 'walkSpeed' : gait === 'run' ? 'runSpeed' : '0';
    return i === STICK.length - 1 ? speed : `t < ${until} ? ${speed} : `;
  }).join('');
}

/** The simulation object on the panel's scripted stick. */
function speedProgram(p) {
  const title = 'The simulation object of a motion-matched character on a scripted stick';
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, simulationPositionUpdate } from 'sprung';\n\nawait init();\n\n` +
      `const walkSpeed = ${jn(p.walkSpeed)}; // m/s\nconst runSpeed = ${jn(p.runSpeed)}; // m/s\n` +
      `const halflife = ${jn(p.simHalflife)}; // s, the simulation's velocity spring\nconst rate = ${RATE};\n\n` +
      `// The stick: stand, walk from ${STICK[0][0]} s, run from ${STICK[1][0]} s, stop at ${STICK[2][0]} s (straight ahead, +Z).\n` +
      `const desiredSpeed = (t${ann(ts, 'number')}) => (${stickJs()});\n\n` +
      `const position = { x: 0, y: 0, z: 0 };\nconst velocity = { x: 0, y: 0, z: 0 };\n` +
      `const acceleration = { x: 0, y: 0, z: 0 };\nconst desired = { x: 0, y: 0, z: 0 };\n` +
      jsRow(ts) +
      `console.log('# t (s), desired speed, simulation speed (m/s)');\n` +
      `for (let k = 0; k <= ${END * RATE}; k++) {\n  const t = k / rate;\n  desired.z = desiredSpeed(t);\n` +
      `  // Every frame: the velocity is a critical spring toward the desired one, the position its exact integral.\n` +
      `  if (k) simulationPositionUpdate(position, velocity, acceleration, desired, halflife, 1 / rate);\n` +
      `  row(t, desired.z, Math.hypot(velocity.x, velocity.z));\n}\n`,
  );
  const cases = STICK.map(([until, gait], i) => {
    const speed = gait === 'walk' ? 'walk_speed' : gait === 'run' ? 'run_speed' : '0.0f';
    return i === STICK.length - 1 ? speed : `t < ${until} ? ${speed} : `;
  }).join('');
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `int main(void)\n{\n    const float walk_speed = ${cf(p.walkSpeed)}, run_speed = ${cf(p.runSpeed)}; /* m/s */\n` +
    `    const float halflife = ${cf(p.simHalflife)}; /* s, the simulation's velocity spring */\n` +
    `    sp_vec3 position = {0.0f, 0.0f, 0.0f}, velocity = {0.0f, 0.0f, 0.0f}, acceleration = {0.0f, 0.0f, 0.0f};\n` +
    `    sp_vec3 desired = {0.0f, 0.0f, 0.0f};\n    int k;\n` +
    `    printf("# t (s), desired speed, simulation speed (m/s)\\n");\n` +
    `    for (k = 0; k <= ${END * RATE}; k++) {\n        const double t = k / ${RATE}.0;\n` +
    `        /* the stick: stand, walk, run, stop (straight ahead, +Z) */\n` +
    `        desired.z = ${cases};\n` +
    `        if (k) sp_simulation_position_update(&position, &velocity, &acceleration, &desired, halflife, 1.0f / ${RATE}.0f);\n` +
    `        ${cRow(['t', '(double)desired.z', 'sqrt((double)velocity.x * velocity.x + (double)velocity.z * velocity.z)'])}\n` +
    `    }\n    (void)position;\n    return 0;\n}\n`;
  return {
    id: 'simulation',
    title: 'the simulation object on the scripted stick',
    ...js,
    c,
    compare: [
      { plot: SPEED_PLOT, series: 0, cols: [0, 1] },
      { plot: SPEED_PLOT, series: 1, cols: [0, 2] },
    ],
  };
}

/** The cost of a switch and the transition-cost feature's estimate, over velocity offsets. */
function costProgram(p) {
  const o = costOptions(p);
  const cubic = o.inertializer === 'cubic';
  const title = `The cost of a switch and the distance of the transition-cost feature (${o.inertializer} inertializer)`;
  const [name, value, what] = cubic
    ? ['blendtime', p.blendtime, "s, the cubic inertializer's blend time"]
    : ['halflife', p.halflife, "s, the spring inertializer's"];
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, transitionCost } from 'sprung';\n\nawait init();\n\n` +
      `const ${name} = ${jn(value)}; // ${what}\n` +
      `const offset = ${OFFSET}; // m: the bone's position offset at the switch\n` +
      jsRow(ts) +
      `console.log('# velocity offset (m/s), cost (area of the offset), feature distance (m·s)');\n` +
      `for (let k = 0; k <= ${STEPS}; k++) {\n  const v = ${-V} + (${2 * V} * k) / ${STEPS};\n` +
      `  // 'exact': the area between the inertialized motion and the new animation;\n` +
      `  // 'approx': |feature(source) − feature(destination)|, the distance a motion-matching search ranks by.\n` +
      `  const cost = transitionCost(offset, v, { inertializer: '${o.inertializer}', ${name}, measure: 'exact' });\n` +
      `  const feature = transitionCost(offset, v, { inertializer: '${o.inertializer}', ${name}, measure: 'approx' });\n` +
      `  row(v, cost, feature);\n}\n`,
  );
  // the C function takes both times (the other one's value is its default, unused)
  const [halflife, blendtime] = cubic ? ['0.15f', cf(p.blendtime)] : [cf(p.halflife), '0.3f'];
  const kind = cubic ? 'SP_INERTIALIZER_CUBIC' : 'SP_INERTIALIZER_SPRING';
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n` +
    `int main(void)\n{\n    const float ${name} = ${cubic ? blendtime : halflife}; /* ${what} */\n` +
    `    const float offset = ${cf(OFFSET)}; /* m: the bone's position offset at the switch */\n    int k;\n` +
    `    printf("# velocity offset (m/s), cost (area of the offset), feature distance (m·s)\\n");\n` +
    `    for (k = 0; k <= ${STEPS}; k++) {\n        const double v = ${-V}.0 + (${2 * V}.0 * k) / ${STEPS}.0;\n` +
    `        const float cost = sp_transition_cost(offset, (float)v, ${kind}, SP_COST_EXACT, ${cubic ? halflife : name}, ${cubic ? name : blendtime}, 0.5f);\n` +
    `        const float feature = sp_transition_cost(offset, (float)v, ${kind}, SP_COST_APPROX, ${cubic ? halflife : name}, ${cubic ? name : blendtime}, 0.5f);\n` +
    `        ${cRow(['v', '(double)cost', '(double)feature'])}\n    }\n    return 0;\n}\n`;
  return {
    id: 'cost',
    title: 'the cost of a switch and the transition-cost feature',
    ...js,
    c,
    compare: [
      { plot: COST_PLOT, series: 0, cols: [0, 1] },
      { plot: COST_PLOT, series: 1, cols: [0, 2] },
    ],
  };
}

/** The panel's programs for parameters `p`. */
export default function programs(p) {
  return [speedProgram(p), costProgram(p)];
}
