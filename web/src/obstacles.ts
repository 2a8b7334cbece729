/**
 * Collision of the simulation object with simple obstacles, as in the walls figure of "Code
 * vs Data Driven Displacement": the object is a disc moving on the ground plane (x, z) — or,
 * in the `…V2` form, the (x, y) plane of a 2D game — among circles and rotated boxes. It
 * slides along walls, around corners and circles, and stops in a corner it is pushed into:
 * the exact limit of the article's push-out in ever smaller substeps, so nothing tunnels
 * and the order of the obstacles does not matter.
 * @packageDocumentation
 */
import { heapF32 } from './wasm.js';
import type { Vec2, Vec3 } from './types.js';
import { back, claim, deeper, put } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { check, nameOf, type Spec } from './check.js';
import { floatCount, floats, fresh } from './arrays.js';
import { Batch } from './batch.js';
import { at, checkCount, getters, own, size, view } from './block.js';
import type { Ptr } from './gen/raw.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** Circles and boxes as flat arrays: `circles` holds x, z (y in 2D), radius per circle;
 *  `boxes` holds x, z (y), width, depth (height), yaw per box (about +Y, turning +Z toward
 *  +X; in 2D the angle counterclockwise). {@link Obstacles} is one that lives in WASM memory
 *  (no copy per call); plain `Float32Array`s of your own work too. */
export interface ObstacleSet {
  readonly circles: Float32Array;
  readonly boxes: Float32Array;
}

/**
 * Obstacles held in WASM memory: `circleCount` circles and `boxCount` boxes, written through
 * the `circles` and `boxes` views (all 0 at first: circles of radius 0 at the origin, which
 * touch nothing of radius 0, and boxes of size 0). An obstacle with a non-finite value or a
 * negative size is left out, so spare entries can be switched off with NaN. Call `dispose()`
 * when done.
 * @example
 * const walls = new Obstacles(1, 1);
 * walls.circles.set([2, 5, 1]); // a pillar of radius 1 at x = 2, z = 5
 * walls.boxes.set([0, -3, 10, 0.5, 0]); // a wall 10 m wide, 0.5 m deep, at z = −3
 * simulationCollideObstacles(previous, position, walls, 0.5, position);
 */
export class Obstacles extends Batch<'circles' | 'boxes'> implements ObstacleSet {
  /**
   * Room for `circleCount` circles and `boxCount` boxes.
   * @param circleCount - (integer in [0, 2^24]) number of circles
   * @param boxCount - (integer in [0, 2^24]) number of boxes (default 0)
   */
  constructor(circleCount: number, boxCount = 0) {
    const fn = 'Obstacles';
    checkCount(fn, 'circleCount', circleCount, 0, 1 << 24);
    checkCount(fn, 'boxCount', boxCount, 0, 1 << 24);
    super(
      fn,
      circleCount + boxCount,
      [
        ['circles', 3 * circleCount],
        ['boxes', 5 * boxCount],
      ],
      'count',
      { circleCount, boxCount },
    );
  }

  /** Number of circles. */
  declare readonly circleCount: number;
  /** Number of boxes. */
  declare readonly boxCount: number;

  /** Circles, `3·circleCount` floats: x, z (y in 2D), radius each. */
  declare readonly circles: Float32Array;
  /** Boxes, `5·boxCount` floats: x, z (y in 2D), width, depth (height), yaw (angle in 2D) each. */
  declare readonly boxes: Float32Array;
}
getters(Obstacles, view, 'circles', 'boxes');
getters(Obstacles, size, 'circleCount', 'boxCount');

/** The C arguments of the obstacles of the current call (set by {@link obstacleArgs}): a
 *  module's variables rather than a returned array, so that a call allocates nothing. @internal */
export const obstacleC = { circles: 0 as Ptr, circleCount: 0, boxes: 0 as Ptr, boxCount: 0 };

/**
 * Sets {@link obstacleC} to the C arguments of a checked obstacle set, for `sprung.<fn>`. An
 * {@link Obstacles} passes its own memory; other arrays in sprung's memory are passed where
 * they are, and arrays of your own are copied into the work buffer. Whole obstacles only: an
 * array whose length is not a multiple of 3 (5) is refused.
 * @internal
 */
