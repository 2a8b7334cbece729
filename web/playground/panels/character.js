// Panel 8 — Trajectory prediction and character control: a top-down view driven by keyboard,
// mouse, touch and gamepad, seen from a camera that can turn. The simulation object moves on
// critical springs, facing where it goes or, strafing, the camera's direction (the strafe branch
// of desired_rotation_update), and collides with circles and boxes on the ground (the article's
// walls); its future is predicted ahead of it, the controller itself ticked over the horizon
// (predictDesired, sliding along the walls too) or its desired velocity held. The character
// entity moves in its own (slower, "animation") style and is kept near the simulation by
// synchronisation (either way), adjustment (optionally limited by its velocity) and clamping.
// Below: a replay of a scripted run with the same settings, foot locking with contact_update, and
// the animation data the article holds the simulation object against: CMU's motion capture played
// back with the character entity marked on the ground, the simulation bone made procedurally, and
// the distributions of the dance card's, CMU's and the simulation object's movements, overlaid.
import {
  adjustCharacterPosition,
  adjustCharacterPositionByVelocity,
  adjustCharacterRotation,
  adjustCharacterRotationByVelocity,
  clampCharacterPosition,
  clampCharacterRotation,
  desiredRotationUpdate,
  desiredRotationUpdateStrafe,
  desiredVelocityUpdate,
  Obstacles,
  simulationCollideObstacles,
  simulationPositionUpdate,
  simulationRotationUpdate,
  TrajectoryPredictor,
} from 'sprung';
import { DEADZONE, FOOT_SECONDS, HISTOGRAMS, RATE } from '../character/scenario.js';
import { fitCanvas } from '../lib/canvas.js';
import { color, COLORS, onTheme, palette } from '../lib/theme.js';

const DEG = Math.PI / 180;
export const PREDICT = 20;
const PIXELS_PER_METRE = 46;
/** The autopilot's stick script, used when nobody touches the controls: [seconds, stick x, stick z]. */
export const SCRIPT = [
  [1.3, 0, 1],
  [1.1, 0.9, 0.4],
  [0.7, 0, 0],
  [1.1, -0.7, -0.7],
  [1.2, -1, 0.3],
  [0.6, 0, 0],
  [1.1, 0.2, -1],
];
const SCRIPT_SECONDS = SCRIPT.reduce((s, [d]) => s + d, 0);
export const REPLAY_SECONDS = 8;
const TRAIL = 150;
export const MODES = [
  ['none', 'nothing (drifts)'],
  ['sync', 'synchronisation: character to simulation'],
  ['simsync', 'synchronisation: simulation to character'],
  ['adjust', 'adjustment'],
  ['velocity', 'adjustment by velocity'],
];
/** CMU's takes (motion/rigs.js CMU_FILES), as the playback and the simulation bone's figures offer them. */
const TAKES = [
  ['01_01', 'CMU 01_01 (subject 1)'],
  ['01_03', 'CMU 01_03 (subject 1)'],
];
/** Why "Copy as code" prints no series of the animation data. */
const DATA_GUIDE =
  'the animation data (the dance card, made by the playground’s generator, and CMU’s motion capture, read by ' +
  'parseBvh, which has no C counterpart): made in a worker from files, not printed by the programs';
const PREDICTIONS = [
  ['desired', 'controller ticked ahead'],
  ['held', 'desired velocity held'],
];
/** Radius of the simulation object and of the character entity where they meet obstacles (m). */
export const RADIUS = 0.3;
/**
 * The little world of the article's walls figure: a room 12 m × 9.9 m with pillars and blocks.
 * Circles: x, z, radius; boxes: x, z, width, depth, yaw in degrees (+Z turning toward +X).
 */
export const CIRCLES = [
  [-1.5, 4.4, 0.6],
  [3.4, 1.6, 0.9],
];
export const BOXES = [
  [0, 7.3, 13.6, 0.8, 0],
  [0, -3.4, 13.6, 0.8, 0],
  [6.4, 1.95, 0.8, 11.5, 0],
  [-6.4, 1.95, 0.8, 11.5, 0],
  [-3.6, 2.4, 1.8, 0.7, 30],
  [2.2, -1.4, 1.2, 1.2, 45],
];

/**
 * The corners (x, z) of box [x, z, width, depth, yaw°]: its width runs along (cos, −sin) of the yaw.
 * @param {number[]} box
 */
function boxCorners(box) {
  const [x, z, w, d, yaw] = box;
  const c = Math.cos(yaw * DEG);
  const sn = Math.sin(yaw * DEG);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([a, b]) => [x + (a * w * c) / 2 + (b * d * sn) / 2, z - (a * w * sn) / 2 + (b * d * c) / 2]);
}

/** Clamping applies when the two may differ (not when one is synchronised to the other). */
export const clamps = (p) => p.clamp && p.mode !== 'sync' && p.mode !== 'simsync';

/** Stick of the autopilot at time t (looping), written into `stick`. */
function scripted(t, stick) {
  let u = t % SCRIPT_SECONDS;
  for (const [d, x, z] of SCRIPT) {
    if (u < d) {
      stick.x = x;
      stick.z = z;
      return stick;
    }
    u -= d;
  }
  return stick;
}

