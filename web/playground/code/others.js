// "Copy as code" of the other springs panel (panels/others.js): one program per scalar spring of
// the panel (double, timed, velocity, ...) and the quaternion spring, in JavaScript, TypeScript and C.
import { RATE, SECONDS, SPRINGS } from '../panels/others.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';

function scalarProgram(p, i) {
  const { name } = SPRINGS[i];
  const fn = {
    double: 'doubleSpringDamperExact',
    timed: 'timedSpringDamperExact',
    velocity: 'velocitySpringDamperExact',
  }[name];
  const title = {
    double: `The double spring, halflife ${jn(p.halflife)} s, beside the simple spring`,
    timed: `The timed spring: each goal reached ${jn(p.duration)} s after it is set (halflife ${jn(p.halflife)} s, apprehension ${jn(p.apprehension)})`,
    velocity: `The velocity spring: its goal moves at most ${jn(p.maxSpeed)} per second (halflife ${jn(p.halflife)} s)`,
  }[name];
  const state = i === 0 ? '{ x: 0, v: 0, xi: 0, vi: 0 }' : '{ x: 0, v: 0, xi: 0 }';
  const callJs = {
    double: `doubleSpringDamperExact(spring, g, halflife, dt)`,
    timed: `timedSpringDamperExact(spring, g, timeLeft(t), halflife, dt, ${jn(p.apprehension)})`,
    velocity: `velocitySpringDamperExact(spring, g, ${jn(p.maxSpeed)}, halflife, dt, ${jn(p.apprehension)})`,
  }[name];
  const callC = {
    double: `sp_double_spring_damper_exact(&x, &v, &xi, &vi, g, halflife, dt)`,
    timed: `sp_timed_spring_damper_exact(&x, &v, &xi, g, (float)time_left(t), halflife, dt, ${cf(p.apprehension)})`,
    velocity: `sp_velocity_spring_damper_exact(&x, &v, &xi, g, ${cf(p.maxSpeed)}, halflife, dt, ${cf(p.apprehension)})`,
  }[name];
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, ${fn}, simpleSpringDamperExact } from 'sprung';\n\nawait init();\n\n` +
      `const halflife = ${jn(p.halflife)}; // s\nconst rate = ${RATE};\nconst dt = 1 / rate;\n\n` +
      `/** The goal: 1 from t = 0.2 s, -0.5 from t = 1.9 s. */\n` +
      `const goalAt = (t${ann(ts, 'number')}) => (t >= 1.9 - 1e-6 ? -0.5 : t >= 0.2 - 1e-6 ? 1 : 0);\n` +
      (name === 'timed'
        ? `/** Seconds left until the goal in force is due: ${jn(p.duration)} s after it was set. */\n` +
          `const timeLeft = (t${ann(ts, 'number')}) => (t >= 1.9 - 1e-6 ? 1.9 : t >= 0.2 - 1e-6 ? 0.2 : 0) + ${jn(p.duration)} - t;\n`
        : '') +
      `\nconst spring = ${state};\nconst simple = { x: 0, v: 0 };\n\n` +
      `/** One frame: the frame starts at time t. */\nfunction frame(t${ann(ts, 'number')}) {\n  const g = goalAt(t);\n` +
      `  ${callJs};\n  simpleSpringDamperExact(simple, g, halflife, dt);\n}\n\n` +
      jsRow(ts) +
      `// The goal's steps.\nfor (const t of [0, 0.2, 1.9, ${SECONDS}]) console.log('goal', t.toFixed(5), goalAt(t).toFixed(5));\n` +
      `for (let k = 0; k <= ${Math.round(SECONDS * RATE)}; k++) {\n  const t = k / rate;\n` +
      `  row(t, spring.xi, spring.x, simple.x);\n  frame(t);\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n` +
    `static float goal_at(double t) { return t >= 1.9 - 1e-6 ? -0.5f : t >= 0.2 - 1e-6 ? 1.0f : 0.0f; }\n` +
    (name === 'timed'
      ? `/* Seconds left until the goal in force is due: ${jn(p.duration)} s after it was set. */\n` +
        `static double time_left(double t) { return (t >= 1.9 - 1e-6 ? 1.9 : t >= 0.2 - 1e-6 ? 0.2 : 0) + ${jn(p.duration)} - t; }\n`
      : '') +
    `\nint main(void)\n{\n    const float halflife = ${cf(p.halflife)};\n    const int rate = ${RATE};\n` +
    `    const float dt = 1.0f / (float)rate;\n` +
    `    static const double goal_times[4] = { 0.0, 0.2, 1.9, ${SECONDS} };\n` +
    `    float x = 0.0f, v = 0.0f, xi = 0.0f${i === 0 ? ', vi = 0.0f' : ''}, sx = 0.0f, sv = 0.0f;\n    int k;\n` +
    `    for (k = 0; k < 4; k++) ${cRow(['goal_times[k]', 'goal_at(goal_times[k])'], 'goal')} /* the goal's steps */\n` +
    `    for (k = 0; k <= ${Math.round(SECONDS * RATE)}; k++) {\n        const double t = (double)k / rate;\n` +
    `        const float g = goal_at(t);\n        ${cRow(['t', 'xi', 'x', 'sx'])}\n` +
    `        ${callC};\n        sp_simple_spring_damper_exact(&sx, &sv, g, halflife, dt);\n    }\n    return 0;\n}\n`;
  return {
    id: name,
    title: `${name} spring`,
    ...js,
    c,
    compare: [
      { plot: i, series: 0, cols: [0, 1], rows: 'goal' },
      ...[1, 2, 3].map((s) => ({ plot: i, series: s, cols: [0, s] })),
    ],
  };
}

