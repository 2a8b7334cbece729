// The motion-matching panel's databases: the dance card (made in code) or CMU's two
// motion-capture takes (served beside the playground when the build found them: build.sh keeps
// them in build/data/cmu/, Vite's public folder), or the reader's own takes (BVH files, or the
// clips of their glTF character), each with a feature set — the inertialization transition-cost
// feature of the feet and hips (for the spring or the cubic inertializer), or Holden's plain
// positions and velocities — the trajectory 20, 40 and 60 frames ahead, and weights. A worker
// (motion/database_worker.js) makes each database and posts its bytes; the page only loads them:
// it never computes a feature.
import { MotionDatabase, wasmModule } from 'sprung';
import { CMU_FILES } from './rigs.js';

export { CMU_CREDIT, groupNames, ikBones } from './rigs.js';

/** Fetches the texts of CMU's takes from the playground's folder; rejects with a message for the reader if they are not there. */
async function fetchCmu() {
  return Promise.all(
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
}
let cmuTexts = null;

/** The worker, started on the first request and kept (it keeps the data it made). */
let worker = null;
const pending = new Map(); // request id → { resolve, reject }
let nextId = 0;
function startWorker() {
  worker = new Worker(new URL('./database_worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data: { id, error, ...made } }) => {
    const request = pending.get(id);
    pending.delete(id);
    if (error === undefined) request?.resolve(made);
    else request?.reject(new Error(`The motion database could not be made: ${error}`));
  };
  worker.onerror = (e) => {
    // a worker that fails to load fails every request; the next one starts it again
    for (const request of pending.values())
      request.reject(
        new Error(`The motion database could not be made: ${e.message || 'its worker failed to load'}.`),
      );
    pending.clear();
    worker.terminate();
    worker = null;
  };
}

/**
 * The databases made before, kept by the browser (Cache Storage) for the reader's next visit and
 * for every other embed of the playground's origin: the dance card's and CMU's are the same for
 * every reader, and making one takes seconds. Each is kept under this module's URL, whose name
 * changes with the build's content (the worker's code and the library's WebAssembly included:
 * their files' names are in it), and the request; another build's are dropped when one is kept.
 * Nothing is kept from Vite's dev server (no content hash in the names), nor where the browser
 * has no Cache Storage (an origin that is not secure); a store that fails keeps nothing, and a
 * kept database that does not load (damaged bytes) is made again in its place.
 */
const KEPT = 'sprung-motion-databases';
/** The most databases of one build kept (a feature set and weights each). */
const KEEP = 6;

/** The key of a request's kept database, or null when it is not kept. */
function keptKey(rig, set, weights) {
  const url = new URL(import.meta.url);
  if (rig === 'reader' || typeof caches === 'undefined' || !/-[\w-]{8}\.js$/.test(url.pathname)) return null;
  url.search = new URLSearchParams({ rig, set, weights: JSON.stringify(weights) }).toString();
  return url.href;
}

/** What the worker made for `key` before ({ bytes, names, rig, report }), or null. */
async function kept(key) {
  try {
    const response = await (await caches.open(KEPT)).match(key);
    if (!response) return null;
    const made = JSON.parse(decodeURIComponent(response.headers.get('x-sprung-made') ?? ''));
    return { ...made, bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch {
    return null;
  }
}

/** Keeps what the worker made for `key`; drops other builds' databases, and this one's oldest. */
async function keep(key, { bytes, names, rig, report }) {
  try {
    const cache = await caches.open(KEPT);
    const path = new URL(key).pathname;
    const ours = [];
    for (const request of await cache.keys())
      if (new URL(request.url).pathname !== path) await cache.delete(request);
      else ours.push(request);
    for (const request of ours.slice(0, Math.max(0, ours.length + 1 - KEEP))) await cache.delete(request);
    const made = encodeURIComponent(JSON.stringify({ names, rig, report }));
    await cache.put(key, new Response(bytes, { headers: { 'x-sprung-made': made } }));
  } catch {
    // a full or refused store: the next visit makes the database again
  }
}

/**
 * The database of rig 'dance', 'cmu' or 'reader' with the feature set `set` and the weights
 * `weights` ({ feet, hips, path, facing }), mirrored: made in the worker, loaded here from its
 * bytes. `reader` ({ key, takes?: [{ name, text }], clips?: motion data }) is the reader's data
 * (sent once per key: the worker keeps it). Resolves to { db, bytes, names, rig (its bones),
 * report, kept (true when the browser kept it from before) }.
 * @param {string} rig
 * @param {string} set
 * @param {{ feet: number, hips: number, path: number, facing: number }} weights
 * @param {{ key: number, takes?: { name: string, text: string }[], clips?: any } | null} [reader]
 * @returns {Promise<{ db: MotionDatabase, bytes: Uint8Array, names: string[], report: any, kept: boolean,
 *   rig: { feet: string[], ik: string[], ankles: string[], hips: string } }>}
 */
export async function loadDatabase(rig, set, weights, reader = null) {
  const key = keptKey(rig, set, weights);
  const before = key ? await kept(key) : null;
  if (before)
    try {
      return { ...before, kept: true, db: MotionDatabase.fromBytes(before.bytes) };
    } catch {
      // bytes the store damaged (or another format's): made again below, and kept in their place
    }
  let texts;
  if (rig === 'cmu') {
    cmuTexts ??= fetchCmu().catch((e) => {
      cmuTexts = null;
      throw e;
    });
    texts = await cmuTexts;
  }
  if (!worker) startWorker();
  const id = nextId++;
  /** @type {any} */
  const made = await new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, module: wasmModule(), rig, set, weights, texts, ...(reader ?? {}) });
  });
  if (key) await keep(key, made);
  return { ...made, kept: false, db: MotionDatabase.fromBytes(made.bytes) };
}
