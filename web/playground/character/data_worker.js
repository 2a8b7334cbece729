// The character panel's animation data, made in a module worker (a few seconds of work that
// would freeze the page): the dance card (the motion panel's generator, motion/dance_card.js,
// ten minutes of locomotion made in code) and CMU's two takes (fetched here from the playground's
// folder, read by the library's parseBvh with its simulation bone: the projection of the upper
// spine smoothed over one window, the hips' heading over another). It posts, per clip, the
// simulation bone's path (x, z, heading at 60 Hz); per CMU take also the unsmoothed projection
// (windows of 0 s) and the poses, for the playback.
import { parseBvh } from 'sprung';
import { danceCard } from '../motion/dance_card.js';
import { CMU_FILES, CMU_SCALE } from '../motion/rigs.js';

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

/** The dance card's clips as root paths (made once). */
let dance = null;
/** CMU's texts, fetched once (a promise), and each take's unsmoothed root path. */
let texts = null;
const raw = new Map();

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

// { id, base, windows: [position, heading] (s), dance: boolean } →
// { id, dance?: [{ name, root }], cmu?: [{ name, parents, names, poses, root, raw }], cmuError? }
onmessage = async ({ data: { id, base, windows, dance: wantDance } }) => {
  const reply = { id };
  const transfer = [];
  try {
    if (wantDance) {
      dance ??= danceCard().clips.map((c) => ({
        name: c.name,
        root: rootPath(c.poses, c.poses.length / c.tags.length / 13),
      }));
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
        if (!raw.has(i)) raw.set(i, rootPath(readTake(text, i, [0, 0]).clip.poses, bones));
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