function quaternionProgram(p) {
  const title = `The quaternion spring toward two goal rotations of ${p.angle}°, its rotation as continuous angles`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, quatFromScaledAngleAxis, quatMulVec3, quatToScaledAngleAxis, simpleSpringDamperExactQuat } from 'sprung';\n` +
      (ts ? `import type { Quat } from 'sprung';\n` : '') +
      `\nawait init();\n\n` +
      `const halflife = ${jn(p.halflife)}; // s\nconst rate = ${RATE};\nconst DEG = 180 / Math.PI;\n\n` +
      `// The goals (scaled angle-axis, radians): the identity, then two rotations of ${p.angle}°.\n` +
      `const a = ${p.angle} * (Math.PI / 180);\n` +
      `const goals = [\n` +
      `  quatFromScaledAngleAxis({ x: 0, y: 0, z: 0 }),\n` +
      `  quatFromScaledAngleAxis({ x: 0.35 * a, y: 0.94 * a, z: 0 }),\n` +
      `  quatFromScaledAngleAxis({ x: -0.6 * a, y: -0.3 * a, z: 0.74 * a }),\n` +
      `];\nconst goalAt = (t${ann(ts, 'number')}) => goals[t >= 1.9 - 1e-6 ? 2 : t >= 0.2 - 1e-6 ? 1 : 0];\n\n` +
      `// A rotation {x, y, z, w} and its angular velocity {x, y, z} (three.js objects work too).\n` +
      `const rotation = { x: 0, y: 0, z: 0, w: 1 };\nconst angularVelocity = { x: 0, y: 0, z: 0 };\n` +
      `// For printing: the rotation with its sign kept continuous, so the angles never jump, and the\n` +
      `// goal on the same side (where the rotation ends up).\n` +
      `const shown = { x: 0, y: 0, z: 0, w: 1 };\nconst goalShown = { x: 0, y: 0, z: 0, w: 1 };\n` +
      `/** Writes q, or -q when that is nearer ref, into out. */\n` +
      `function align(out${ann(ts, 'Quat')}, q${ann(ts, 'Quat')}, ref${ann(ts, 'Quat')}) {\n` +
      `  const s = q.x * ref.x + q.y * ref.y + q.z * ref.z + q.w * ref.w < 0 ? -1 : 1;\n` +
      `  out.x = s * q.x;\n  out.y = s * q.y;\n  out.z = s * q.z;\n  out.w = s * q.w;\n}\n` +
      `// The arrow the rotation turns: its forward axis, seen from the front (x, y).\n` +
      `const FORWARD = { x: 0, y: 0, z: 1 };\nconst tip = { x: 0, y: 0, z: 0 };\n` +
      `for (const goal of goals.slice(1)) {\n  quatMulVec3(goal, FORWARD, tip);\n` +
      `  console.log('goal', tip.x.toFixed(5), tip.y.toFixed(5));\n}\n\n` +
      jsRow(ts) +
      `const frames = ${Math.round(SECONDS * RATE)};\n` +
      `for (let k = 0; k <= frames; k++) {\n  const t = k / rate;\n` +
      `  align(shown, rotation, shown);\n  const axis = quatToScaledAngleAxis(shown);\n` +
      `  align(goalShown, goalAt(t), shown);\n  const goalAxis = quatToScaledAngleAxis(goalShown);\n` +
      `  quatMulVec3(rotation, FORWARD, tip);\n` +
      `  row(t, axis.x * DEG, axis.y * DEG, axis.z * DEG, goalAxis.x * DEG, goalAxis.y * DEG, goalAxis.z * DEG, tip.x, tip.y);\n` +
      `  if (k < frames) simpleSpringDamperExactQuat(rotation, angularVelocity, goalAt(t), halflife, 1 / rate);\n}\n` +
      `// The arrow at the end: from the centre to its tip.\n` +
      `console.log('arrow 0.00000 0.00000');\nconsole.log('arrow', tip.x.toFixed(5), tip.y.toFixed(5));\n`,
  );
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n` +
    `/* Writes q, or -q when that is nearer ref, into out. */\n` +
    `static void align(sp_quat *out, const sp_quat *q, const sp_quat *ref)\n{\n` +
    `    const float s = q->x * ref->x + q->y * ref->y + q->z * ref->z + q->w * ref->w < 0 ? -1.0f : 1.0f;\n` +
    `    out->x = s * q->x;\n    out->y = s * q->y;\n    out->z = s * q->z;\n    out->w = s * q->w;\n}\n\n` +
    `int main(void)\n{\n    const float halflife = ${cf(p.halflife)};\n    const int rate = ${RATE};\n` +
    `    const double deg = 180.0 / 3.14159265358979323846;\n` +
    `    const float a = ${cf(p.angle)} * (SP_PI / 180.0f);\n` +
    `    const sp_vec3 axes[3] = { { 0.0f, 0.0f, 0.0f }, { 0.35f * a, 0.94f * a, 0.0f }, { -0.6f * a, -0.3f * a, 0.74f * a } };\n` +
    `    const sp_vec3 forward = { 0.0f, 0.0f, 1.0f }; /* the arrow the rotation turns, seen from the front */\n` +
    `    const int frames = ${Math.round(SECONDS * RATE)};\n` +
    `    sp_quat goals[3], rotation = { 0.0f, 0.0f, 0.0f, 1.0f }, shown = { 0.0f, 0.0f, 0.0f, 1.0f }, goal_shown;\n` +
    `    sp_vec3 angular_velocity = { 0.0f, 0.0f, 0.0f }, axis, goal_axis, tip = { 0.0f, 0.0f, 0.0f };\n    int i, k;\n` +
    `    for (i = 0; i < 3; i++) sp_quat_from_scaled_angle_axis(&goals[i], &axes[i]);\n` +
    `    for (i = 1; i < 3; i++) {\n        sp_quat_mul_vec3(&tip, &goals[i], &forward);\n` +
    `        ${cRow(['tip.x', 'tip.y'], 'goal')}\n    }\n` +
    `    for (k = 0; k <= frames; k++) {\n        const double t = (double)k / rate;\n` +
    `        const int goal = t >= 1.9 - 1e-6 ? 2 : t >= 0.2 - 1e-6 ? 1 : 0;\n` +
    `        /* the rotation with its sign kept continuous, so the angles never jump; the goal on its side */\n` +
    `        align(&shown, &rotation, &shown);\n        sp_quat_to_scaled_angle_axis(&axis, &shown);\n` +
    `        align(&goal_shown, &goals[goal], &shown);\n        sp_quat_to_scaled_angle_axis(&goal_axis, &goal_shown);\n` +
    `        sp_quat_mul_vec3(&tip, &rotation, &forward);\n` +
    `        ` +
    `${cRow(['t', 'axis.x * deg', 'axis.y * deg', 'axis.z * deg', 'goal_axis.x * deg', 'goal_axis.y * deg', 'goal_axis.z * deg', 'tip.x', 'tip.y'])}\n` +
    `        if (k < frames) sp_simple_spring_damper_exact_quat(&rotation, &angular_velocity, &goals[goal], halflife, 1.0f / (float)rate);\n` +
    `    }\n` +
    `    printf("arrow 0.00000 0.00000\\n"); /* the arrow at the end: from the centre to its tip */\n` +
    `    ${cRow(['tip.x', 'tip.y'], 'arrow')}\n` +
    `    return 0;\n}\n`;
  return {
    id: 'quaternion',
    title: 'quaternion spring',
    ...js,
    c,
    compare: [
      ...[0, 1, 2, 3, 4, 5].map((s) => ({ plot: 3, series: s, cols: [0, s + 1] })),
      { plot: 4, series: 0, cols: [7, 8] },
      { plot: 4, series: 1, cols: [0, 1], rows: 'goal' },
      { plot: 4, series: 2, cols: [0, 1], rows: 'arrow' },
    ],
  };
}

/** The panel's programs for parameters `p`. */
export default function programs(p) {
  return [...SPRINGS.map((_, i) => scalarProgram(p, i)), quaternionProgram(p)];
}
