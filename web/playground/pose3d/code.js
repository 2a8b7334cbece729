// "Copy as code" of the 3D pose panel: complete programs that run as copied.
// JavaScript: the panel's own modules (math, skeleton, clips, blends, scenario: pure JS, no
// three.js), inlined in dependency order, then the switch of the panel's parameters run
// headless at 60 Hz, printing the plotted values. C: the spring and cubic pose
// inertializers on the two poses of the switch; their offsets do not depend on the
// animation that follows, so the C program prints the same offset curves.
import math from './math.js?raw';
import skeleton from './skeleton.js?raw';
import clips from './clips.js?raw';
import blends from './blends.js?raw';
import scenario from './scenario.js?raw';
import { LEAD, HOLD, RATE } from './scenario.js';
import { BONE_COUNT } from './skeleton.js';
import { cf } from '../lib/copy-code.js';

/** A module's source without its imports of sibling modules and with its exports made local. */
function inline(source) {
  return source
    .replace(/^import\s[^;]*?from '\.\/[a-z0-9]+\.js';\n/gms, '')
    .replace(/^export (?=(const|function|class|let) )/gm, '')
    .trim();
}

/** The JSON of the parameters that the programs use. */
export function programParams(p) {
  const { from, to, at, sync, halflife, blendtime, extrapolation, joint } = p;
  return { from, to, at, sync, halflife, blendtime, extrapolation, joint };
}

/** The JavaScript program (an ES module) for parameters `p`. */
export function javascript(p) {
  const params = JSON.stringify(programParams(p), null, 2);
  return [
    `// sprung — a skeleton switching from "${p.from}" to "${p.to}" four ways: no blending, the spring`,
    `// PoseInertializer, the CubicPoseInertializer and dead blending, as the playground's 3D pose panel`,
    `// runs it. A complete ES module: save it as pose.mjs next to an \`npm install sprung\`, run \`node pose.mjs\`.`,
    `// It prints, every 1/${RATE} s from ${-LEAD} s to ${HOLD} s around the switch, the flexion of ${p.joint}`,
    `// (degrees) for each blend, then each inertializer's offset: the mean angle over the bones between`,
    `// its output and the animation (degrees).`,
    `import * as sprung from 'sprung';`,
    ``,
    `await sprung.init();`,
    ``,
    ...[math, skeleton, clips, blends, scenario].map(inline).map((s) => `${s}\n`),
    `const params = ${params};`,
    `const baked = Object.fromEntries(Object.entries(CLIPS).map(([name, clip]) => [name, bake(clip)]));`,
    `const run = new Scenario(sprung, baked, params);`,
    `const rows = record(run, params, bone(params.joint));`,
    `console.log('t\\tnone\\tspring\\tcubic\\tdead\\toffset spring\\toffset cubic\\toffset dead');`,
    `for (const { t, angles, offsets } of rows) console.log([t, ...angles, ...offsets].map((v) => v.toFixed(4)).join('\\t'));`,
    `run.dispose();`,
    ``,
  ].join('\n');
}

/** A float array as C initialiser lines (9 significant digits: float round-trips). */
function floats(values) {
  const items = Array.from(values, (v) => {
    const s = String(Number(v.toPrecision(9)));
    return `${/[.e]/.test(s) ? s : `${s}.0`}f`;
  });
  const lines = [];
  for (let i = 0; i < items.length; i += 8) lines.push(`    ${items.slice(i, i + 8).join(', ')},`);
  return lines.join('\n');
}

/** The C program for parameters `p`, with the poses `src` and `dst` of the switch (13·BONE_COUNT floats each). */
export function c(p, src, dst) {
  const n = BONE_COUNT;
  return `/* sprung — the switch from "${p.from}" to "${p.to}" of the playground's 3D pose panel, with the
 * spring and cubic pose inertializers. A complete program: compile it with the .c files of sprung's
 * c/ folder, e.g. cc -std=c99 -O2 -I sprung/c pose.c sprung/c/[a-z]*.c -lm. The offset of these
 * inertializers does not depend on the animation after the switch, so the destination pose is
 * held: the printed offsets (mean angle over the bones between the output and the animation,
 * degrees) are the panel's offset plot. */
#include <math.h>
#include <stdio.h>
#include "sprung.h"

#define BONES ${n}

/* poses: positions (3n), velocities (3n), rotations (4n, x,y,z,w), angular velocities (3n) */
static const float src[13 * BONES] = { /* ${p.from}: what was playing at the switch */
${floats(src)}
};
static const float dst[13 * BONES] = { /* ${p.to}: what plays from the switch on */
${floats(dst)}
};

/* Mean angle (degrees) between the rotations of poses a and b. */
static double offset_degrees(const float *a, const float *b)
{
    double sum = 0.0;
    for (int i = 0; i < BONES; i++) {
        const float *p = a + 6 * BONES + 4 * i, *q = b + 6 * BONES + 4 * i;
        /* p·q⁻¹, whose angle is 2·atan2(|xyz|, |w|) */
        double ax = p[0], ay = p[1], az = p[2], aw = p[3], bx = -q[0], by = -q[1], bz = -q[2], bw = q[3];
        double x = aw * bx + ax * bw + ay * bz - az * by;
        double y = aw * by - ax * bz + ay * bw + az * bx;
        double z = aw * bz + ax * by - ay * bx + az * bw;
        double w = aw * bw - ax * bx - ay * by - az * bz;
        sum += 2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w));
    }
    return sum / BONES * (180.0 / 3.14159265358979323846);
}

int main(void)
{
    static float spring_offset[13 * BONES], cubic_offset[13 * BONES], out[13 * BONES];
    float cubic_time = 0.0f;
    const float halflife = ${cf(p.halflife)}, blendtime = ${cf(p.blendtime)}, dt = 1.0f / ${RATE}.0f;
    /* no offset yet: zero, rotations the identity */
    for (int i = 0; i < BONES; i++) spring_offset[6 * BONES + 4 * i + 3] = cubic_offset[6 * BONES + 4 * i + 3] = 1.0f;

    /* the switch */
    sp_inertialize_pose_transition(spring_offset, src, dst, BONES);
    sp_inertialize_pose_cubic_transition(cubic_offset, &cubic_time, src, dst, blendtime, BONES);

    printf("t\\toffset spring\\toffset cubic\\n");
    for (int k = 0; k <= ${Math.round(HOLD * RATE)}; k++) {
        const float step = k > 0 ? dt : 0.0f;
        double spring, cubic;
        sp_inertialize_pose_update(out, spring_offset, dst, halflife, step, BONES);
        spring = offset_degrees(out, dst);
        sp_inertialize_pose_cubic_update(out, &cubic_time, cubic_offset, dst, blendtime, step, BONES);
        cubic = offset_degrees(out, dst);
        printf("%.4f\\t%.4f\\t%.4f\\n", k / ${RATE}.0, spring, cubic);
    }
    return 0;
}
`;
}
