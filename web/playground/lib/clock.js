// Frame clocks: a simulation stepped at a fixed rate (or at a jittering one), the same way
// for a plot (run to the end) and for the stage (run to the current time, frame by frame).
// Frame times are k / rate, not sums of dt: summing 1/30 in floating point reaches 0.2 one
// frame late (0.19999…), which made curves that must coincide part.
import { seeded } from './random.js';

/**
 * A clock ticking at `rate` Hz; with `jitter` > 0 each dt is (1 ± jitter·u)/rate, u uniform
 * in [−1, 1) from a seeded generator (the same sequence on every reset).
 * @param {number} rate
 * @param {number} [jitter]
 * @param {number} [seed]
 */
export function frameClock(rate, jitter = 0, seed = 7) {
  let k = 0;
  let t = 0;
  let next = 1 / rate;
  let random = seeded(seed);
  const draw = () => (jitter ? (1 + jitter * (2 * random() - 1)) / rate : 1 / rate);
  const clock = {
    /** Back to t = 0 (and the start of the jitter sequence). */
    reset() {
      k = 0;
      t = 0;
      random = seeded(seed);
      next = draw();
      return clock;
    },
    /**
     * Steps while the next frame ends by `until` (s): `step(t, dt)` gets the frame's start time
     * and length; `visit(t)`, if given, is called after each frame with its end time.
     * @param {number} until
     * @param {(t: number, dt: number) => void} step
     * @param {(t: number) => void} [visit]
     */
    advance(until, step, visit) {
      for (;;) {
        const end = jitter ? t + next : (k + 1) / rate;
        if (end > until + 1e-9) return;
        step(t, jitter ? next : 1 / rate);
        k++;
        t = end;
        next = draw();
        if (visit) visit(t);
      }
    },
  };
  return clock.reset();
}

/**
 * The value of a piecewise-constant script [[start, value], ...] at time t (a frame that
 * starts at a step's time sees the new value, whatever the rounding of t).
 * @param {readonly (readonly [number, number])[]} script
 * @param {number} t
 */
export function scriptAt(script, t) {
  let value = script[0][1];
  for (const [start, v] of script) if (t >= start - 1e-6) value = v;
  return value;
}
