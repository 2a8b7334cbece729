// The crowd mode of the 3D pose panel: hundreds of characters wandering an arena. Their
// simulation objects (position, velocity, rotation on critical springs) advance and
// predict their trajectories in ONE call of sprung's TrajectoryBatch per frame; their
// clips switch as their speed changes, and ONE PoseInertializer over every bone of the
// crowd blends all their switches (one transition call on frames with switches, one update
// call per frame). The bodies are boxes in ONE mesh whose corners move with their bones
// (8 corners per box, flat-shaded): a software renderer spends ~20 µs per instance of an
// instanced mesh, so one plain mesh of a few hundred thousand floats draws 10× faster.
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Vector3,
} from 'three';
import { PoseInertializer, TrajectoryBatch } from 'sprung';
import { BONE_COUNT, SHAPES, bone, forwardKinematics } from './skeleton.js';
import { sample } from './clips.js';
import { qrot } from './math.js';
import { shapeMatrix } from './body.js';
import { SHADE } from './lanes.js';
import { createWorld, fit } from './scene.js';

const B = BONE_COUNT;
const SAMPLES = 5; // the next frame, then 0.25, 0.5, 0.75 and 1 s ahead
const POSITION_HALFLIFE = 0.3;
const ROTATION_HALFLIFE = 0.25;
const WALK = 1.25;
const RUN = 3.3;
/**
 * The crowd's boxes: 13 of the body's 23 shapes (no hands, toes, collarbones or neck) and
 * one box for the whole spine, as games draw far characters with less detail.
 */
const LIMBS = [
  'Head',
  ...['Left', 'Right'].flatMap((side) => ['Arm', 'ForeArm', 'UpLeg', 'Leg', 'Foot'].map((n) => side + n)),
].map(bone);
/** @type {import('./skeleton.js').Shape[]} */
const BOXES = [
  SHAPES[0], // the pelvis
  [bone('Spine1'), 0, -0.12, 0, 0, 0.25, -0.01, 0.115, 'torso'],
  ...SHAPES.filter((s) => LIMBS.includes(s[0])),
];

