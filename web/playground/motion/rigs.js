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

/**
 * The feature groups of `set` ('transition': the transition-cost feature of the ankles and the
 * hips, for the spring inertializer of halflife 0.1 s; 'plain': Holden's positions and velocities).
 */
/** @returns {MotionFeature[]} */
export function features(set, rig) {
  const [left, right] = RIGS[rig].ankles;
  if (set === 'transition')
    return [
      { type: 'inertialization', bone: left, halflife: 0.1, weight: 0.75 },
      { type: 'inertialization', bone: right, halflife: 0.1, weight: 0.75 },
      { type: 'inertialization', bone: RIGS[rig].hips, halflife: 0.1 },
      ...TRAJECTORY,
    ];
  return [
    { type: 'position', bone: left, weight: 0.75 },
    { type: 'position', bone: right, weight: 0.75 },
    { type: 'velocity', bone: left },
    { type: 'velocity', bone: right },
    { type: 'velocity', bone: RIGS[rig].hips },
    ...TRAJECTORY,
  ];
}

/** Each feature group's short name, in the order of `features`. */
export function groupNames(set) {
  return set === 'transition'
    ? ['left foot', 'right foot', 'hips', 'path', 'facing']
    : ['left foot', 'right foot', 'left foot v', 'right foot v', 'hips v', 'path', 'facing'];
}

/** The controller's options for a rig: where the IK chains end. */
export const ikBones = (rig) => RIGS[rig].ik;