/** Facing direction (x, z) of a yaw quaternion: +Z rotated by q. */
function facing(q) {
  return [2 * (q.x * q.z + q.w * q.y), 1 - 2 * (q.x * q.x + q.y * q.y)];
}

/**
 * The angle (degrees) between the facing directions of two yaw rotations: what clamping keeps
 * within max angle. atan2 of the cross and dot products: accurate at every angle (acos of the dot
 * product is not, near 0).
 */
function angleBetween(a, b) {
  const [ax, az] = facing(a);
  const [bx, bz] = facing(b);
  return Math.abs(Math.atan2(ax * bz - az * bx, ax * bx + az * bz)) * (180 / Math.PI);
}

const v3 = () => ({ x: 0, y: 0, z: 0 });
const q4 = () => ({ x: 0, y: 0, z: 0, w: 1 });

/**
 * The simulation object and the character entity, stepped by one function for the live view and
 * the replay; `walls` are the obstacles they collide with when the panel's obstacles are on.
 * @param {Obstacles} walls
 */
function makeWorld(walls) {
  const w = {
    stick: v3(),
    rightStick: v3(),
    desiredVelocity: v3(),
    desiredRotation: q4(),
    simPosition: v3(),
    simVelocity: v3(),
    simAcceleration: v3(),
    simRotation: q4(),
    simAngularVelocity: v3(),
    charPosition: v3(),
    charRotation: q4(),
    charAngularVelocity: v3(),
    animVelocity: v3(),
    animAcceleration: v3(),
    animStep: v3(),
    before: v3(),
    reset() {
      for (const [k, v] of Object.entries(makeWorld(walls)))
        if (typeof v === 'object') Object.assign(w[k], v);
    },
    /** One frame: sticks → desired velocity and rotation → simulation springs, walls → character entity. */
    step(p, dt) {
      const camera = p.camera * DEG;
      desiredVelocityUpdate(
        w.stick,
        camera,
        w.simRotation,
        p.forwardSpeed,
        p.sideSpeed,
        p.backSpeed,
        w.desiredVelocity,
      );
      // The article's desired_rotation_update: strafing faces the right stick or the camera's
      // forward; otherwise the direction of travel while the left stick is pushed.
      if (p.strafe) desiredRotationUpdateStrafe(w.rightStick, camera, DEADZONE, w.desiredRotation);
      else if (Math.hypot(w.stick.x, w.stick.z) > DEADZONE)
        desiredRotationUpdate(w.desiredRotation, w.desiredVelocity, 0);
      Object.assign(w.before, w.simPosition);
      simulationPositionUpdate(
        w.simPosition,
        w.simVelocity,
        w.simAcceleration,
        w.desiredVelocity,
        p.simHalflife,
        dt,
      );
      if (p.obstacles) simulationCollideObstacles(w.before, w.simPosition, walls, RADIUS, w.simPosition);
      simulationRotationUpdate(w.simRotation, w.simAngularVelocity, w.desiredRotation, p.simHalflife, dt);
      // The character entity moves as its animation does (data-driven displacement); a slower
      // spring on the same intent stands in for the animation here.
      Object.assign(w.before, w.charPosition);
      const s = w.animStep;
      s.x = s.y = s.z = 0;
      simulationPositionUpdate(s, w.animVelocity, w.animAcceleration, w.desiredVelocity, p.animHalflife, dt);
      w.charPosition.x += s.x;
      w.charPosition.z += s.z;
      simulationRotationUpdate(w.charRotation, w.charAngularVelocity, w.desiredRotation, p.animHalflife, dt);
      if (p.mode === 'sync') {
        Object.assign(w.charPosition, w.simPosition);
        Object.assign(w.charRotation, w.simRotation);
      } else if (p.mode === 'adjust') {
        adjustCharacterPosition(w.charPosition, w.simPosition, p.adjustHalflife, dt, w.charPosition);
        adjustCharacterRotation(w.charRotation, w.simRotation, p.adjustHalflife * 2, dt, w.charRotation);
      } else if (p.mode === 'velocity') {
        adjustCharacterPositionByVelocity(
          w.charPosition,
          w.animVelocity,
          w.simPosition,
          p.ratio,
          p.adjustHalflife,
          dt,
          w.charPosition,
        );
        adjustCharacterRotationByVelocity(
          w.charRotation,
          w.charAngularVelocity,
          w.simRotation,
          p.ratio,
          p.adjustHalflife * 2,
          dt,
          w.charRotation,
        );
      }
      if (clamps(p)) {
        clampCharacterPosition(w.charPosition, w.simPosition, p.maxDistance, w.charPosition);
        clampCharacterRotation(w.charRotation, w.simRotation, p.maxAngle * DEG, w.charRotation);
      }
      // The character is a body in the world too: where its animation, adjustment or clamp would
      // take it into a wall, it slides along the wall instead.
      if (p.obstacles) simulationCollideObstacles(w.before, w.charPosition, walls, RADIUS, w.charPosition);
      if (p.mode === 'simsync') {
        Object.assign(w.simPosition, w.charPosition);
        Object.assign(w.simRotation, w.charRotation);
      }
    },
  };
  return w;
}

