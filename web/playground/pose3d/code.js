// "Copy as code" of the 3D pose panel: the spring PoseInertializer and the
// CubicPoseInertializer through the panel's switch, as complete JavaScript, TypeScript and C
// programs printing the panel's offset plot (the mean angle over the bones between each
// output and the animation, in degrees, every 1/60 s from the switch on).
//
// The programs hold the two poses of the switch (13·23 floats each, at float precision) and
// feed the destination pose every frame. The offset of these inertializers does not depend on
// the animation that plays after the switch (the output is the decaying offset applied to it),
// so they print the panel's curves: the same to float rounding, about 1e-6 degrees, which is
// why they print six decimals rather than the five of the other panels' programs.
import { HOLD, RATE } from './scenario.js';
import { BONE_COUNT } from './skeleton.js';
import { ann, cf, cHead, jn, jsAndTs, jsHead } from '../lib/program.js';

/**
 * The four parts of a pose: name, floats per bone.
 * @type {[string, number][]}
 */
const PARTS = [
  ['positions', 3],
  ['velocities', 3],
  ['rotations', 4],
  ['angular velocities', 3],
];

/**
 * A pose as the lines of an array literal, part by part under a comment, two or three bones
 * a line; floats with 9 significant digits (they round-trip), with `suffix` ('f' in C).
 * @param {Float32Array} pose
 * @param {string} indent
 * @param {boolean} c   C comments and float literals
 */
function poseLiteral(pose, indent, c) {
  const lines = [];
  let at = 0;
  for (const [name, size] of PARTS) {
    lines.push(c ? `${indent}/* ${name} */` : `${indent}// ${name}`);
    const items = Array.from(pose.subarray(at, at + size * BONE_COUNT), (v) => {
      const text = String(Number(v.toPrecision(9)));
      return c ? `${/[.e]/.test(text) ? text : `${text}.0`}f` : text;
    });
    const perLine = size === 4 ? 8 : 9;
    for (let i = 0; i < items.length; i += perLine)
      lines.push(`${indent}${items.slice(i, i + perLine).join(', ')},`);
    at += size * BONE_COUNT;
  }
  return lines.join('\n');
}

/**
 * The program of the panel's switch with parameters `p`, from pose `src` (what was playing)
 * to `dst` (what plays from the switch on). `plot`: the index of the offset plot among the
 * panel's plots, whose series 0 and 1 are the spring's and the cubic's offsets.
 * @param {{ from: string, to: string, at: number, halflife: number, blendtime: number }} p
 * @param {Float32Array} src
 * @param {Float32Array} dst
 * @param {number} plot
 */
