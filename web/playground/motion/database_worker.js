// The motion panel's databases, made in a module worker: the dance card (ten minutes of
// locomotion, made in code), CMU's two takes (their BVH texts, fetched by the page), or the
// reader's own takes (BVH texts, or the clips the page sampled from their glTF character), and
// the MotionDatabase of any of them with a feature set and weights. Making the data and
// computing every frame's features take a second or more, which would freeze the page; the
// worker posts the database's bytes (made by motion/export.js, transferred, not copied) and the
// page loads them, which computes no features. The worker runs the page's compiled module
// (sprung/no-embed, init({ wasm })): no second download or compilation, no second copy.
import { MotionDatabase, Skeleton, init, parseBvh } from 'sprung/no-embed';
import { danceCard } from './dance_card.js';
import { CMU_FILES, CMU_SCALE, RIGS, features } from './rigs.js';
import { bvhData, readerRig, withContacts } from './takes.js';
import { databaseBytes } from './export.js';

/** What takes.js reads the takes with. */
const sprung = { parseBvh, Skeleton };
/** @type {Promise<void> | null} */
let ready = null;
/** Rig → its motion data and bones, made once (the reader's: until they drop other files). */
const data = {};

/**
 * The motion data and bones of a request: { data (MotionData, contacts included), rig
 * ({ feet, ik, ankles, hips }), report (what was read, for the page) }.
 * @param {{ rig: string, texts?: string[], takes?: { name: string, text: string }[], clips?: any }} request
 */
function dataOf({ rig, texts, takes, clips }) {
  if (rig === 'dance') return { data: danceCard(), rig: RIGS.dance, report: null };
  if (rig === 'cmu') {
    const read = bvhData(
      sprung,
      texts.map((text, i) => ({ name: CMU_FILES[i], text })),
      { scale: CMU_SCALE, start: 1 },
    );
    return { data: withContacts(sprung, read.data, RIGS.cmu.feet), rig: RIGS.cmu, report: null };
  }
  // the reader's: BVH takes (read here), or clips the page sampled from a glTF file
  const read = takes ? bvhData(sprung, takes) : { data: clips, report: { units: null, skipped: [] } };
  const bones = readerRig(read.data.skeleton.names);
  return {
    data: withContacts(sprung, read.data, bones.feet),
    rig: bones,
    report: { ...read.report, bones },
  };
}

// { id, module, rig: 'dance' | 'cmu' | 'reader', key (the reader's data), set, weights, texts?,
//   takes?, clips? } → { id, bytes, names, rig, report } or { id, error }
onmessage = async ({ data: request }) => {
  const { id, module, rig, key, set, weights } = request;
  try {
    await (ready ??= init({ wasm: module }));
    const name = rig === 'reader' ? `reader:${key}` : rig;
    if (rig === 'reader' && (request.takes || request.clips)) delete data[name];
    data[name] ??= dataOf(request);
    const made = data[name];
    const db = new MotionDatabase(made.data, {
      features: features(set, made.rig, weights),
      contactBones: made.rig.feet,
      mirror: made.data.mirror !== undefined,
    });
    const bytes = databaseBytes(db);
    db.dispose();
    postMessage({ id, bytes, names: made.data.skeleton.names, rig: made.rig, report: made.report }, [
      bytes.buffer,
    ]);
  } catch (e) {
    postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
