// The dance card's simulation bone, without its bodies: the motion panel's generator
// (motion/dance_card.js) makes each take's root follow the take's path exactly (motion/path.js,
// with the generator's gait periods), and poses a body on it, which takes seconds. The character
// panel's figures need the roots only: the same path, sampled as the generator samples it, in
// milliseconds. (tests/e2e/character.test.mjs holds them equal to the generator's bone 0.)
import { gaitPeriod } from '../motion/dance_card.js';
import { at, integrate } from '../motion/path.js';
import { TAKES } from '../motion/script.js';

/**
 * Each take of the dance card at `rate` Hz (the generator's default, 60) as its root's path: x, z
 * and heading (rad, 0 facing +Z) per frame.
 * @param {number} [rate]
 * @returns {{ name: string, root: Float32Array }[]}
 */
export function danceRoots(rate = 60) {
  return Object.entries(TAKES).map(([name, moves]) => {
    const path = integrate(
      moves.map((m) => ({ ...m, period: gaitPeriod(m.gait, m.speed) })),
      rate,
    );
    const frames = Math.floor(path.end * rate + 1e-9) + 1;
    const root = new Float32Array(3 * frames);
    const r = new Float64Array(4);
    for (let f = 0; f < frames; f++) {
      at(path, f / rate, r);
      root[3 * f] = r[0];
      root[3 * f + 1] = r[1];
      root[3 * f + 2] = r[2];
    }
    return { name, root };
  });
}
