// The four ways of switching a skeleton from one clip to another that the 3D pose panel
// shows side by side, each as { transition(src, dst), update(input, dt) → output pose }:
// no blending (the pop), sprung's PoseInertializer (spring) and CubicPoseInertializer,
// and dead blending built from sprung's scalar deadBlendingTransition/deadBlendingUpdate.
import { CubicPoseInertializer, PoseInertializer, deadBlendingTransition, deadBlendingUpdate } from 'sprung';
import { jacobian, qangle, qexp, qlog, qmul } from './math.js';

/** No blending: the output is the input, so the pose pops at every switch. */
export class NoBlending {
  constructor(bones) {
    this.bones = bones;
    this.output = new Float32Array(13 * bones);
  }
  transition() {}
  /** Nothing to forget: the output is always the input. */
  reset() {
    return this;
  }
  update(input) {
    this.output.set(input.subarray(0, 13 * this.bones));
    return this.output;
  }
}

/**
 * Dead blending (Holden, "Dead Blending"): at a switch the current output is extrapolated
 * with its velocity decaying by `halflife`, and cross-faded into the new animation by a
 * smoothstep over `blendtime`. Positions go channel by channel through sprung's scalar
 * deadBlendingTransition / deadBlendingUpdate. Rotations use the same functions on the
 * three coordinates of the rotation's log map about R, the output rotation at the last
 * switch: the rotation exp(φ)·R is φ there, its angular velocity ω = J(φ)·dφ/dt (J the
 * left Jacobian), and the extrapolation exp(ω₀·d(t))·R is exactly a straight line in φ.
 * At each switch R moves to the current output (φ back to 0), so φ stays far from the
 * log map's cut at π. Output rotation and angular velocity are continuous at the switch.
 */
export class DeadBlending {
  constructor(bones, { halflife = 0.1, blendtime = 0.3 } = {}) {
    this.bones = bones;
    this.halflife = halflife;
    this.blendtime = blendtime;
    this.output = new Float32Array(13 * bones);
    // one {x, v, t} per channel: 3 position channels, then 3 rotation channels, per bone
    this.channels = Array.from({ length: 6 * bones }, () => ({ x: 0, v: 0, t: Infinity }));
    this.base = new Float64Array(4 * bones); // R per bone
    this.reset();
    this.out = { x: 0, v: 0 };
    this.phi = new Float64Array(3);
    this.rate = new Float64Array(3);
    this.omega = new Float64Array(3);
    this.q = new Float64Array(4);
  }

  /** No blend in progress: the output is the input. */
  reset() {
    for (const c of this.channels) {
      c.x = 0;
      c.v = 0;
      c.t = Infinity;
    }
    this.base.fill(0);
    for (let b = 0; b < this.bones; b++) this.base[4 * b + 3] = 1;
    return this;
  }

  /** Seconds since the last switch (Infinity before the first). */
  get time() {
    return this.channels[0].t;
  }

  /** The log-map coordinates about R of rotation q (pose `pose`, bone b) and their rates, into phi and rate. */
  chart(pose, b) {
    const n = this.bones;
    qmul(this.q, 0, pose, 6 * n + 4 * b, this.base, 4 * b, 1, -1);
    qlog(this.phi, 0, this.q, 0);
    jacobian(this.rate, 0, this.phi, 0, pose, 10 * n + 3 * b, true);
  }

  transition(src) {
    const { bones: n, halflife, blendtime, channels, phi, rate, omega } = this;
    for (let b = 0; b < n; b++) {
      for (let c = 0; c < 3; c++)
        deadBlendingTransition(
          channels[6 * b + c],
          src[3 * b + c],
          src[3 * n + 3 * b + c],
          halflife,
          blendtime,
        );
      this.chart(src, b);
      for (let c = 0; c < 3; c++) {
        const s = channels[6 * b + 3 + c];
        deadBlendingTransition(s, phi[c], rate[c], halflife, blendtime);
        phi[c] = s.x;
        rate[c] = s.v;
      }
      // move R to the current output; its angular velocity becomes the new rates at φ = 0
      qexp(this.q, 0, phi, 0);
      qmul(this.base, 4 * b, this.q, 0, this.base, 4 * b);
      jacobian(omega, 0, phi, 0, rate, 0, false);
      for (let c = 0; c < 3; c++) {
        const s = channels[6 * b + 3 + c];
        s.x = 0;
        s.v = omega[c];
      }
    }
  }

  update(input, dt) {
    const { bones: n, halflife, blendtime, channels, phi, rate, omega, out, output } = this;
    for (let b = 0; b < n; b++) {
      for (let c = 0; c < 3; c++) {
        deadBlendingUpdate(
          out,
          channels[6 * b + c],
          input[3 * b + c],
          input[3 * n + 3 * b + c],
          halflife,
          blendtime,
          dt,
        );
        output[3 * b + c] = out.x;
        output[3 * n + 3 * b + c] = out.v;
      }
      this.chart(input, b);
      for (let c = 0; c < 3; c++) {
        deadBlendingUpdate(out, channels[6 * b + 3 + c], phi[c], rate[c], halflife, blendtime, dt);
        phi[c] = out.x;
        rate[c] = out.v;
      }
      const r = 6 * n + 4 * b;
      const w = 10 * n + 3 * b;
      if (!(channels[6 * b + 3].t < blendtime)) {
        // the blend is over: the output is the input (not its round trip through the chart)
        for (let c = 0; c < 4; c++) output[r + c] = input[r + c];
        for (let c = 0; c < 3; c++) output[w + c] = input[w + c];
        continue;
      }
      qexp(this.q, 0, phi, 0);
      qmul(output, r, this.q, 0, this.base, 4 * b);
      jacobian(omega, 0, phi, 0, rate, 0, false);
      for (let c = 0; c < 3; c++) output[w + c] = omega[c];
    }
    return output;
  }
}

/** The panel's four blends for a pose of `bones` bones, in the order they are shown. */
export function makeBlends(bones, p) {
  return [
    { name: 'none', title: 'no blending', blend: new NoBlending(bones) },
    {
      name: 'spring',
      title: 'spring (PoseInertializer)',
      blend: new PoseInertializer(bones, { halflife: p.halflife }),
    },
    {
      name: 'cubic',
      title: 'cubic (CubicPoseInertializer)',
      blend: new CubicPoseInertializer(bones, { blendtime: p.blendtime }),
    },
    {
      name: 'dead',
      title: 'dead blending',
      blend: new DeadBlending(bones, { halflife: p.extrapolation, blendtime: p.blendtime }),
    },
  ];
}

/** Applies the panel's parameters to the blends of makeBlends. */
export function tune(blends, p) {
  blends[1].blend.halflife = p.halflife;
  blends[2].blend.blendtime = p.blendtime;
  blends[3].blend.halflife = p.extrapolation;
  blends[3].blend.blendtime = p.blendtime;
}

/** Mean angle (degrees) between the rotations of two poses of `bones` bones: the size of the offset. */
export function offsetAngle(a, b, bones) {
  let sum = 0;
  for (let i = 0; i < bones; i++) sum += qangle(a, 6 * bones + 4 * i, b, 6 * bones + 4 * i);
  return (sum / bones) * (180 / Math.PI);
}

/** Flexion (degrees) of bone `i` of a pose of `bones` bones: its rotation's scaled angle-axis x (bend about the side axis). */
export function flexion(pose, bones, i, scratch = new Float64Array(3)) {
  qlog(scratch, 0, pose, 6 * bones + 4 * i);
  return scratch[0] * (180 / Math.PI);
}
