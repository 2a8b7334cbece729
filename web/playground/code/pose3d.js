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
import { ANGLE_PLOT, LEAD_FRAMES, OFFSET_PLOT } from '../panels/pose3d.js';
import { HOLD, RATE } from '../pose3d/params.js';
import { BONE_COUNT, bone } from '../pose3d/skeleton.js';
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
function offsetsProgram(p, src, dst, plot) {
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

/** A float as a literal that round-trips it (9 significant digits); C's with an f. */
function literal(v, c) {
  const text = String(Number(v.toPrecision(9)));
  return c ? `${/[.e]/.test(text) ? text : `${text}.0`}f` : text;
}

/**
 * The rotations and angular velocities (7 floats a bone) of bones `bones` of `pose`, as the
 * items of an array literal, one bone a line.
 * @param {Float32Array} pose
 * @param {number[]} bones
 * @param {string} indent
 * @param {boolean} c
 */
function rotationsLiteral(pose, bones, indent, c) {
  const B = BONE_COUNT;
  return bones
    .map((b) => {
      const floats = [
        ...pose.subarray(6 * B + 4 * b, 6 * B + 4 * b + 4),
        ...pose.subarray(10 * B + 3 * b, 10 * B + 3 * b + 3),
      ];
      return `${indent}${floats.map((v) => literal(v, c)).join(', ')},`;
    })
    .join('\n');
}

/**
 * The quaternion helpers and the dead blending of rotations of pose3d/blends.js, as program text
 * (the same formulas in the same order, in double precision, so that JavaScript prints the very
 * numbers the panel plots). Quaternions are [x, y, z, w]; a bone's rotation and angular velocity
 * are 7 floats, q then ω.
 * @param {boolean} ts
 */
function deadBlendingJs(ts) {
  const A = ann(ts, 'ArrayLike<number>');
  const N = ann(ts, 'number');
  return (
    `// Quaternion helpers, [x, y, z, w], in double precision.\n` +
    `/** a·b, or a·b⁻¹ with inv. */\n` +
    `function qmul(a${A}, b${A}, inv = false)${ann(ts, 'number[]')} {\n` +
    `  const s = inv ? -1 : 1;\n  const [ax, ay, az, aw] = [a[0], a[1], a[2], a[3]];\n` +
    `  const [bx, by, bz, bw] = [s * b[0], s * b[1], s * b[2], b[3]];\n` +
    `  return [\n    aw * bx + ax * bw + ay * bz - az * by,\n    aw * by - ax * bz + ay * bw + az * bx,\n` +
    `    aw * bz + ax * by - ay * bx + az * bw,\n    aw * bw - ax * bx - ay * by - az * bz,\n  ];\n}\n` +
    `/** The scaled angle-axis of q, on the shorter arc. */\n` +
    `function qlog(q${A})${ann(ts, 'number[]')} {\n  const sign = q[3] < 0 ? -1 : 1;\n  const w = sign * q[3];\n` +
    `  const len = Math.hypot(q[0], q[1], q[2]);\n` +
    `  const k = (sign * (len < 1e-9 ? 2 / w : 2 * Math.atan2(len, w))) / (len < 1e-9 ? 1 : len);\n` +
    `  return [q[0] * k, q[1] * k, q[2] * k];\n}\n` +
    `/** The rotation of scaled angle-axis v. */\n` +
    `function qexp(v${A})${ann(ts, 'number[]')} {\n  const half = 0.5 * Math.hypot(v[0], v[1], v[2]);\n` +
    `  const s = half < 1e-4 ? 0.5 * (1 - (half * half) / 6) : (0.5 * Math.sin(half)) / half;\n` +
    `  return [v[0] * s, v[1] * s, v[2] * s, Math.cos(half)];\n}\n` +
    `/** J(p)·v, or J(p)⁻¹·v with inverse: J the left Jacobian of the rotation exponential. */\n` +
    `function jacobian(p${A}, v${A}, inverse${ann(ts, 'boolean')})${ann(ts, 'number[]')} {\n` +
    `  const [px, py, pz] = [p[0], p[1], p[2]];\n  const t2 = px * px + py * py + pz * pz;\n  const t = Math.sqrt(t2);\n` +
    `  const small = t < 1e-3;\n` +
    `  const a = inverse ? -0.5 : small ? 0.5 - t2 / 24 : (1 - Math.cos(t)) / t2;\n` +
    `  const b = inverse\n    ? small\n      ? 1 / 12 + t2 / 720\n      : 1 / t2 - (1 + Math.cos(t)) / (2 * t * Math.sin(t))\n` +
    `    : small\n      ? 1 / 6 - t2 / 120\n      : (t - Math.sin(t)) / (t2 * t);\n` +
    `  const cx = py * v[2] - pz * v[1];\n  const cy = pz * v[0] - px * v[2];\n  const cz = px * v[1] - py * v[0];\n` +
    `  return [\n    v[0] + a * cx + b * (py * cz - pz * cy),\n    v[1] + a * cy + b * (pz * cx - px * cz),\n` +
    `    v[2] + a * cz + b * (px * cy - py * cx),\n  ];\n}\n\n` +
    `/**\n * Dead blending of rotations, bone by bone: at a switch the output is extrapolated with its\n` +
    ` * velocity decaying by halflife and cross-faded into the new animation over blendtime, by sprung's\n` +
    ` * scalar deadBlendingTransition / deadBlendingUpdate on the three coordinates of the rotation's\n` +
    ` * log map about R, the output rotation at the switch.\n */\n` +
    `function deadRotations(bones${N}, halflife${N}, blendtime${N}) {\n` +
    `  const channels = Array.from({ length: 3 * bones }, () => ({ x: 0, v: 0, t: Infinity }));\n` +
    `  const base = Array.from({ length: bones }, () => [0, 0, 0, 1]); // R per bone\n` +
    `  const out = { x: 0, v: 0 };\n` +
    `  /** The log-map coordinates about R of rotation q (7 floats from \`at\`: q, ω) and their rates. */\n` +
    `  const chart = (b${N}, pose${A}, at${N}) => {\n` +
    `    const phi = qlog(qmul([pose[at], pose[at + 1], pose[at + 2], pose[at + 3]], base[b], true));\n` +
    `    return [phi, jacobian(phi, [pose[at + 4], pose[at + 5], pose[at + 6]], true)];\n  };\n` +
    `  return {\n    /** A switch of bone b away from its rotation in \`pose\` (7 floats from \`at\`). */\n` +
    `    transition(b${N}, pose${A}, at${N}) {\n      const [phi, rate] = chart(b, pose, at);\n` +
    `      for (let c = 0; c < 3; c++) {\n        const s = channels[3 * b + c];\n` +
    `        deadBlendingTransition(s, phi[c], rate[c], halflife, blendtime);\n        phi[c] = s.x;\n        rate[c] = s.v;\n      }\n` +
    `      // R moves to the output; its angular velocity becomes the new rates at φ = 0\n` +
    `      base[b] = qmul(qexp(phi), base[b]);\n      const omega = jacobian(phi, rate, false);\n` +
    `      for (let c = 0; c < 3; c++) {\n        channels[3 * b + c].x = 0;\n        channels[3 * b + c].v = omega[c];\n      }\n    },\n` +
    `    /** Bone b's output rotation for its animation's rotation in \`pose\` (from \`at\`), after dt. */\n` +
    `    update(b${N}, pose${A}, at${N}, dt${N})${ann(ts, 'Float32Array')} {\n      const [phi, rate] = chart(b, pose, at);\n` +
    `      for (let c = 0; c < 3; c++) {\n` +
    `        deadBlendingUpdate(out, channels[3 * b + c], phi[c], rate[c], halflife, blendtime, dt);\n` +
    `        phi[c] = out.x;\n        rate[c] = out.v;\n      }\n` +
    `      // the blend over, the output is the animation\n` +
    `      if (!(channels[3 * b].t < blendtime)) return Float32Array.from([pose[at], pose[at + 1], pose[at + 2], pose[at + 3]]);\n` +
    `      return Float32Array.from(qmul(qexp(phi), base[b]));\n    },\n  };\n}\n`
  );
}

/** The same in C, for `bones` bones (the scalar dead blending state as the library keeps it: floats). */
function deadBlendingC(bones) {
  return (
    `/* Quaternion helpers, [x, y, z, w], in double precision. */\n` +
    `static void qmul(double out[4], const double a[4], const double b[4], int inv)\n{\n` +
    `    const double s = inv ? -1.0 : 1.0, bx = s * b[0], by = s * b[1], bz = s * b[2], bw = b[3];\n` +
    `    out[0] = a[3] * bx + a[0] * bw + a[1] * bz - a[2] * by;\n    out[1] = a[3] * by - a[0] * bz + a[1] * bw + a[2] * bx;\n` +
    `    out[2] = a[3] * bz + a[0] * by - a[1] * bx + a[2] * bw;\n    out[3] = a[3] * bw - a[0] * bx - a[1] * by - a[2] * bz;\n}\n` +
    `/* the scaled angle-axis of q, on the shorter arc */\n` +
    `static void qlog(double out[3], const double q[4])\n{\n    const double sign = q[3] < 0 ? -1.0 : 1.0, w = sign * q[3];\n` +
    `    const double len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);\n` +
    `    const double k = (sign * (len < 1e-9 ? 2.0 / w : 2.0 * atan2(len, w))) / (len < 1e-9 ? 1.0 : len);\n` +
    `    out[0] = q[0] * k;\n    out[1] = q[1] * k;\n    out[2] = q[2] * k;\n}\n` +
    `/* the rotation of scaled angle-axis v */\n` +
    `static void qexp(double out[4], const double v[3])\n{\n    const double half = 0.5 * sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);\n` +
    `    const double s = half < 1e-4 ? 0.5 * (1.0 - half * half / 6.0) : 0.5 * sin(half) / half;\n` +
    `    out[0] = v[0] * s;\n    out[1] = v[1] * s;\n    out[2] = v[2] * s;\n    out[3] = cos(half);\n}\n` +
    `/* J(p)v, or J(p)^-1 v with inverse: J the left Jacobian of the rotation exponential */\n` +
    `static void jacobian(double out[3], const double p[3], const double v[3], int inverse)\n{\n` +
    `    const double t2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2], t = sqrt(t2);\n    const int small = t < 1e-3;\n` +
    `    const double a = inverse ? -0.5 : small ? 0.5 - t2 / 24.0 : (1.0 - cos(t)) / t2;\n` +
    `    const double b = inverse ? (small ? 1.0 / 12.0 + t2 / 720.0 : 1.0 / t2 - (1.0 + cos(t)) / (2.0 * t * sin(t)))\n` +
    `                             : (small ? 1.0 / 6.0 - t2 / 120.0 : (t - sin(t)) / (t2 * t));\n` +
    `    const double cx = p[1] * v[2] - p[2] * v[1], cy = p[2] * v[0] - p[0] * v[2], cz = p[0] * v[1] - p[1] * v[0];\n` +
    `    out[0] = v[0] + a * cx + b * (p[1] * cz - p[2] * cy);\n    out[1] = v[1] + a * cy + b * (p[2] * cx - p[0] * cz);\n` +
    `    out[2] = v[2] + a * cz + b * (p[0] * cy - p[1] * cx);\n}\n\n` +
    `/* Dead blending of rotations, bone by bone: at a switch the output is extrapolated with its velocity\n` +
    ` * decaying by halflife and cross-faded into the new animation over blendtime, by sprung's scalar dead\n` +
    ` * blending on the three coordinates of the rotation's log map about R, the output rotation at the switch. */\n` +
    `typedef struct { float x, v, t; } channel;\n` +
    `static channel channels[${bones}][3];\nstatic double base[${bones}][4]; /* R per bone */\n` +
    `static float dead_halflife, dead_blendtime;\n\n` +
    `static void dead_reset(void)\n{\n    int b, c;\n    for (b = 0; b < ${bones}; b++) {\n` +
    `        for (c = 0; c < 3; c++) channels[b][c].x = channels[b][c].v = 0.0f, channels[b][c].t = INFINITY;\n` +
    `        base[b][0] = base[b][1] = base[b][2] = 0.0;\n        base[b][3] = 1.0;\n    }\n}\n` +
    `/* the log-map coordinates about R of bone b's rotation (7 floats: q, w) and their rates */\n` +
    `static void chart(int b, const float *bone, double phi[3], double rate[3])\n{\n` +
    `    const double q[4] = { bone[0], bone[1], bone[2], bone[3] }, w[3] = { bone[4], bone[5], bone[6] };\n    double m[4];\n` +
    `    qmul(m, q, base[b], 1);\n    qlog(phi, m);\n    jacobian(rate, phi, w, 1);\n}\n` +
    `static void dead_transition(int b, const float *bone)\n{\n    double phi[3], rate[3], q[4], r[4], omega[3];\n    int c;\n` +
    `    chart(b, bone, phi, rate);\n    for (c = 0; c < 3; c++) {\n        channel *s = &channels[b][c];\n` +
    `        sp_dead_blending_transition(&s->x, &s->v, &s->t, (float)phi[c], (float)rate[c], dead_halflife, dead_blendtime);\n` +
    `        phi[c] = s->x;\n        rate[c] = s->v;\n    }\n` +
    `    /* R moves to the output; its angular velocity becomes the new rates at phi = 0 */\n` +
    `    qexp(q, phi);\n    qmul(r, q, base[b], 0);\n    for (c = 0; c < 4; c++) base[b][c] = r[c];\n` +
    `    jacobian(omega, phi, rate, 0);\n    for (c = 0; c < 3; c++) {\n` +
    `        channels[b][c].x = 0.0f;\n        channels[b][c].v = (float)omega[c];\n    }\n}\n` +
    `/* bone b's output rotation (out, 4 floats) for its animation's rotation (7 floats: q, w), after dt */\n` +
    `static void dead_update(int b, const float *bone, float dt, float out[4])\n{\n    double phi[3], rate[3], q[4], r[4];\n    int c;\n` +
    `    chart(b, bone, phi, rate);\n    for (c = 0; c < 3; c++) {\n        float x, v;\n` +
    `        sp_dead_blending_update(&x, &v, &channels[b][c].t, channels[b][c].x, channels[b][c].v, (float)phi[c], (float)rate[c],\n` +
    `                                dead_halflife, dead_blendtime, dt);\n        phi[c] = x;\n        rate[c] = v;\n    }\n` +
    `    if (!(channels[b][0].t < dead_blendtime)) { /* the blend over, the output is the animation */\n` +
    `        for (c = 0; c < 4; c++) out[c] = bone[c];\n        return;\n    }\n` +
    `    qexp(q, phi);\n    qmul(r, q, base[b], 0);\n    for (c = 0; c < 4; c++) out[c] = (float)r[c];\n}\n\n`
  );
}

/**
 * Dead blending through the panel's switch: the offset over all bones (the mean angle between its
 * output and the animation) every 1/60 s from the switch, while the blend runs; once it is over the
 * output is the animation (offset 0). The programs hold the pose before the switch and the
 * animation's rotations for each frame of the blend.
 * @param {any} p
 * @param {Float32Array} src
 * @param {Float32Array[]} inputs  the animation's pose at each frame from −LEAD
 */
function deadProgram(p, src, inputs) {
  const B = BONE_COUNT;
  const frames = Math.round(HOLD * RATE);
  // the frames of the blend (and one after it): after them the output is the animation
  const blending = Math.min(frames, Math.ceil(p.blendtime * RATE) + 1);
  const all = [...Array(B).keys()];
  const title = `Dead blending through a switch from "${p.from}" to "${p.to}" (${B} bones): the size of its offset`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, deadBlendingTransition, deadBlendingUpdate } from 'sprung';\n\nawait init();\n\n` +
      `const BONES = ${B};\nconst halflife = ${jn(p.extrapolation)}; // s, the extrapolated velocity's\n` +
      `const blendtime = ${jn(p.blendtime)}; // s\nconst rate = ${RATE};\n\n` +
      `// Each bone's rotation (x, y, z, w) and angular velocity, 7 floats: what was playing at the switch\n` +
      `// ("${p.from}" at phase ${jn(p.at)}), then the new animation ("${p.to}") at each frame of the blend.\n` +
      `const src = new Float32Array([\n${rotationsLiteral(src, all, '  ', false)}\n]);\n` +
      `const blend = [\n${inputs
        .slice(LEAD_FRAMES, LEAD_FRAMES + blending + 1)
        .map(
          (pose, j) =>
            `  // t = ${jn(j / RATE)} s\n  new Float32Array([\n${rotationsLiteral(pose, all, '    ', false)}\n  ]),`,
        )
        .join('\n')}\n];\n\n` +
      deadBlendingJs(ts) +
      `\n/** The angle (degrees) between two rotations: 2·atan2(|xyz|, |w|) of a·b⁻¹. */\n` +
      `function angle(a${ann(ts, 'ArrayLike<number>')}, b${ann(ts, 'ArrayLike<number>')})${ann(ts, 'number')} {\n` +
      `  const d = qmul(a, b, true);\n  return 2 * Math.atan2(Math.hypot(d[0], d[1], d[2]), Math.abs(d[3])) * (180 / Math.PI);\n}\n\n` +
      `const dead = deadRotations(BONES, halflife, blendtime);\n` +
      `// At the switch: the output (here the old animation) is extrapolated from then on.\n` +
      `for (let b = 0; b < BONES; b++) dead.transition(b, src, 7 * b);\n\n` +
      `const row = (...values${ann(ts, 'number[]')}) => console.log(values.map((v) => v.toFixed(6)).join(' '));\n` +
      `console.log('# t (s), offset of dead blending (degrees): the mean over the bones of the angle to the animation');\n` +
      `for (let k = 0; k <= ${frames}; k++) {\n` +
      `  // past the blend, the output is the animation: offset 0\n` +
      `  if (k >= blend.length) {\n    row(k / rate, 0);\n    continue;\n  }\n` +
      `  let sum = 0;\n  for (let b = 0; b < BONES; b++) sum += angle(dead.update(b, blend[k], 7 * b, k ? 1 / rate : 0), blend[k].subarray(7 * b));\n` +
      `  row(k / rate, sum / BONES);\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n#define BONES ${B}\n#define BLEND ${blending + 1}\n\n` +
    `/* Each bone's rotation (x, y, z, w) and angular velocity, 7 floats: what was playing at the switch\n` +
    ` * ("${p.from}" at phase ${jn(p.at)}), then the new animation ("${p.to}") at each frame of the blend. */\n` +
    `static const float src[7 * BONES] = {\n${rotationsLiteral(src, all, '    ', true)}\n};\n` +
    `static const float blend[BLEND][7 * BONES] = {\n${inputs
      .slice(LEAD_FRAMES, LEAD_FRAMES + blending + 1)
      .map(
        (pose, j) =>
          `    { /* t = ${jn(j / RATE)} s */\n${rotationsLiteral(pose, all, '        ', true)}\n    },`,
      )
      .join('\n')}\n};\n\n` +
    deadBlendingC(B) +
    `/* the angle (degrees) between two rotations: 2 atan2(|xyz|, |w|) of a b^-1 */\n` +
    `static double angle(const float *a, const float *b)\n{\n    const double p[4] = { a[0], a[1], a[2], a[3] }, q[4] = { b[0], b[1], b[2], b[3] };\n` +
    `    double d[4];\n    qmul(d, p, q, 1);\n` +
    `    return 2.0 * atan2(sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), fabs(d[3])) * (180.0 / 3.14159265358979323846);\n}\n\n` +
    `int main(void)\n{\n    int b, k;\n    dead_halflife = ${cf(p.extrapolation)};\n    dead_blendtime = ${cf(p.blendtime)};\n    dead_reset();\n` +
    `    /* at the switch: the output (here the old animation) is extrapolated from then on */\n` +
    `    for (b = 0; b < BONES; b++) dead_transition(b, src + 7 * b);\n` +
    `    printf("# t (s), offset of dead blending (degrees): the mean over the bones of the angle to the animation\\n");\n` +
    `    for (k = 0; k <= ${frames}; k++) {\n        double sum = 0.0;\n` +
    `        if (k >= BLEND) { /* past the blend, the output is the animation: offset 0 */\n` +
    `            printf("%.6f %.6f\\n", k / ${RATE}.0, 0.0);\n            continue;\n        }\n` +
    `        for (b = 0; b < BONES; b++) {\n            float out[4];\n` +
    `            dead_update(b, blend[k] + 7 * b, k ? 1.0f / ${RATE}.0f : 0.0f, out);\n            sum += angle(out, blend[k] + 7 * b);\n        }\n` +
    `        printf("%.6f %.6f\\n", k / ${RATE}.0, sum / BONES);\n    }\n    return 0;\n}\n`;
  return {
    id: 'dead',
    title: 'dead blending',
    ...js,
    c,
    compare: [{ plot: OFFSET_PLOT, series: 2, cols: [0, 1] }],
  };
}

