// The 3D view of the motion-matching panel, on three.js (loaded on demand with it): the
// character (the 3D panel's body for the dance card's skeleton, a stick figure for any other),
// the simulation object (a ring with a pointer at its heading), its predicted trajectory, the
// trajectory the query asks for and the one the chosen frame holds, and a crowd of stick
// figures. The camera follows the character from a fixed azimuth, so that the keys and the
// drag stick move it the way the screen shows.
import {
  BufferAttribute,
  BufferGeometry,
  DynamicDrawUsage,
  Line,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  RingGeometry,
} from 'three';
import { damperExact } from 'sprung';
import { Character, createWorld, fit } from '../pose3d/scene.js';
import { BONE_COUNT } from '../pose3d/skeleton.js';

/** The camera's azimuth (rad from behind the character along +Z); the panel turns its input by it. */
export const AZIMUTH = 0.45;

/** A dynamic position buffer of `n` points. */
function buffer(n) {
  const geometry = new BufferGeometry();
  const attribute = new BufferAttribute(new Float32Array(3 * n), 3);
  attribute.setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', attribute);
  return geometry;
}

/** A stick figure's segments (bone → parent, the ground's root left out) for many characters at once. */
class Sticks {
  constructor(world, parents, count, color) {
    this.parents = parents;
    this.links = [];
    for (let b = 1; b < parents.length; b++) if (parents[b] > 0) this.links.push(b);
    this.geometry = buffer(2 * this.links.length * count);
    this.lines = new LineSegments(this.geometry, new LineBasicMaterial({ color }));
    this.lines.frustumCulled = false;
    world.scene.add(this.lines);
    this.count = count;
  }

  /** Character c's bones at world `positions` (x, y, z per bone). */
  set(c, positions) {
    const a = this.geometry.attributes.position.array;
    let k = 6 * this.links.length * c;
    for (const b of this.links) {
      const p = this.parents[b];
      a[k++] = positions[3 * b];
      a[k++] = positions[3 * b + 1];
      a[k++] = positions[3 * b + 2];
      a[k++] = positions[3 * p];
      a[k++] = positions[3 * p + 1];
      a[k++] = positions[3 * p + 2];
    }
    this.geometry.attributes.position.needsUpdate = true;
  }

  dispose(world) {
    world.scene.remove(this.lines);
    this.geometry.dispose();
  }
}

export class MotionView {
  /** @param {import('three').WebGLRenderer} renderer */
  constructor(renderer) {
    this.renderer = renderer;
    this.world = createWorld(80, 9, 26);
    /** @type {Character | null} */
    this.body = null;
    this.camera = new PerspectiveCamera(40, 1, 0.1, 80);
    this.follow = null;
    /** @type {Sticks | null} */
    this.sticks = null;
    this.crowd = null;
    this.parents = null;
    // the simulation object: a ring on the ground and a pointer at its heading
    this.ring = new Mesh(new RingGeometry(0.22, 0.27, 40), new MeshBasicMaterial({ color: '#e37400' }));
    this.ring.rotation.x = -Math.PI / 2;
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
    for (const o of [this.pointer, this.predicted, this.query, this.chosen]) o.frustumCulled = false;
    this.world.scene.add(this.ring, this.pointer, this.predicted, this.query, this.chosen);
  }

  /** The skeleton drawn: the dance card's gets the 3D panel's body, any other a stick figure. */
  skeleton(parents, body) {
    if (this.parents === parents) return;
    this.parents = parents;
    if (this.sticks) this.sticks.dispose(this.world);
    this.sticks = null;
    if (body && parents.length === BONE_COUNT) {
      if (!this.body) this.body = new Character(this.world, '#1a73e8', 0);
      this.body.mesh.visible = true;
    } else {
      if (this.body) this.body.mesh.visible = false;
      this.sticks = new Sticks(this.world, parents, 1, '#1a73e8');
    }
    this.crowdOf(this.crowd ? this.crowd.count : 0);
    if (this.colors) this.theme(this.world.palette, this.colors);
  }

