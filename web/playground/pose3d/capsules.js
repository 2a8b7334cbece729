// The 3D panel's body (skeleton.js SHAPES) as capsules of lib/view3d.js: a posed character drawn
// on a 2-D canvas, without three.js. Used by the stills an embed shows before the reader asks for
// the live view (pose3d/still.js, motion/still.js: the dance card has this skeleton).
import { capsules } from '../lib/view3d.js';
import { SHADE } from './lanes.js';
import { SHAPES } from './skeleton.js';

/** The body's parts, in the order of the colours drawCapsules takes for them. */
export const PARTS = /** @type {(keyof typeof SHADE)[]} */ (['torso', 'head', 'left', 'right']);

/**
 * The body's capsules in the world for the bones' world rotations `rot` (x, y, z, w per bone)
 * and positions `pos` (m, 3 per bone), as skeleton.js forwardKinematics gives them; each
 * capsule's colour is its part's index in PARTS.
 * @param {ArrayLike<number>} rot
 * @param {ArrayLike<number>} pos
 */
export function bodyCapsules(rot, pos) {
  const c = capsules(SHAPES.length);
  const v = new Float64Array(3);
  SHAPES.forEach(([b, fx, fy, fz, tx, ty, tz, r, part], k) => {
    for (const [end, [x, y, z]] of /** @type {[number, number[]][]} */ ([
      [0, [fx, fy, fz]],
      [1, [tx, ty, tz]],
    ])) {
      rotate(v, rot, 4 * b, x, y, z);
      for (let i = 0; i < 3; i++) c.ends[6 * k + 3 * end + i] = pos[3 * b + i] + v[i];
    }
    c.radius[k] = r;
    c.color[k] = PARTS.indexOf(part);
  });
  c.count = SHAPES.length;
  return c;
}

/**
 * The colours of the parts (RGB, in the order of PARTS) of a body of colour `base` (RGB): each
 * part shaded as the live views shade it (lanes.js SHADE).
 * @param {number[]} base
 */
export const partColors = (base) => PARTS.map((part) => base.map((c) => c * SHADE[part]));

/** out = quaternion q[i..i+4) rotating (x, y, z). */
function rotate(out, q, i, x, y, z) {
  const [qx, qy, qz, qw] = [q[i], q[i + 1], q[i + 2], q[i + 3]];
  const tx = 2 * (qy * z - qz * y);
  const ty = 2 * (qz * x - qx * z);
  const tz = 2 * (qx * y - qy * x);
  out[0] = x + qw * tx + (qy * tz - qz * ty);
  out[1] = y + qw * ty + (qz * tx - qx * tz);
  out[2] = z + qw * tz + (qx * ty - qy * tx);
}
