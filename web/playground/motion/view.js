// The 3D view of the motion-matching panel, on three.js (loaded on demand with it): the
// character, a skinned mesh posed by sprung/three's bindSkeleton as a game would pose it (the
// humanoid of humanoid.js made for the database's skeleton, or the reader's own glTF
// character), its locked feet on the ground, the simulation bone of the animation (the
// character's bone 0: the ground projection of the hips smoothed, and the smoothed heading)
// against the raw projection and heading it is made from, the simulation object (a ring with a
// pointer at its heading), its predicted trajectory, the trajectory the query asks for and the
// one the chosen frame holds, and a crowd (motion/crowd.js: instanced, loaded with the crowd). The camera follows the character
// from a fixed azimuth, so that the keys and the drag stick move it the way the screen shows.
import {
  BufferAttribute,
  BufferGeometry,
  CircleGeometry,
  DynamicDrawUsage,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Quaternion,
  RingGeometry,
  Vector3,
} from 'three';
import { damperExact } from 'sprung';
import { bindSkeleton } from 'sprung/three';
import { createWorld, fit } from '../pose3d/scene.js';
import { skinnedHumanoid } from './humanoid.js';

/** The camera's azimuth (rad from behind the character along +Z); the panel turns its input by it. */
export const AZIMUTH = 0.45;
/** Frames of the simulation bone's trail and of the raw projection's (2 s at 60 Hz). */
const TRAIL = 120;

/** A dynamic position buffer of `n` points. */
function buffer(n) {
  const geometry = new BufferGeometry();
  const attribute = new BufferAttribute(new Float32Array(3 * n), 3);
  attribute.setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', attribute);
  return geometry;
}

/** A line of the last TRAIL points pushed (x, z on the ground at height y). */
class Trail {
  constructor(world, color, y) {
    this.line = new Line(buffer(TRAIL), new LineBasicMaterial({ color }));
    this.line.frustumCulled = false;
    this.y = y;
    this.n = 0;
    world.scene.add(this.line);
  }

  push(x, z) {
    const a = this.line.geometry.attributes.position;
    const arr = /** @type {Float32Array} */ (a.array);
    if (this.n === TRAIL) arr.copyWithin(0, 3);
    else this.n++;
    arr.set([x, this.y, z], 3 * (this.n - 1));
    this.line.geometry.setDrawRange(0, this.n);
    a.needsUpdate = true;
  }

  clear() {
    this.n = 0;
    this.line.geometry.setDrawRange(0, 0);
  }
}

