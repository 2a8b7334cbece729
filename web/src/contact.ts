/**
 * Foot locking of "Code vs Data Driven Displacement": the contact state that `contactReset`
 * and `contactUpdate` (generated from the header) update in place.
 * @packageDocumentation
 */
import type { Vec3 } from './types.js';

/**
 * The article's contact state, updated in place by {@link contactUpdate}: the output
 * `position`/`velocity` to pin the foot to (e.g. with IK), the locked `point`, the last
 * input (`target`), the inertializer's offsets, whether the input contact was active
 * (`state`) and whether the foot is locked (`lock`). Vector fields may be three.js `Vector3`s.
 */
export class ContactState {
  position: Vec3 = { x: 0, y: 0, z: 0 };
  velocity: Vec3 = { x: 0, y: 0, z: 0 };
  point: Vec3 = { x: 0, y: 0, z: 0 };
  target: Vec3 = { x: 0, y: 0, z: 0 };
  offsetPosition: Vec3 = { x: 0, y: 0, z: 0 };
  offsetVelocity: Vec3 = { x: 0, y: 0, z: 0 };
  state = false;
  lock = false;
}
