// The character panel's scripted run: the simulation object and the character entity on the
// autopilot's stick for REPLAY_SECONDS with the panel's settings, seen from above (with the
// predicted trajectory every second and the world's obstacles), and the angle between their
// facings. A module of its own, which the panel imports when the figures come near the view.
import {
  BOXES,
  CIRCLES,
  MODES,
  PREDICT,
  RATE,
  REPLAY_SECONDS,
  angleBetween,
  boxCorners,
  clamps,
  scripted,
} from './scenario.js';

/**
 * Draws the scripted run into the panel's plots `replay` (series: simulation, character,
 * predicted, obstacles) and `turn` (series: the angle, the clamp's maximum) by `draw(p)`, for the
 * panel's parameters `p`: `shadow` is a world of the panel's (makeWorld) that the run steps, and
 * `predict(world, p)` fills `predictor` with the trajectory predicted from a world.
 * @param {any} replay
 * @param {any} turn
 * @param {{ shadow: any, predict: (w: any, p: any) => void, predictor: { positions: Float32Array } }} world
 */
export function replayFigures(replay, turn, { shadow, predict, predictor }) {
  /** The obstacles' outlines as series 3 of the replay (each shape closed, a gap between shapes). */
  function drawObstacles(on) {
    replay.reset(3);
    replay.visible(3, on);
    if (!on) return;
    for (const [x, z, r] of CIRCLES) {
      for (let k = 0; k <= 48; k++) {
        const t = (k / 48) * 2 * Math.PI;
        replay.add(3, x + r * Math.cos(t), z + r * Math.sin(t));
      }
      replay.add(3, NaN, NaN);
    }
    for (const b of BOXES) {
      const corners = boxCorners(b);
      for (const [x, z] of [...corners, corners[0]]) replay.add(3, x, z);
      replay.add(3, NaN, NaN);
    }
  }

  function draw(p) {
    shadow.reset();
    for (let i = 0; i < 3; i++) replay.reset(i);
    turn.reset(0);
    turn.reset(1);
    if (clamps(p)) {
      turn.add(1, 0, p.maxAngle);
      turn.add(1, REPLAY_SECONDS, p.maxAngle);
    }
    drawObstacles(p.obstacles);
    let worst = 0;
    let sum = 0;
    let widest = 0;
    for (let k = 0; k <= REPLAY_SECONDS * RATE; k++) {
      if (k > 0) {
        scripted((k - 1) / RATE, shadow.stick);
        shadow.step(p, 1 / RATE);
      }
      replay.add(0, shadow.simPosition.x, shadow.simPosition.z);
      replay.add(1, shadow.charPosition.x, shadow.charPosition.z);
      const angle = angleBetween(shadow.charRotation, shadow.simRotation);
      turn.add(0, k / RATE, angle);
      widest = Math.max(widest, angle);
      const apart = Math.hypot(
        shadow.charPosition.x - shadow.simPosition.x,
        shadow.charPosition.z - shadow.simPosition.z,
      );
      worst = Math.max(worst, apart);
      sum += apart;
      if (k % RATE === RATE / 2) {
        predict(shadow, p);
        const pos = predictor.positions;
        for (let i = 1; i < PREDICT; i += 2) replay.add(2, pos[3 * i], pos[3 * i + 2]);
      }
    }
    replay.commit();
    // Headroom above the curve and the clamp's line, which would sit on the frame.
    turn.bounds('y', 0, 1.2 * Math.max(widest, clamps(p) ? p.maxAngle : 0, 1));
    turn.commit();
    turn.summary(
      `The character turns more slowly than the simulation object: it faces up to ${widest.toFixed(1)}° away from it` +
        (clamps(p) ? `, clamping keeping it within ${p.maxAngle}°.` : ' (not clamped).'),
    );
    replay.summary(
      `Over the ${REPLAY_SECONDS} s scripted run, kept in sync by ${MODES.find(([m]) => m === p.mode)?.[1]}, the character ` +
        `stays within ${worst.toFixed(2)} m of the simulation (${(sum / (REPLAY_SECONDS * RATE + 1)).toFixed(2)} m on average)` +
        (p.obstacles
          ? `; both slide along the ${CIRCLES.length} pillars and ${BOXES.length} walls and blocks drawn in grey.`
          : '.'),
    );
  }

  return { draw };
}
