// Panel 4 — Other springs: the double spring (S-shaped), the timed spring (reaches the goal at
// a given time, marked), the velocity spring (its goal moves at a limited speed) and the
// quaternion spring (its rotation as continuous angles, a solid it turns live in 3D, and the path
// of the arrow it turns).
import {
  doubleSpringDamperExact,
  quatFromScaledAngleAxis,
  quatToScaledAngleAxis,
  simpleSpringDamperExact,
  simpleSpringDamperExactQuat,
  timedSpringDamperExact,
  velocitySpringDamperExact,
} from 'sprung';
import { frameClock, scriptAt } from '../lib/clock.js';
import { COLORS } from '../lib/theme.js';

export const SECONDS = 3.6;
export const RATE = 120;
const STEPS = /** @type {const} */ ([
  [0, 0],
  [0.2, 1],
  [1.9, -0.5],
]);
const DEG = 180 / Math.PI;
const goalAt = (t) => scriptAt(STEPS, t);

/** Seconds until the goal time of the step in force at t (each step is due `duration` after it starts). */
function timeLeft(t, duration) {
  let start = 0;
  for (const [s] of STEPS) if (t >= s - 1e-6) start = s;
  return start + duration - t;
}

/** Rotates vector (0, 0, 1) by unit quaternion q; returns [x, y, z]. */
function forward(q) {
  const { x, y, z, w } = q;
  return [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)];
}

/** Writes q, or −q when that is nearer `ref`, into `out`: a quaternion path without sign flips. */
function alignTo(out, q, ref) {
  const s = q.x * ref.x + q.y * ref.y + q.z * ref.z + q.w * ref.w < 0 ? -1 : 1;
  out.x = s * q.x;
  out.y = s * q.y;
  out.z = s * q.z;
  out.w = s * q.w;
  return out;
}

/** The goal rotations as scaled angle-axis (radians) for a goal angle of `degrees`. */
function goalAxes(degrees) {
  const a = degrees * (Math.PI / 180);
  return [
    { x: 0, y: 0, z: 0 },
    { x: 0.35 * a, y: 0.94 * a, z: 0 },
    { x: -0.6 * a, y: -0.3 * a, z: 0.74 * a },
  ];
}

/** The three scalar springs: short name, plot caption, label of xi, one step (the timed one is due at due(t)). */
export const SPRINGS = [
  {
    name: 'double',
    caption: 'double spring',
    mid: 'intermediate spring xi',
    step: (st, g, _t, dt, p, _due) => doubleSpringDamperExact(st, g, p.halflife, dt),
  },
  {
    name: 'timed',
    caption: 'timed spring',
    mid: 'linear interpolation xi',
    step: (st, g, t, dt, p, due) => timedSpringDamperExact(st, g, due(t), p.halflife, dt, p.apprehension),
  },
  {
    name: 'velocity',
    caption: 'velocity spring',
    mid: 'speed-limited goal xi',
    step: (st, g, _t, dt, p, _due) =>
      velocitySpringDamperExact(st, g, p.maxSpeed, p.halflife, dt, p.apprehension),
  },
];
const fresh = (i) => (i === 0 ? { x: 0, v: 0, xi: 0, vi: 0 } : { x: 0, v: 0, xi: 0 });

