// The motion panel's autopilot, which drives when nobody does, and each database's settings of
// the stick and the switch cost (PRESETS): shared by the panel and tests/bench/motion_panel.mjs,
// which measures the switches and costs they give.

/** The autopilot's stick: [seconds, x (right), z (ahead on the screen), run]. */
const AUTOPILOT = [
  [2.5, 0, 1, 0],
  [2, 0.7, 0.7, 0],
  [2.5, 1, 0, 1],
  [1.5, 0, 0, 0],
  [2, -1, 0, 0],
  [2, 0, -1, 0],
  [2.5, -0.7, 0.7, 1],
  [1.5, 0, 0, 0],
];
const LENGTH = AUTOPILOT.reduce((s, [d]) => s + d, 0);

/** The camera's azimuth (rad from behind the character along +Z): the stick turns by it. */
export const AZIMUTH = 0.45;

/**
 * The autopilot's stick at time t into `stick` ({ x, z, run }).
 * @param {number} t
 * @param {{ x: number, z: number, run: boolean }} stick
 */
export function autopilot(t, stick) {
  let u = t % LENGTH;
  for (const [d, x, z, run] of AUTOPILOT) {
    if (u < d) {
      stick.x = x;
      stick.z = z;
      stick.run = run === 1;
      return stick;
    }
    u -= d;
  }
  return stick;
}

/**
 * The desired velocity (m/s, in the world) of a stick seen on the screen: its directions turned
 * by the camera's azimuth, at `speed`.
 */
export function stickVelocity(stick, speed, out) {
  // forward (sin a, cos a) is up on the screen, right (−cos a, sin a) is right
  const [s, c] = [Math.sin(AZIMUTH), Math.cos(AZIMUTH)];
  out.x = speed * (stick.z * s - stick.x * c);
  out.y = 0;
  out.z = speed * (stick.z * c + stick.x * s);
  return out;
}

/**
 * The stick's speeds and the switch cost the panel sets for each database. CMU's takes walk at
 * 0.25–1 m/s and never run (01_03 a slow wandering walk, 01_01 jumps): asked for the dance
 * card's 1.4 and 3.6 m/s, no frame is near the query (its cost ~20 against 0.5) and the search
 * hops between poor frames 6.3 times a second. At the speeds it has and a switch cost on its cost
 * scale it switches less than the dance card, at a tenth of the cost (tests/bench/motion_panel.mjs).
 */
export const PRESETS = {
  dance: { walkSpeed: 1.4, runSpeed: 3.6, switchCost: 0.25 },
  cmu: { walkSpeed: 0.6, runSpeed: 0.8, switchCost: 4 },
};
