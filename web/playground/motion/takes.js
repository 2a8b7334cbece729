// Motion-capture takes as a motion database takes them, in the panel's worker: BVH files read
// with parseBvh (their units guessed from the length of the legs, a reference T-pose in their
// first frame left out), the bones a database of any skeleton needs found by name (the feet,
// the ankles, the hips), the foot contacts a motion-capture clip lacks, and the mirror map.
// The library comes as an argument (`sprung`: the worker's sprung/no-embed, or sprung in Node),
// so that a program of either entry can use these.
import { mirrorMap } from './rigs.js';

/** @typedef {Pick<typeof import('sprung'), 'parseBvh' | 'Skeleton'>} Library */

/** Units a BVH file may be in: metres per unit, and the name the page shows. */
const UNITS = [
  [0.001, 'millimetres'],
  [0.01, 'centimetres'],
  [0.0254, 'inches'],
  [0.056444, 'CMU’s units (1/0.45 inch)'],
  [1, 'metres'],
];
/** A standing person's legs, hip to ankle (m): what the units are guessed from. */
const LEGS = 0.85;

/** The first bone whose name matches `re` (its index), or −1. */
const find = (names, re) => names.findIndex((n) => re.test(n));

/**
 * The bones a database of skeleton `names` needs: `feet` (the contact bones: toes, else feet),
 * `ik` (the ends of the legs' IK chains: the ankles), `ankles` (their features) and `hips`.
 * Throws, naming what is missing, when the skeleton has no legs to find.
 */
export function readerRig(names) {
  const side = (s) => {
    const ankle = find(names, new RegExp(`${s}.*(foot|ankle)$`, 'i'));
    const toe = find(names, new RegExp(`${s}.*(toe|ball)(base)?$`, 'i'));
    return { ankle, toe: toe >= 0 ? toe : ankle };
  };
  const left = side('(left|^l(?=[A-Z]))');
  const right = side('(right|^r(?=[A-Z]))');
  if (left.ankle < 0 || right.ankle < 0)
    throw new Error(
      `no left and right feet among the bones (${names.slice(1, 6).join(', ')}…): name them …LeftFoot and …RightFoot`,
    );
  const n = (i) => names[i];
  return {
    feet: [n(left.toe), n(right.toe)],
    ik: [n(left.ankle), n(right.ankle)],
    ankles: [n(left.ankle), n(right.ankle)],
    hips: names[1],
  };
}

/**
 * BVH takes `takes` ([{ name, text }]) read by `sprung`, as motion data at 60 Hz, one skeleton: `scale` metres
 * per unit (default: of UNITS, the one that makes the legs ~0.85 m long) and `start` (default:
 * 1 when the first frame is a reference pose far from the second, as CMU's T-pose is). Returns
 * { data, report: { units, skipped (takes whose first frame was left out) } }.
 */
export function bvhData(sprung, takes, { scale, start } = {}) {
  const { parseBvh } = sprung;
  if (takes.length === 0) throw new Error('no BVH takes');
  const units = scale ?? guessUnits(sprung, takes[0].text);
  const skipped = [];
  const read = takes.map(({ name, text }) => {
    const options = { scale: units, frameRate: 60, name, maxFrames: 60 * 60 * 20 };
    const first =
      start ?? (referencePose(parseBvh(text, { ...options, frameRate: undefined, end: 2 })) ? 1 : 0);
    if (first > 0) skipped.push(name);
    return parseBvh(text, { ...options, start: first });
  });
  const skeleton = read[0].skeleton;
  read.forEach((take, i) => {
    if (take.skeleton.names.join() !== skeleton.names.join())
      throw new Error(
        `${takes[i].name} has another skeleton than ${takes[0].name}: one character's takes, please`,
      );
  });
  const mirror = mirrorMap(skeleton.names);
  return {
    data: {
      skeleton,
      frameRate: 60,
      clips: read.map((t) => t.clip),
      ...(mirror ? { mirror } : {}),
    },
    report: { units: (UNITS.find(([s]) => s === units) ?? [units, `${units} m a unit`])[1], skipped },
  };
}

/** The units (of UNITS) that make the first leg of a BVH file's hierarchy about LEGS long. */
function guessUnits(sprung, text) {
  const take = sprung.parseBvh(text, { scale: 1, end: 1 });
  const { parents, names } = take.skeleton;
  const ankle = find(names, /(left|^l(?=[A-Z])).*(foot|ankle)$/i);
  let legs = 0;
  // the offsets from the ankle up to the hips (bone 1), in the file's units
  for (let b = ankle; b > 1; b = parents[b]) {
    const p = take.clip.poses.subarray(3 * b, 3 * b + 3);
    legs += Math.hypot(p[0], p[1], p[2]);
  }
  if (!(ankle > 1 && legs > 0)) return 0.01;
  const off = ([u]) => Math.abs(Math.log((legs * u) / LEGS));
  return UNITS.reduce((a, u) => (off(u) < off(a) ? u : a))[0];
}

/** Whether frame 0 of a two-frame take is a reference pose: some joint turned by more than 30° from frame 1. */
function referencePose(take) {
  const B = take.skeleton.parents.length;
  const p = take.clip.poses;
  const L = 13 * B;
  if (p.length < 2 * L) return false;
  for (let b = 1; b < B; b++) {
    let dot = 0;
    for (let k = 0; k < 4; k++) dot += p[6 * B + 4 * b + k] * p[L + 6 * B + 4 * b + k];
    if (2 * Math.acos(Math.min(1, Math.abs(dot))) > Math.PI / 6) return true;
  }
  return false;
}

/**
 * `data` with the foot contacts of bones `feet` for every clip that has none (`sprung` makes the skeleton): a foot is in
 * contact while it is near the floor (within 5 cm of its lowest in the clip) and nearly still
 * (under 0.5 m/s), the two thresholds Holden marks them by.
 */
export function withContacts(sprung, data, feet) {
  const { names, parents } = data.skeleton;
  const toes = feet.map((n) => names.indexOf(n));
  const bones = names.length;
  const skeleton = new sprung.Skeleton(parents);
  try {
    return {
      ...data,
      clips: data.clips.map((clip) => {
        if (clip.contacts) return clip;
        const poses = clip.poses;
        const frames = poses.length / (13 * bones);
        const contacts = new Uint8Array(2 * frames);
        const floor = [Infinity, Infinity];
        const heights = new Float64Array(2 * frames);
        const speeds = new Float64Array(2 * frames);
        for (let f = 0; f < frames; f++) {
          const s = skeleton.forwardKinematics(poses.subarray(f * 13 * bones, (f + 1) * 13 * bones));
          toes.forEach((t, k) => {
            heights[2 * f + k] = s.positions[3 * t + 1];
            speeds[2 * f + k] = Math.hypot(
              s.velocities[3 * t],
              s.velocities[3 * t + 1],
              s.velocities[3 * t + 2],
            );
            floor[k] = Math.min(floor[k], heights[2 * f + k]);
          });
        }
        for (let i = 0; i < contacts.length; i++)
          contacts[i] = heights[i] < floor[i % 2] + 0.05 && speeds[i] < 0.5 ? 1 : 0;
        return { ...clip, contacts };
      }),
    };
  } finally {
    skeleton.dispose();
  }
}