export function obstacleArgs(fn: string, name: string, o: ObstacleSet): void {
  if (o instanceof Obstacles && !o.disposed) {
    // its own memory, as it is: no views, no checks
    const { sizes } = own(o, 'Obstacles.circles');
    obstacleC.circles = at(o, 'circles');
    obstacleC.boxes = at(o, 'boxes');
    obstacleC.circleCount = sizes.circleCount;
    obstacleC.boxCount = sizes.boxCount;
    return;
  }
  let circles: Float32Array, boxes: Float32Array;
  const was = deeper(); // they may be getters, which may call sprung
  try {
    ({ circles, boxes } = o);
  } finally {
    back(was);
  }
  const c = floats(fn, `${name}.circles`, circles, 0),
    b = floats(fn, `${name}.boxes`, boxes, 0);
  const nc = floatCount(circles),
    nb = floatCount(boxes);
  if (nc % 3 !== 0)
    throw new RangeError(`sprung.${fn}: ${name}.circles must hold 3 floats per circle, got ${nc}`);
  if (nb % 5 !== 0) throw new RangeError(`sprung.${fn}: ${name}.boxes must hold 5 floats per box, got ${nb}`);
  const copied = (c < 0 ? nc : 0) + (b < 0 ? nb : 0);
  const w = copied > 0 ? workBuffer(fn, name, copied) : (0 as Ptr); // may grow memory: arrays are viewed again
  if (c < 0) heapF32.set(fresh(circles, -1, nc), w >> 2);
  if (b < 0) heapF32.set(fresh(boxes, -1, nb), (w >> 2) + (c < 0 ? nc : 0));
  obstacleC.circles = c < 0 ? w : (c as Ptr);
  obstacleC.boxes = b < 0 ? plus(w, c < 0 ? nc : 0) : (b as Ptr);
  obstacleC.circleCount = nc / 3;
  obstacleC.boxCount = nb / 5;
}

/** The collisions `f(out, prev, next, circles, n_circles, boxes, n_boxes, radius)` in dimension `n`. */
function collide<T extends Vec2>(
  spec: Spec,
  f: 'sp_simulation_collide_obstacles' | 'sp_simulation_collide_obstacles_v2',
  n: 2 | 3,
  prev: Vec2,
  next: Vec2,
  obstacles: ObstacleSet,
  radius: number,
  out: T | undefined,
): T {
  const fn = nameOf(spec);
  if (obstacles instanceof Obstacles && obstacles.disposed)
    throw new TypeError(`sprung.${fn}: obstacles was disposed`);
  check(spec, prev, next, obstacles, radius, out);
  const p = claim();
  put(plus(p, 4), prev, n);
  put(plus(p, 8), next, n);
  obstacleArgs(fn, 'obstacles', obstacles); // after the getters above, which may call sprung
  const o = obstacleC;
  full[f](p, plus(p, 4), plus(p, 8), o.circles, o.circleCount, o.boxes, o.boxCount, radius);
  const i = p >> 2,
    x = heapF32[i],
    y = heapF32[i + 1],
    z = heapF32[i + 2];
  const r = (out ?? (n === 3 ? { x: 0, y: 0, z: 0 } : { x: 0, y: 0 })) as T & { z?: number };
  r.x = x;
  r.y = y;
  if (n === 3) r.z = z;
  return r;
}

/**
 * Moves the simulation object, a disc of `radius` on the ground plane (x, z), from
 * `prevPosition` toward `nextPosition` without entering the obstacles, sliding along them;
 * `y` is taken from `nextPosition`. A start inside an obstacle is first pushed out the
 * shortest way. Writes into `out` if given (it may be `nextPosition`).
 * @example
 * const before = { ...position };
 * simulationPositionUpdate(position, velocity, acceleration, desiredVelocity, 0.3, dt);
 * simulationCollideObstacles(before, position, walls, 0.5, position); // slides along the walls
 * @param prevPosition - [m] position before the move
 * @param nextPosition - [m] position the move aims at
 * @param obstacles - read: `circles` (nullable) circle obstacles: x, z, radius each; `boxes` (nullable) box
 *   obstacles: x, z, width, depth, yaw about +Y each
 * @param radius - [m] (≥ 0) radius of the simulation object
 * @param out - (optional) [m] the position reached (may alias an input) (written)
 * @see the C function `sp_simulation_collide_obstacles` in c/sprung.h
 * @c sp_simulation_collide_obstacles obstacles={circles,boxes} -n_circles -n_boxes
 */
