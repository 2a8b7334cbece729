// motion_compact_suite.mjs — the load times of tests/bench/motion_compact.mjs, run alike in Node
// and bundled into a headless Chromium page: building a database (the constructor), loading
// its toBytes() (fromBytes) and loading its compact bytes (fromBytes of toBytes({ compact })),
// interleaved run by run so that the machine's load falls on all three alike; and the two
// databases it measures.
import { danceCard } from '../../web/playground/motion/dance_card.js';
import { features } from '../../web/playground/motion/rigs.js';

/** The median of `xs`. */
export const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];

/**
 * Times of `runs` of each way to a database of `data` and `options`, in milliseconds, and the
 * bytes' lengths: `{ build: [], bytes: [], compact: [], sizes: { bytes, compact } }`.
 */
export function loadTimes(sp, data, options, runs, now = () => performance.now()) {
  const built = new sp.MotionDatabase(data, options);
  const bytes = built.toBytes(),
    compact = built.toBytes({ compact: true });
  built.dispose();
  const times = { build: [], bytes: [], compact: [] };
  const ways = {
    build: () => new sp.MotionDatabase(data, options),
    bytes: () => sp.MotionDatabase.fromBytes(bytes),
    compact: () => sp.MotionDatabase.fromBytes(compact),
  };
  for (let i = 0; i < runs; i++)
    for (const [way, make] of Object.entries(ways)) {
      const t0 = now();
      const db = make();
      times[way].push(now() - t0);
      db.dispose();
    }
  return { ...times, sizes: { bytes: bytes.length, compact: compact.length } };
}

/**
 * The databases measured, `{ name: [data, options] }`: the playground's dance card (mirrored,
 * the plain features, toe contacts) and, given the texts of CMU's 01_01.bvh and 01_03.bvh,
 * their takes as the README builds them.
 */
export function databases(sp, cmuTexts) {
  const out = {
    'dance card': [
      danceCard(),
      { features: features('plain', 'dance'), contactBones: ['LeftToe', 'RightToe'], mirror: true },
    ],
  };
  if (cmuTexts) {
    const takes = cmuTexts.map((text) => sp.parseBvh(text, { scale: 0.056444, start: 1, frameRate: 60 }));
    out.CMU = [
      { skeleton: takes[0].skeleton, frameRate: 60, clips: takes.map((take) => take.clip) },
      {
        features: [
          { type: 'velocity', bone: 'Hips' },
          { type: 'trajectoryPosition', frames: [20, 40, 60] },
        ],
      },
    ];
  }
  return out;
}
