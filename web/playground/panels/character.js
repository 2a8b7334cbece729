// Panel 8 — Trajectory prediction and character control: a top-down view driven by keyboard,
// mouse, touch and gamepad, seen from a camera that can turn. The simulation object moves on
// critical springs, facing where it goes or, strafing, the camera's direction (the strafe branch
// of desired_rotation_update), and collides with circles and boxes on the ground (the article's
// walls); its future is predicted ahead of it, the controller itself ticked over the horizon
// (predictDesired, sliding along the walls too) or its desired velocity held. The character
// entity moves in its own (slower, "animation") style and is kept near the simulation by
// synchronisation (either way), adjustment (optionally limited by its velocity) and clamping.
// Below: a replay of a scripted run with the same settings, and foot locking with contact_update.
import {
  adjustCharacterPosition,
  adjustCharacterPositionByVelocity,
  adjustCharacterRotation,
  adjustCharacterRotationByVelocity,
  clampCharacterPosition,
  clampCharacterRotation,
  ContactState,
  contactReset,
  contactUpdate,
  desiredRotationUpdate,
  desiredRotationUpdateStrafe,
  desiredVelocityUpdate,
  Obstacles,
  simulationCollideObstacles,
  simulationPositionUpdate,
  simulationRotationUpdate,
  TrajectoryPredictor,
} from 'sprung';
import { fitCanvas } from '../lib/canvas.js';
import { ann, cf, cHead, cRow, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';
import { color, COLORS, onTheme, palette } from '../lib/theme.js';

const DEG = Math.PI / 180;
const PREDICT = 20;
const PIXELS_PER_METRE = 46;
const RATE = 60;
/** The autopilot's stick script, used when nobody touches the controls: [seconds, stick x, stick z]. */
const SCRIPT = [
  [1.3, 0, 1],
  [1.1, 0.9, 0.4],
  [0.7, 0, 0],
  [1.1, -0.7, -0.7],
  [1.2, -1, 0.3],
  [0.6, 0, 0],
  [1.1, 0.2, -1],
];
const SCRIPT_SECONDS = SCRIPT.reduce((s, [d]) => s + d, 0);
const REPLAY_SECONDS = 8;
const FOOT_SECONDS = 3;
const TRAIL = 150;
const MODES = [
  ['none', 'nothing (drifts)'],
  ['sync', 'synchronisation: character to simulation'],
  ['simsync', 'synchronisation: simulation to character'],
  ['adjust', 'adjustment'],
  ['velocity', 'adjustment by velocity'],
];
const PREDICTIONS = [
  ['desired', 'controller ticked ahead'],
  ['held', 'desired velocity held'],
];
/** Stick length below which a stick counts as released (the article's 0.01). */
const DEADZONE = 0.01;
/** Radius of the simulation object and of the character entity where they meet obstacles (m). */
const RADIUS = 0.3;
/**
 * The little world of the article's walls figure: a room 12 m × 9.9 m with pillars and blocks.
 * Circles: x, z, radius; boxes: x, z, width, depth, yaw in degrees (+Z turning toward +X).
 */
const CIRCLES = [
  [-1.5, 4.4, 0.6],
  [3.4, 1.6, 0.9],
];
const BOXES = [
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
const clamps = (p) => p.clamp && p.mode !== 'sync' && p.mode !== 'simsync';

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

/** A walking foot at time t: planted half of each 0.8 s step (sliding by `slide`), swinging otherwise. */
function footAt(t, p, out) {
  const period = 0.8;
  const stride = 1.2;
  const n = Math.floor(t / period);
  const u = t / period - n;
  const stance = u < 0.5;
  out.x = stance
    ? n * stride + p.slide * (u / 0.5 - 0.5)
    : n * stride + p.slide / 2 + (stride - p.slide) * ((u - 0.5) / 0.5);
  out.y = stance ? 0 : 0.15 * Math.sin((Math.PI * (u - 0.5)) / 0.5);
  out.z = 0;
  return stance;
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
          { label: 'obstacles', color: COLORS.muted, width: 1.5 },
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
        { label: 'in contact', color: COLORS.other, width: 0, fill: true, fillAlpha: 0.13, stepped: true },
      ],
      x: { title: 't (s)', min: 0, max: FOOT_SECONDS },
      y: { title: 'x (m)', min: -0.2, max: 4 },
    });
    const turn = ui.plot('scripted run: the character’s facing, degrees from the simulation’s', {
      series: [
        { label: 'character − simulation', color: COLORS.bad, width: 1.5 },
        { label: 'max angle (clamped)', color: COLORS.ink, width: 1, dash: [4, 3] },
      ],
      x: { title: 't (s)', min: 0, max: REPLAY_SECONDS },
      y: { title: 'angle (°)', min: 0 },
    });
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
    const contact = new ContactState();
    const footInput = v3();
    const zero = v3();
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
        `Over the ${REPLAY_SECONDS} s scripted run, kept in sync by ${MODES.find(([m]) => m === p.mode)[1]}, the character ` +
          `stays within ${worst.toFixed(2)} m of the simulation (${(sum / (REPLAY_SECONDS * RATE + 1)).toFixed(2)} m on average)` +
          (p.obstacles
            ? `; both slide along the ${CIRCLES.length} pillars and ${BOXES.length} walls and blocks drawn in grey.`
            : '.'),
      );
    }

    function drawFoot(p) {
      for (let i = 0; i < 3; i++) foot.reset(i);
      contactReset(contact, footInput, zero, footAt(0, p, footInput));
      const points = [];
      for (let k = 0; k <= FOOT_SECONDS * RATE; k++) {
        const t = k / RATE;
        const stance = footAt(t, p, footInput);
        if (k > 0) contactUpdate(contact, footInput, stance, p.unlockRadius, 0, p.footHalflife, 1 / RATE);
        foot.add(0, t, footInput.x);
        foot.add(1, t, contact.position.x);
        foot.add(2, t, stance ? 4 : NaN);
        if (contact.lock && !points.includes(contact.point.x)) points.push(contact.point.x);
      }
      foot.commit();
      foot.summary(
        `While planted, the animation’s foot slides ${p.slide.toFixed(2)} m each step; the foot locks at ` +
          `${points.length ? `x = ${points.map((x) => x.toFixed(2)).join(', ')} m` : 'no point (it unlocks at once)'}.`,
      );
    }

    return {
      draw(p, changed) {
        params = p;
        const has = (...k) => !changed || k.some((key) => changed.has(key));
        const footKeys = ['slide', 'unlockRadius', 'footHalflife'];
        if (!changed || Object.keys(p).some((key) => changed.has(key) && !footKeys.includes(key)))
          drawReplay(p);
        if (has(...footKeys)) drawFoot(p);
        summary(
          `Live top-down view, camera azimuth ${p.camera}°: the simulation object moves at up to ${p.forwardSpeed} m/s forward with halflife ${p.simHalflife} s, ` +
            `${p.strafe ? 'strafing (facing the camera’s direction)' : 'facing where it goes'}` +
            `${p.obstacles ? `, among ${CIRCLES.length} pillars and ${BOXES.length} walls and blocks` : ''}; ` +
            `its predicted trajectory (${PREDICTIONS.find(([m]) => m === p.predict)[1]}) covers the next ${p.horizon} s.`,
        );
        if (!running) drawView();
      },
      show() {
        if (running) return;
        running = true;
        last = performance.now();
        requestAnimationFrame(tick);
      },
      hide() {
        running = false;
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
        };
      },
      code(p) {
        return [controllerProgram(p), footProgram(p)];
      },
    };
  },
};

