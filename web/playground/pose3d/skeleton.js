// The character of the 3D pose panel: 23 bones (Y up, facing +Z, its left is +X), the
// capsules drawn for them, and forward kinematics from a pose in the library's layout.
//
// A pose of n bones is what sprung's PoseInertializer takes: 13·n floats, positions (3n),
// velocities (3n), rotations (4n, x,y,z,w) and angular velocities (3n). Positions and
// rotations are local to the parent bone; the root's are in the world (its position on the
// ground and its heading), so root motion is inertialized like any other channel. A crowd
// is one pose of characters·BONE_COUNT bones, character c's bones at c·BONE_COUNT onward.
import { qmul, qrot } from './math.js';

/**
 * [name, parent, local offset x, y, z (m)] per bone; parents come before children.
 * @type {[string, number, number, number, number][]}
 */
export const BONES = [
  ['Root', -1, 0, 0, 0],
  ['Hips', 0, 0, 1, 0],
  ['Spine', 1, 0, 0.1, 0],
  ['Spine1', 2, 0, 0.12, 0],
  ['Chest', 3, 0, 0.13, 0],
  ['Neck', 4, 0, 0.17, -0.01],
  ['Head', 5, 0, 0.09, 0.01],
  ['LeftShoulder', 4, 0.035, 0.12, -0.01],
  ['LeftArm', 7, 0.14, 0, 0],
  ['LeftForeArm', 8, 0, -0.27, 0],
  ['LeftHand', 9, 0, -0.25, 0],
  ['RightShoulder', 4, -0.035, 0.12, -0.01],
  ['RightArm', 11, -0.14, 0, 0],
  ['RightForeArm', 12, 0, -0.27, 0],
  ['RightHand', 13, 0, -0.25, 0],
  ['LeftUpLeg', 1, 0.09, -0.06, 0],
  ['LeftLeg', 15, 0, -0.45, 0],
  ['LeftFoot', 16, 0, -0.43, 0],
  ['LeftToe', 17, 0, -0.04, 0.13],
  ['RightUpLeg', 1, -0.09, -0.06, 0],
  ['RightLeg', 19, 0, -0.45, 0],
  ['RightFoot', 20, 0, -0.43, 0],
  ['RightToe', 21, 0, -0.04, 0.13],
];
export const BONE_COUNT = BONES.length;
export const PARENTS = Int8Array.from(BONES, (b) => b[1]);
export const OFFSETS = Float32Array.from(BONES.flatMap(([, , x, y, z]) => [x, y, z]));
/** Height of the ankle joint above the ground when the foot is flat (m). */
export const ANKLE_HEIGHT = 0.07;
export const THIGH = 0.45;
export const SHIN = 0.43;

/** Index of the bone called `name`. */
export function bone(name) {
  const i = BONES.findIndex((b) => b[0] === name);
  if (i < 0) throw new Error(`no bone ${name}`);
  return i;
}

/**
 * The capsules drawn for the bones: [bone whose frame holds it, from x,y,z, to x,y,z,
 * radius, part]. Parts colour the body: torso, head, left and right limbs.
 * @typedef {[number, number, number, number, number, number, number, number, Part]} Shape
 * @typedef {'torso' | 'head' | 'left' | 'right'} Part
 */
/** @type {Shape[]} */
export const SHAPES = [
  ['Hips', 0.085, -0.05, 0, -0.085, -0.05, 0, 0.085, 'torso'],
  ['Hips', 0, 0, 0, 0, 0.1, 0, 0.09, 'torso'],
  ['Spine', 0, 0, 0, 0, 0.12, 0, 0.095, 'torso'],
  ['Spine1', 0, 0, 0, 0, 0.13, 0, 0.105, 'torso'],
  ['Chest', 0, 0.02, -0.01, 0, 0.12, -0.01, 0.12, 'torso'],
  ['Neck', 0, 0, 0, 0, 0.09, 0.01, 0.045, 'torso'],
  ['Head', 0, 0.04, 0.01, 0, 0.14, 0.02, 0.095, 'head'],
  ...['Left', 'Right'].flatMap((side) => {
    const s = side === 'Left' ? 1 : -1;
    const part = side.toLowerCase();
    return [
      [`${side}Shoulder`, 0, 0, 0, 0.14 * s, 0, 0, 0.05, part],
      [`${side}Arm`, 0, 0, 0, 0, -0.27, 0, 0.048, part],
      [`${side}ForeArm`, 0, 0, 0, 0, -0.25, 0, 0.04, part],
      [`${side}Hand`, 0, 0, 0, 0, -0.13, 0.01, 0.035, part],
      [`${side}UpLeg`, 0, 0, 0, 0, -0.45, 0, 0.07, part],
      [`${side}Leg`, 0, 0, 0, 0, -0.43, 0, 0.055, part],
      [`${side}Foot`, 0, -0.035, -0.05, 0, -0.04, 0.13, 0.035, part],
      [`${side}Toe`, 0, 0, 0, 0, 0, 0.06, 0.028, part],
    ];
  }),
].map(([name, ...rest]) => /** @type {Shape} */ ([bone(/** @type {string} */ (name)), ...rest]));

/**
 * World rotations and positions of the BONE_COUNT bones of the character whose root is
 * bone `first` of `pose` (a pose of `count` bones), written to outRot (4 floats per bone)
 * and outPos (3 per bone) from bone `at` on.
 */
export function forwardKinematics(pose, count, first, outRot, outPos, at = 0) {
  const rot = 6 * count;
  for (let b = 0; b < BONE_COUNT; b++) {
    const p = PARENTS[b];
    const src = first + b;
    const r = 4 * (at + b);
    const o = 3 * (at + b);
    if (p < 0) {
      for (let k = 0; k < 4; k++) outRot[r + k] = pose[rot + 4 * src + k];
      for (let k = 0; k < 3; k++) outPos[o + k] = pose[3 * src + k];
      continue;
    }
    const pr = 4 * (at + p);
    const po = 3 * (at + p);
    qmul(outRot, r, outRot, pr, pose, rot + 4 * src);
    qrot(outPos, o, outRot, pr, pose, 3 * src);
    outPos[o] += outPos[po];
    outPos[o + 1] += outPos[po + 1];
    outPos[o + 2] += outPos[po + 2];
  }
}
