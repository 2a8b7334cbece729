// The character panel's simulation bone ("Code vs Data Driven Displacement"): Holden's recipe
// for making it procedurally, as the library's parseBvh follows it on one of CMU's takes — the
// upper spine projected on the ground and smoothed (a local cubic fit, Savitzky–Golay) is its
// position; the hips' forward direction projected and smoothed the same way is its heading —
// drawn against the unsmoothed projection, seen from above and as the heading over time.
import { RATE } from './scenario.js';

/** Every this many frames (1 s), a tick shows the heading on the path. */
const TICK_EVERY = RATE;
/** Length of a heading tick (m). */
const TICK = 0.12;

export const RAW_PATH = 0;
export const PATH = 1;
export const RAW_TICKS = 2;
export const TICKS = 3;

/** `angle` wrapped into (−π, π]. */
const wrap = (angle) => angle - 2 * Math.PI * Math.round(angle / (2 * Math.PI));

/**
 * Draws take `take` (the character panel's data: its simulation bone's path `root` and the
 * unsmoothed `raw`, x, z, heading per frame) into `map` (seen from above: series RAW_PATH, PATH,
 * RAW_TICKS, TICKS) and `heading` (degrees over time: the unsmoothed, then the smoothed), read
 * with smoothing windows `windows` (s).
 * @param {any} map
 * @param {any} heading
 * @param {import('./data.js').Take} take
 * @param {[number, number]} windows
 */
export function drawSimulationBone(map, heading, take, [positionWindow, directionWindow]) {
  const frames = take.root.length / 3;
  for (let i = 0; i < 4; i++) map.reset(i);
  heading.reset(0);
  heading.reset(1);
  let apart = 0;
  let sway = 0;
  let yawRaw = 0;
  let yaw = 0;
  for (let f = 0; f < frames; f++) {
    const [x, z, h] = [take.root[3 * f], take.root[3 * f + 1], take.root[3 * f + 2]];
    const [rx, rz, rh] = [take.raw[3 * f], take.raw[3 * f + 1], take.raw[3 * f + 2]];
    map.add(RAW_PATH, rx, rz);
    map.add(PATH, x, z);
    if (f % TICK_EVERY === 0) {
      for (const [series, px, pz, a] of [
        [RAW_TICKS, rx, rz, rh],
        [TICKS, x, z, h],
      ]) {
        map.add(series, px, pz);
        map.add(series, px + Math.sin(a) * TICK, pz + Math.cos(a) * TICK);
        map.add(series, NaN, NaN);
      }
    }
    // the headings unwrapped (continuous through ±180°), the smoothed one near the raw one
    yawRaw = f ? yawRaw + wrap(rh - take.raw[3 * f - 1]) : rh;
    yaw = yawRaw + wrap(h - rh);
    heading.add(0, f / RATE, (yawRaw * 180) / Math.PI);
    heading.add(1, f / RATE, (yaw * 180) / Math.PI);
    apart = Math.max(apart, Math.hypot(x - rx, z - rz));
    sway += wrap(rh - h) ** 2;
  }
  map.commit();
  heading.commit();
  const cm = (m) => `${(m * 100).toFixed(1)} cm`;
  map.summary(
    `CMU’s take ${take.name} seen from above: the upper spine projected on the ground (grey) and smoothed over ` +
      `${positionWindow} s into the simulation bone’s path (red), at most ${cm(apart)} from it; every second a tick ` +
      `shows the hips’ heading (grey) and the simulation bone’s, smoothed over ${directionWindow} s (red).`,
  );
  heading.summary(
    `The hips’ heading sways with every step; smoothed over ${directionWindow} s it keeps only the turns: the two ` +
      `differ by ${((Math.sqrt(sway / frames) * 180) / Math.PI).toFixed(1)}° on average (root mean square) over the ` +
      `${(frames / RATE).toFixed(1)} s of the take.`,
  );
}

/**
 * Empties the two plots, saying why in their summaries.
 * @param {any} map
 * @param {any} heading
 * @param {string} why
 */
export function noSimulationBone(map, heading, why) {
  for (let i = 0; i < 4; i++) map.reset(i);
  heading.reset(0);
  heading.reset(1);
  map.commit();
  heading.commit();
  map.summary(why);
  heading.summary(why);
}