export default {
  blurb:
    'The double spring follows an intermediate spring (red) for an S-shaped start and end. The timed spring ' +
    'tracks a linear interpolation (red) that reaches the goal at the goal time (marked), looking apprehension × ' +
    'halflife ahead. The velocity spring’s intermediate goal moves at most at the maximum speed. The quaternion ' +
    'spring turns a rotation toward goal rotations along the shortest arc: its rotation as a continuous scaled ' +
    'angle-axis over time (no jump where it passes 180°), a solid it turns live (drag it to turn the goal yourself), ' +
    'and the path of the arrow it turns, seen from the front. ' +
    'In the stage, drag the goal: the timed spring gets there the set time after you let go of it.',
  params: {
    halflife: { label: 'halflife', min: 0, max: 0.6, step: 0.01, value: 0.2, unit: 's' },
    duration: {
      group: 'Timed spring',
      label: 'time to reach the goal',
      min: 0.1,
      max: 1.6,
      step: 0.05,
      value: 1,
      unit: 's',
    },
    apprehension: { label: 'apprehension (× halflife)', min: 0, max: 4, step: 0.1, value: 2 },
    maxSpeed: {
      group: 'Velocity spring',
      label: 'maximum speed',
      min: 0.2,
      max: 10,
      step: 0.1,
      value: 1.5,
      unit: '/s',
    },
    angle: {
      group: 'Quaternion spring',
      label: 'goal rotation',
      min: 0,
      max: 180,
      step: 1,
      value: 120,
      unit: '°',
    },
  },
  mount(ui) {
    const scalar = (caption, mid) =>
      ui.plot(caption, {
        series: [
          { label: 'goal', color: COLORS.goal, width: 1, stepped: true },
          { label: mid, color: COLORS.bad, width: 1.2 },
          { label: 'spring', color: COLORS.exact, width: 2 },
          { label: 'simple spring', color: COLORS.ink, width: 1, dash: [4, 4] },
        ],
        x: { title: 't (s)', min: 0, max: SECONDS },
        y: { title: 'position x', min: -1, max: 1.5 },
      });
    const plots = SPRINGS.map(({ caption, mid }) => scalar(caption, mid));
    const angles = ui.plot('quaternion spring: rotation as scaled angle-axis (degrees)', {
      series: [
        { label: 'x', color: COLORS.bad, width: 2 },
        { label: 'y', color: COLORS.other, width: 2 },
        { label: 'z', color: COLORS.exact, width: 2 },
        { label: 'goal x', color: COLORS.bad, width: 1, dash: [4, 3] },
        { label: 'goal y', color: COLORS.other, width: 1, dash: [4, 3] },
        { label: 'goal z', color: COLORS.exact, width: 1, dash: [4, 3] },
      ],
      x: { title: 't (s)', min: 0, max: SECONDS },
      y: { title: 'angle × axis (°)' },
    });
    // The solid's view (others/rotation.js, drawn with lib/view3d.js) loads when it comes near.
    const solidFigure = ui.canvas(
      'quaternion spring, live: the solid turning toward its goal (outline); drag it to turn the goal',
      { cls: 'solid' },
    );
    /** @type {ReturnType<typeof import('../others/rotation.js').rotationView> | null} */
    let solid = null;
    /** @type {[any, string] | null} what the solid plays (the run the plots show) and its summary */
    let solidScript = null;
    let shown = false;
    const solidLoaded = ui
      .near([solidFigure.fig], () => import('../others/rotation.js'))
      .then((m) => {
        const view = m.rotationView(solidFigure, {
          step: (q, v, goal, dt) => simpleSpringDamperExactQuat(q, v, goal, params.halflife, dt),
        });
        solid = view;
        if (solidScript) view.play(...solidScript);
        if (shown) view.start();
      });
    const arrow = ui.plot('quaternion spring: path of the arrow tip (x, y of the rotated forward axis)', {
      series: [
        { label: 'arrow tip', color: COLORS.exact, width: 2 },
        { label: 'goals', color: COLORS.ink, points: 5, line: false },
        { label: 'arrow now', color: COLORS.exact, width: 3 },
        {
          label: 'unit circle',
          color: COLORS.goal,
          width: 1,
          guide: 'the circle the tip of a unit arrow stays in',
        },
      ],
      x: { title: 'arrow tip x', min: -1.1, max: 1.1 },
      y: { title: 'arrow tip y', min: -1.1, max: 1.1 },
      equal: true,
      cls: 'square',
    });
    for (let k = 0; k <= 96; k++) arrow.add(3, Math.cos((k * Math.PI) / 48), Math.sin((k * Math.PI) / 48));
    for (const [start, value] of STEPS) for (const plot of plots) plot.add(0, start, value);
    for (const plot of plots) plot.add(0, SECONDS, goalAt(SECONDS));
    /** The quaternion spring's run as the plots show it: rotation (x, y, z, w) and goal index per sample. */
    const run = { rotations: new Float64Array(0), goals: new Uint8Array(0) };
    let params = null;
    const readTimed = ui.readout('timed spring at goal time');
    const readAngle = ui.readout('rotation left at the end');
    const clock = frameClock(RATE);

    // The stage: the three springs and the simple one, live; the timed spring is due
    // `duration` after the goal last moved.
    const live = {
      clock: frameClock(RATE),
      states: SPRINGS.map((_, i) => fresh(i)),
      simple: { x: 0, v: 0 },
      goal: 0,
      changed: 0,
    };
    ui.stage({
      caption: 'live: double (blue), timed (orange) and velocity (green) springs',
      bodies: [
        { label: 'goal', color: COLORS.goal, kind: 'goal' },
        { label: 'double', color: COLORS.exact },
        { label: 'timed', color: COLORS.implicit },
        { label: 'velocity', color: COLORS.other },
        { label: 'simple spring', color: COLORS.ink, kind: 'trace', dash: [4, 4] },
      ],
      range: () => [-1, 1.5],
      duration: () => SECONDS,
      cursors: plots,
      restart() {
        live.clock = frameClock(RATE);
        live.states = SPRINGS.map((_, i) => fresh(i));
        live.simple = { x: 0, v: 0 };
        live.goal = 0;
        live.changed = 0;
      },
      advance(p, t, user) {
        live.clock.advance(t, (t0, dt) => {
          const g = user ? user.goal : goalAt(t0);
          if (g !== live.goal) live.changed = t0;
          live.goal = g;
          const due = user ? (now) => live.changed + p.duration - now : (now) => timeLeft(now, p.duration);
          SPRINGS.forEach(({ step }, i) => step(live.states[i], g, t0, dt, p, due));
          simpleSpringDamperExact(live.simple, g, p.halflife, dt);
        });
      },
      read(values) {
        values[0] = live.goal;
        for (let i = 0; i < 3; i++) values[i + 1] = live.states[i].x;
        values[4] = live.simple.x;
      },
    });

    const rotation = { x: 0, y: 0, z: 0, w: 1 };
    const omega = { x: 0, y: 0, z: 0 };
    const axis = { x: 0, y: 0, z: 0 };
    const goals = [0, 1, 2].map(() => ({ x: 0, y: 0, z: 0, w: 1 }));
    return {
      draw(p, changed) {
        params = p;
        const has = (...keys) => !changed || keys.some((key) => changed.has(key));
        const due = (t) => timeLeft(t, p.duration);
        const deps = [
          ['halflife'],
          ['halflife', 'duration', 'apprehension'],
          ['halflife', 'maxSpeed', 'apprehension'],
        ];
        SPRINGS.forEach(({ name, step }, i) => {
          if (!has(...deps[i])) return;
          const plot = plots[i];
          const st = fresh(i);
          const simple = { x: 0, v: 0 };
          let atGoalTime = NaN;
          for (let s = 1; s < 4; s++) plot.reset(s);
          const visit = (t) => {
            plot.add(1, t, st.xi);
            plot.add(2, t, st.x);
            plot.add(3, t, simple.x);
            if (Math.abs(t - (STEPS[1][0] + p.duration)) < 0.5 / RATE) atGoalTime = st.x;
          };
          visit(0);
          clock.reset().advance(
            SECONDS,
            (t, dt) => {
              step(st, goalAt(t), t, dt, p, due);
              simpleSpringDamperExact(simple, goalAt(t), p.halflife, dt);
            },
            visit,
          );
          if (name === 'timed') {
            plot.markers(
              STEPS.slice(1).map(([start], k) => ({
                x: start + p.duration,
                label: `goal time ${k + 1}`,
                color: COLORS.bad,
              })),
            );
            readTimed(`x = ${atGoalTime.toFixed(3)} (goal 1)`);
          }
          plot.commit();
          plot.summary(
            name === 'double'
              ? `The double spring reaches ${atHalf(plot, 0.5).toFixed(3)} at t = 0.5 s, the ` +
                  `simple spring ${atHalf(plot, 0.5, 3).toFixed(3)}: a slower, S-shaped start.`
              : name === 'timed'
                ? `Due at t = ${(STEPS[1][0] + p.duration).toFixed(2)} s, the timed spring is at ${atGoalTime.toFixed(3)} then (goal 1).`
                : `The speed-limited goal takes ${(1 / p.maxSpeed).toFixed(2)} s to cover the first step of 1; the spring follows it.`,
          );
        });
        if (has('halflife', 'angle')) {
          const axes = goalAxes(p.angle);
          axes.forEach((a, k) => quatFromScaledAngleAxis(a, goals[k]));
          Object.assign(rotation, goals[0]);
          omega.x = omega.y = omega.z = 0;
          for (let i = 0; i < 6; i++) angles.reset(i);
          for (let i = 0; i < 3; i++) arrow.reset(i);
          for (let k = 1; k < 3; k++) {
            const f = forward(goals[k]);
            arrow.add(1, f[0], f[1]);
          }
          const shown = { x: 0, y: 0, z: 0, w: 1 };
          const goalShown = { x: 0, y: 0, z: 0, w: 1 };
          const samples = Math.round(SECONDS * RATE) + 1;
          if (run.goals.length !== samples) {
            run.rotations = new Float64Array(4 * samples);
            run.goals = new Uint8Array(samples);
          }
          let sample = 0;
          const visit = (t) => {
            if (sample < samples) {
              run.rotations.set([rotation.x, rotation.y, rotation.z, rotation.w], 4 * sample);
              run.goals[sample++] = STEPS.findLastIndex(([s]) => t >= s - 1e-6);
            }
            // The rotation's sign is kept continuous, so its angle-axis never jumps (angles may pass 180°).
            alignTo(shown, rotation, shown);
            quatToScaledAngleAxis(shown, axis);
            angles.add(0, t, axis.x * DEG);
            angles.add(1, t, axis.y * DEG);
            angles.add(2, t, axis.z * DEG);
            // The goal drawn in the same hemisphere as the rotation: where the rotation ends up.
            alignTo(goalShown, goals[STEPS.findLastIndex(([s]) => t >= s - 1e-6)], shown);
            quatToScaledAngleAxis(goalShown, axis);
            angles.add(3, t, axis.x * DEG);
            angles.add(4, t, axis.y * DEG);
            angles.add(5, t, axis.z * DEG);
            const f = forward(rotation);
            arrow.add(0, f[0], f[1]);
          };
          visit(0);
          clock.reset().advance(
            SECONDS,
            (t, dt) => {
              simpleSpringDamperExactQuat(
                rotation,
                omega,
                goals[STEPS.findLastIndex(([s]) => t >= s - 1e-6)],
                p.halflife,
                dt,
              );
            },
            visit,
          );
          const f = forward(rotation);
          arrow.add(2, 0, 0);
          arrow.add(2, f[0], f[1]);
          angles.commit();
          arrow.commit();
          const left =
            2 *
            Math.acos(
              Math.min(
                1,
                Math.abs(
                  rotation.x * goals[2].x +
                    rotation.y * goals[2].y +
                    rotation.z * goals[2].z +
                    rotation.w * goals[2].w,
                ),
              ),
            );
          readAngle(`${(left * DEG).toFixed(3)}°`);
          angles.summary(
            `Two goal rotations of ${p.angle}° about different axes; the spring turns ` +
              `along the shortest arc and ends ${(left * DEG).toFixed(2)}° from the last goal.`,
          );
          arrow.summary(
            `The arrow tip sweeps from (0, 0) to the goals, ending at (${f[0].toFixed(2)}, ${f[1].toFixed(2)}).`,
          );
          solidScript = [
            {
              seconds: SECONDS,
              at(t, q, goal) {
                const k = Math.min(run.goals.length - 1, Math.round(t * RATE));
                [q.x, q.y, q.z, q.w] = run.rotations.subarray(4 * k, 4 * k + 4);
                Object.assign(goal, goals[run.goals[k]]);
              },
            },
            `A solid turned by the quaternion spring (halflife ${p.halflife} s) toward goal rotations of ${p.angle}°: ` +
              `the rotation the angle plot shows, live; it ends ${(left * DEG).toFixed(2)}° from the last goal.`,
          ];
          solid?.play(...solidScript);
        }
      },
      loaded: ui.embed ? null : solidLoaded,
      show() {
        shown = true;
        solid?.start();
      },
      hide() {
        shown = false;
        solid?.stop();
      },
      inspect() {
        return { solid: solid ? solid.inspect() : null };
      },
    };
  },
};

/** The value of series `s` (default the spring) of a plot at time t. */
function atHalf(plot, t, s = 2) {
  const { x, y } = plot.series(s);
  const k = x.findIndex((v) => v >= t - 1e-9);
  return k < 0 ? NaN : y[k];
}
