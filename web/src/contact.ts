/**
 * Foot locking of "Code vs Data Driven Displacement": an inertializer that switches a
 * foot between the animation's contact position and a point locked on the ground.
 * @packageDocumentation
 */
import { getVec3, heapI32, putVec3, scratch, scratchF32, wasm, type Vec3 } from './wasm.js';
import { finite, initialized, isTime, isVec3, nonNegative, ready } from './check.js';
import { vec3 } from './vec.js';

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

function checkContact(fn: string, c: unknown): void {
  if (!(c instanceof ContactState)) throw new TypeError(`sprung.${fn}: contact must be a ContactState`);
  for (const k of ['position', 'velocity', 'point', 'target', 'offsetPosition', 'offsetVelocity'] as const)
    vec3(fn, `contact.${k}`, c[k]);
}

/** Fast path of {@link checkContact}. */
function isContact(c: unknown): boolean {
  return (
    c instanceof ContactState &&
    isVec3(c.position) &&
    isVec3(c.velocity) &&
    isVec3(c.point) &&
    isVec3(c.target) &&
    isVec3(c.offsetPosition) &&
    isVec3(c.offsetVelocity)
  );
}

/* Layout of sp_contact: 6 vec3 (18 floats) then the two int flags. */
function put(c: ContactState): number {
  putVec3(0, c.position);
  putVec3(3, c.velocity);
  putVec3(6, c.point);
  putVec3(9, c.target);
  putVec3(12, c.offsetPosition);
  putVec3(15, c.offsetVelocity);
  heapI32[scratchF32 + 18] = c.state ? 1 : 0;
  heapI32[scratchF32 + 19] = c.lock ? 1 : 0;
  return scratch;
}

function get(c: ContactState): ContactState {
  getVec3(0, c.position);
  getVec3(3, c.velocity);
  getVec3(6, c.point);
  getVec3(9, c.target);
  getVec3(12, c.offsetPosition);
  getVec3(15, c.offsetVelocity);
  c.state = heapI32[scratchF32 + 18] !== 0;
  c.lock = heapI32[scratchF32 + 19] !== 0;
  return c;
}

/** Starts `contact` at the input position and velocity, unlocked, with zero offsets. */
export function contactReset(
  contact: ContactState,
  inputContactPosition: Vec3,
  inputContactVelocity: Vec3,
  inputContactState: boolean,
): ContactState {
  const fn = 'contactReset';
  ready(fn);
  checkContact(fn, contact);
  vec3(fn, 'inputContactPosition', inputContactPosition);
  vec3(fn, 'inputContactVelocity', inputContactVelocity);
  wasm.sp_contact_reset(
    put(contact),
    putVec3(20, inputContactPosition),
    putVec3(24, inputContactVelocity),
    inputContactState ? 1 : 0,
  );
  return get(contact);
}

/**
 * One frame of foot locking. When the input contact starts, the output blends (inertializes,
 * `halflife`) into a point locked at the foot's position with `y = footHeight`; when the
 * contact ends, or the input moves further than `unlockRadius` from the point, it blends back
 * to the input. Position and velocity stay continuous. `dt = 0` changes nothing.
 */
export function contactUpdate(
  contact: ContactState,
  inputContactPosition: Vec3,
  inputContactState: boolean,
  unlockRadius: number,
  footHeight: number,
  halflife: number,
  dt: number,
): ContactState {
  const fn = 'contactUpdate';
  if (!(
    initialized &&
    isContact(contact) &&
    isVec3(inputContactPosition) &&
    isTime(unlockRadius) &&
    Number.isFinite(footHeight) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    ready(fn);
    checkContact(fn, contact);
    vec3(fn, 'inputContactPosition', inputContactPosition);
    nonNegative(fn, 'unlockRadius', unlockRadius);
    finite(fn, 'footHeight', footHeight);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  wasm.sp_contact_update(
    put(contact),
    putVec3(20, inputContactPosition),
    inputContactState ? 1 : 0,
    unlockRadius,
    footHeight,
    halflife,
    dt,
  );
  return get(contact);
}
