// The character panel's animation data, made in a module worker (a second or two of work that
// would freeze the page): the dance card's roots (ten minutes of locomotion made in code by the
// motion panel's generator: character/dance_roots.js) and CMU's two takes (fetched here from the
// playground's folder, read by the library's parseBvh with its simulation bone: the projection of
// the upper spine smoothed over one window, the hips' heading over another). It posts, per clip,
// the simulation bone's path (x, z, heading at 60 Hz); per CMU take also the unsmoothed projection
// (the same bones' world transforms, by the library's forward kinematics) and the poses, for the
// playback. It runs the page's compiled module (sprung/no-embed, init({ wasm })).
import { Skeleton, init, parseBvh } from 'sprung/no-embed';
import { CMU_FILES, CMU_SCALE } from '../motion/rigs.js';
import { danceRoots } from './dance_roots.js';

/** Holden's recipe for the simulation bone: one of the upper spine bones for the position, the hips for the heading. */
const POSITION_BONE = 'Spine1';
const DIRECTION_BONE = 'Hips';

/**
 * The root (bone 0) of every frame of `poses` (`bones` per frame): x, z and heading (rad about
 * +Y, 0 facing +Z) interleaved.
 * @param {Float32Array} poses
 * @param {number} bones
 */
function rootPath(poses, bones) {
  const L = 13 * bones;
  const frames = poses.length / L;
  const out = new Float32Array(3 * frames);
  for (let f = 0; f < frames; f++) {
    const r = f * L + 6 * bones;
    out[3 * f] = poses[f * L];
    out[3 * f + 1] = poses[f * L + 2];
    out[3 * f + 2] = 2 * Math.atan2(poses[r + 1], poses[r + 3]);
  }
  return out;
}

/** The dance card's takes as root paths (made once). */
let dance = null;
/** CMU's texts, fetched once (a promise), and each take's unsmoothed root path. */
let texts = null;
const raw = new Map();
let ready = null;

/**
 * The unsmoothed simulation bone of an imported take: the position bone's projection on the
 * ground and the heading of the direction bone's forward axis (+Z), each frame's, from the
 * world transforms the library's forward kinematics gives (what parseBvh smooths).
 * @param {import('sprung').ImportedMotion} take
 */
function rawPath(take) {
  const { parents, names } = take.skeleton;
  const bones = names.length;
  const [at, dir] = [names.indexOf(POSITION_BONE), names.indexOf(DIRECTION_BONE)];
  const skeleton = new Skeleton(parents);
  try {
    const poses = take.clip.poses;
    const L = 13 * bones;
    const frames = poses.length / L;
    const out = new Float32Array(3 * frames);
    for (let f = 0; f < frames; f++) {
      skeleton.forwardKinematics(poses.subarray(f * L, (f + 1) * L));
      const p = skeleton.positions;
      const [x, y, z, w] = skeleton.rotations.subarray(4 * dir, 4 * dir + 4);
      out[3 * f] = p[3 * at];
      out[3 * f + 1] = p[3 * at + 2];
      // +Z turned by the bone's rotation, on the ground
      out[3 * f + 2] = Math.atan2(2 * (x * z + w * y), 1 - 2 * (x * x + y * y));
    }
    return out;
  } finally {
    skeleton.dispose();
  }
}

/** Fetches CMU's takes from the playground's folder `base`; rejects with a message for the reader. */
function fetchCmu(base) {
  return Promise.all(
    CMU_FILES.map(async (name) => {
      const response = await fetch(new URL(`cmu/${name}`, base));
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
}

/** Take `i` of CMU's as parseBvh reads it with smoothing windows `windows` (s: position, heading). */
function readTake(text, i, [positionWindow, directionWindow]) {
  return parseBvh(text, {
    scale: CMU_SCALE,
    start: 1,
    frameRate: 60,
    name: CMU_FILES[i],
    simulation: { position: POSITION_BONE, direction: DIRECTION_BONE, positionWindow, directionWindow },
  });
}

// { id, module, base, windows: [position, heading] (s), dance: boolean } →
// { id, dance?: [{ name, root }], cmu?: [{ name, parents, names, poses, root, raw }], cmuError? }
onmessage = async ({ data: { id, module, base, windows, dance: wantDance } }) => {
  const reply = { id };
  const transfer = [];
  try {
    await (ready ??= init({ wasm: module }));
    if (wantDance) {
      dance ??= danceRoots();
      reply.dance = dance.map((c) => ({ name: c.name, root: c.root.slice() }));
    }
    try {
      texts ??= fetchCmu(base).catch((e) => {
        texts = null;
        throw e;
      });
      const all = await texts;
      reply.cmu = all.map((text, i) => {
        const take = readTake(text, i, windows);
        const bones = take.skeleton.names.length;
        if (!raw.has(i)) raw.set(i, rawPath(take));
        const out = {
          name: CMU_FILES[i].replace(/\.bvh$/, ''),
          parents: take.skeleton.parents,
          names: take.skeleton.names,
          poses: take.clip.poses,
          root: rootPath(take.clip.poses, bones),
          raw: raw.get(i).slice(),
        };
        transfer.push(out.poses.buffer, out.root.buffer, out.raw.buffer);
        return out;
      });
    } catch (e) {
      reply.cmuError = e instanceof Error ? e.message : String(e);
    }
    postMessage(reply, transfer);
  } catch (e) {
    postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