export function simulationCollideObstacles<T extends Vec3>(
  prevPosition: Vec3,
  nextPosition: Vec3,
  obstacles: ObstacleSet,
  radius: number,
  out: T,
): T;
/**
 * Moves the simulation object, a disc of `radius` on the ground plane (x, z), from
 * `prevPosition` toward `nextPosition` without entering the obstacles, sliding along them;
 * `y` is taken from `nextPosition`. A start inside an obstacle is first pushed out the
 * shortest way. Writes into `out` if given (it may be `nextPosition`).
 * @example
 * const before = { ...position };
 * simulationPositionUpdate(position, velocity, acceleration, desiredVelocity, 0.3, dt);
 * simulationCollideObstacles(before, position, walls, 0.5, position); // slides along the walls
 * @param prevPosition - [m] position before the move
 * @param nextPosition - [m] position the move aims at
 * @param obstacles - read: `circles` (nullable) circle obstacles: x, z, radius each; `boxes` (nullable) box
 *   obstacles: x, z, width, depth, yaw about +Y each
 * @param radius - [m] (≥ 0) radius of the simulation object
 * @param out - (optional) [m] the position reached (may alias an input) (written)
 * @see the C function `sp_simulation_collide_obstacles` in c/sprung.h
 */
export function simulationCollideObstacles(
  prevPosition: Vec3,
  nextPosition: Vec3,
  obstacles: ObstacleSet,
  radius: number,
  out?: Vec3,
): Vec3;
export function simulationCollideObstacles(p: Vec3, n: Vec3, o: ObstacleSet, r: number, out?: Vec3): Vec3 {
  return collide(S.simulationCollideObstacles, 'sp_simulation_collide_obstacles', 3, p, n, o, r, out);
}

/**
 * {@link simulationCollideObstacles} in the (x, y) plane of a 2D game: circles hold x, y,
 * radius and boxes x, y, width, height, angle (counterclockwise). Writes into `out` if given
 * (a PixiJS `Point` keeps its type).
 * @example
 * simulationCollideObstaclesV2(before, hero.position, level, 16, hero.position); // pixels work too
 * @param prevPosition - [m] position before the move
 * @param nextPosition - [m] position the move aims at
 * @param obstacles - read: `circles` (nullable) circle obstacles: x, y, radius each; `boxes` (nullable) box
 *   obstacles: x, y, width, height, angle counterclockwise each
 * @param radius - [m] (≥ 0) radius of the simulation object
 * @param out - (optional) [m] the position reached (may alias an input) (written)
 * @see the C function `sp_simulation_collide_obstacles_v2` in c/sprung.h
 * @c sp_simulation_collide_obstacles_v2 obstacles={circles,boxes} -n_circles -n_boxes
 */
export function simulationCollideObstaclesV2<T extends Vec2>(
  prevPosition: Vec2,
  nextPosition: Vec2,
  obstacles: ObstacleSet,
  radius: number,
  out: T,
): T;
/**
 * {@link simulationCollideObstacles} in the (x, y) plane of a 2D game: circles hold x, y,
 * radius and boxes x, y, width, height, angle (counterclockwise). Writes into `out` if given
 * (a PixiJS `Point` keeps its type).
 * @example
 * simulationCollideObstaclesV2(before, hero.position, level, 16, hero.position); // pixels work too
 * @param prevPosition - [m] position before the move
 * @param nextPosition - [m] position the move aims at
 * @param obstacles - read: `circles` (nullable) circle obstacles: x, y, radius each; `boxes` (nullable) box
 *   obstacles: x, y, width, height, angle counterclockwise each
 * @param radius - [m] (≥ 0) radius of the simulation object
 * @param out - (optional) [m] the position reached (may alias an input) (written)
 * @see the C function `sp_simulation_collide_obstacles_v2` in c/sprung.h
 */
export function simulationCollideObstaclesV2(
  prevPosition: Vec2,
  nextPosition: Vec2,
  obstacles: ObstacleSet,
  radius: number,
  out?: Vec2,
): Vec2;
export function simulationCollideObstaclesV2(p: Vec2, n: Vec2, o: ObstacleSet, r: number, out?: Vec2): Vec2 {
  return collide(S.simulationCollideObstaclesV2, 'sp_simulation_collide_obstacles_v2', 2, p, n, o, r, out);
}
