// The motion-matching panel's databases: the dance card (made in a worker) or CMU's two
// motion-capture takes (served beside the playground when the build found them: build.sh keeps
// them in build/data/cmu/, Vite's public folder), each with one of two feature sets — the
// inertialization transition-cost feature of the feet and hips, or Holden's plain positions
// and velocities — and the trajectory 20, 40 and 60 frames ahead.
import { MotionDatabase, Skeleton, parseBvh } from 'sprung';

/** CMU's BVH conversion is in units of 1/0.45 inch. */
const CMU_SCALE = 0.056444;
export const CMU_FILES = ['01_01.bvh', '01_03.bvh'];
/** CMU's terms ask for this acknowledgement wherever the data is used. */
export const CMU_CREDIT =
  'The data used in this project was obtained from mocap.cs.cmu.edu. The database was created with funding from NSF EIA-0196217.';

/** Per skeleton: the feet (contacts, features), the ends of their IK chains, the hips. */
const RIGS = {
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

/** bone i ↔ the bone of the other side (by Left/Right in the names). */
function mirrorMap(names) {
  return Int32Array.from(names, (name) => {
    const other = name.replace(/^(Left|Right)/, (s) => (s === 'Left' ? 'Right' : 'Left'));
    const i = names.indexOf(other);
    return i < 0 ? names.indexOf(name) : i;
  });
}

/**
 * Foot contacts of a motion-capture clip, which has none: a toe is in contact while it is near
 * the floor and nearly still (Holden marks them by the same two thresholds).
 */
function contactsOf(data, rig) {
  const names = data.skeleton.names;
  const toes = RIGS[rig].feet.map((n) => names.indexOf(n));
  const bones = names.length;
  const skeleton = new Skeleton(data.skeleton.parents);
  try {
    const poses = data.clip.poses;
    const frames = poses.length / (13 * bones);
    const contacts = new Uint8Array(2 * frames);
    const floor = new Float64Array(2).fill(Infinity);
    const heights = new Float64Array(2 * frames);
    const speeds = new Float64Array(2 * frames);
    for (let f = 0; f < frames; f++) {
      const s = skeleton.forwardKinematics(poses.subarray(f * 13 * bones, (f + 1) * 13 * bones));
      const p = s.positions;
      const v = s.velocities;
      toes.forEach((t, k) => {
        heights[2 * f + k] = p[3 * t + 1];
        speeds[2 * f + k] = Math.hypot(v[3 * t], v[3 * t + 1], v[3 * t + 2]);
        floor[k] = Math.min(floor[k], p[3 * t + 1]);
      });
    }
    for (let i = 0; i < contacts.length; i++)
      contacts[i] = heights[i] < floor[i % 2] + 0.05 && speeds[i] < 0.5 ? 1 : 0;
    return contacts;
  } finally {
    skeleton.dispose();
  }
}

/** The CMU takes as motion data, from the texts of CMU_FILES. */
export function cmuData(texts) {
  const takes = texts.map((text, i) =>
    parseBvh(text, { scale: CMU_SCALE, start: 1, frameRate: 60, name: CMU_FILES[i] }),
  );
  const skeleton = takes[0].skeleton;
  return {
    skeleton,
    frameRate: 60,
    clips: takes.map((t) => ({ ...t.clip, contacts: contactsOf(t, 'cmu') })),
    mirror: mirrorMap(skeleton.names),
  };
}

/** Fetches CMU's takes from the playground's folder; rejects with a message for the reader if they are not there. */
export async function fetchCmu() {
  const texts = await Promise.all(
    CMU_FILES.map(async (name) => {
      const response = await fetch(new URL(`cmu/${name}`, document.baseURI));
      const text = response.ok ? await response.text() : '';
      // a static host answers a missing file with its 404 page: a BVH file starts with HIERARCHY
      if (!text.startsWith('HIERARCHY'))
        throw new Error(
          `CMU’s motion capture (cmu/${name}) is not served with this playground: ./build.sh build fetches it ` +
            '(apt-get download assimp-testmodels) before the playground is built.',
        );
      return text;
    }),
  );
  return cmuData(texts);
}

/** The dance card, once, made in a worker (motion/dance_worker.js): a promise of it. */
let dance = null;
export function danceData() {
  dance ??= new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./dance_worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      dance = null; // asked again, it tries again
      reject(new Error(`The dance card could not be made: ${e.message || 'its worker failed to load'}.`));
    };
  });
  return dance;
}

/** A database of `data` (rig 'dance' or 'cmu') with the feature set `set`, mirrored. */
export function buildDatabase(data, rig, set) {
  return new MotionDatabase(data, {
    features: features(set, rig),
    contactBones: RIGS[rig].feet,
    mirror: true,
  });
}

/** The controller's options for a rig: where the IK chains end. */
export const ikBones = (rig) => RIGS[rig].ik;
