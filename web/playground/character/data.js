// The character panel's animation data, page side: a module worker (character/data_worker.js)
// makes the dance card and reads CMU's takes; this asks it for the data with the panel's
// smoothing windows and keeps the dance card, which no parameter changes. The worker runs the
// page's compiled module (posted to it): no second download or compilation.
import { wasmModule } from 'sprung';

/**
 * @typedef {object} Take   one CMU take as parseBvh reads it
 * @property {string} name
 * @property {Int32Array} parents
 * @property {string[]} names
 * @property {Float32Array} poses   frames × 13·bones, the pose layout, 60 Hz
 * @property {Float32Array} root    the simulation bone: x, z, heading per frame
 * @property {Float32Array} raw     the same unsmoothed: the spine's projection, the hips' heading
 */
/**
 * @typedef {object} MotionData
 * @property {{ name: string, root: Float32Array }[]} dance   the dance card's clips, their root paths
 * @property {Take[]} cmu     CMU's takes (empty when they are not served)
 * @property {string | null} cmuError   why CMU's takes are missing
 * @property {[number, number]} windows   the smoothing windows they were read with (s)
 */

let worker = null;
let nextId = 0;
const pending = new Map();
/** @type {{ name: string, root: Float32Array }[] | null} */
let dance = null;

function start() {
  worker = new Worker(new URL('./data_worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }) => {
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (data.error !== undefined)
      request?.reject(new Error(`The animation data could not be made: ${data.error}`));
    else request?.resolve(data);
  };
  worker.onerror = (e) => {
    for (const request of pending.values())
      request.reject(
        new Error(`The animation data could not be made: ${e.message || 'its worker failed to load'}.`),
      );
    pending.clear();
    worker.terminate();
    worker = null;
  };
}

/**
 * The dance card and CMU's takes read with smoothing windows `windows` (s: the position's and the
 * heading's), made in the worker.
 * @param {[number, number]} windows
 * @returns {Promise<MotionData>}
 */
export async function motionData(windows) {
  if (!worker) start();
  const id = nextId++;
  const reply = await new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, module: wasmModule(), base: document.baseURI, windows, dance: dance === null });
  });
  dance ??= reply.dance;
  return { dance: dance || [], cmu: reply.cmu || [], cmuError: reply.cmuError || null, windows };
}
