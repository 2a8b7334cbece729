/**
 * Collision of the simulation object with simple obstacles, as in the walls figure of "Code
 * vs Data Driven Displacement": the object is a disc moving on the ground plane (x, z) — or,
 * in the `…V2` form, the (x, y) plane of a 2D game — among circles and rotated boxes. It
 * slides along walls, around corners and circles, and stops in a corner it is pushed into:
 * the exact limit of the article's push-out in ever smaller substeps, so nothing tunnels
 * and the order of the obstacles does not matter.
 * @packageDocumentation
 */
import { heapF32, wasm, type Vec2, type Vec3 } from './wasm.js';
import { D2, D3, slot, type Dim } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { check, floatCount, floats, fresh, initialized, isTime, type Spec } from './check.js';
import { Batch } from './batch.js';
import type { Ptr } from './gen/raw.js';
import * as S from './gen/specs.js';

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
  /** Number of circles. */
  readonly circleCount: number;
  /** Number of boxes. */
  readonly boxCount: number;

  /**
   * Room for `circleCount` circles and `boxCount` boxes.
   * @param circleCount - (integer in [0, 2^24]) number of circles
   * @param boxCount - (integer in [0, 2^24]) number of boxes (default 0)
   */
  constructor(circleCount: number, boxCount = 0) {
    const fn = 'Obstacles';
    Batch.checkCount(fn, 'circleCount', circleCount, 0, 1 << 24);
    Batch.checkCount(fn, 'boxCount', boxCount, 0, 1 << 24);
    super(fn, circleCount + boxCount, [
      ['circles', 3 * circleCount],
      ['boxes', 5 * boxCount],
    ]);
    this.circleCount = circleCount;
    this.boxCount = boxCount;
  }

  /** Circles, `3·circleCount` floats: x, z (y in 2D), radius each. */
  get circles(): Float32Array {
    return this.view('circles');
  }
  /** Boxes, `5·boxCount` floats: x, z (y in 2D), width, depth (height), yaw (angle in 2D) each. */
  get boxes(): Float32Array {
    return this.view('boxes');
  }
}

/** Fast path: an {@link Obstacles} not disposed. */
const isLive = (o: unknown): boolean => o instanceof Obstacles && !o.disposed;

/**
 * The C arguments of a checked obstacle set, for `sprung.<fn>`: pointers and counts of its
 * circles and boxes. Arrays in sprung's memory are passed where they are; others are copied
 * into the work buffer. Whole obstacles only: an array whose length is not a multiple of 3
 * (5) is refused.
 * @internal
 */
export function obstacleArgs(fn: string, name: string, o: ObstacleSet): [Ptr, number, Ptr, number] {
  const { circles, boxes } = o;
  const per = [3, 5] as const;
  const n = [0, 0];
  const held = [circles, boxes].map((a, k) => {
    const what = `${name}.${k ? 'boxes' : 'circles'}`;
    const at = floats(fn, what, a, 0);
    n[k] = floatCount(a);
    if (n[k] % per[k] !== 0)
      throw new RangeError(
        `sprung.${fn}: ${what} must hold ${per[k]} floats per ${k ? 'box' : 'circle'}, got ${n[k]}`,
      );
    return at;
  });
  const copied = held.map((at, k) => (at < 0 ? n[k] : 0));
  let w = 0 as Ptr;
  if (copied[0] + copied[1] > 0) {
    w = workBuffer(fn, name, copied[0] + copied[1]); // may grow memory: the arrays are viewed again after
    if (copied[0]) heapF32.set(fresh(circles, -1, n[0]), w >> 2);
    if (copied[1]) heapF32.set(fresh(boxes, -1, n[1]), (w >> 2) + copied[0]);
  }
  const c = held[0] >= 0 ? (held[0] as Ptr) : w,
    b = held[1] >= 0 ? (held[1] as Ptr) : plus(w, copied[0]);
  return [c, n[0] / 3, b, n[1] / 5];
}

/** Scratch slots of the result and the two positions. */
const OUT = 0,
  PREV = 4,
  NEXT = 8;

/** The collisions `f(out, prev, next, circles, n_circles, boxes, n_boxes, radius)` in dimension `d`. */
function collide<V, T extends V>(
  d: Dim<V>,
  spec: Spec,
  f: 'sp_simulation_collide_obstacles' | 'sp_simulation_collide_obstacles_v2',
  prev: V,
  next: V,
  obstacles: ObstacleSet,
  radius: number,
  out: T | undefined,
): T {
  if (!(
    initialized &&
    d.is(prev) &&
    d.is(next) &&
    isLive(obstacles) &&
    isTime(radius) &&
    (out === undefined || d.isW(out))
  )) {
    if (obstacles instanceof Obstacles && obstacles.disposed)
      throw new TypeError(`sprung.${spec.fn}: obstacles was disposed`);
    check(spec, prev, next, obstacles, radius, out);
  }
  const [c, nc, b, nb] = obstacleArgs(spec.fn, 'obstacles', obstacles); // before the scratch is written
  wasm[f](slot(OUT), d.put(PREV, prev), d.put(NEXT, next), c, nc, b, nb, radius);
  return d.get(OUT, out ?? (d.zero() as T));
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
 * @c sp_simulation_collide_obstacles obstacles={circles,boxes} -n_circles -n_boxes
 */
export function simulationCollideObstacles<T extends Vec3 = Vec3>(
  prevPosition: Vec3,
  nextPosition: Vec3,
  obstacles: ObstacleSet,
  radius: number,
  out?: T,
): T {
  const f = 'sp_simulation_collide_obstacles';
  return collide(D3, S.simulationCollideObstacles, f, prevPosition, nextPosition, obstacles, radius, out);
}

/**
 * {@link simulationCollideObstacles} in the (x, y) plane of a 2D game: circles hold x, y,
 * radius and boxes x, y, width, height, angle (counterclockwise). Writes into `out` if given
 * (a PixiJS `Point` keeps its type).
 * @example
 * simulationCollideObstaclesV2(before, hero.position, level, 16, hero.position); // pixels work too
 * @c sp_simulation_collide_obstacles_v2 obstacles={circles,boxes} -n_circles -n_boxes
 */
export function simulationCollideObstaclesV2<T extends Vec2 = Vec2>(
  prevPosition: Vec2,
  nextPosition: Vec2,
  obstacles: ObstacleSet,
  radius: number,
  out?: T,
): T {
  const f = 'sp_simulation_collide_obstacles_v2';
  return collide(D2, S.simulationCollideObstaclesV2, f, prevPosition, nextPosition, obstacles, radius, out);
}
