// The script of the dance card: its takes, each a list of moves (see path.js) that starts
// and ends standing. Every kind of move comes to the left and to the right, so the card is
// balanced without mirroring.
const DEG = Math.PI / 180;
const TURN_RATE = 1.2; // rad/s of a turn on the spot

/** Seconds of blend into a move of each gait (the larger of the two gaits' at a change). */
const BLEND = { stand: 0.6, walk: 0.6, strafe: 0.6, turn: 0.5, run: 1.0 };
const STEER = 0.4;

const move = (gait, speed, dir, turn, duration, kind, label, extra = {}) => ({
  gait,
  speed,
  dir,
  turn,
  duration,
  kind,
  label,
  blend: 0,
  ...extra,
});

/** Standing still. */
export const stand = (duration) => move('stand', 0, 0, 0, duration, 'stand', 'stand');
/** A straight line at `speed`, travelling `dir` from the heading (0 forward, +90° to the left). */
export const line = (gait, speed, duration, dir = 0) =>
  move(gait, speed, dir * DEG, 0, duration, 'line', `${gait} ${speed} m/s${dir ? ` at ${dir}°` : ''}`);
/**
 * An arc of radius `radius` over which the heading turns by `degrees` (+ to the left): a
 * 'turn' of 90° or 180°, or a 'circle'; travelling `dir` from the heading (a strafe around a
 * circle faces its centre when it travels to the side it turns away from).
 */
export const arc = (
  gait,
  speed,
  radius,
  degrees,
  kind = Math.abs(degrees) < 360 ? 'turn' : 'circle',
  dir = 0,
) => {
  return move(
    gait,
    speed,
    dir * DEG,
    (Math.sign(degrees) * speed) / radius,
    (Math.abs(degrees) * DEG * radius) / speed,
    kind,
    `${gait} ${kind} ${Math.abs(degrees)}° ${degrees > 0 ? 'left' : 'right'} r ${radius} m`,
    { radius, angle: degrees * DEG },
  );
};
/** A turn on the spot by `degrees` (+ to the left). */
export const pivot = (degrees) =>
  move(
    'turn',
    0,
    0,
    Math.sign(degrees) * TURN_RATE,
    (Math.abs(degrees) * DEG) / TURN_RATE,
    'pivot',
    `turn on the spot ${degrees}°`,
    {
      angle: degrees * DEG,
    },
  );

/**
 * A take's moves with their blends set: into a move of another gait, the larger of the two
 * gaits' blends; within a gait (a change of speed, turn or direction), STEER.
 */
export function takeOf(moves) {
  return moves.map((m, i) => {
    const last = moves[i - 1];
    return {
      ...m,
      blend: !last ? BLEND[m.gait] : last.gait === m.gait ? STEER : Math.max(BLEND[m.gait], BLEND[last.gait]),
    };
  });
}

const both = (f) => [f(1), f(-1)];

