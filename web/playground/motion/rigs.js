// The motion panel's rigs and feature sets, shared by the page (motion/databases.js) and the
// worker that builds the databases (motion/database_worker.js): no library import here, so
// that neither pulls in the other's copy of sprung.

/** CMU's BVH conversion is in units of 1/0.45 inch. */
export const CMU_SCALE = 0.056444;
export const CMU_FILES = ['01_01.bvh', '01_03.bvh'];
/** CMU's terms ask for this acknowledgement wherever the data is used. */
export const CMU_CREDIT =
  'The data used in this project was obtained from mocap.cs.cmu.edu. The database was created with funding from NSF EIA-0196217.';

/** Per skeleton: the feet (contacts, features), the ends of their IK chains, the hips. */
export const RIGS = {
  dance: {
    feet: ['LeftToe', 'RightToe'],
    ik: ['LeftFoot', 'RightFoot'],
    ankles: ['LeftFoot', 'RightFoot'],
    hips: 'Hips',
  },
  cmu: {
    feet: ['LeftToeBase', 'RightToeBase'],
    ik: ['LeftFoot', 'RightFoot'],
    ankles: ['LeftFoot', 'RightFoot'],
    hips: 'Hips',
  },
};

/** @type {MotionFeature[]} */
const TRAJECTORY = [
  { type: 'trajectoryPosition', frames: [20, 40, 60] },
  { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
];

/**
 * @typedef {import('sprung').MotionFeature} MotionFeature
 */

/** The cubic inertializer's blend time (s): the controller's default, and its feature's. */
export const BLENDTIME = 0.2;

/**
 * The feature groups of `set` ('transition': the transition-cost feature of the ankles and the
 * hips, for the spring inertializer of halflife 0.1 s; 'cubic': the same for the cubic
 * inertializer of blend time 0.2 s; 'plain': Holden's positions and velocities), for the bones
 * `rig` (a name of RIGS, or a reader's { ankles: [left, right], hips }) and the trajectory,
 * each weighted by `weights` of its part of the body ({ feet, hips, path, facing }, default 1).
 * @returns {MotionFeature[]}
 */
export function features(set, rig, weights = {}) {
  return featureSet(set, rig).map(([part, f]) => ({ ...f, weight: (f.weight ?? 1) * (weights[part] ?? 1) }));
}

/**
 * The feature groups of `set` for `rig`, each with the part of the body whose weight it takes
 * ('feet', 'hips', 'path' or 'facing').
 * @returns {[string, MotionFeature][]}
 */
function featureSet(set, rig) {
  const { ankles, hips } = typeof rig === 'string' ? RIGS[rig] : rig;
  const [left, right] = ankles;
  const [path, facing] = TRAJECTORY;
  if (set === 'transition' || set === 'cubic') {
    /** @type {Partial<MotionFeature>} */
    const blend =
      set === 'cubic'
        ? { inertializer: 'cubic', blendtime: BLENDTIME }
        : { inertializer: 'spring', halflife: 0.1 };
    return [
      ['feet', { type: 'inertialization', bone: left, weight: 0.75, ...blend }],
      ['feet', { type: 'inertialization', bone: right, weight: 0.75, ...blend }],
      ['hips', { type: 'inertialization', bone: hips, ...blend }],
      ['path', path],
      ['facing', facing],
    ];
  }
  return [
    ['feet', { type: 'position', bone: left, weight: 0.75 }],
    ['feet', { type: 'position', bone: right, weight: 0.75 }],
    ['feet', { type: 'velocity', bone: left }],
    ['feet', { type: 'velocity', bone: right }],
    ['hips', { type: 'velocity', bone: hips }],
    ['path', path],
    ['facing', facing],
  ];
}

/** Each feature group's short name, in the order of `features`. */
export function groupNames(set) {
  return set !== 'plain'
    ? ['left foot', 'right foot', 'hips', 'path', 'facing']
    : ['left foot', 'right foot', 'left foot v', 'right foot v', 'hips v', 'path', 'facing'];
}

/** The controller's options for a rig: where the IK chains end. */
export const ikBones = (rig) => RIGS[rig].ik;

/** The other side's name of a bone (Left ↔ Right, a leading L ↔ R before a capital), or itself. */
function otherSide(name) {
  if (/Left|Right/.test(name)) return name.replace(/Left|Right/, (s) => (s === 'Left' ? 'Right' : 'Left'));
  return name.replace(/^(L|R)(?=[A-Z])/, (s) => (s === 'L' ? 'R' : 'L'));
}

/** Bone i ↔ the bone of the other side (itself on the middle line); null when a side's bone has no partner. */
export function mirrorMap(names) {
  const map = Int32Array.from(names, (name) => names.indexOf(otherSide(name)));
  return map.includes(-1) ? null : map;
}