export class MotionView {
  /** @param {import('three').WebGLRenderer} renderer */
  constructor(renderer) {
    this.renderer = renderer;
    this.world = createWorld(80, 9, 26);
    this.camera = new PerspectiveCamera(40, 1, 0.1, 80);
    this.follow = null;
    /**
     * The character drawn: its root, and the humanoid's mesh and skeleton (null for the reader's own)
     * @type {{ root: import('three').Object3D, mesh: import('three').SkinnedMesh | null, skeleton: import('three').Skeleton | null } | null}
     */
    this.body = null;
    /** @type {import('sprung/three').SkeletonBinding | null} bindSkeleton's binding of the controller to the body */
    this.skin = null;
    /** Whether the overlay covers the view's top left (the camera moves the character aside). */
    this.overlay = true;
    /** @type {import('./crowd.js').CrowdBodies | null} the crowd's bodies, instanced */
    this.crowd = null;
    /** The crowd's size asked for, while its module loads. */
    this.crowdCount = 0;
    this.parents = null;
    /** The database's first pose (the crowd's links are made from it). */
    this.first = null;
    /** What the overlay shows: { contacts, simulationBone } (set by the panel). */
    this.show = { contacts: true, simulationBone: true };
    const ground = (r0, r1, color) => {
      const m = new Mesh(new RingGeometry(r0, r1, 40), new MeshBasicMaterial({ color }));
      m.rotation.x = -Math.PI / 2;
      return m;
    };
    // the simulation object: a ring on the ground and a pointer at its heading
    this.ring = ground(0.22, 0.27, '#e37400');
    this.pointer = new Line(buffer(2), new LineBasicMaterial({ color: '#e37400' }));
    this.predicted = new Line(buffer(8), new LineBasicMaterial({ color: '#e37400' }));
    this.query = new Points(
      buffer(8),
      new PointsMaterial({ color: '#e37400', size: 9, sizeAttenuation: false }),
    );
    this.chosen = new Points(
      buffer(8),
      new PointsMaterial({ color: '#1a73e8', size: 7, sizeAttenuation: false }),
    );
    // the animation's simulation bone (bone 0: smoothed) and the raw projection it is made from
    this.bone0 = ground(0.1, 0.13, '#1a73e8');
    this.heading0 = new Line(buffer(2), new LineBasicMaterial({ color: '#1a73e8' }));
    this.raw = new Points(
      buffer(1),
      new PointsMaterial({ color: '#5f6368', size: 6, sizeAttenuation: false }),
    );
    this.rawHeading = new Line(buffer(2), new LineBasicMaterial({ color: '#5f6368' }));
    this.trail0 = new Trail(this.world, '#1a73e8', 0.012);
    this.rawTrail = new Trail(this.world, '#5f6368', 0.011);
    // the locked feet: a disc on the ground where each is planted
    this.locks = [];
    for (const o of [
      this.pointer,
      this.predicted,
      this.query,
      this.chosen,
      this.heading0,
      this.raw,
      this.rawHeading,
    ])
      o.frustumCulled = false;
    this.world.scene.add(
      this.ring,
      this.pointer,
      this.predicted,
      this.query,
      this.chosen,
      this.bone0,
      this.heading0,
      this.raw,
      this.rawHeading,
    );
    this.hipsForward = new Vector3(0, 0, 1);
    this.q = new Quaternion();
    this.v = new Vector3();
  }

  /**
   * The character for database `db` (bone names `names`): a skinned humanoid made for its
   * skeleton, its rest offsets those of the database's first frame, or `own`, the reader's
   * character (a glTF scene whose bones have the database's names). Also the crowd's skeleton
   * and first pose, and the hips' forward axis of the raw heading.
   */
  character(db, names, own = null) {
    const parents = db.parents;
    this.parents = parents;
    const old = this.body;
    if (old) {
      this.world.scene.remove(old.root);
      if (old.mesh && old.skeleton) {
        old.mesh.geometry.dispose();
        /** @type {import('three').Material} */ (old.mesh.material).dispose();
        old.skeleton.dispose();
      }
    }
    const first = db.pose(0);
    this.first = first;
    if (own) {
      this.body = { root: own, mesh: null, skeleton: null };
    } else {
      const h = skinnedHumanoid({ parents, names, offsets: first.subarray(0, 3 * db.bones) });
      h.mesh.frustumCulled = false;
      this.body = { root: h.root, mesh: h.mesh, skeleton: h.skeleton };
    }
    const body = this.body;
    this.world.scene.add(body.root);
    // the raw heading: the axis of the hips (bone 1) that faces along bone 0's heading in the first frame
    const B = db.bones;
    const r = (b) => new Quaternion().fromArray(first, 6 * B + 4 * b);
    this.hipsForward.set(0, 0, 1).applyQuaternion(r(1).invert());
    this.trail0.clear();
    this.rawTrail.clear();
    this.skin = null;
    this.crowdOf(this.crowdCount);
    if (this.colors) this.theme(this.world.palette, this.colors);
  }

  /** Poses the character after controller `c` (a new controller: after a restart). */
  bind(c, bones) {
    if (!this.body) return;
    this.skin = bindSkeleton(c, this.body.root, bones ? { bones } : undefined);
    this.trail0.clear();
    this.rawTrail.clear();
  }

  /**
   * Shows `count` crowd members (0: none), instanced, once the skeleton is known (the view may
   * load before the database: the panel calls this again after character()). Their module
   * (motion/crowd.js) loads with the first crowd.
   */
  crowdOf(count) {
    this.crowdCount = count;
    if (this.crowd && (this.crowd.count !== count || this.crowd.parents !== this.parents)) {
      this.crowd.dispose();
      this.crowd = null;
    }
    if (!count || this.crowd || !this.parents) return;
    const parents = this.parents;
    import('./crowd.js').then(({ CrowdBodies }) => {
      if (this.crowd || this.crowdCount !== count || this.parents !== parents) return;
      const color = this.colors ? this.colors.crowd : '#9aa0a6';
      this.crowd = new CrowdBodies(this.world, parents, this.first, count, color);
    });
  }

