/**
 * The object types the wrappers take and return. Any object with these fields qualifies (a
 * three.js `Vector3` or `Quaternion`, a PixiJS `Point`), and a function that updates or writes
 * one returns it with its own type.
 * @packageDocumentation
 */

/** A 2D vector: any object with numeric x, y (a PixiJS `Point`, a Phaser `Vector2`, a three.js `Vector2`). */
export interface Vec2 {
  x: number;
  y: number;
}

/** A vector in the three.js / glTF shape: any object with numeric x, y, z. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** A unit quaternion x, y, z, w (three.js `Quaternion` qualifies). */
export interface Quat {
  x: number;
  y: number;
  z: number;
  w: number;
}

/** A spring's state, updated in place: position `x` and velocity `v` (per second). */
export interface SpringState {
  x: number;
  v: number;
}

/** A character's state, updated in place: position `x`, velocity `v`, acceleration `a`. */
export interface CharacterState {
  x: number;
  v: number;
  a: number;
}

/** A goal on a curve: position `x` and velocity `v` (per unit of the curve parameter). */
export interface CurvePoint {
  x: number;
  v: number;
}

/** The cubic easing's state: position `x`, velocity `v`, and the seconds `t` since the goal
 *  was set (set it to 0 when the goal changes). */
export interface EasingState {
  x: number;
  v: number;
  t: number;
}

/** State of the double spring, updated in place: the spring (`x`, `v`) and the
 *  intermediate spring it follows (`xi`, `vi`). Start with `xi = x`, `vi = v`. */
export interface DoubleSpringState {
  x: number;
  v: number;
  xi: number;
  vi: number;
}

/** State of the timed and velocity springs, updated in place: the spring (`x`, `v`) and
 *  the linearly moving intermediate goal `xi`. Start with `xi = x`. */
export interface TimedSpringState {
  x: number;
  v: number;
  xi: number;
}

/** Position and velocity, written in place: an output, or a spring inertializer's offset. */
export interface PosVel {
  x: number;
  v: number;
}

/** Offset at the last transition (`x`, `v`) and seconds since it (`t`): the state of the
 *  cubic and quintic inertializers. Start with `{x: 0, v: 0, t: 0}`. */
export interface TimedOffset {
  x: number;
  v: number;
  t: number;
}

/** Dead blending's state: the output at the last transition (`x`, `v`), extrapolated from
 *  there, and seconds since it (`t`). Start with `{x: 0, v: 0, t: Infinity}` (no blend). */
export interface DeadBlendState {
  x: number;
  v: number;
  t: number;
}

/** Position, velocity and acceleration, written in place. */
export interface PosVelAcc {
  x: number;
  v: number;
  a: number;
}

/** The clock of a vector cubic inertializer: seconds since its last transition. */
export interface BlendClock {
  t: number;
}

/** A spring's frequency (Hz) and halflife (s), as {@link springDamperExact} takes them. */
export interface SpringParameters {
  frequency: number;
  halflife: number;
}

/** A spring's duration (its undamped period, s) and bounce, as {@link durationBounceToSpring} takes them. */
export interface DurationBounce {
  duration: number;
  bounce: number;
}

/** A spring for {@link trackingSpringUpdateExact}: frequency in Hz, halflife in seconds. */
export interface TrackingSpring {
  frequency: number;
  halflife: number;
}

/** A rotation as an angle (radians) about a unit axis. */
export interface AngleAxis<A extends Vec3 = Vec3> {
  angle: number;
  axis: A;
}
