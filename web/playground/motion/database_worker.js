// The motion panel's databases, made in a module worker: the dance card (ten minutes of
// locomotion, made in code) or CMU's two takes (their BVH texts, fetched by the page), and
// the MotionDatabase of either with a feature set. Making the data and computing every frame's
// features take a second or more, which would freeze the page; the worker posts the database's
// bytes (MotionDatabase.toBytes, transferred, not copied) and the page loads them
// (MotionDatabase.fromBytes), which computes no features. The worker runs the page's compiled
// module (sprung/no-embed, init({ wasm })): no second download or compilation, no second copy.
import { MotionDatabase, Skeleton, init, parseBvh } from 'sprung/no-embed';
import { danceCard } from './dance_card.js';
import { CMU_FILES, CMU_SCALE, RIGS, features } from './rigs.js';

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
function cmuData(texts) {
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

let ready = null;
const data = {}; // rig → its motion data, made once

// { id, module, rig: 'dance' | 'cmu', set, texts? } → { id, bytes } or { id, error }
onmessage = async ({ data: { id, module, rig, set, texts } }) => {
  try {
    await (ready ??= init({ wasm: module }));
    data[rig] ??= rig === 'dance' ? danceCard() : cmuData(texts);
    const db = new MotionDatabase(data[rig], {
      features: features(set, rig),
      contactBones: RIGS[rig].feet,
      mirror: true,
    });
    const bytes = db.toBytes();
    db.dispose();
    postMessage({ id, bytes }, [bytes.buffer]);
  } catch (e) {
    postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