/** The degrees `deg` in radians as JS text (the very double the panel computes). */
const radJs = (deg) => (deg ? `${jn(deg)} * (Math.PI / 180)` : '0');
/** The degrees `deg` in radians as a C float, computed in double as in JS. */
const radC = (deg) => (deg ? `(float)(${jn(deg)} * (3.14159265358979323846 / 180.0))` : '0.0f');

/** The scripted run of the panel, as a complete program. */
function controllerProgram(p) {
  const mode = MODES.find(([m]) => m === p.mode)[1];
  const desired = p.predict === 'desired';
  const title =
    `A character controller on the scripted stick: simulation object${p.strafe ? ' strafing' : ''}` +
    `${p.obstacles ? ' among obstacles' : ''}, prediction, character entity (${mode}${clamps(p) ? ', clamped' : ''})`;
  const fns = [
    'desiredVelocityUpdate',
    p.strafe ? 'desiredRotationUpdateStrafe' : 'desiredRotationUpdate',
    'simulationPositionUpdate',
    'simulationRotationUpdate',
    'TrajectoryPredictor',
    ...(p.obstacles ? ['Obstacles', 'simulationCollideObstacles'] : []),
    ...(p.mode === 'adjust' ? ['adjustCharacterPosition', 'adjustCharacterRotation'] : []),
    ...(p.mode === 'velocity'
      ? ['adjustCharacterPositionByVelocity', 'adjustCharacterRotationByVelocity']
      : []),
    ...(clamps(p) ? ['clampCharacterPosition', 'clampCharacterRotation'] : []),
  ];
  const syncJs = {
    none: `  // (no correction: the character drifts from the simulation)\n`,
    sync: `  // Synchronisation: the character is put where the simulation is.\n  Object.assign(characterPosition, simulationPosition);\n  Object.assign(characterRotation, simulationRotation);\n`,
    simsync: '',
    adjust:
      `  // Adjustment: pull the character toward the simulation (rotation at half the rate).\n` +
      `  adjustCharacterPosition(characterPosition, simulationPosition, adjustHalflife, dt, characterPosition);\n` +
      `  adjustCharacterRotation(characterRotation, simulationRotation, adjustHalflife * 2, dt, characterRotation);\n`,
    velocity:
      `  // Adjustment limited by the character's own velocity (hides foot sliding).\n` +
      `  adjustCharacterPositionByVelocity(characterPosition, animationVelocity, simulationPosition, maxAdjustmentRatio, adjustHalflife, dt, characterPosition);\n` +
      `  adjustCharacterRotationByVelocity(characterRotation, characterAngularVelocity, simulationRotation, maxAdjustmentRatio, adjustHalflife * 2, dt, characterRotation);\n`,
  }[p.mode];
  const syncC = {
    none: `    /* (no correction: the character drifts from the simulation) */\n`,
    sync: `    character_position = simulation_position; /* synchronisation */\n    character_rotation = simulation_rotation;\n`,
    simsync: '',
    adjust:
      `    sp_adjust_character_position(&character_position, &character_position, &simulation_position, adjust_halflife, dt);\n` +
      `    sp_adjust_character_rotation(&character_rotation, &character_rotation, &simulation_rotation, adjust_halflife * 2, dt);\n`,
    velocity:
      `    sp_adjust_character_position_by_velocity(&character_position, &character_position, &animation_velocity, &simulation_position, max_adjustment_ratio, adjust_halflife, dt);\n` +
      `    sp_adjust_character_rotation_by_velocity(&character_rotation, &character_rotation, &character_angular_velocity, &simulation_rotation, max_adjustment_ratio, adjust_halflife * 2, dt);\n`,
  }[p.mode];
  const adjusting = p.mode === 'adjust' || p.mode === 'velocity';
  const boxesJs = BOXES.map(
    ([x, z, w, d, yaw]) => `  ${jn(x)}, ${jn(z)}, ${jn(w)}, ${jn(d)}, ${radJs(yaw)},\n`,
  ).join('');
  const boxesC = BOXES.map(
    ([x, z, w, d, yaw]) => `    ${cf(x)}, ${cf(z)}, ${cf(w)}, ${cf(d)}, ${radC(yaw)},\n`,
  ).join('');
  const circlesJs = CIRCLES.map((c) => `  ${c.map(jn).join(', ')},\n`).join('');
  const circlesC = CIRCLES.map((c) => `    ${c.map(cf).join(', ')},\n`).join('');
  const js = jsAndTs((ts) => {
    const V = ts ? ': Vec3' : '';
    const Q = ts ? ': Quat' : '';
    return (
      jsHead(title, ts) +
      `import { init, ${fns.join(', ')} } from 'sprung';\n` +
      (ts ? `import type { Quat, Vec3 } from 'sprung';\n` : '') +
      `\nawait init();\n\n` +
      `// Y is up, characters face +Z. Any {x, y, z} / {x, y, z, w} objects work (three.js ones too).\n` +
      `const simHalflife = ${jn(p.simHalflife)}; // s\nconst speeds = [${jn(p.forwardSpeed)}, ${jn(p.sideSpeed)}, ${jn(p.backSpeed)}]; // m/s forward, sideways, backward\n` +
      `const cameraAzimuth = ${radJs(p.camera)}; // the stick is relative to the camera\n` +
      `const deadzone = ${DEADZONE}; // stick length below which a stick counts as released\n` +
      `const horizon = ${jn(p.horizon)}; // s of predicted trajectory\nconst animHalflife = ${jn(p.animHalflife)}; // s\n` +
      (adjusting ? `const adjustHalflife = ${jn(p.adjustHalflife)}; // s\n` : '') +
      (p.mode === 'velocity' ? `const maxAdjustmentRatio = ${jn(p.ratio)};\n` : '') +
      (clamps(p)
        ? `const maxDistance = ${jn(p.maxDistance)}; // m\nconst maxAngle = ${jn(p.maxAngle)} * (Math.PI / 180);\n`
        : '') +
      (p.obstacles
        ? `\n// The world: circles (x, z, radius) and boxes (x, z, width, depth, yaw), in sprung's memory.\n` +
          `const radius = ${RADIUS}; // m, of the simulation object and of the character\n` +
          `const walls = new Obstacles(${CIRCLES.length}, ${BOXES.length});\n` +
          `walls.circles.set([\n${circlesJs}]);\nwalls.boxes.set([\n${boxesJs}]);\n`
        : '') +
      `\n// The stick script: [seconds, stick x, stick z], looping.\nconst SCRIPT = [\n${SCRIPT.map((r) => `  [${r.join(', ')}],\n`).join('')}];\n` +
      `const SCRIPT_SECONDS = SCRIPT.reduce((s, [d]) => s + d, 0);\n` +
      `function stickAt(t${ann(ts, 'number')}, stick${V}) {\n  let u = t % SCRIPT_SECONDS;\n` +
      `  for (const [d, x, z] of SCRIPT) {\n    if (u < d) {\n      stick.x = x;\n      stick.z = z;\n      return;\n    }\n    u -= d;\n  }\n}\n\n` +
      `const vec3 = () => ({ x: 0, y: 0, z: 0 });\nconst quat = () => ({ x: 0, y: 0, z: 0, w: 1 });\n` +
      `const stick = vec3(); // the left stick: x right, z forward, length ≤ 1\n` +
      (p.strafe || desired ? `const rightStick = vec3(); // the right stick (released here)\n` : '') +
      `const desiredVelocity = vec3();\nconst desiredRotation = quat();\n` +
      `// The simulation object: code-driven displacement.\n` +
      `const simulationPosition = vec3();\nconst simulationVelocity = vec3();\nconst simulationAcceleration = vec3();\n` +
      `const simulationRotation = quat();\nconst simulationAngularVelocity = vec3();\n` +
      `// The character entity: it moves as its animation does; a slower spring stands in for the animation.\n` +
      `const characterPosition = vec3();\nconst characterRotation = quat();\nconst characterAngularVelocity = vec3();\n` +
      `const animationVelocity = vec3();\nconst animationAcceleration = vec3();\nconst animationStep = vec3();\n` +
      (p.obstacles ? `const before = vec3();\n` : '') +
      `const predictor = new TrajectoryPredictor(${PREDICT});\n\n` +
      `/** One frame of the controller. */\nfunction frame(dt${ann(ts, 'number')}) {\n` +
      `  desiredVelocityUpdate(stick, cameraAzimuth, simulationRotation, speeds[0], speeds[1], speeds[2], desiredVelocity);\n` +
      (p.strafe
        ? `  // Strafing: face the right stick's direction, or the camera's while it is released.\n` +
          `  desiredRotationUpdateStrafe(rightStick, cameraAzimuth, deadzone, desiredRotation);\n`
        : `  // Face the direction of travel while the stick is pushed.\n` +
          `  if (Math.hypot(stick.x, stick.z) > deadzone) desiredRotationUpdate(desiredRotation, desiredVelocity, 0);\n`) +
      (p.obstacles ? `  Object.assign(before, simulationPosition);\n` : '') +
      `  simulationPositionUpdate(simulationPosition, simulationVelocity, simulationAcceleration, desiredVelocity, simHalflife, dt);\n` +
      (p.obstacles
        ? `  simulationCollideObstacles(before, simulationPosition, walls, radius, simulationPosition); // slides along walls\n`
        : '') +
      `  simulationRotationUpdate(simulationRotation, simulationAngularVelocity, desiredRotation, simHalflife, dt);\n` +
      `  // The animation's displacement this frame, applied to the character.\n` +
      (p.obstacles ? `  Object.assign(before, characterPosition);\n` : '') +
      `  animationStep.x = animationStep.y = animationStep.z = 0;\n` +
      `  simulationPositionUpdate(animationStep, animationVelocity, animationAcceleration, desiredVelocity, animHalflife, dt);\n` +
      `  characterPosition.x += animationStep.x;\n  characterPosition.z += animationStep.z;\n` +
      `  simulationRotationUpdate(characterRotation, characterAngularVelocity, desiredRotation, animHalflife, dt);\n` +
      syncJs +
      (clamps(p)
        ? `  // Clamping: never further than maxDistance and maxAngle from the simulation.\n` +
          `  clampCharacterPosition(characterPosition, simulationPosition, maxDistance, characterPosition);\n` +
          `  clampCharacterRotation(characterRotation, simulationRotation, maxAngle, characterRotation);\n`
        : '') +
      (p.obstacles
        ? `  simulationCollideObstacles(before, characterPosition, walls, radius, characterPosition); // the character too\n`
        : '') +
      (p.mode === 'simsync'
        ? `  // Synchronisation the other way: the simulation is put where the character is.\n  Object.assign(simulationPosition, characterPosition);\n  Object.assign(simulationRotation, characterRotation);\n`
        : '') +
      (desired
        ? `  // The predicted trajectory: the controller ticked ahead with the sticks held, ${PREDICT} samples.\n` +
          `  predictor.predictDesired(stick, rightStick, cameraAzimuth, ${p.strafe}, speeds[0], speeds[1], speeds[2], deadzone, simulationRotation, simulationAngularVelocity, desiredRotation, simHalflife, horizon / ${PREDICT - 1});\n` +
          `  predictor.predictPositionsDesired(simulationPosition, simulationVelocity, simulationAcceleration, simHalflife, ${p.obstacles ? 'walls, radius' : 'undefined, 0'}, horizon / ${PREDICT - 1});\n}\n\n`
        : `  // The predicted trajectory: ${PREDICT} future positions with the desired velocity held, exact, no stepping.\n` +
          `  predictor.predictPositions(simulationPosition, simulationVelocity, simulationAcceleration, desiredVelocity, simHalflife, horizon / ${PREDICT - 1});\n}\n\n`) +
      jsRow(ts) +
      `/** The angle (degrees) between the facing directions (+Z turned) of two yaw rotations: what maxAngle bounds. */\n` +
      `function angleBetween(a${Q}, b${Q})${ann(ts, 'number')} {\n` +
      `  const ax = 2 * (a.x * a.z + a.w * a.y);\n  const az = 1 - 2 * (a.x * a.x + a.y * a.y);\n` +
      `  const bx = 2 * (b.x * b.z + b.w * b.y);\n  const bz = 1 - 2 * (b.x * b.x + b.y * b.y);\n` +
      `  return Math.abs(Math.atan2(ax * bz - az * bx, ax * bx + az * bz)) * (180 / Math.PI);\n}\n\n` +
      `// ${REPLAY_SECONDS} s at ${RATE} Hz. Each frame: t, simulation x, z, character x, z, and how far the character\n` +
      `// faces from the simulation (degrees). Each second, half a second in: the predicted trajectory (every other sample).\n` +
      `// In a game, read the stick and call frame(dt) from your loop (e.g. requestAnimationFrame).\n` +
      `const printFrame = (t${ann(ts, 'number')}) =>\n` +
      `  row(t, simulationPosition.x, simulationPosition.z, characterPosition.x, characterPosition.z, angleBetween(characterRotation, simulationRotation));\n` +
      `printFrame(0);\n` +
      `for (let k = 1; k <= ${REPLAY_SECONDS * RATE}; k++) {\n  stickAt((k - 1) / ${RATE}, stick);\n  frame(1 / ${RATE});\n` +
      `  printFrame(k / ${RATE});\n` +
      `  if (k % ${RATE} === ${RATE / 2}) {\n    const predicted = predictor.positions; // x, y, z of each sample\n` +
      `    for (let i = 1; i < ${PREDICT}; i += 2)\n      console.log('predicted', predicted[3 * i].toFixed(5), predicted[3 * i + 2].toFixed(5));\n  }\n}\n` +
      `predictor.dispose();\n` +
      (p.obstacles ? `walls.dispose();\n` : '')
    );
  });
  const collideC = (what) =>
    `        sp_simulation_collide_obstacles(&${what}, &before, &${what}, circles, ${CIRCLES.length}, boxes, ${BOXES.length}, radius);\n`;
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `/* The stick script: seconds, stick x, stick z; looping. */\n` +
    `static const double script[${SCRIPT.length}][3] = {\n${SCRIPT.map((r) => `    { ${r.join(', ')} },\n`).join('')}};\n\n` +
    (p.obstacles
      ? `/* The world: circles (x, z, radius) and boxes (x, z, width, depth, yaw). */\n` +
        `static const float circles[${3 * CIRCLES.length}] = {\n${circlesC}};\n` +
        `static const float boxes[${5 * BOXES.length}] = {\n${boxesC}};\n\n`
      : '') +
    `static void stick_at(double t, sp_vec3 *stick)\n{\n    double total = 0, u;\n    int i;\n` +
    `    for (i = 0; i < ${SCRIPT.length}; i++) total += script[i][0];\n    u = fmod(t, total);\n` +
    `    for (i = 0; i < ${SCRIPT.length}; i++) {\n        if (u < script[i][0]) {\n` +
    `            stick->x = (float)script[i][1];\n            stick->z = (float)script[i][2];\n            return;\n        }\n` +
    `        u -= script[i][0];\n    }\n}\n\n` +
    `/* The angle (degrees) between the facing directions (+Z turned) of two yaw rotations: what max_angle bounds. */\n` +
    `static double angle_between(const sp_quat *a, const sp_quat *b)\n{\n` +
    `    const double ax = 2.0 * ((double)a->x * a->z + (double)a->w * a->y), az = 1.0 - 2.0 * ((double)a->x * a->x + (double)a->y * a->y);\n` +
    `    const double bx = 2.0 * ((double)b->x * b->z + (double)b->w * b->y), bz = 1.0 - 2.0 * ((double)b->x * b->x + (double)b->y * b->y);\n` +
    `    return fabs(atan2(ax * bz - az * bx, ax * bx + az * bz)) * (180.0 / 3.14159265358979323846);\n}\n\n` +
    `int main(void)\n{\n    const float sim_halflife = ${cf(p.simHalflife)}, anim_halflife = ${cf(p.animHalflife)};\n` +
    `    const float fwrd_speed = ${cf(p.forwardSpeed)}, side_speed = ${cf(p.sideSpeed)}, back_speed = ${cf(p.backSpeed)};\n` +
    `    const float camera_azimuth = ${radC(p.camera)}; /* the stick is relative to the camera */\n` +
    `    const float deadzone = ${cf(DEADZONE)};\n` +
    `    const float horizon = ${cf(p.horizon)};\n` +
    (p.obstacles
      ? `    const float radius = ${cf(RADIUS)}; /* of the simulation object and of the character */\n`
      : '') +
    (adjusting ? `    const float adjust_halflife = ${cf(p.adjustHalflife)};\n` : '') +
    (p.mode === 'velocity' ? `    const float max_adjustment_ratio = ${cf(p.ratio)};\n` : '') +
    (clamps(p)
      ? `    const float max_distance = ${cf(p.maxDistance)}, max_angle = ${cf(p.maxAngle)} * (SP_PI / 180.0f);\n`
      : '') +
    `    const float dt = 1.0f / ${RATE}.0f;\n` +
    `    const sp_vec3 zero = { 0.0f, 0.0f, 0.0f };\n    const sp_quat identity = { 0.0f, 0.0f, 0.0f, 1.0f };\n` +
    `    sp_vec3 stick = zero, desired_velocity = zero;\n    sp_quat desired_rotation = identity;\n` +
    (p.strafe || desired
      ? `    const sp_vec3 right_stick = zero; /* the right stick (released here) */\n`
      : '') +
    `    sp_vec3 simulation_position = zero, simulation_velocity = zero, simulation_acceleration = zero;\n` +
    `    sp_quat simulation_rotation = identity;\n    sp_vec3 simulation_angular_velocity = zero;\n` +
    `    sp_vec3 character_position = zero, character_angular_velocity = zero;\n    sp_quat character_rotation = identity;\n` +
    `    sp_vec3 animation_velocity = zero, animation_acceleration = zero;\n` +
    `    sp_vec3 predicted[${PREDICT}];\n` +
    (desired ? `    sp_vec3 predicted_desired_velocities[${PREDICT}];\n` : '') +
    `    int k, i;\n    double t = 0.0;\n` +
    `    ${cRow(['t', 'simulation_position.x', 'simulation_position.z', 'character_position.x', 'character_position.z', 'angle_between(&character_rotation, &simulation_rotation)'])}\n` +
    `    for (k = 1; k <= ${REPLAY_SECONDS * RATE}; k++) {\n        sp_vec3 step = zero;\n` +
    (p.obstacles ? `        sp_vec3 before = simulation_position;\n` : '') +
    `        stick_at((double)(k - 1) / ${RATE}, &stick);\n` +
    `        sp_desired_velocity_update(&desired_velocity, &stick, camera_azimuth, &simulation_rotation, fwrd_speed, side_speed, back_speed);\n` +
    (p.strafe
      ? `        sp_desired_rotation_update_strafe(&desired_rotation, &right_stick, camera_azimuth, deadzone); /* strafing */\n`
      : `        if (hypotf(stick.x, stick.z) > deadzone) sp_desired_rotation_update(&desired_rotation, &desired_velocity, 0.0f);\n`) +
    `        sp_simulation_position_update(&simulation_position, &simulation_velocity, &simulation_acceleration, &desired_velocity, sim_halflife, dt);\n` +
    (p.obstacles ? collideC('simulation_position') : '') +
    `        sp_simulation_rotation_update(&simulation_rotation, &simulation_angular_velocity, &desired_rotation, sim_halflife, dt);\n` +
    `        /* the character moves as its animation does (a slower spring stands in for it) */\n` +
    (p.obstacles ? `        before = character_position;\n` : '') +
    `        sp_simulation_position_update(&step, &animation_velocity, &animation_acceleration, &desired_velocity, anim_halflife, dt);\n` +
    `        character_position.x += step.x;\n        character_position.z += step.z;\n` +
    `        sp_simulation_rotation_update(&character_rotation, &character_angular_velocity, &desired_rotation, anim_halflife, dt);\n` +
    syncC.replace(/^ {4}/gm, '        ') +
    (clamps(p)
      ? `        sp_clamp_character_position(&character_position, &character_position, &simulation_position, max_distance);\n` +
        `        sp_clamp_character_rotation(&character_rotation, &character_rotation, &simulation_rotation, max_angle);\n`
      : '') +
    (p.obstacles ? collideC('character_position') : '') +
    (p.mode === 'simsync'
      ? `        simulation_position = character_position; /* synchronisation the other way */\n        simulation_rotation = character_rotation;\n`
      : '') +
    (desired
      ? `        /* the predicted trajectory: the controller ticked ahead with the sticks held */\n` +
        `        sp_trajectory_predict_desired(predicted_desired_velocities, NULL, NULL, NULL, NULL, horizon / ${PREDICT - 1}.0f, ${PREDICT}, &stick, &right_stick, camera_azimuth, ${p.strafe ? 1 : 0}, fwrd_speed, side_speed, back_speed, deadzone, &simulation_rotation, &simulation_angular_velocity, &desired_rotation, sim_halflife);\n` +
        `        sp_trajectory_predict_positions_desired(predicted, NULL, NULL, NULL, horizon / ${PREDICT - 1}.0f, ${PREDICT}, &simulation_position, &simulation_velocity, &simulation_acceleration, predicted_desired_velocities, sim_halflife, ${p.obstacles ? `circles, ${CIRCLES.length}, boxes, ${BOXES.length}, radius` : 'NULL, 0, NULL, 0, 0.0f'});\n`
      : `        /* the predicted trajectory: exact, no stepping */\n` +
        `        sp_trajectory_predict_positions(predicted, NULL, NULL, NULL, horizon / ${PREDICT - 1}.0f, ${PREDICT}, &simulation_position, &simulation_velocity, &simulation_acceleration, &desired_velocity, sim_halflife);\n`) +
    `        t = (double)k / ${RATE};\n` +
    `        ${cRow(['t', 'simulation_position.x', 'simulation_position.z', 'character_position.x', 'character_position.z', 'angle_between(&character_rotation, &simulation_rotation)'])}\n` +
    `        if (k % ${RATE} == ${RATE / 2})\n` +
    `            for (i = 1; i < ${PREDICT}; i += 2) printf("predicted %.5f %.5f\\n", predicted[i].x, predicted[i].z);\n` +
    `    }\n    return 0;\n}\n`;
  return {
    id: 'controller',
    title: 'controller and prediction',
    ...js,
    c,
    compare: [
      { plot: 0, series: 0, cols: [1, 2] },
      { plot: 0, series: 1, cols: [3, 4] },
      { plot: 2, series: 0, cols: [0, 5] },
      { plot: 0, series: 2, cols: [0, 1], rows: 'predicted' },
    ],
  };
}

