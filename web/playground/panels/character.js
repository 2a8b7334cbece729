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
import {
  BOXES,
  CIRCLES,
  DEADZONE,
  FOOT_SECONDS,
  HISTOGRAMS,
  MODES,
  PREDICT,
  RADIUS,
  REPLAY_SECONDS,
  boxCorners,
  clamps,
  facing,
  scripted,
} from '../character/scenario.js';
import { fitCanvas } from '../lib/canvas.js';
import { color, COLORS, onTheme, palette } from '../lib/theme.js';

const DEG = Math.PI / 180;
const PIXELS_PER_METRE = 46;
const TRAIL = 150;
/** CMU's takes (motion/rigs.js CMU_FILES), as the playback and the simulation bone's figures offer them. */
const TAKES = [
  ['01_01', 'CMU 01_01 (subject 1)'],
  ['01_03', 'CMU 01_03 (subject 1)'],
];
/** Why "Copy as code" prints no series of the animation data. */
const DATA_GUIDE =
  'the animation data (the dance card’s generator, CMU’s files read by parseBvh, which C lacks): no program prints it';
const PREDICTIONS = [
  ['desired', 'controller ticked ahead'],
  ['held', 'desired velocity held'],
];
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

export default {
  blurb:
    'Drive the simulation object (blue) with the keyboard (WASD or the arrows, the view focused), a mouse, a finger or ' +
    'a gamepad; left alone, an autopilot drives. Its velocity and rotation are critical springs, so its future is ' +
    '<em>predicted</em> exactly (blue dots). The character entity (red) moves as its animation would and is kept near ' +
    'it by synchronisation, adjustment and clamping (dashed circle); both slide along the walls. <em>Strafe</em> ' +
    'faces the camera’s direction. Below: a scripted run, foot locking (<code>contact_update</code>), and the ' +
    'article’s animation data: motion capture with its simulation bone, and its distributions against the object’s.',
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

    // The code of the figures below the first one (the scripted run; foot locking; the animation
    // data's, with the worker that makes it) loads in chunks of its own when they come near the
    // view: an embed showing the first figure never fetches it. Elsewhere it loads at once, and the
    // playground reports ready (what the tests wait for) once it has drawn.
    /** @type {{ draw: (p: any) => void } | null} */
    let replayed = null;
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
      ui
        .near([replay.figure, turn.figure], () => import('../character/replay.js'))
        .then((m) => {
          const figures = m.replayFigures(replay, turn, { shadow, predict, predictor });
          replayed = figures;
          if (params) figures.draw(params);
        }),
      ui
        .near([foot.figure, side.figure], () => import('../character/foot.js'))
        .then((m) => {
          const figures = m.footLocking(foot, side);
          footLocking = figures;
          if (params) figures.draw(params);
        }),
      ui
        .near(dataFigureList, () => import('../character/data_figures.js'))
        .then((m) => {
          const figures = m.dataFigures({
            view: replayView,
            map: boneMap,
            heading: headingPlot,
            strands,
            hists,
          });
          data = figures;
          if (running) figures.start();
          if (!params) return;
          figures.simulation(params);
          figures.load(params);
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
          replayed?.draw(p);
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