  /**
   * Shows `count` crowd members (0: none) as stick figures, once the skeleton is known (the view
   * may load before the database: the panel calls this again after skeleton()).
   */
  crowdOf(count) {
    if (this.crowd && (this.crowd.count !== count || this.crowd.parents !== this.parents)) {
      this.crowd.dispose(this.world);
      this.crowd = null;
    }
    if (count && !this.crowd && this.parents)
      this.crowd = new Sticks(this.world, this.parents, count, '#9aa0a6');
  }

  /**
   * Draws a frame `dt` seconds after the last: `c` the MotionController, `trails` the world
   * x, z of the query's and the chosen frame's trajectory samples, `crowd` the crowd's controllers.
   */
  render(c, trails, crowd, dt) {
    const [w, h] = fit(this.renderer);
    if (this.sticks) this.sticks.set(0, c.positions);
    else if (this.body) this.body.pose(c.pose);
    const members = this.crowd;
    if (members) crowd.forEach((m, i) => members.set(i, m.positions));
    const sim = c.simulation;
    const sp = sim.position;
    const r = sim.rotation;
    this.ring.position.set(sp.x, 0.01, sp.z);
    const heading = 2 * Math.atan2(r.y, r.w);
    setLine(this.pointer, [
      sp.x,
      0.01,
      sp.z,
      sp.x + 0.45 * Math.sin(heading),
      0.01,
      sp.z + 0.45 * Math.cos(heading),
    ]);
    const tp = c.trajectory.positions;
    const path = [sp.x, 0.02, sp.z];
    for (let i = 0; i < tp.length; i += 3) path.push(tp[i], 0.02, tp[i + 2]);
    setLine(this.predicted, path);
    setPoints(this.query, trails.query);
    setPoints(this.chosen, trails.chosen);

    // the camera: behind the character at AZIMUTH, following its root and the hips' height
    const x = c.positions[0];
    const z = c.positions[2];
    if (!this.follow) this.follow = { x, z };
    this.follow.x = damperExact(this.follow.x, x, 0.15, dt);
    this.follow.z = damperExact(this.follow.z, z, 0.15, dt);
    const f = this.follow;
    const cam = this.camera;
    cam.aspect = w / h;
    const dist = 6.2 / Math.min(1, cam.aspect);
    cam.position.set(f.x - Math.sin(AZIMUTH) * dist, 3.4, f.z - Math.cos(AZIMUTH) * dist);
    cam.lookAt(f.x, 0.8, f.z);
    // in a narrow view the overlay covers the top left: the character moves right and down
    if (w < 900) cam.setViewOffset(w, h, -(w < 500 ? 0.22 : 0.17) * w, -0.1 * h, w, h);
    else cam.clearViewOffset();
    cam.updateProjectionMatrix();
    this.world.follow(f.x, f.z);
    const hips = this.sticks || !this.body ? c.positions : this.body.pos;
    this.world.shadow(hips[3], hips[5], 0.3);
    this.renderer.setViewport(0, 0, w, h);
    this.renderer.setScissor(0, 0, w, h);
    this.renderer.render(this.world.scene, cam);
  }

  /** Applies a palette of PALETTES and the colours of the page's theme. */
  theme(palette, colors) {
    this.world.theme(palette);
    if (this.body) this.body.material.color.set(colors.character);
    if (this.sticks) this.sticks.lines.material.color.set(colors.character);
    if (this.crowd) this.crowd.lines.material.color.set(colors.crowd);
    for (const o of [this.ring, this.pointer, this.predicted, this.query])
      o.material.color.set(colors.simulation);
    this.chosen.material.color.set(colors.chosen);
    this.colors = colors;
  }

  /** Snaps the camera to the character (after a restart). */
  recenter() {
    this.follow = null;
  }
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