/** Foot locking on the panel's walking foot, as a complete program. */
function footProgram(p) {
  const title = `Foot locking with contactUpdate: a walking foot that slides ${jn(p.slide)} m per step in the animation`;
  const js = jsAndTs((ts) => {
    const N = ann(ts, 'number');
    return (
      jsHead(title, ts) +
      `import { init, ContactState, contactReset, contactUpdate } from 'sprung';\n\nawait init();\n\n` +
      `const slide = ${jn(p.slide)}; // m the animation's foot slides while planted\n` +
      `const unlockRadius = ${jn(p.unlockRadius)}; // m\nconst halflife = ${jn(p.footHalflife)}; // s\nconst rate = ${RATE};\n\n` +
      `/** The animation's foot at time t: planted half of each 0.8 s step, swinging otherwise. Returns whether it is in contact. */\n` +
      `function footAt(t${N}, out${ts ? ': { x: number; y: number; z: number }' : ''})${ann(ts, 'boolean')} {\n` +
      `  const n = Math.floor(t / 0.8);\n  const u = t / 0.8 - n;\n  const stance = u < 0.5;\n` +
      `  out.x = stance ? n * 1.2 + slide * (u / 0.5 - 0.5) : n * 1.2 + slide / 2 + (1.2 - slide) * ((u - 0.5) / 0.5);\n` +
      `  out.y = stance ? 0 : 0.15 * Math.sin((Math.PI * (u - 0.5)) / 0.5);\n  out.z = 0;\n  return stance;\n}\n\n` +
      `const input = { x: 0, y: 0, z: 0 };\nconst contact = new ContactState();\n` +
      `contactReset(contact, input, { x: 0, y: 0, z: 0 }, footAt(0, input));\n\n` +
      jsRow(ts) +
      `for (let k = 0; k <= ${FOOT_SECONDS} * rate; k++) {\n  const t = k / rate;\n  const inContact = footAt(t, input);\n` +
      `  // every frame: contact.position is where to pin the foot (e.g. with IK)\n` +
      `  if (k > 0) contactUpdate(contact, input, inContact, unlockRadius, 0, halflife, 1 / rate);\n` +
      `  row(t, input.x, contact.position.x);\n}\n`
    );
  });
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `static const double slide = ${jn(p.slide)}; /* m the animation's foot slides while planted */\n\n` +
    `/* The animation's foot at time t: planted half of each 0.8 s step, swinging otherwise. Returns whether it is in contact. */\n` +
    `static int foot_at(double t, sp_vec3 *out)\n{\n    const double n = floor(t / 0.8), u = t / 0.8 - n;\n    const int stance = u < 0.5;\n` +
    `    out->x = (float)(stance ? n * 1.2 + slide * (u / 0.5 - 0.5) : n * 1.2 + slide / 2 + (1.2 - slide) * ((u - 0.5) / 0.5));\n` +
    `    out->y = (float)(stance ? 0 : 0.15 * sin((3.14159265358979323846 * (u - 0.5)) / 0.5));\n    out->z = 0.0f;\n    return stance;\n}\n\n` +
    `int main(void)\n{\n    const float unlock_radius = ${cf(p.unlockRadius)}, halflife = ${cf(p.footHalflife)};\n` +
    `    const int rate = ${RATE};\n    const sp_vec3 zero = { 0.0f, 0.0f, 0.0f };\n    sp_vec3 input = zero;\n    sp_contact contact;\n    int k;\n` +
    `    sp_contact_reset(&contact, &input, &zero, foot_at(0, &input));\n` +
    `    for (k = 0; k <= ${FOOT_SECONDS} * rate; k++) {\n        const double t = (double)k / rate;\n        const int in_contact = foot_at(t, &input);\n` +
    `        if (k > 0) sp_contact_update(&contact, &input, in_contact, unlock_radius, 0.0f, halflife, 1.0f / (float)rate);\n` +
    `        ${cRow(['t', 'input.x', 'contact.position.x'])}\n    }\n    return 0;\n}\n`;
  return {
    id: 'foot',
    title: 'foot locking',
    ...js,
    c,
    compare: [
      { plot: 1, series: 0, cols: [0, 1] },
      { plot: 1, series: 1, cols: [0, 2] },
    ],
  };
}
