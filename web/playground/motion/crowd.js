// The motion panel's crowd, drawn instanced: one three.js InstancedMesh per link of the
// skeleton (a bone to one of its children; the simulation bone, the ground's, left out), one
// instance per character. A link's box is made once in its parent bone's frame, from the
// database's first frame (the child's offset from its parent), so that instance i's matrix is
// only character i's world transform of that parent bone: the crowd's `positions` and
// `rotations` (MotionCrowd's crowd-wide views) written straight into the instance matrices,
// ~20 draw calls for the whole crowd, whatever its size.
import {
  BoxGeometry,
  DynamicDrawUsage,
  InstancedMesh,
  Matrix4,
  MeshLambertMaterial,
  Quaternion,
  Vector3,
} from 'three';

/** Thickness (m) of a link's box. */
const WIDTH = 0.05;

export class CrowdBodies {
  /**
   * `count` characters of the skeleton `parents`, whose first pose is `first` (13·bones floats:
   * the local offsets of the bones at 3·b).
   * @param {{ scene: import('three').Scene }} world
   * @param {ArrayLike<number>} parents
   * @param {Float32Array} first
   * @param {number} count
   * @param {string} color
   */
  constructor(world, parents, first, count, color) {
    this.parents = parents;
    this.count = count;
    this.world = world;
    this.material = new MeshLambertMaterial({ color });
    /** @type {{ parent: number, mesh: InstancedMesh }[]} */
    this.links = [];
    const up = new Vector3(0, 1, 0);
    for (let b = 1; b < parents.length; b++) {
      const p = parents[b];
      if (p < 1) continue;
      const offset = new Vector3(first[3 * b], first[3 * b + 1], first[3 * b + 2]);
      const length = offset.length();
      if (length < 1e-3) continue;
      // a box from the parent's origin to the child's, in the parent's frame
      const geometry = new BoxGeometry(WIDTH, length, WIDTH);
      geometry.translate(0, length / 2, 0);
      geometry.applyQuaternion(new Quaternion().setFromUnitVectors(up, offset.normalize()));
      const mesh = new InstancedMesh(geometry, this.material, count);
      mesh.instanceMatrix.setUsage(DynamicDrawUsage);
      mesh.frustumCulled = false;
      world.scene.add(mesh);
      this.links.push({ parent: p, mesh });
    }
  }

  /**
   * Every character's links where the crowd has them: `positions` (3 floats a bone) and
   * `rotations` (4 a bone, x, y, z, w), `bones` a character, in character order.
   */
  set(positions, rotations, bones) {
    for (const { parent, mesh } of this.links) {
      const m = mesh.instanceMatrix.array;
      for (let i = 0, k = 0; i < this.count; i++, k += 16) {
        const b = i * bones + parent;
        const x = rotations[4 * b],
          y = rotations[4 * b + 1],
          z = rotations[4 * b + 2],
          w = rotations[4 * b + 3];
        // the rotation matrix of a unit quaternion, column-major as three.js stores it
        m[k] = 1 - 2 * (y * y + z * z);
        m[k + 1] = 2 * (x * y + z * w);
        m[k + 2] = 2 * (x * z - y * w);
        m[k + 3] = 0;
        m[k + 4] = 2 * (x * y - z * w);
        m[k + 5] = 1 - 2 * (x * x + z * z);
        m[k + 6] = 2 * (y * z + x * w);
        m[k + 7] = 0;
        m[k + 8] = 2 * (x * z + y * w);
        m[k + 9] = 2 * (y * z - x * w);
        m[k + 10] = 1 - 2 * (x * x + y * y);
        m[k + 11] = 0;
        m[k + 12] = positions[3 * b];
        m[k + 13] = positions[3 * b + 1];
        m[k + 14] = positions[3 * b + 2];
        m[k + 15] = 1;
      }
      mesh.instanceMatrix.needsUpdate = true;
    }
  }

  /** What is drawn (for the tests): meshes, instances each, and each link's parent bone. */
  drawn() {
    return {
      meshes: this.links.length,
      instances: this.links.map((l) => l.mesh.count),
      parents: this.links.map((l) => l.parent),
    };
  }

  /**
   * The links as drawn against the crowd's views (for the tests): the worst difference between
   * an element of an instance matrix and three.js's own Matrix4.compose of the parent bone's
   * world position and rotation in `positions` and `rotations`, over every instance of every link.
   */
  check(positions, rotations, bones) {
    const m = new Matrix4(),
      q = new Quaternion(),
      v = new Vector3(),
      one = new Vector3(1, 1, 1);
    let worst = 0;
    for (const { parent, mesh } of this.links) {
      const a = mesh.instanceMatrix.array;
      for (let i = 0; i < mesh.count; i++) {
        const b = i * bones + parent;
        m.compose(v.fromArray(positions, 3 * b), q.fromArray(rotations, 4 * b), one);
        for (let k = 0; k < 16; k++) worst = Math.max(worst, Math.abs(a[16 * i + k] - m.elements[k]));
      }
    }
    return { worst, checked: this.links.length * this.count };
  }

  dispose() {
    for (const { mesh } of this.links) {
      this.world.scene.remove(mesh);
      mesh.geometry.dispose();
      mesh.dispose();
    }
    this.material.dispose();
  }
}