/**
 * A joint's flexion through the panel's switch under the four blends (none, the spring
 * PoseInertializer, the CubicPoseInertializer, dead blending), every 1/60 s from −LEAD to HOLD: a
 * bone's blended rotation depends on that bone alone, so the programs blend a one-bone pose, fed
 * the joint's rotation and angular velocity at each frame (which they hold).
 * @param {any} p
 * @param {number} joint  the bone
 * @param {Float32Array} src
 * @param {Float32Array[]} inputs  the animation's pose at each frame from −LEAD
 */
function jointProgram(p, joint, src, inputs) {
  const frames = inputs.length - 1;
  const title = `A joint's flexion through a switch from "${p.from}" to "${p.to}": no blending, spring, cubic, dead blending`;
  const js = jsAndTs((ts) => {
    const F = ann(ts, 'Float32Array');
    return (
      jsHead(title, ts) +
      `import { init, CubicPoseInertializer, PoseInertializer, deadBlendingTransition, deadBlendingUpdate } from 'sprung';\n\n` +
      `await init();\n\n` +
      `const halflife = ${jn(p.halflife)}; // s, the spring's\nconst blendtime = ${jn(p.blendtime)}; // s, the cubic's and dead blending's\n` +
      `const extrapolation = ${jn(p.extrapolation)}; // s, dead blending's velocity halflife\nconst rate = ${RATE};\n` +
      `const lead = ${LEAD_FRAMES}; // frames before the switch\n\n` +
      `// The joint's rotation (x, y, z, w) and angular velocity: what was playing at the switch ("${p.from}"\n` +
      `// at phase ${jn(p.at)}), then the animation at each frame, from ${jn(LEAD_FRAMES / RATE)} s before the switch.\n` +
      `const src = new Float32Array([\n${rotationsLiteral(src, [joint], '  ', false)}\n]);\n` +
      `const frames = [\n${inputs.map((pose) => `  [${rotationsLiteral(pose, [joint], '', false).slice(0, -1)}],`).join('\n')}\n];\n\n` +
      deadBlendingJs(ts) +
      `\n/** A one-bone pose (positions, velocities, rotation, angular velocity) of 7 floats q, ω. */\n` +
      `const pose = (bone${ann(ts, 'ArrayLike<number>')}) => Float32Array.from([0, 0, 0, 0, 0, 0, ...Array.from(bone)]);\n` +
      `/** Flexion (degrees): the x of the rotation's scaled angle-axis (bend about the side axis). */\n` +
      `const flexion = (q${ann(ts, 'ArrayLike<number>')}) => qlog(q)[0] * (180 / Math.PI);\n\n` +
      `const spring = new PoseInertializer(1, { halflife });\nconst cubic = new CubicPoseInertializer(1, { blendtime });\n` +
      `const dead = deadRotations(1, extrapolation, blendtime);\n` +
      `let springOut${F} = pose(src);\nlet cubicOut${F} = pose(src);\nlet deadOut${F} = src.subarray(0, 4);\n` +
      `/** One frame of the three blends with the animation's joint \`bone\` (7 floats). */\n` +
      `function frame(bone${ann(ts, 'Float32Array')}, dt${ann(ts, 'number')}) {\n` +
      `  springOut = spring.update(pose(bone), dt).slice();\n  cubicOut = cubic.update(pose(bone), dt).slice();\n` +
      `  deadOut = dead.update(0, bone, 0, dt);\n}\n\n` +
      `const row = (...values${ann(ts, 'number[]')}) => console.log(values.map((v) => v.toFixed(6)).join(' '));\n` +
      `console.log('# t (s) from the switch, flexion (degrees): animation (no blending), spring, cubic, dead blending');\n` +
      `for (let k = 0; k < frames.length; k++) {\n  const bone = Float32Array.from(frames[k]);\n  const dt = k ? 1 / rate : 0;\n` +
      `  if (k === lead) {\n` +
      `    // the switch: the frame reaches it on the old animation, which is then blended into the new one\n` +
      `    frame(src, dt);\n    spring.transition(pose(src), pose(bone));\n    cubic.transition(pose(src), pose(bone));\n` +
      `    dead.transition(0, src, 0);\n    frame(bone, 0);\n  } else frame(bone, dt);\n` +
      `  row((k - lead) / rate, flexion(bone), flexion(springOut.subarray(6)), flexion(cubicOut.subarray(6)), flexion(deadOut));\n}\n` +
      `spring.dispose();\ncubic.dispose();\n`
    );
  });
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `#define FRAMES ${frames + 1}\n#define LEAD ${LEAD_FRAMES} /* frames before the switch */\n\n` +
    `/* The joint's rotation (x, y, z, w) and angular velocity: what was playing at the switch ("${p.from}"\n` +
    ` * at phase ${jn(p.at)}), then the animation at each frame, from ${jn(LEAD_FRAMES / RATE)} s before the switch. */\n` +
    `static const float src[7] = {\n${rotationsLiteral(src, [joint], '    ', true)}\n};\n` +
    `static const float frames[FRAMES][7] = {\n` +
    `${inputs.map((pose) => `    { ${rotationsLiteral(pose, [joint], '', true).slice(0, -1)} },`).join('\n')}\n};\n\n` +
    deadBlendingC(1) +
    `/* a one-bone pose (positions, velocities, rotation, angular velocity) of 7 floats q, w */\n` +
    `static void pose(float out[13], const float *bone)\n{\n    int c;\n` +
    `    for (c = 0; c < 6; c++) out[c] = 0.0f;\n    for (c = 0; c < 7; c++) out[6 + c] = bone[c];\n}\n` +
    `/* flexion (degrees): the x of the rotation's scaled angle-axis (bend about the side axis) */\n` +
    `static double flexion(const float *q)\n{\n    const double d[4] = { q[0], q[1], q[2], q[3] };\n    double v[3];\n` +
    `    qlog(v, d);\n    return v[0] * (180.0 / 3.14159265358979323846);\n}\n\n` +
    `static float spring_offset[13], cubic_offset[13], cubic_time, spring_out[13], cubic_out[13], dead_out[4];\n` +
    `static float halflife, blendtime;\n\n` +
    `/* one frame of the three blends with the animation's joint (7 floats) */\n` +
    `static void frame(const float *bone, float dt)\n{\n    float in[13];\n    pose(in, bone);\n` +
    `    sp_inertialize_pose_update(spring_out, spring_offset, in, halflife, dt, 1);\n` +
    `    sp_inertialize_pose_cubic_update(cubic_out, &cubic_time, cubic_offset, in, blendtime, dt, 1);\n` +
    `    dead_update(0, bone, dt, dead_out);\n}\n\n` +
    `int main(void)\n{\n    int k;\n    halflife = ${cf(p.halflife)};\n    blendtime = ${cf(p.blendtime)};\n` +
    `    dead_halflife = ${cf(p.extrapolation)};\n    dead_blendtime = blendtime;\n    dead_reset();\n` +
    `    /* no offset yet: zero, the rotation the identity */\n    spring_offset[9] = cubic_offset[9] = 1.0f;\n` +
    `    printf("# t (s) from the switch, flexion (degrees): animation (no blending), spring, cubic, dead blending\\n");\n` +
    `    for (k = 0; k < FRAMES; k++) {\n        const float dt = k ? 1.0f / ${RATE}.0f : 0.0f;\n` +
    `        if (k == LEAD) { /* the switch: the frame reaches it on the old animation, then blends into the new one */\n` +
    `            float a[13], b[13];\n            frame(src, dt);\n            pose(a, src);\n            pose(b, frames[k]);\n` +
    `            sp_inertialize_pose_transition(spring_offset, a, b, 1);\n` +
    `            sp_inertialize_pose_cubic_transition(cubic_offset, &cubic_time, a, b, blendtime, 1);\n` +
    `            dead_transition(0, src);\n            frame(frames[k], 0.0f);\n        } else\n            frame(frames[k], dt);\n` +
    `        printf("%.6f %.6f %.6f %.6f %.6f\\n", (k - LEAD) / ${RATE}.0, flexion(frames[k]), flexion(spring_out + 6), flexion(cubic_out + 6),\n` +
    `               flexion(dead_out));\n    }\n    return 0;\n}\n`;
  return {
    id: 'joint',
    title: 'a joint’s flexion, four ways',
    ...js,
    c,
    compare: [0, 1, 2, 3].map((s) => ({ plot: ANGLE_PLOT, series: s, cols: [0, s + 1] })),
  };
}

/**
 * The panel's programs for parameters `p`, from the switch the panel shows: its poses, and the
 * animation's pose at each frame.
 * @param {any} p
 * @param {{ src: Float32Array, dst: Float32Array, inputs: Float32Array[] }} shown
 */
export default function programs(p, shown) {
  return [
    offsetsProgram(p, shown.src, shown.dst, OFFSET_PLOT),
    deadProgram(p, shown.src, shown.inputs),
    jointProgram(p, bone(p.joint), shown.src, shown.inputs),
  ];
}
