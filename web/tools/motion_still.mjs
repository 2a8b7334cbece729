// The first frame of the dance card (the frame the motion panel's controller starts on), which the
// panel's still (web/playground/motion/still.js) draws before the reader asks for the live view,
// without the library or a database: kept in web/playground/motion/still_pose.js. Run after changing
// the dance card:
//   node web/tools/motion_still.mjs
// (tests/e2e/embeds.test.mjs compares the file with firstFrame().)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BONE_COUNT } from '../playground/pose3d/skeleton.js';
import { take } from '../playground/motion/dance_card.js';
import { TAKES } from '../playground/motion/script.js';

/** Decimals kept: 0.01 mm and 1e-5 of a quaternion, well under a pixel of the still. */
const DECIMALS = 5;

/**
 * The first frame of the dance card's first take, in the library's pose layout: every bone's
 * position in its parent's frame (m, 3 per bone) and rotation (x, y, z, w per bone).
 * @returns {{ take: string, positions: number[], rotations: number[] }}
 */
export function firstFrame() {
  const [name, moves] = Object.entries(TAKES)[0];
  const { poses } = take(moves, 60);
  const B = BONE_COUNT;
  const round = (x) => Number(x.toFixed(DECIMALS)) + 0; // (+ 0: no −0 in the file)
  return {
    take: name,
    positions: Array.from(poses.subarray(0, 3 * B), round),
    rotations: Array.from(poses.subarray(6 * B, 10 * B), round),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = fileURLToPath(new URL('../playground/motion/still_pose.js', import.meta.url));
  writeFileSync(
    file,
    "// The dance card's first frame, for the motion panel's still (still.js): written by\n" +
      '// `node web/tools/motion_still.mjs` (see there), checked by tests/e2e/embeds.test.mjs.\n' +
      `export const FIRST = ${JSON.stringify(firstFrame())};\n`,
  );
  console.log(`wrote ${file}`);
}
