/**
 * Collision of the simulation object with simple obstacles, as in the walls figure of "Code
 * vs Data Driven Displacement": the object is a disc moving on the ground plane (x, z) — or,
 * in the `…V2` form, the (x, y) plane of a 2D game — among circles and rotated boxes. It
 * slides along walls, around corners and circles, and stops in a corner it is pushed into:
 * the exact limit of the article's push-out in ever smaller substeps, so nothing tunnels
 * and the order of the obstacles does not matter.
 * @packageDocumentation
 */
import { heapF32, type Vec2, type Vec3 } from './wasm.js';
import { D2, D3, slot, type Dim } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { check, floatCount, floats, fresh, initialized, isTime, type Spec } from './check.js';
import { Batch } from './batch.js';
import { at, checkCount, own, size, view } from './block.js';
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
  get circleCount(): number {
    return size(this, 'circleCount');
  }
  /** Number of boxes. */
  get boxCount(): number {
    return size(this, 'boxCount');
  }

  /** Circles, `3·circleCount` floats: x, z (y in 2D), radius each. */
  get circles(): Float32Array {
    return view(this, 'circles');
  }
  /** Boxes, `5·boxCount` floats: x, z (y in 2D), width, depth (height), yaw (angle in 2D) each. */
  get boxes(): Float32Array {
    return view(this, 'boxes');
  }
}

/** Fast path: an {@link Obstacles} not disposed. */
const isLive = (o: unknown): boolean => o instanceof Obstacles && !o.disposed;

/** The C arguments of the obstacles of the current call (set by {@link obstacleArgs}): a
 *  module's variables rather than a returned array, so that a call allocates nothing. */
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
  const { circles, boxes } = o;
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
  obstacleArgs(spec.fn, 'obstacles', obstacles); // before the scratch is written
  const o = obstacleC;
  full[f](
    slot(OUT),
    d.put(PREV, prev),
    d.put(NEXT, next),
    o.circles,
    o.circleCount,
    o.boxes,
    o.boxCount,
    radius,
  );
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