  /**
   * Draws a frame `dt` seconds after the last: `c` the MotionController, `trails` the world
   * x, z of the query's and the chosen frame's trajectory samples, `crowd` the MotionCrowd (or null).
   */
  render(c, trails, crowd, dt) {
    const [w, h] = fit(this.renderer);
    if (this.skin) this.skin.update();
    if (this.crowd && crowd && crowd.count === this.crowd.count)
      this.crowd.set(crowd.positions, crowd.rotations, crowd.bones);
    const sim = c.simulation;
    const sp = sim.position;
    const r = sim.rotation;
    this.ring.position.set(sp.x, 0.01, sp.z);
    const heading = 2 * Math.atan2(r.y, r.w);
    pointAt(this.pointer, sp.x, sp.z, heading, 0.45, 0.01);
    const tp = c.trajectory.positions;
    const path = [sp.x, 0.02, sp.z];
    for (let i = 0; i < tp.length; i += 3) path.push(tp[i], 0.02, tp[i + 2]);
    setLine(this.predicted, path);
    setPoints(this.query, trails.query);
    setPoints(this.chosen, trails.chosen);
    this.simulationBone(c);
    this.contacts(c);

    // the camera: behind the character at AZIMUTH, close enough to read the feet, following its
    // root (damped, so that its steps do not shake the view)
    const x = c.positions[0];
    const z = c.positions[2];
    if (!this.follow) this.follow = { x, z };
    this.follow.x = damperExact(this.follow.x, x, 0.15, dt);
    this.follow.z = damperExact(this.follow.z, z, 0.15, dt);
    const f = this.follow;
    const cam = this.camera;
    cam.aspect = w / h;
    const dist = (w <= 480 && this.overlay ? 4.3 : 3.7) / Math.min(1, 1.25 * cam.aspect);
    cam.position.set(f.x - Math.sin(AZIMUTH) * dist, 1.8, f.z - Math.cos(AZIMUTH) * dist);
    cam.lookAt(f.x, 0.72, f.z);
    // with the overlay in the top left, the character moves right (and down, in a short view)
    if (this.overlay && w < 900)
      cam.setViewOffset(w, h, -(w < 500 ? 0.18 : 0.14) * w, h < 300 ? -0.06 * h : 0, w, h);
    else cam.clearViewOffset();
    cam.updateProjectionMatrix();
    this.world.follow(f.x, f.z);
    this.world.shadow(c.positions[3], c.positions[5], 0.3);
    this.renderer.setViewport(0, 0, w, h);
    this.renderer.setScissor(0, 0, w, h);
    this.renderer.render(this.world.scene, cam);
  }

  /** The character's bone 0 (the animation's simulation bone) and the raw projection and heading of its hips. */
  simulationBone(c) {
    const on = this.show.simulationBone;
    for (const o of [
      this.bone0,
      this.heading0,
      this.raw,
      this.rawHeading,
      this.trail0.line,
      this.rawTrail.line,
    ])
      o.visible = on;
    if (!on) return;
    const p = c.positions;
    const R = c.rotations;
    this.bone0.position.set(p[0], 0.013, p[2]);
    pointAt(this.heading0, p[0], p[2], 2 * Math.atan2(R[1], R[3]), 0.35, 0.013);
    setLine(this.raw, [p[3], 0.012, p[5]]);
    const d = this.v.copy(this.hipsForward).applyQuaternion(this.q.fromArray(R, 4));
    pointAt(this.rawHeading, p[3], p[5], Math.atan2(d.x, d.z), 0.3, 0.012);
    this.trail0.push(p[0], p[2]);
    this.rawTrail.push(p[3], p[5]);
  }