export const TAKES = {
  // starts and stops at three speeds, turns of 90° and 180°, circles of three radii
  walk: takeOf([
    stand(3),
    ...[1.0, 1.3, 1.6].flatMap((s) => [line('walk', s, 6), stand(2.5)]),
    line('walk', 1.3, 4),
    ...both((s) => [arc('walk', 1.3, 1, 90 * s), line('walk', 1.3, 3)]).flat(),
    ...both((s) => [arc('walk', 1.3, 1.2, 180 * s), line('walk', 1.3, 3)]).flat(),
    stand(2.5),
    ...both((s) => [
      line('walk', 1.2, 2.5),
      arc('walk', 1.2, 1.5, 360 * s),
      arc('walk', 1.2, 3, 180 * s, 'circle'),
      arc('walk', 1.2, 6, 90 * s, 'circle'),
      line('walk', 1.2, 3),
      stand(2.5),
    ]).flat(),
    ...both((s) => [
      line('walk', 1.5, 3),
      arc('walk', 1.5, 2, 90 * s),
      arc('walk', 1.5, 2, -90 * s),
      line('walk', 1.5, 2),
    ]).flat(),
    stand(3),
  ]),
  // runs from standing and from walking, turns and circles at speed, stops
  run: takeOf([
    stand(3),
    ...[2.8, 3.3, 3.8].flatMap((s) => [line('run', s, 6), stand(3)]),
    line('walk', 1.3, 3),
    line('run', 3.3, 5),
    line('walk', 1.3, 3),
    stand(2.5),
    line('run', 3.3, 4),
    ...both((s) => [arc('run', 3.3, 2.5, 90 * s), line('run', 3.3, 3)]).flat(),
    ...both((s) => [arc('run', 3.3, 2.5, 180 * s), line('run', 3.3, 3)]).flat(),
    stand(3),
    ...both((s) => [
      line('run', 3, 3),
      arc('run', 3, 3, 360 * s),
      arc('run', 3, 6, 360 * s),
      arc('run', 3, 10, 180 * s, 'circle'),
      line('run', 3, 3),
      stand(3),
    ]).flat(),
  ]),
  // side steps, diagonals and backwards, circles facing in and out, turns on the spot
  strafe: takeOf([
    stand(3),
    ...[90, -90, 45, -45, 135, -135, 180].flatMap((d) => [line('strafe', 0.8, 5, d), stand(2)]),
    // around circles, facing out (turning toward the travel), then in (turning away from it)
    ...[
      [2, 180],
      [4, 90],
    ].flatMap(([r, degrees]) =>
      both((s) => [
        line('strafe', 0.9, 2, 90 * s),
        arc('strafe', 0.9, r, degrees * s, 'circle', 90 * s),
        arc('strafe', 0.9, r, -degrees * s, 'circle', 90 * s),
        line('strafe', 0.9, 2, 90 * s),
        stand(2),
      ]).flat(),
    ),
    line('walk', 1.2, 3),
    line('strafe', 0.9, 4, 90),
    line('walk', 1.2, 3),
    line('strafe', 0.9, 4, -90),
    line('walk', 1.2, 3),
    stand(2),
    ...[90, -90, 180, -180].flatMap((d) => [pivot(d), stand(1.5), line('walk', 1.2, 2.5), stand(1.5)]),
    ...both((s) => [line('walk', 1.2, 3), stand(1), pivot(180 * s), line('walk', 1.2, 3), stand(1.5)]).flat(),
  ]),
  // gaits into each other: a figure of eight, zigzags, run to strafe, walks between runs
  mixed: takeOf([
    stand(3),
    line('walk', 1.3, 2),
    arc('walk', 1.3, 2.5, 360),
    arc('walk', 1.3, 2.5, -360),
    line('run', 3.2, 3),
    ...both((s) => [arc('run', 3.2, 4, 90 * s), line('run', 3.2, 2)]).flat(),
    ...both((s) => [arc('run', 3.2, 4, 90 * s), line('run', 3.2, 2)]).flat(),
    line('walk', 1.3, 3),
    ...both((s) => [arc('walk', 1.3, 1.5, 90 * s), line('walk', 1.3, 2.5)]).flat(),
    ...both((s) => [arc('walk', 1.3, 1.5, 90 * s), line('walk', 1.3, 2.5)]).flat(),
    line('strafe', 0.9, 3, 45),
    line('walk', 1.3, 2),
    line('strafe', 0.9, 3, -45),
    line('run', 3.5, 4),
    stand(3),
    line('walk', 1.0, 2),
    line('run', 3.0, 3),
    line('walk', 1.6, 3),
    line('run', 3.6, 3),
    stand(3),
    pivot(-90),
    line('run', 3.2, 3),
    arc('run', 3.2, 3, -180),
    line('run', 3.2, 3),
    stand(2),
    pivot(180),
    line('walk', 1.3, 3),
    arc('walk', 1.3, 4, 360),
    arc('walk', 1.3, 4, -360),
    stand(3),
  ]),
};