/**
 * Loads figures' code with `load()` (a dynamic import): in an embed once one of `figures` comes
 * within a screen of the view, elsewhere at once. Resolves to what `load()` resolves to.
 * @template T
 * @param {{ embed: boolean }} ui
 * @param {HTMLElement[]} figures
 * @param {() => Promise<T>} load
 * @returns {Promise<T>}
 */
function whenNear(ui, figures, load) {
  if (!ui.embed) return load();
  return new Promise((resolve) => {
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near.disconnect();
        resolve(load());
      },
      { rootMargin: '0px' },
    );
    for (const figure of figures) near.observe(figure);
  });
}

export default {
  blurb:
    'Drive the simulation object (blue) from the keyboard (focus the view, then WASD or the arrow keys), by ' +
    'dragging in the view with the mouse or a finger, or with a gamepad; left alone, an autopilot drives. Its ' +
    'velocity and rotation are critical springs, so its future trajectory is predicted exactly (blue dots) — ' +
    '<em>trajectory prediction</em>. The character entity (red) moves as its animation would, more slowly, and is ' +
    'kept near the simulation by synchronisation (the character to the simulation, or the simulation to the ' +
    'character), adjustment (optionally limited by its own velocity, which hides foot sliding) and clamping ' +
    '(dashed circle). The view looks the way the camera does (its azimuth turns the stick, as in a game); ' +
    '<em>strafe</em> keeps the object facing the camera’s direction (or a gamepad’s right stick) whatever way it ' +
    'moves. Both bodies collide with the walls, pillars and blocks and slide along them, and the prediction, ' +
    'the controller ticked ahead with the stick held, slides along them too. Below: the same settings on a ' +
    'scripted run, and foot locking with <code>contact_update</code>.',
  layout: 'character',
  params: {
    simHalflife: {
      group: 'Simulation object',
      label: 'halflife (velocity & rotation)',
      min: 0.02,
      max: 1,
      step: 0.01,
      value: 0.27,
      unit: 's',
    },
    forwardSpeed: { label: 'forward speed', min: 0.5, max: 8, step: 0.1, value: 4, unit: 'm/s' },
    sideSpeed: { label: 'sideways speed', min: 0.5, max: 8, step: 0.1, value: 3, unit: 'm/s' },
    backSpeed: { label: 'backward speed', min: 0.5, max: 8, step: 0.1, value: 2.5, unit: 'm/s' },
    strafe: { label: 'strafe: face the camera’s direction', check: true, value: false },
    horizon: { label: 'prediction horizon', min: 0.2, max: 3, step: 0.1, value: 1.2, unit: 's' },
    predict: { label: 'predict by', options: PREDICTIONS, value: 'desired' },
    camera: {
      group: 'Camera and world',
      label: 'camera azimuth',
      min: -180,
      max: 180,
      step: 5,
      value: 0,
      unit: '°',
    },
    obstacles: { label: 'obstacles (walls, pillars, blocks)', check: true, value: true },
    mode: { group: 'Character entity', label: 'keep in sync by', options: MODES, value: 'velocity' },
    animHalflife: { label: 'animation halflife', min: 0.05, max: 1.5, step: 0.01, value: 0.6, unit: 's' },
    adjustHalflife: {
      label: 'adjustment halflife',
      min: 0.01,
      max: 1,
      step: 0.01,
      value: 0.1,
      unit: 's',
      show: (p) => p.mode === 'adjust' || p.mode === 'velocity',
    },
    ratio: {
      label: 'max adjustment ratio',
      min: 0,
      max: 2,
      step: 0.05,
      value: 0.5,
      show: (p) => p.mode === 'velocity',
    },
    clamp: {
      label: 'clamp to the simulation',
      check: true,
      value: true,
      show: (p) => p.mode !== 'sync' && p.mode !== 'simsync',
    },
    maxDistance: {
      label: 'max distance',
      min: 0.05,
      max: 2,
      step: 0.05,
      value: 0.5,
      unit: 'm',
      show: clamps,
    },
    maxAngle: { label: 'max angle', min: 5, max: 180, step: 5, value: 45, unit: '°', show: clamps },
    slide: {
      group: 'Foot locking',
      label: 'foot sliding in the animation',
      min: 0,
      max: 0.3,
      step: 0.01,
      value: 0.12,
      unit: 'm',
    },
    unlockRadius: { label: 'unlock radius', min: 0.02, max: 0.5, step: 0.01, value: 0.2, unit: 'm' },
    footHalflife: { label: 'foot blend halflife', min: 0, max: 0.3, step: 0.01, value: 0.08, unit: 's' },
    take: { group: 'Animation data', label: 'motion capture played', options: TAKES, value: '01_01' },
    positionWindow: {
      label: 'simulation bone: position smoothed over',
      min: 0,
      max: 2,
      step: 0.05,
      value: 0.5,
      unit: 's',
    },
    directionWindow: {
      label: 'simulation bone: heading smoothed over',
      min: 0,
      max: 3,
      step: 0.05,
      value: 1,
      unit: 's',
    },
  },
  mount(ui) {
    const { canvas, box, summary } = ui.canvas(
      'top-down view: simulation object (blue) and its predicted trajectory, character entity (red)',
      { cls: 'live' },
    );
    canvas.tabIndex = 0;
    canvas.setAttribute(
      'aria-label',
      'Top-down view, live. Focus it and use WASD or the arrow keys, drag in it, or use a gamepad.',
    );
    const hint = document.createElement('p');
    hint.className = 'hint';
    box.after(hint);
    const replay = ui.plot(
      'scripted run: simulation (blue), character (red), predictions every second (dots)',
      {
        series: [
          { label: 'simulation', color: COLORS.exact, width: 2 },
          { label: 'character', color: COLORS.bad, width: 1.5 },
          { label: 'predicted', color: COLORS.exact, points: 2, line: false },
          {
            label: 'obstacles',
            color: COLORS.muted,
            width: 1.5,
            guide:
              'the outlines of the world’s walls, pillars and blocks: constants, which the program builds in sprung’s memory',
          },
        ],
        x: { title: 'x (m)' },
        y: { title: 'z (m)' },
        equal: true,
        cls: 'square',
      },
    );
    const foot = ui.plot('foot locking: a foot’s x over time', {
      series: [
        { label: 'animation foot', color: COLORS.goal, width: 1.5 },
        { label: 'locked foot (contact_update)', color: COLORS.exact, width: 2 },
      ],
      x: { title: 't (s)', min: 0, max: FOOT_SECONDS },
      y: { title: 'x (m)', min: -0.2, max: 4 },
    });
    const turn = ui.plot('scripted run: the character’s facing, degrees from the simulation’s', {
      series: [
        { label: 'character − simulation', color: COLORS.bad, width: 1.5 },
        {
          label: 'max angle (clamped)',
          color: COLORS.ink,
          width: 1,
          dash: [4, 3],
          guide: 'the clamp’s maximum angle, a parameter',
        },
      ],
      x: { title: 't (s)', min: 0, max: REPLAY_SECONDS },
      y: { title: 'angle (°)', min: 0 },
    });
    // Foot locking on a foot: the walking foot seen from the side, where the animation puts it and
    // where contact_update locks it, drawn every FOOTPRINT_EVERY frames while it is planted.
    const side = ui.plot('foot locking seen from the side: the foot every 0.1 s while planted', {
      series: [
        { label: 'animation toe', color: COLORS.goal, width: 1, dash: [4, 3] },
        { label: 'locked toe', color: COLORS.exact, width: 1.5 },
        { label: 'animation foot (slides)', color: COLORS.goal, width: 1.5 },
        { label: 'locked foot (stays)', color: COLORS.exact, width: 2 },
      ],
      x: { title: 'x (m)', min: -0.3, max: 3.7 },
      y: { title: 'height (m)', min: -0.05, max: 0.3 },
    });
    // The animation data: CMU's motion capture played back with the character entity on the
    // ground, and its simulation bone (character/playback.js, character/simulation_bone.js).
    const replayView = ui.canvas('motion capture played back: the character entity (red) on the ground', {
      cls: 'mocap',
    });
    const boneMap = ui.plot('the simulation bone, made procedurally: seen from above', {
      series: [
        { label: 'upper spine, projected', color: COLORS.goal, width: 3.5, guide: DATA_GUIDE },
        { label: 'simulation bone (smoothed)', color: COLORS.bad, width: 1.25, guide: DATA_GUIDE },
        { label: 'hips’ heading', color: COLORS.goal, width: 3.5, guide: DATA_GUIDE },
        { label: 'simulation bone’s heading', color: COLORS.bad, width: 1.25, guide: DATA_GUIDE },
      ],
      x: { title: 'x (m)' },
      y: { title: 'z (m)' },
      equal: true,
      cls: 'square',
    });
    const headingPlot = ui.plot('the simulation bone’s heading over time, against the hips’', {
      series: [
        { label: 'hips’ heading (projected)', color: COLORS.goal, width: 3.5, guide: DATA_GUIDE },
        { label: 'simulation bone’s heading (smoothed)', color: COLORS.bad, width: 1.25, guide: DATA_GUIDE },
      ],
      x: { title: 't (s)', min: 0 },
      y: { title: 'heading (°)' },
    });
    // The distributions (character/distributions.js): the simulation object's one-second
    // trajectories and its speeds, accelerations and angular speeds, over the animation data's.
    const sources = [
      { label: 'dance card', color: COLORS.bad, width: 1, alpha: 0.75, guide: DATA_GUIDE },
      { label: 'CMU’s takes', color: COLORS.implicit, width: 1, alpha: 0.85, guide: DATA_GUIDE },
      { label: 'simulation object', color: COLORS.exact, width: 1, alpha: 0.3 },
    ];
    const strands = ui.plot(
      'one-second trajectories from where each starts: the animation data and the simulation object',
      {
        series: sources,
        x: { title: 'sideways (m)' },
        y: { title: 'forward (m)' },
        equal: true,
        cls: 'square',
      },
    );
    const hists = HISTOGRAMS.map((h) =>
      ui.plot(
        `${h.key === 'angular' ? 'angular speed' : h.key} distribution: the share of frames in each bin`,
        {
          series: sources.map((src, i) => ({
            ...src,
            width: i === 2 ? 1.5 : 2,
            alpha: 1,
            stepped: true,
            ...(i === 2 ? { fill: true, fillAlpha: 0.15 } : {}),
          })),
          x: { title: h.title, min: 0, max: h.bin * h.bins },
          y: { title: 'share of frames', min: 0 },
        },
      ),
    );
    const walls = new Obstacles(CIRCLES.length, BOXES.length);
    walls.circles.set(CIRCLES.flat());
    walls.boxes.set(BOXES.flatMap(([x, z, w, d, yaw]) => [x, z, w, d, yaw * DEG]));
    const world = makeWorld(walls);
    const shadow = makeWorld(walls);
    const predictor = new TrajectoryPredictor(PREDICT);
    /** The predicted trajectory of world `w` into `predictor`: the controller ticked ahead, or the desired velocity held. */
    function predict(w, p) {
      const dt = p.horizon / (PREDICT - 1);
      if (p.predict === 'desired') {
        predictor.predictDesired(
          w.stick,
          w.rightStick,
          p.camera * DEG,
          p.strafe,
          p.forwardSpeed,
          p.sideSpeed,
          p.backSpeed,
          DEADZONE,
          w.simRotation,
          w.simAngularVelocity,
          w.desiredRotation,
          p.simHalflife,
          dt,
        );
        predictor.predictPositionsDesired(
          w.simPosition,
          w.simVelocity,
          w.simAcceleration,
          p.simHalflife,
          p.obstacles ? walls : undefined,
          RADIUS,
          dt,
        );
      } else {
        predictor.predictPositions(
          w.simPosition,
          w.simVelocity,
          w.simAcceleration,
          w.desiredVelocity,
          p.simHalflife,
          dt,
        );
        predictor.predictRotations(w.simRotation, w.simAngularVelocity, w.desiredRotation, p.simHalflife, dt);
      }
    }
    const readDrift = ui.readout('character − simulation');
    const readSpeed = ui.readout('simulation speed');
    const trail = new Float64Array(2 * TRAIL);
    let trailHead = 0;
    let trailCount = 0;
    const keys = new Set();
    let params = null;
    let pointer = null;
    let lastInput = -Infinity;
    let clock = 0;
    let frames = 0;
    let running = false;
    let last = 0;

    canvas.addEventListener('keydown', (e) => {
      const k = e.key.toLowerCase();
      if (['w', 'a', 's', 'd', 'arrowup', 'arrowdown', 'arrowleft', 'arrowright'].includes(k)) {
        keys.add(k);
        e.preventDefault();
      }
    });
    canvas.addEventListener('keyup', (e) => keys.delete(e.key.toLowerCase()));
    canvas.addEventListener('blur', () => keys.clear());
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      pointer = e;
      canvas.focus({ preventScroll: true });
    });
    canvas.addEventListener('pointermove', (e) => {
      if (pointer) pointer = e;
    });
    const release = () => {
      pointer = null;
    };
    canvas.addEventListener('pointerup', release);
    canvas.addEventListener('pointercancel', release);

    /** Reads keyboard, pointer and gamepad into world.stick; returns the input's name, or null if idle. */
    function readInput() {
      const stick = world.stick;
      stick.x = 0;
      stick.z = 0;
      const kx =
        (keys.has('d') || keys.has('arrowright') ? 1 : 0) - (keys.has('a') || keys.has('arrowleft') ? 1 : 0);
      const kz =
        (keys.has('w') || keys.has('arrowup') ? 1 : 0) - (keys.has('s') || keys.has('arrowdown') ? 1 : 0);
      if (kx || kz) {
        const n = Math.hypot(kx, kz);
        stick.x = kx / n;
        stick.z = kz / n;
        return 'keyboard';
      }
      if (pointer) {
        const r = canvas.getBoundingClientRect();
        const dx = pointer.clientX - (r.left + r.width / 2);
        const dz = -(pointer.clientY - (r.top + r.height / 2));
        const n = Math.hypot(dx, dz);
        const len = Math.min(1, n / 120);
        if (n > 4) {
          stick.x = (dx / n) * len;
          stick.z = (dz / n) * len;
        }
        return pointer.pointerType === 'touch' ? 'finger' : 'mouse';
      }
      const pads = navigator.getGamepads ? navigator.getGamepads() : [];
      const right = world.rightStick;
      right.x = right.z = 0;
      for (const pad of pads) {
        if (!pad) continue;
        // The right stick turns the facing while strafing (beyond the pad's own dead zone).
        const rx = pad.axes[2] || 0;
        const rz = -(pad.axes[3] || 0);
        if (Math.hypot(rx, rz) > 0.2) {
          right.x = rx;
          right.z = rz;
        }
        const gx = pad.axes[0] || 0;
        const gz = -(pad.axes[1] || 0);
        const n = Math.hypot(gx, gz);
        if (n > 0.2) {
          const len = Math.min(1, (n - 0.2) / 0.8);
          stick.x = (gx / n) * len;
          stick.z = (gz / n) * len;
          return 'gamepad';
        }
      }
      return null;
    }

    function drawView() {
      const fit = params && fitCanvas(canvas);
      if (!fit) return;
      const { ctx, width: cw, height: ch } = fit;
      const s = PIXELS_PER_METRE;
      const cx = world.simPosition.x;
      const cz = world.simPosition.z;
      // The camera looks along its azimuth: its forward (sin, cos) is up on the screen and its
      // right (cos, −sin) is right, so the stick (and a drag) moves the way the screen shows.
      const a = params.camera * DEG;
      const [fx, fz] = [Math.sin(a), Math.cos(a)];
      const [rx, rz] = [Math.cos(a), -Math.sin(a)];
      const X = (x, z) => cw / 2 + ((x - cx) * rx + (z - cz) * rz) * s;
      const Y = (x, z) => ch / 2 - ((x - cx) * fx + (z - cz) * fz) * s;
      /** A direction (x, z) on the screen, (right, down). */
      const dir = (x, z) => [x * rx + z * rz, -(x * fx + z * fz)];
      ctx.fillStyle = palette.ground;
      ctx.fillRect(0, 0, cw, ch);
      // The metre grid, over the whole (possibly turned) view.
      const reach = Math.hypot(cw, ch) / 2 / s + 1;
      ctx.strokeStyle = palette.grid;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let g = Math.floor(cx - reach); g <= cx + reach; g++) {
        ctx.moveTo(X(g, cz - reach), Y(g, cz - reach));
        ctx.lineTo(X(g, cz + reach), Y(g, cz + reach));
      }
      for (let g = Math.floor(cz - reach); g <= cz + reach; g++) {
        ctx.moveTo(X(cx - reach, g), Y(cx - reach, g));
        ctx.lineTo(X(cx + reach, g), Y(cx + reach, g));
      }
      ctx.stroke();
      // The obstacles.
      if (params.obstacles) {
        ctx.fillStyle = color(COLORS.muted, 0.28);
        ctx.strokeStyle = color(COLORS.muted);
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        for (const [x, z, r] of CIRCLES) {
          ctx.moveTo(X(x, z) + r * s, Y(x, z));
          ctx.arc(X(x, z), Y(x, z), r * s, 0, 2 * Math.PI);
        }
        for (const b of BOXES) {
          boxCorners(b).forEach(([x, z], i) =>
            i ? ctx.lineTo(X(x, z), Y(x, z)) : ctx.moveTo(X(x, z), Y(x, z)),
          );
          ctx.closePath();
        }
        ctx.fill();
        ctx.stroke();
      }
      // The character's trail.
      ctx.strokeStyle = color(COLORS.bad, 0.4);
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (let k = 0; k < trailCount; k++) {
        const j = (trailHead - trailCount + k + TRAIL) % TRAIL;
        const [x, z] = [trail[2 * j], trail[2 * j + 1]];
        if (k) ctx.lineTo(X(x, z), Y(x, z));
        else ctx.moveTo(X(x, z), Y(x, z));
      }
      ctx.stroke();
      // The predicted trajectory of the simulation object, with facing ticks.
      const pos = predictor.positions;
      const rot = predictor.rotations;
      const blue = color(COLORS.exact);
      ctx.strokeStyle = blue;
      ctx.fillStyle = blue;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (let i = 0; i < PREDICT; i++)
        if (i) ctx.lineTo(X(pos[3 * i], pos[3 * i + 2]), Y(pos[3 * i], pos[3 * i + 2]));
        else ctx.moveTo(X(pos[0], pos[2]), Y(pos[0], pos[2]));
      ctx.stroke();
      for (let i = 1; i < PREDICT; i++) {
        const px = X(pos[3 * i], pos[3 * i + 2]);
        const pz = Y(pos[3 * i], pos[3 * i + 2]);
        const [dx, dy] = dir(
          ...facing({ x: rot[4 * i], y: rot[4 * i + 1], z: rot[4 * i + 2], w: rot[4 * i + 3] }),
        );
        ctx.beginPath();
        ctx.arc(px, pz, 2.5, 0, 2 * Math.PI);
        ctx.fill();
        ctx.beginPath();
        ctx.moveTo(px, pz);
        ctx.lineTo(px + dx * 8, pz + dy * 8);
        ctx.stroke();
      }
      // The desired velocity.
      ctx.strokeStyle = color(COLORS.other);
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(X(cx, cz), Y(cx, cz));
      const dv = world.desiredVelocity;
      ctx.lineTo(X(cx + dv.x * 0.5, cz + dv.z * 0.5), Y(cx + dv.x * 0.5, cz + dv.z * 0.5));
      ctx.stroke();
      // The clamp circle.
      if (clamps(params)) {
        ctx.setLineDash([5, 4]);
        ctx.strokeStyle = color(COLORS.bad, 0.6);
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.arc(X(cx, cz), Y(cx, cz), params.maxDistance * s, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      const body = (x, z, q, c, r) => {
        const [dx, dy] = dir(...facing(q));
        ctx.fillStyle = c;
        ctx.strokeStyle = c;
        ctx.lineWidth = 2.5;
        ctx.beginPath();
        ctx.arc(X(x, z), Y(x, z), r * s, 0, 2 * Math.PI);
        ctx.globalAlpha = 0.25;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(X(x, z), Y(x, z));
        ctx.lineTo(X(x, z) + dx * r * 1.8 * s, Y(x, z) + dy * r * 1.8 * s);
        ctx.stroke();
      };
      body(cx, cz, world.simRotation, blue, RADIUS);
      body(world.charPosition.x, world.charPosition.z, world.charRotation, color(COLORS.bad), 0.22);
      // A compass: where the world's +Z points on the screen, and the camera's azimuth.
      const [nx, ny] = dir(0, 1);
      const [ox, oy] = [cw - 30, 30];
      ctx.strokeStyle = ctx.fillStyle = palette.muted;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(ox, oy, 16, 0, 2 * Math.PI);
      ctx.moveTo(ox - nx * 12, oy - ny * 12);
      ctx.lineTo(ox + nx * 12, oy + ny * 12);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(ox + nx * 12, oy + ny * 12, 3, 0, 2 * Math.PI);
      ctx.fill();
      ctx.font = '11px system-ui, sans-serif';
      ctx.textAlign = 'right';
      ctx.textBaseline = 'top';
      ctx.fillText(`+z · camera ${params.camera}°`, cw - 8, 50);
    }
    onTheme(drawView);

    function tick(now) {
      if (!running) return;
      if (!params) {
        requestAnimationFrame(tick);
        return;
      }
      const dt = Math.min(0.05, Math.max(0, (now - last) / 1000));
      last = now;
      clock += dt;
      const source = readInput();
      if (source) lastInput = clock;
      else if (clock - lastInput > 2) scripted(clock, world.stick);
      const text = source
        ? `driven by the ${source}`
        : clock - lastInput > 2
          ? 'autopilot (press a key, drag, or use a gamepad)'
          : 'idle';
      if (hint.textContent !== text) hint.textContent = text;
      world.step(params, dt);
      predict(world, params);
      trail[2 * trailHead] = world.charPosition.x;
      trail[2 * trailHead + 1] = world.charPosition.z;
      trailHead = (trailHead + 1) % TRAIL;
      trailCount = Math.min(TRAIL, trailCount + 1);
      drawView();
      readDrift(
        `${Math.hypot(world.charPosition.x - world.simPosition.x, world.charPosition.z - world.simPosition.z).toFixed(2)} m`,
      );
      readSpeed(`${Math.hypot(world.simVelocity.x, world.simVelocity.z).toFixed(2)} m/s`);
      frames++;
      requestAnimationFrame(tick);
    }

    /** The obstacles' outlines as series 3 of the replay (each shape closed, a gap between shapes). */
    function drawObstacles(on) {
      replay.reset(3);
      replay.visible(3, on);
      if (!on) return;
      for (const [x, z, r] of CIRCLES) {
        for (let k = 0; k <= 48; k++) {
          const t = (k / 48) * 2 * Math.PI;
          replay.add(3, x + r * Math.cos(t), z + r * Math.sin(t));
        }
        replay.add(3, NaN, NaN);
      }
      for (const b of BOXES) {
        const corners = boxCorners(b);
        for (const [x, z] of [...corners, corners[0]]) replay.add(3, x, z);
        replay.add(3, NaN, NaN);
      }
    }

    function drawReplay(p) {
      shadow.reset();
      for (let i = 0; i < 3; i++) replay.reset(i);
      turn.reset(0);
      turn.reset(1);
      if (clamps(p)) {
        turn.add(1, 0, p.maxAngle);
        turn.add(1, REPLAY_SECONDS, p.maxAngle);
      }
      drawObstacles(p.obstacles);
      let worst = 0;
      let sum = 0;
      let widest = 0;
      for (let k = 0; k <= REPLAY_SECONDS * RATE; k++) {
        if (k > 0) {
          scripted((k - 1) / RATE, shadow.stick);
          shadow.step(p, 1 / RATE);
        }
        replay.add(0, shadow.simPosition.x, shadow.simPosition.z);
        replay.add(1, shadow.charPosition.x, shadow.charPosition.z);
        const angle = angleBetween(shadow.charRotation, shadow.simRotation);
        turn.add(0, k / RATE, angle);
        widest = Math.max(widest, angle);
        const apart = Math.hypot(
          shadow.charPosition.x - shadow.simPosition.x,
          shadow.charPosition.z - shadow.simPosition.z,
        );
        worst = Math.max(worst, apart);
        sum += apart;
        if (k % RATE === RATE / 2) {
          predict(shadow, p);
          const pos = predictor.positions;
          for (let i = 1; i < PREDICT; i += 2) replay.add(2, pos[3 * i], pos[3 * i + 2]);
        }
      }
      replay.commit();
      // Headroom above the curve and the clamp's line, which would sit on the frame.
      turn.bounds('y', 0, 1.2 * Math.max(widest, clamps(p) ? p.maxAngle : 0, 1));
      turn.commit();
      turn.summary(
        `The character turns more slowly than the simulation object: it faces up to ${widest.toFixed(1)}° away from it` +
          (clamps(p) ? `, clamping keeping it within ${p.maxAngle}°.` : ' (not clamped).'),
      );
      replay.summary(
        `Over the ${REPLAY_SECONDS} s scripted run, kept in sync by ${MODES.find(([m]) => m === p.mode)?.[1]}, the character ` +
          `stays within ${worst.toFixed(2)} m of the simulation (${(sum / (REPLAY_SECONDS * RATE + 1)).toFixed(2)} m on average)` +
          (p.obstacles
            ? `; both slide along the ${CIRCLES.length} pillars and ${BOXES.length} walls and blocks drawn in grey.`
            : '.'),
      );
    }

    // The code of the figures below the first ones (foot locking; the animation data's, with the
    // worker that makes it) loads in chunks of its own when they come near the view: an embed
    // showing the first figures never fetches it. Elsewhere it loads at once, and the playground
    // reports ready (what the tests wait for) once it has drawn.
    /** @type {{ draw: (p: any) => void } | null} */
    let footLocking = null;
    /** @type {ReturnType<typeof import('../character/data_figures.js').dataFigures> | null} */
    let data = null;
    const dataFigureList = [
      replayView.fig,
      boneMap.figure,
      headingPlot.figure,
      strands.figure,
      ...hists.map((h) => h.figure),
    ];
    const belowLoaded = Promise.all([
      whenNear(ui, [foot.figure, side.figure], () => import('../character/foot.js')).then((m) => {
        footLocking = m.footLocking(foot, side);
        if (params) footLocking.draw(params);
      }),
      whenNear(ui, dataFigureList, () => import('../character/data_figures.js')).then((m) => {
        data = m.dataFigures({ view: replayView, map: boneMap, heading: headingPlot, strands, hists });
        if (running) data.start();
        if (!params) return;
        data.simulation(params);
        return data.load(params);
      }),
    ]);
    /** What waits for the controls to rest (ui.later): a minute of simulation; the data read anew. */
    const simulationLater = () => data?.simulation(params);
    const windowsLater = () => data?.load(params);
    const DATA_KEYS = ['take', 'positionWindow', 'directionWindow'];
    const FOOT_KEYS = ['slide', 'unlockRadius', 'footHalflife'];

    return {
      draw(p, changed) {
        params = p;
        const has = (...k) => !changed || k.some((key) => changed.has(key));
        const others = [...FOOT_KEYS, ...DATA_KEYS];
        if (!changed || Object.keys(p).some((key) => changed.has(key) && !others.includes(key)))
          drawReplay(p);
        if (has(...FOOT_KEYS)) footLocking?.draw(p);
        // A minute of simulation, and the animation data read anew: once the sliders rest.
        if (has('simHalflife', 'forwardSpeed', 'sideSpeed', 'backSpeed')) ui.later(simulationLater);
        if (has('positionWindow', 'directionWindow')) ui.later(windowsLater);
        if (has('take')) data?.take(p);
        summary(
          `Live top-down view, camera azimuth ${p.camera}°: the simulation object moves ` +
            `at up to ${p.forwardSpeed} m/s forward with halflife ${p.simHalflife} s, ` +
            `${p.strafe ? 'strafing (facing the camera’s direction)' : 'facing where it goes'}` +
            `${p.obstacles ? `, among ${CIRCLES.length} pillars and ${BOXES.length} walls and blocks` : ''}; ` +
            `its predicted trajectory (${PREDICTIONS.find(([m]) => m === p.predict)?.[1]}) covers the next ${p.horizon} s.`,
        );
        if (!running) drawView();
      },
      loaded: ui.embed ? null : belowLoaded,
      show() {
        if (running) return;
        running = true;
        data?.start();
        last = performance.now();
        requestAnimationFrame(tick);
      },
      hide() {
        running = false;
        data?.stop();
      },
      inspect() {
        return {
          frames,
          sim: { ...world.simPosition },
          character: { ...world.charPosition },
          stick: { ...world.stick },
          autopilot: clock - lastInput > 2,
          velocity: { ...world.simVelocity },
          facing: facing(world.simRotation),
          characterFacing: facing(world.charRotation),
          predicted: Array.from({ length: PREDICT }, (_, i) => [
            predictor.positions[3 * i],
            predictor.positions[3 * i + 2],
          ]),
          radius: RADIUS,
          obstacles: params.obstacles ? { circles: CIRCLES, boxes: BOXES } : null,
          data: data ? data.inspect() : null,
        };
      },
    };
  },
};