/** A small deterministic generator (mulberry32), so that a crowd of a given size is always the same crowd. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class CrowdView {
  /** `count` characters; `baked`: the baked clips by name; `renderer`: the shared WebGLRenderer. */
  constructor(renderer, baked, count, halflife) {
    this.renderer = renderer;
    this.baked = baked;
    this.count = count;
    const rand = (this.rand = random(count));
    this.radius = Math.max(6, Math.sqrt(count) * 0.8);
    this.batch = new TrajectoryBatch(count, SAMPLES);
    this.inertializer = new PoseInertializer(count * B, { halflife });
    this.src = new Float32Array(13 * count * B);
    this.dst = new Float32Array(13 * count * B);
    this.agents = Array.from({ length: count }, (_, i) => ({
      goal: [0, 0],
      speed: rand() < 0.3 ? RUN * (0.85 + 0.25 * rand()) : WALK * (0.8 + 0.4 * rand()),
      wait: rand() * 2,
      jump: 0,
      clip: 'idle',
      time: rand() * 3,
      since: 1,
      yaw: rand() * 2 * Math.PI,
      color: new Color().setHSL((i * 0.618034) % 1, 0.55, 0.55),
    }));
    // states: on a disc, at rest, facing their yaw
    const state = this.batch.state;
    this.agents.forEach((a, i) => {
      const r = this.radius * Math.sqrt(rand());
      const t = rand() * 2 * Math.PI;
      state.fill(0, 16 * i, 16 * i + 16);
      state[16 * i] = r * Math.cos(t);
      state[16 * i + 2] = r * Math.sin(t);
      state[16 * i + 10] = Math.sin(a.yaw / 2);
      state[16 * i + 12] = Math.cos(a.yaw / 2);
      this.pickGoal(a);
    });
    this.switches = 0;
    this.spent = { library: 0, javascript: 0, frames: 0 };
    this.orbit = 0.6;
    const { world, camera, shapes, mesh, linePositions, lines } = this.build();
    this.world = world;
    this.camera = camera;
    this.shapes = shapes;
    this.mesh = mesh;
    this.linePositions = linePositions;
    this.lines = lines;
    this.rot = new Float32Array(4 * B);
    this.pos = new Float32Array(3 * B);
    this.pose(0);
    this.inertializer.update(this.dst, 0);
  }

  /** A new place to go, anywhere in the arena. */
  pickGoal(a) {
    const r = this.radius * Math.sqrt(this.rand());
    const t = this.rand() * 2 * Math.PI;
    a.goal[0] = r * Math.cos(t);
    a.goal[1] = r * Math.sin(t);
  }

  /** The crowd's scene: the world, the camera, the boxes of the bodies and the lines of the predictions. */
  build() {
    const n = this.count;
    const world = createWorld(this.radius * 5, this.radius * 2.2, this.radius * 4.5);
    const camera = new PerspectiveCamera(40, 1, 0.5, this.radius * 8);
    // every box's 8 corners in its bone's frame
    const shapes = BOXES.map((s) => {
      const m = shapeMatrix(s, (length, r) => [1.7 * r, length + r, 1.7 * r]);
      const corners = new Float32Array(24);
      const v = new Vector3();
      for (let k = 0; k < 8; k++) {
        v.set(k & 1 ? 0.5 : -0.5, k & 2 ? 0.5 : -0.5, k & 4 ? 0.5 : -0.5).applyMatrix4(m);
        v.toArray(corners, 3 * k);
      }
      return { bone: s[0], corners, shade: SHADE[s[8]] };
    });
    const boxes = n * BOXES.length;
    const geometry = new BufferGeometry();
    const colors = new Float32Array(24 * boxes);
    const index = new Uint32Array(36 * boxes);
    // the 12 triangles of a box, counter-clockwise seen from outside, corners numbered by bits x, y, z
    const FACES = [
      0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7,
      5,
    ];
    const c = new Color();
    for (let i = 0; i < n; i++)
      shapes.forEach((shape, k) => {
        const box = i * BOXES.length + k;
        c.copy(this.agents[i].color).multiplyScalar(shape.shade);
        for (let v = 0; v < 8; v++) c.toArray(colors, 24 * box + 3 * v);
        for (let f = 0; f < 36; f++) index[36 * box + f] = 8 * box + FACES[f];
      });
    geometry.setAttribute(
      'position',
      new BufferAttribute(new Float32Array(24 * boxes), 3).setUsage(DynamicDrawUsage),
    );
    geometry.setAttribute('color', new BufferAttribute(colors, 3));
    geometry.setIndex(new BufferAttribute(index, 1));
    const mesh = new Mesh(geometry, new MeshLambertMaterial({ vertexColors: true, flatShading: true }));
    mesh.frustumCulled = false;
    const lineGeometry = new BufferGeometry();
    const linePositions = new Float32Array(n * (SAMPLES - 1) * 2 * 3);
    const lineColors = new Float32Array(linePositions.length);
    for (let i = 0; i < n; i++)
      for (let v = 0; v < (SAMPLES - 1) * 2; v++)
        this.agents[i].color.toArray(lineColors, 3 * (i * (SAMPLES - 1) * 2 + v));
    lineGeometry.setAttribute('position', new BufferAttribute(linePositions, 3).setUsage(DynamicDrawUsage));
    lineGeometry.setAttribute('color', new BufferAttribute(lineColors, 3));
    const lines = new LineSegments(
      lineGeometry,
      new LineBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.7 }),
    );
    lines.frustumCulled = false;
    world.scene.add(mesh, lines);
    world.follow(0, 0);
    return { world, camera, shapes, mesh, linePositions, lines };
  }

  /** Writes every character's current clip pose into dst (root from its simulation object), switching clips where needed; returns whether any switched. */
  pose(dt) {
    const state = this.batch.state;
    const n = this.count * B;
    const root = new Float64Array(3);
    /** @type {number[] | null} */
    let switching = /** @type {number[] | null} */ (null);
    this.agents.forEach((a, i) => {
      const s = 16 * i;
      const speed = Math.hypot(state[s + 3], state[s + 5]);
      const turning = Math.abs(state[s + 14]);
      const want =
        a.jump > 0 ? 'jump' : speed < 0.35 ? (turning > 0.9 ? 'turn' : 'idle') : speed < 2.1 ? 'walk' : 'run';
      const rate =
        a.clip === 'walk'
          ? clamp(speed / WALK, 0.5, 1.6)
          : a.clip === 'run'
            ? clamp(speed / RUN, 0.6, 1.4)
            : 1;
      a.time += dt * rate;
      a.since += dt;
      sample(this.baked[a.clip], a.time, 0, 0, 0, this.dst, n, i * B, root);
      if (want !== a.clip && (a.since > 0.3 || want === 'jump')) {
        if (!switching) {
          switching = [];
          this.src.set(this.dst);
        }
        switching.push(i);
        const from = this.baked[a.clip];
        const to = this.baked[want];
        const phase = (((a.time / from.period) % 1) + 1) % 1;
        a.time = from.clip.sync && to.clip.sync ? phase * to.period : 0;
        a.clip = want;
        a.since = 0;
        sample(to, a.time, 0, 0, 0, this.dst, n, i * B, root);
      }
      this.root(this.dst, i);
    });
    if (switching) for (const i of switching) this.root(this.src, i);
    this.switches += switching ? switching.length : 0;
    return switching !== null;
  }

  /** Sets character i's root bone in `pose` from its simulation object. */
  root(pose, i) {
    const state = this.batch.state;
    const n = this.count * B;
    const r = i * B;
    const s = 16 * i;
    for (let c = 0; c < 3; c++) {
      pose[3 * r + c] = state[s + c];
      pose[3 * n + 3 * r + c] = state[s + 3 + c];
      pose[10 * n + 3 * r + c] = state[s + 13 + c];
    }
    pose[3 * r + 1] = 0;
    for (let c = 0; c < 4; c++) pose[6 * n + 4 * r + c] = state[s + 9 + c];
  }

  /** The characters' intentions: walk or run to a goal, wait there (sometimes jumping), pick another. */
  think(dt) {
    const state = this.batch.state;
    const goal = this.batch.goal;
    this.agents.forEach((a, i) => {
      const s = 16 * i;
      const g = 7 * i;
      const dx = a.goal[0] - state[s];
      const dz = a.goal[1] - state[s + 2];
      const d = Math.hypot(dx, dz);
      a.jump = Math.max(0, a.jump - dt);
      if (a.wait > 0) {
        a.wait -= dt;
        goal.fill(0, g, g + 3);
      } else if (d < 0.8) {
        this.pickGoal(a);
        a.wait = 0.5 + 2.5 * this.rand();
        if (this.rand() < 0.35) a.jump = this.baked.jump.period;
      } else {
        const v = a.speed * Math.min(1, d / 1.5);
        goal[g] = (dx / d) * v;
        goal[g + 1] = 0;
        goal[g + 2] = (dz / d) * v;
        a.yaw = Math.atan2(dx, dz);
      }
      goal[g + 3] = 0;
      goal[g + 4] = Math.sin(a.yaw / 2);
      goal[g + 5] = 0;
      goal[g + 6] = Math.cos(a.yaw / 2);
    });
  }

  /** One frame of dt seconds: intentions, the batched simulation and prediction, clips and the batched pose inertializer. */
  step(dt, halflife) {
    const t0 = performance.now();
    this.think(dt);
    const t1 = performance.now();
    // library: advance and predict every simulation object in one call (sample 0 is dt ahead)
    this.batch.times.set([dt, 0.25, 0.5, 0.75, 1]);
    this.batch.predict(POSITION_HALFLIFE, ROTATION_HALFLIFE);
    const t2 = performance.now();
    const state = this.batch.state;
    const pred = this.batch.prediction;
    const m = SAMPLES;
    for (let i = 0; i < this.count; i++) {
      const p = 16 * m * i;
      const s = 16 * i;
      for (let c = 0; c < 3; c++) {
        state[s + c] = pred[p + c];
        state[s + 3 + c] = pred[p + 3 * m + c];
        state[s + 6 + c] = pred[p + 6 * m + c];
        state[s + 13 + c] = pred[p + 13 * m + c];
      }
      for (let c = 0; c < 4; c++) state[s + 9 + c] = pred[p + 9 * m + c];
    }
    const switched = this.pose(dt);
    const t3 = performance.now();
    // library: one transition for all the characters that switched, one update for all
    this.inertializer.halflife = halflife;
    if (switched) this.inertializer.transition(this.src, this.dst);
    this.inertializer.update(this.dst, dt);
    const t4 = performance.now();
    this.spent.library += t2 - t1 + (t4 - t3);
    this.spent.javascript += t1 - t0 + (t3 - t2);
    this.spent.frames++;
  }

  /** Draws the crowd from the inertializer's output (its JavaScript time counts with the frame's). */
  render(dt) {
    const t0 = performance.now();
    const out = this.inertializer.output;
    const n = this.count * B;
    const P = this.mesh.geometry.attributes.position.array;
    const rot = this.rot;
    const pos = this.pos;
    let o = 0;
    for (let i = 0; i < this.count; i++) {
      forwardKinematics(out, n, i * B, rot, pos);
      for (const { bone, corners } of this.shapes) {
        for (let k = 0; k < 24; k += 3, o += 3) {
          qrot(P, o, rot, 4 * bone, corners, k);
          P[o] += pos[3 * bone];
          P[o + 1] += pos[3 * bone + 1];
          P[o + 2] += pos[3 * bone + 2];
        }
      }
    }
    this.mesh.geometry.attributes.position.needsUpdate = true;
    // predicted trajectories: from the character through its future samples
    const pred = this.batch.prediction;
    const lp = this.linePositions;
    let v = 0;
    for (let i = 0; i < this.count; i++) {
      const p = 16 * SAMPLES * i;
      for (let j = 0; j < SAMPLES - 1; j++)
        for (const e of [j, j + 1]) {
          lp[v++] = pred[p + 3 * e];
          lp[v++] = 0.02;
          lp[v++] = pred[p + 3 * e + 2];
        }
    }
    this.lines.geometry.attributes.position.needsUpdate = true;
    this.spent.javascript += performance.now() - t0;
    const [w, h] = fit(this.renderer);
    this.orbit += dt * 0.05;
    const r = this.radius * 1.55;
    this.camera.aspect = w / h;
    this.camera.position.set(Math.sin(this.orbit) * r, this.radius * 0.75, Math.cos(this.orbit) * r);
    this.camera.lookAt(
      -Math.sin(this.orbit) * this.radius * 0.2,
      0,
      -Math.cos(this.orbit) * this.radius * 0.2,
    );
    this.camera.updateProjectionMatrix();
    this.renderer.setViewport(0, 0, w, h);
    this.renderer.setScissor(0, 0, w, h);
    this.renderer.render(this.world.scene, this.camera);
  }

  /** Mean milliseconds per frame spent in the library's calls and in the panel's own JavaScript since the last call. */
  timing() {
    const n = Math.max(1, this.spent.frames);
    const result = {
      library: this.spent.library / n,
      javascript: this.spent.javascript / n,
      frames: this.spent.frames,
    };
    this.spent = { library: 0, javascript: 0, frames: 0 };
    return result;
  }

  dispose() {
    this.batch.dispose();
    this.inertializer.dispose();
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
    this.lines.geometry.dispose();
    this.lines.material.dispose();
  }
}

const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));