export function offsetsProgram(p, src, dst, plot) {
  const frames = Math.round(HOLD * RATE);
  const title = `The spring and cubic pose inertializers through a switch from "${p.from}" to "${p.to}" (${BONE_COUNT} bones)`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, CubicPoseInertializer, PoseInertializer } from 'sprung';\n\nawait init();\n\n` +
      `const BONES = ${BONE_COUNT};\nconst halflife = ${jn(p.halflife)}; // s, the spring's\n` +
      `const blendtime = ${jn(p.blendtime)}; // s, the cubic's\nconst rate = ${RATE};\n\n` +
      `// A pose: positions (3 per bone), velocities (3), rotations (4, x y z w), angular velocities (3).\n` +
      `// What was playing at the switch ("${p.from}" at phase ${jn(p.at)}) and what plays from it on ("${p.to}").\n` +
      `const src = new Float32Array([\n${poseLiteral(src, '  ', false)}\n]);\n` +
      `const dst = new Float32Array([\n${poseLiteral(dst, '  ', false)}\n]);\n\n` +
      `/** Mean angle (degrees) between the rotations of two poses: the size of the offset. */\n` +
      `function offsetDegrees(a${ann(ts, 'Float32Array')}, b${ann(ts, 'Float32Array')})${ann(ts, 'number')} {\n` +
      `  let sum = 0;\n  for (let i = 0; i < BONES; i++) {\n    const r = 6 * BONES + 4 * i;\n` +
      `    // the angle of a·b⁻¹: 2·atan2(|xyz|, |w|)\n` +
      `    const [ax, ay, az, aw] = [a[r], a[r + 1], a[r + 2], a[r + 3]];\n` +
      `    const [bx, by, bz, bw] = [-b[r], -b[r + 1], -b[r + 2], b[r + 3]];\n` +
      `    const x = aw * bx + ax * bw + ay * bz - az * by;\n    const y = aw * by - ax * bz + ay * bw + az * bx;\n` +
      `    const z = aw * bz + ax * by - ay * bx + az * bw;\n    const w = aw * bw - ax * bx - ay * by - az * bz;\n` +
      `    sum += 2 * Math.atan2(Math.hypot(x, y, z), Math.abs(w));\n  }\n  return (sum / BONES) * (180 / Math.PI);\n}\n\n` +
      `const spring = new PoseInertializer(BONES, { halflife });\nconst cubic = new CubicPoseInertializer(BONES, { blendtime });\n` +
      `// At the switch: record the offset between the two poses.\nspring.transition(src, dst);\ncubic.transition(src, dst);\n\n` +
      `const row = (...values${ann(ts, 'number[]')}) => console.log(values.map((v) => v.toFixed(6)).join(' '));\n` +
      `console.log('# t (s), offset of the spring and of the cubic (degrees)');\n` +
      `for (let k = 0; k <= ${frames}; k++) {\n` +
      `  const dt = k ? 1 / rate : 0;\n` +
      `  // Every frame: the new animation's pose in, the blended pose out (in a game: what you draw).\n` +
      `  const springPose = spring.update(dst, dt);\n  const springOffset = offsetDegrees(springPose, dst);\n` +
      `  const cubicPose = cubic.update(dst, dt);\n  const cubicOffset = offsetDegrees(cubicPose, dst);\n` +
      `  row(k / rate, springOffset, cubicOffset);\n}\nspring.dispose();\ncubic.dispose();\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n#define BONES ${BONE_COUNT}\n\n` +
    `/* A pose: positions (3 per bone), velocities (3), rotations (4, x y z w), angular velocities (3).\n` +
    ` * What was playing at the switch ("${p.from}" at phase ${jn(p.at)}) and what plays from it on ("${p.to}"). */\n` +
    `static const float src[13 * BONES] = {\n${poseLiteral(src, '    ', true)}\n};\n` +
    `static const float dst[13 * BONES] = {\n${poseLiteral(dst, '    ', true)}\n};\n\n` +
    `/* Mean angle (degrees) between the rotations of two poses: the size of the offset. */\n` +
    `static double offset_degrees(const float *a, const float *b)\n{\n    double sum = 0.0;\n    int i;\n` +
    `    for (i = 0; i < BONES; i++) {\n        const float *p = a + 6 * BONES + 4 * i, *q = b + 6 * BONES + 4 * i;\n` +
    `        /* the angle of p·q⁻¹: 2·atan2(|xyz|, |w|) */\n` +
    `        const double ax = p[0], ay = p[1], az = p[2], aw = p[3], bx = -q[0], by = -q[1], bz = -q[2], bw = q[3];\n` +
    `        const double x = aw * bx + ax * bw + ay * bz - az * by;\n        const double y = aw * by - ax * bz + ay * bw + az * bx;\n` +
    `        const double z = aw * bz + ax * by - ay * bx + az * bw;\n        const double w = aw * bw - ax * bx - ay * by - az * bz;\n` +
    `        sum += 2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w));\n    }\n` +
    `    return sum / BONES * (180.0 / 3.14159265358979323846);\n}\n\n` +
    `int main(void)\n{\n    static float spring_offset[13 * BONES], cubic_offset[13 * BONES], out[13 * BONES];\n` +
    `    const float halflife = ${cf(p.halflife)}, blendtime = ${cf(p.blendtime)};\n    float cubic_time = 0.0f;\n    int i, k;\n` +
    `    /* no offset yet: all zero, rotations the identity */\n` +
    `    for (i = 0; i < BONES; i++) spring_offset[6 * BONES + 4 * i + 3] = cubic_offset[6 * BONES + 4 * i + 3] = 1.0f;\n\n` +
    `    /* at the switch: record the offset between the two poses */\n` +
    `    sp_inertialize_pose_transition(spring_offset, src, dst, BONES);\n` +
    `    sp_inertialize_pose_cubic_transition(cubic_offset, &cubic_time, src, dst, blendtime, BONES);\n\n` +
    `    printf("# t (s), offset of the spring and of the cubic (degrees)\\n");\n` +
    `    for (k = 0; k <= ${frames}; k++) {\n        const float dt = k ? 1.0f / ${RATE}.0f : 0.0f;\n        double spring, cubic;\n` +
    `        /* every frame: the new animation's pose in, the blended pose out (in a game: what you draw) */\n` +
    `        sp_inertialize_pose_update(out, spring_offset, dst, halflife, dt, BONES);\n        spring = offset_degrees(out, dst);\n` +
    `        sp_inertialize_pose_cubic_update(out, &cubic_time, cubic_offset, dst, blendtime, dt, BONES);\n        cubic = offset_degrees(out, dst);\n` +
    `        printf("%.6f %.6f %.6f\\n", k / ${RATE}.0, spring, cubic);\n    }\n    return 0;\n}\n`;
  return {
    id: 'offsets',
    title: 'spring and cubic pose inertializers',
    ...js,
    c,
    compare: [
      { plot, series: 0, cols: [0, 1] },
      { plot, series: 1, cols: [0, 2] },
    ],
  };
}
