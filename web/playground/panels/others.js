// Panel 4 — Other springs: the double spring (S-shaped), the timed spring (reaches the
// goal at a given time, marked), the velocity spring (its goal moves at a limited speed)
// and the quaternion spring (its rotation shown as angles and as the path of an arrow).
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';

const SECONDS = 3.6;
const RATE = 120;
const STEPS = [
  [0, 0],
  [0.2, 1],
  [1.9, -0.5],
];
const DEG = Math.PI / 180;

function goalAt(t) {
  let g = 0;
  for (const [start, value] of STEPS) if (t >= start) g = value;
  return g;
}

/** Seconds until the goal time of the step in force at t (each step must be reached `duration` after it starts). */
function timeLeft(t, duration) {
  let start = 0;
  for (const [s] of STEPS) if (t >= s) start = s;
  return start + duration - t;
}

/** Rotates vector (0, 0, 1) by unit quaternion q; returns [x, y, z]. */
function forward(q) {
  const { x, y, z, w } = q;
  return [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)];
}

export default {
  name: 'others',
  title: '4 · Other springs',
  blurb:
    'The double spring follows an intermediate spring (red) for an S-shaped start and end. The timed spring ' +
    'tracks a linear interpolation (red) that reaches the goal at the goal time (marked), looking apprehension × ' +
    'halflife ahead. The velocity spring’s intermediate goal moves at most at the maximum speed. The quaternion ' +
    'spring turns a rotation toward goal rotations along the shortest arc: its angles (scaled angle-axis) over ' +
    'time, and the path of the arrow it turns, seen from the front.',
  needs: [
    'doubleSpringDamperExact',
    'timedSpringDamperExact',
    'velocitySpringDamperExact',
    'simpleSpringDamperExact',
    'simpleSpringDamperExactQuat',
    'quatFromScaledAngleAxis',
    'quatToScaledAngleAxis',
    'quatAbs',
  ],
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
  mount(ui, sprung) {
    const scalar = (caption, mid) =>
      ui.plot(caption, {
        series: [
          { label: 'goal', color: COLORS.goal, width: 1, stepped: true },
          { label: mid, color: COLORS.bad, width: 1.2 },
          { label: 'spring', color: COLORS.exact, width: 2 },
          { label: 'simple spring', color: COLORS.dark, width: 1, dash: [4, 4] },
        ],
        x: { title: 't (s)', min: 0, max: SECONDS },
        y: { min: -1, max: 1.5 },
      });
    const double = scalar('double spring', 'intermediate spring xi');
    const timed = scalar('timed spring', 'linear interpolation xi');
    const velocity = scalar('velocity spring', 'speed-limited goal xi');
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
      y: { title: 'degrees', min: -190, max: 190 },
    });
    const arrow = ui.plot('quaternion spring: path of the arrow tip (x, y of the rotated forward axis)', {
      series: [
        { label: 'arrow tip', color: COLORS.exact, width: 2 },
        { label: 'goals', color: COLORS.dark, points: 5, line: false },
        { label: 'arrow now', color: COLORS.exact, width: 3 },
        { label: 'unit circle', color: COLORS.goal, width: 1 },
      ],
      x: { min: -1.1, max: 1.1 },
      y: { min: -1.1, max: 1.1 },
      xy: true,
      cls: 'square',
    });
    for (let k = 0; k <= 96; k++) arrow.add(3, Math.cos((k * Math.PI) / 48), Math.sin((k * Math.PI) / 48));
    for (const [start, value] of STEPS)
      for (const plot of [double, timed, velocity]) plot.add(0, start, value);
    for (const plot of [double, timed, velocity]) plot.add(0, SECONDS, goalAt(SECONDS));
    const s2 = { x: 0, v: 0, xi: 0, vi: 0 };
    const s3 = { x: 0, v: 0, xi: 0 };
    const simple = { x: 0, v: 0 };
    const rotation = { x: 0, y: 0, z: 0, w: 1 };
    const omega = { x: 0, y: 0, z: 0 };
    const axis = { x: 0, y: 0, z: 0 };
    const shortest = { x: 0, y: 0, z: 0, w: 1 };
    const goals = [
      { x: 0, y: 0, z: 0, w: 1 },
      { x: 0, y: 0, z: 0, w: 1 },
      { x: 0, y: 0, z: 0, w: 1 },
    ];
    const goalAxes = [
      { x: 0, y: 0, z: 0 },
      { x: 0, y: 0, z: 0 },
      { x: 0, y: 0, z: 0 },
    ];
    const readTimed = ui.readout('timed spring at goal time');

    /** Steps `state` and the simple spring from rest over the plot, drawing xi, x and the simple spring. */
    function run(plot, state, step) {
      for (let i = 1; i < 4; i++) plot.reset(i);
      for (let k = 0; k <= SECONDS * RATE; k++) {
        const t = k / RATE;
        if (k > 0) step(goalAt(t - 1 / RATE), 1 / RATE, t - 1 / RATE);
        plot.add(1, t, state.xi);
        plot.add(2, t, state.x);
        plot.add(3, t, simple.x);
      }
    }
    return {
      draw(p, changed) {
        const has = (...keys) => !changed || keys.some((key) => changed.has(key));
        const simpleStep = (g, dt) => sprung.simpleSpringDamperExact(simple, g, p.halflife, dt);
        if (has('halflife')) {
          Object.assign(s2, { x: 0, v: 0, xi: 0, vi: 0 });
          simple.x = 0;
          simple.v = 0;
          run(double, s2, (g, dt) => {
            sprung.doubleSpringDamperExact(s2, g, p.halflife, dt);
            simpleStep(g, dt);
          });
          double.commit();
        }
        if (has('halflife', 'duration', 'apprehension')) {
          Object.assign(s3, { x: 0, v: 0, xi: 0 });
          simple.x = 0;
          simple.v = 0;
          let atGoalTime = NaN;
          run(timed, s3, (g, dt, t) => {
            sprung.timedSpringDamperExact(s3, g, timeLeft(t, p.duration), p.halflife, dt, p.apprehension);
            simpleStep(g, dt);
            if (Math.abs(t + dt - (STEPS[1][0] + p.duration)) < 0.5 / RATE) atGoalTime = s3.x;
          });
          timed.markers(
            STEPS.slice(1).map(([start], k) => ({
              x: start + p.duration,
              label: `goal time ${k + 1}`,
              color: COLORS.bad,
            })),
          );
          timed.commit();
          readTimed(`x = ${atGoalTime.toFixed(3)} (goal 1)`);
        }
        if (has('halflife', 'maxSpeed', 'apprehension')) {
          Object.assign(s3, { x: 0, v: 0, xi: 0 });
          simple.x = 0;
          simple.v = 0;
          run(velocity, s3, (g, dt) => {
            sprung.velocitySpringDamperExact(s3, g, p.maxSpeed, p.halflife, dt, p.apprehension);
            simpleStep(g, dt);
          });
          velocity.commit();
        }
        if (has('halflife', 'angle')) {
          const a = p.angle * DEG;
          goalAxes[1].x = 0.35 * a;
          goalAxes[1].y = 0.94 * a;
          goalAxes[1].z = 0;
          goalAxes[2].x = -0.6 * a;
          goalAxes[2].y = -0.3 * a;
          goalAxes[2].z = 0.74 * a;
          for (let k = 0; k < 3; k++) sprung.quatFromScaledAngleAxis(goalAxes[k], goals[k]);
          Object.assign(rotation, goals[0]);
          omega.x = omega.y = omega.z = 0;
          for (let i = 0; i < 6; i++) angles.reset(i);
          arrow.reset(0);
          arrow.reset(1);
          arrow.reset(2);
          for (let k = 1; k < 3; k++) {
            const f = forward(goals[k]);
            arrow.add(1, f[0], f[1]);
          }
          for (let k = 0; k <= SECONDS * RATE; k++) {
            const t = k / RATE;
            const index = t < STEPS[1][0] ? 0 : t < STEPS[2][0] ? 1 : 2;
            if (k > 0)
              sprung.simpleSpringDamperExactQuat(rotation, omega, goals[index], p.halflife, 1 / RATE);
            sprung.quatToScaledAngleAxis(sprung.quatAbs(rotation, shortest), axis); // w ≥ 0: angles within ±180°
            angles.add(0, t, axis.x / DEG);
            angles.add(1, t, axis.y / DEG);
            angles.add(2, t, axis.z / DEG);
            const g = goalAxes[index];
            angles.add(3, t, g.x / DEG);
            angles.add(4, t, g.y / DEG);
            angles.add(5, t, g.z / DEG);
            const f = forward(rotation);
            arrow.add(0, f[0], f[1]);
          }
          const f = forward(rotation);
          arrow.add(2, 0, 0);
          arrow.add(2, f[0], f[1]);
          angles.commit();
          arrow.commit();
        }
      },
      code(p) {
        return {
          ts:
            `import { init, doubleSpringDamperExact, timedSpringDamperExact, velocitySpringDamperExact, simpleSpringDamperExactQuat } from 'sprung';\nawait init();\n\n` +
            `// every frame (dt in seconds)\nconst d = { x: 0, v: 0, xi: 0, vi: 0 };\n` +
            `doubleSpringDamperExact(d, goal, ${tsn(p.halflife)}, dt);\n\n` +
            `const timed = { x: 0, v: 0, xi: 0 };  // timeLeft: seconds until the goal must be reached\n` +
            `timedSpringDamperExact(timed, goal, timeLeft, ${tsn(p.halflife)}, dt, ${tsn(p.apprehension)});\n\n` +
            `const vel = { x: 0, v: 0, xi: 0 };\n` +
            `velocitySpringDamperExact(vel, goal, ${tsn(p.maxSpeed)}, ${tsn(p.halflife)}, dt, ${tsn(p.apprehension)});\n\n` +
            `// a rotation {x, y, z, w} (e.g. a three.js Quaternion) and its angular velocity {x, y, z}\n` +
            `simpleSpringDamperExactQuat(rotation, angularVelocity, goalRotation, ${tsn(p.halflife)}, dt);\n`,
          c:
            `#include "sprung.h"\n\n/* every frame (dt in seconds) */\n` +
            `sp_double_spring_damper_exact(&x, &v, &xi, &vi, goal, ${cf(p.halflife)}, dt);\n` +
            `sp_timed_spring_damper_exact(&x, &v, &xi, goal, time_left, ${cf(p.halflife)}, dt, ${cf(p.apprehension)});\n` +
            `sp_velocity_spring_damper_exact(&x, &v, &xi, goal, ${cf(p.maxSpeed)}, ${cf(p.halflife)}, dt, ${cf(p.apprehension)});\n` +
            `sp_simple_spring_damper_exact_quat(&rotation, &angular_velocity, &goal_rotation, ${cf(p.halflife)}, dt);\n`,
        };
      },
    };
  },
};