  /** A disc on the ground under each locked foot. */
  contacts(c) {
    const list = c.contacts;
    while (this.locks.length < list.length) {
      const disc = new Mesh(new CircleGeometry(0.06, 24), new MeshBasicMaterial({ color: '#d93025' }));
      disc.rotation.x = -Math.PI / 2;
      if (this.colors) disc.material.color.set(this.colors.contact);
      this.world.scene.add(disc);
      this.locks.push(disc);
    }
    this.locks.forEach((disc, k) => {
      const contact = list[k];
      disc.visible = this.show.contacts && contact !== undefined && contact.lock;
      if (disc.visible) disc.position.set(contact.position.x, 0.006, contact.position.z);
    });
  }

  /**
   * The skinned character as drawn after controller `c`: the bones bound, the worst distance (m)
   * between a bound bone's world position (three.js's matrices) and the controller's, the skinned meshes.
   */
  skinCheck(c) {
    const at = new Vector3();
    let worst = 0;
    let bound = 0;
    if (!this.skin || !this.body) return null;
    this.skin.bones.forEach((bone, b) => {
      if (!bone) return;
      /** @type {import('three').Object3D} */ (bone).getWorldPosition(at);
      const q = c.positions;
      worst = Math.max(worst, Math.hypot(at.x - q[3 * b], at.y - q[3 * b + 1], at.z - q[3 * b + 2]));
      bound++;
    });
    let meshes = 0;
    this.body.root.traverse((o) => {
      if (/** @type {any} */ (o).isSkinnedMesh) meshes++;
    });
    return { bound, bones: c.database.bones, worst, meshes };
  }

  /**
   * What the last frame drew of the simulation bone and the feet (for the tests): bone 0's ring
   * and heading, the raw projection and heading, each trail's points, and the discs of the
   * locked feet (x, z each).
   */
  drawn() {
    const xz = (o) => [o.position.x, o.position.z];
    const first = (line) => Array.from(line.geometry.attributes.position.array.slice(0, 6));
    return {
      bone0: xz(this.bone0),
      heading0: first(this.heading0),
      raw: first(this.raw).slice(0, 3),
      rawHeading: first(this.rawHeading),
      trails: [this.trail0.n, this.rawTrail.n],
      locks: this.locks.filter((d) => d.visible).map(xz),
    };
  }

  /** Applies a palette of PALETTES and the colours of the page's theme. */
  theme(palette, colors) {
    this.world.theme(palette);
    const mesh = this.body && this.body.mesh;
    if (mesh) /** @type {import('three').MeshLambertMaterial} */ (mesh.material).color.set(colors.character);
    if (this.crowd) this.crowd.material.color.set(colors.crowd);
    for (const o of [this.ring, this.pointer, this.predicted, this.query])
      o.material.color.set(colors.simulation);
    for (const o of [this.chosen, this.bone0, this.heading0, this.trail0.line])
      o.material.color.set(colors.chosen);
    for (const o of [this.raw, this.rawHeading, this.rawTrail.line]) o.material.color.set(colors.raw);
    for (const disc of this.locks) disc.material.color.set(colors.contact);
    this.colors = colors;
  }

  /** Snaps the camera to the character (after a restart). */
  recenter() {
    this.follow = null;
  }
}

/** A pointer of `length` from (x, z) toward `heading` (rad about +Y from +Z), at height y. */
function pointAt(line, x, z, heading, length, y) {
  setLine(line, [x, y, z, x + length * Math.sin(heading), y, z + length * Math.cos(heading)]);
}

/** A line through `xyz` (x, y, z per point; at most the buffer's points). */
function setLine(line, xyz) {
  const a = line.geometry.attributes.position;
  const n = Math.min(a.count, xyz.length / 3);
  a.array.set(xyz.slice(0, 3 * n));
  line.geometry.setDrawRange(0, n);
  a.needsUpdate = true;
}

/** Points on the ground at `xz` (x, z per point). */
function setPoints(points, xz) {
  const a = points.geometry.attributes.position;
  const n = Math.min(a.count, xz.length / 2);
  for (let i = 0; i < n; i++) {
    a.array[3 * i] = xz[2 * i];
    a.array[3 * i + 1] = 0.03;
    a.array[3 * i + 2] = xz[2 * i + 1];
  }
  points.geometry.setDrawRange(0, n);
  a.needsUpdate = true;
}
