// One switch, as the 3D pose panel plays and plots it: the character plays clip `from`
// for LEAD seconds, up to `at` seconds into it, then switches to clip `to` (at the same
// phase of its cycle when `sync` is set and both clips are cycles, else at its start), and
// every blend of blends.js turns the one animation into its output pose. Time t is
// measured from the switch, so the scenario runs from −LEAD to HOLD.
import { BONE_COUNT } from './skeleton.js';
import { Player } from './clips.js';
import { flexion, makeBlends, offsetAngle, tune } from './blends.js';
import { HOLD, LEAD, RATE } from './params.js';

export class Scenario {
  /** `baked`: the baked clips by name (clips.js bake); `p`: the panel's parameters. */
  constructor(baked, p) {
    this.baked = baked;
    this.blends = makeBlends(BONE_COUNT, p);
    this.input = new Float32Array(13 * BONE_COUNT);
    this.src = new Float32Array(13 * BONE_COUNT);
    this.spent = [0, 0, 0, 0];
    this.steps = 0;
    this.player = new Player(baked[p.from], 0);
    this.p = { ...p };
    this.t = -LEAD;
    this.switched = false;
    this.clip = p.from;
    /** @type {Float32Array[]} the poses of the last switch: what was playing, what plays */
    this.switchPoses = [];
    this.restart(p);
  }

  /** Back to t = −LEAD with parameters `p`: the character at the origin, no blend in progress. */
  restart(p) {
    this.p = { ...p };
    tune(this.blends, p);
    const from = this.baked[p.from];
    this.player = new Player(from, p.at - LEAD);
    this.t = -LEAD;
    this.switched = false;
    this.clip = p.from;
    for (const { blend } of this.blends) blend.reset();
    this.player.pose(this.input);
    for (const { blend } of this.blends) blend.update(this.input, 0);
    return this;
  }

  /** Switches the playing animation to clip `name` now (what the switch at t = 0 does, and a key press). */
  switchTo(name) {
    const player = this.player;
    const from = player.baked;
    const to = this.baked[name];
    player.pose(this.src);
    const phase = (((player.time / from.period) % 1) + 1) % 1;
    player.play(to, this.p.sync && from.clip.sync && to.clip.sync ? phase * to.period : 0);
    player.pose(this.input);
    for (const { blend } of this.blends) blend.transition(this.src, this.input);
    this.clip = name;
    this.switchPoses = [this.src.slice(), this.input.slice()];
  }

  /** Advances by dt seconds (the switch at t = 0 happens exactly at 0, inside the step). */
  step(dt) {
    if (!this.switched && this.t + dt >= -1e-9) {
      const before = Math.max(0, -this.t);
      this.advance(before);
      this.switchTo(this.p.to);
      this.switched = true;
      this.t = 0;
      dt = Math.max(0, dt - before);
    }
    this.advance(dt);
    this.t += dt;
  }

  advance(dt) {
    this.player.step(dt);
    this.player.pose(this.input);
    this.blends.forEach(({ blend }, k) => {
      const t0 = performance.now();
      blend.update(this.input, dt);
      this.spent[k] += performance.now() - t0;
    });
    this.steps++;
  }

  /** Mean milliseconds per step spent in each blend's update since the last call, and the steps counted. */
  timing() {
    const mean = this.spent.map((ms) => ms / Math.max(1, this.steps));
    const steps = this.steps;
    this.spent.fill(0);
    this.steps = 0;
    return { mean, steps };
  }

  /** The output pose of blend k (0 none, 1 spring, 2 cubic, 3 dead blending). */
  output(k) {
    return this.blends[k].blend.output;
  }
}

/**
 * Runs the scenario of parameters `p` at RATE Hz from −LEAD to HOLD and returns, per frame,
 * t, bone `joint`'s flexion (degrees) for each blend, each inertializer's offset (mean angle in
 * degrees between its output and the animation, over all bones), and the animation's pose the
 * blends were given (for "Copy as code", which replays them).
 */
export function record(scenario, p, joint) {
  scenario.restart(p);
  const frames = Math.round((HOLD + LEAD) * RATE);
  const rows = [];
  const scratch = new Float64Array(3);
  for (let k = 0; k <= frames; k++) {
    if (k > 0) scenario.step(1 / RATE);
    const t = k / RATE - LEAD;
    const angles = [0, 1, 2, 3].map((i) => flexion(scenario.output(i), BONE_COUNT, joint, scratch));
    const offsets = [1, 2, 3].map((i) => offsetAngle(scenario.output(i), scenario.input, BONE_COUNT));
    rows.push({ t, angles, offsets, input: scenario.input.slice() });
  }
  return rows;
}
