// pixi.ts — compile-time test (./build.sh test runs tsc on it): the 2D functions take any
// {x, y} and return the caller's class, so a PixiJS-style Point (here a look-alike with methods
// of its own, as PixiJS is not a dependency) keeps its methods; wrong shapes do not compile.
import {
  Obstacles,
  TrajectoryPredictorV2,
  adjustCharacterPositionByVelocityV2,
  adjustCharacterPositionV2,
  clampCharacterPositionV2,
  criticalSpringDamperExactV2,
  dampAdjustmentExactV2,
  damperExactV2,
  decaySpringDamperExactV2,
  extrapolateV2,
  inertializeCubicUpdateV2,
  inertializeUpdateV2,
  simpleSpringDamperExactV2,
  simulationCollideObstaclesV2,
  simulationPositionUpdateV2,
  springDamperExactV2,
  type Vec2,
} from '../../dist/index.js';

/** The shape of PixiJS's Point: x, y and methods. */
class Point {
  constructor(
    public x = 0,
    public y = 0,
  ) {}
  clone(): Point {
    return new Point(this.x, this.y);
  }
  set(x = 0, y = x): this {
    this.x = x;
    this.y = y;
    return this;
  }
  equals(p: Vec2): boolean {
    return p.x === this.x && p.y === this.y;
  }
}

const p = new Point(),
  v = new Point(),
  a = new Point(),
  g: Vec2 = { x: 1, y: 2 };

// positions updated in place come back as Points
const d: Point = damperExactV2(p, g, 0.1, 1 / 60).clone();
const s: boolean = simpleSpringDamperExactV2(p, v, g, 0.15, 1 / 60).equals(g);
const c: Point = criticalSpringDamperExactV2(p, v, g, { x: 0, y: 0 }, 0.15, 1 / 60).set(0);
const b: Point = springDamperExactV2(p, v, g, { x: 0, y: 0 }, 3, 0.3, 1 / 60);
const dec: Point = decaySpringDamperExactV2(p, v, 0.1, 1 / 60);
const ex: Point = extrapolateV2(p, v, 0.3, 1 / 60);
const sim: Point = simulationPositionUpdateV2(p, v, a, g, 0.2, 1 / 60);
// results written into an out Point come back as Points; without out, plain {x, y}
const adj: Point = adjustCharacterPositionV2(p, g, 0.1, 1 / 60, new Point());
const adjv: Point = adjustCharacterPositionByVelocityV2(p, v, g, 0.5, 0.1, 1 / 60, p);
const cl: Point = clampCharacterPositionV2(p, g, 2, p);
const da: Point = dampAdjustmentExactV2(g, 0.1, 1 / 60, new Point());
const plain: { x: number; y: number } = dampAdjustmentExactV2(g, 0.1, 1 / 60);
const out: Point = inertializeUpdateV2(p, v, new Point(), new Point(), g, g, 0.1, 1 / 60);
const cub: Point = inertializeCubicUpdateV2(p, v, { t: 0 }, g, g, g, g, 0.2, 1 / 60);
const walls = new Obstacles(1, 1);
const hit: Point = simulationCollideObstaclesV2(p, g, walls, 16, p);
const predicted: Float32Array = new TrajectoryPredictorV2(4).predictPositions(
  p,
  v,
  a,
  g,
  0.2,
  0.25,
).positions;

// wrong shapes do not compile
// @ts-expect-error: a 2D position needs y
damperExactV2({ x: 0 }, g, 0.1, 1 / 60);
// @ts-expect-error: out must be a 2D vector
clampCharacterPositionV2(p, g, 2, 5);
// @ts-expect-error: obstacles must hold circles and boxes
simulationCollideObstaclesV2(p, g, { circles: new Float32Array(3) }, 16);
// @ts-expect-error: halflife is a number
simpleSpringDamperExactV2(p, v, g, '0.15', 1 / 60);

export const used = [d, s, c, b, dec, ex, sim, adj, adjv, cl, da, plain, out, cub, hit, predicted];
