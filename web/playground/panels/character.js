// Panel 8 — Trajectory prediction and character control: a top-down view driven by
// keyboard, mouse and gamepad. The simulation object moves on critical springs, its
// exact predicted trajectory drawn ahead of it; the character entity moves in its own
// (laggier, "animation") style and is kept near the simulation by synchronization,
// adjustment (optionally limited by its velocity) and clamping. Below: a replay of a
// scripted run with the same settings, and foot locking with contact_update.
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';

const DEG = Math.PI / 180;
const PREDICT = 20;
const PIXELS_PER_METRE = 46;
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

const v3 = () => ({ x: 0, y: 0, z: 0 });
const q4 = () => ({ x: 0, y: 0, z: 0, w: 1 });

/** Stick of the autopilot at time t (looping), written into `stick`. */
export function scripted(t, stick) {
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

/** The simulation object and the character entity, stepped by one function for the live view and the replay. */
export function makeWorld(sprung) {
  const w = {
    stick: v3(),
    desiredVelocity: v3(),
    desiredRotation: q4(),
    simPosition: v3(),
    simVelocity: v3(),
    simAcceleration: v3(),
    simRotation: q4(),
    simAngularVelocity: v3(),
    charPosition: v3(),
    charVelocity: v3(),
    charAcceleration: v3(),
    charRotation: q4(),
    charAngularVelocity: v3(),
    animVelocity: v3(),
    animAcceleration: v3(),
    reset() {
      for (const k of [
        'simPosition',
        'simVelocity',
        'simAcceleration',
        'simAngularVelocity',
        'charPosition',
        'charVelocity',
        'charAcceleration',
        'charAngularVelocity',
        'animVelocity',
        'animAcceleration',
        'desiredVelocity',
      ])
        Object.assign(w[k], v3());
      for (const k of ['simRotation', 'charRotation', 'desiredRotation']) Object.assign(w[k], q4());
    },
    /** One frame: stick → desired velocity and rotation → simulation springs → character entity. */
    step(p, dt) {
      sprung.desiredVelocityUpdate(
        w.stick,
        0,
        w.simRotation,
        p.forwardSpeed,
        p.sideSpeed,
        p.backSpeed,
        w.desiredVelocity,
      );
      sprung.desiredRotationUpdate(w.desiredRotation, w.desiredVelocity, 0.2);
      sprung.simulationPositionUpdate(
        w.simPosition,
        w.simVelocity,
        w.simAcceleration,
        w.desiredVelocity,
        p.simHalflife,
        dt,
      );
      sprung.simulationRotationUpdate(
        w.simRotation,
        w.simAngularVelocity,
        w.desiredRotation,
        p.simHalflife,
        dt,
      );
      // The character entity moves as its "animation" does: the same intent, followed more slowly.
      const before = { x: w.charPosition.x, z: w.charPosition.z };
      const anim = w.animVelocity;
      const offset = v3();
      sprung.simulationPositionUpdate(
        offset,
        anim,
        w.animAcceleration,
        w.desiredVelocity,
        p.animHalflife,
        dt,
      );
      w.charPosition.x += offset.x;
      w.charPosition.z += offset.z;
      sprung.simulationRotationUpdate(
        w.charRotation,
        w.charAngularVelocity,
        w.desiredRotation,
        p.animHalflife,
        dt,
      );
      w.charVelocity.x = anim.x;
      w.charVelocity.z = anim.z;
      if (p.mode === 'sync') {
        Object.assign(w.charPosition, w.simPosition);
        Object.assign(w.charRotation, w.simRotation);
      } else if (p.mode === 'adjust') {
        sprung.adjustCharacterPosition(w.charPosition, w.simPosition, p.adjustHalflife, dt, w.charPosition);
        sprung.adjustCharacterRotation(
          w.charRotation,
          w.simRotation,
          p.adjustHalflife * 2,
          dt,
          w.charRotation,
        );
      } else if (p.mode === 'velocity') {
        sprung.adjustCharacterPositionByVelocity(
          w.charPosition,
          w.charVelocity,
          w.simPosition,
          p.ratio,
          p.adjustHalflife,
          dt,
          w.charPosition,
        );
        sprung.adjustCharacterRotationByVelocity(
          w.charRotation,
          w.charAngularVelocity,
          w.simRotation,
          p.ratio,
          p.adjustHalflife * 2,
          dt,
          w.charRotation,
        );
      }
      if (p.clamp && p.mode !== 'sync') {
        sprung.clampCharacterPosition(w.charPosition, w.simPosition, p.maxDistance, w.charPosition);
        sprung.clampCharacterRotation(w.charRotation, w.simRotation, p.maxAngle * DEG, w.charRotation);
      }
      return Math.hypot(w.charPosition.x - before.x, w.charPosition.z - before.z);
    },
  };
  return w;
}

export default {
  name: 'character',
  title: '8 · Character control',
  blurb:
    'Drive the simulation object (blue) from the keyboard (click the view, then WASD or the arrow keys), by ' +
    'dragging with the mouse, or with a gamepad; left alone, an autopilot drives. Its velocity and rotation are ' +
    'critical springs, so its future trajectory is predicted exactly (blue dots). The character entity (red) moves ' +
    'as its animation would, more slowly, and is kept near the simulation by synchronization, adjustment (optionally ' +
    'limited by its own velocity, which hides foot sliding) and clamping (dashed circle). Below: the same settings ' +
    'on a scripted run, and foot locking with <code>contact_update</code>.',
  needs: [
    'desiredVelocityUpdate',
    'desiredRotationUpdate',
    'simulationPositionUpdate',
    'simulationRotationUpdate',
    'TrajectoryPredictor',
    'adjustCharacterPosition',
    'adjustCharacterRotation',
    'adjustCharacterPositionByVelocity',
    'adjustCharacterRotationByVelocity',
    'clampCharacterPosition',
    'clampCharacterRotation',
    'ContactState',
    'contactReset',
    'contactUpdate',
  ],
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
    horizon: { label: 'prediction horizon', min: 0.2, max: 3, step: 0.1, value: 1.2, unit: 's' },
    mode: {
      group: 'Character entity',
      label: 'keep in sync by',
      options: [
        ['none', 'nothing (drifts)'],
        ['sync', 'synchronization'],
        ['adjust', 'adjustment'],
        ['velocity', 'adjustment by velocity'],
      ],
      value: 'velocity',
    },
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
    clamp: { label: 'clamp to the simulation', check: true, value: true, show: (p) => p.mode !== 'sync' },
    maxDistance: {
      label: 'max distance',
      min: 0.05,
      max: 2,
      step: 0.05,
      value: 0.5,
      unit: 'm',
      show: (p) => p.clamp && p.mode !== 'sync',
    },
    maxAngle: {
      label: 'max angle',
      min: 5,
      max: 180,
      step: 5,
      value: 45,
      unit: '°',
      show: (p) => p.clamp && p.mode !== 'sync',
    },
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
  mount(ui, sprung) {
    const { canvas, box } = ui.canvas(
      'top-down view: simulation object (blue), predicted trajectory, character entity (red)',
      'live',
    );
    canvas.tabIndex = 0;
    canvas.setAttribute(
      'aria-label',
      'Top-down view. Focus it and use WASD or the arrow keys, drag with the mouse, or use a gamepad.',
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
        ],
        x: { title: 'x (m)' },
        y: { title: 'z (m)' },
        xy: true,
        cls: 'square',
      },
    );
    const foot = ui.plot('foot locking: a foot’s x over time', {
      series: [
        { label: 'animation foot', color: COLORS.goal, width: 1.5 },
        { label: 'locked foot (contact_update)', color: COLORS.exact, width: 2 },
        {
          label: 'in contact',
          color: COLORS.other,
          width: 0,
          fill: 'origin',
          fillColor: '#18803822',
          stepped: true,
        },
      ],
      x: { title: 't (s)', min: 0, max: 3 },
      y: { title: 'x (m)' },
    });
    const world = makeWorld(sprung);
    const shadow = makeWorld(sprung);
    const predictor = new sprung.TrajectoryPredictor(PREDICT);
    const contact = new sprung.ContactState();
    const footInput = v3();
    const zero = v3();
    const readDrift = ui.readout('character − simulation');
    const readSpeed = ui.readout('simulation speed');
    const trail = [];
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
      canvas.focus();
    });
    canvas.addEventListener('pointermove', (e) => {
      if (pointer) pointer = e;
    });
    canvas.addEventListener('pointerup', () => {
      pointer = null;
    });

    /** Reads keyboard, mouse and gamepad into world.stick; returns the input's name, or null if idle. */
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
        return 'mouse';
      }
      const pads = navigator.getGamepads ? navigator.getGamepads() : [];
      for (const pad of pads) {
        if (!pad) continue;
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
      const dpr = devicePixelRatio || 1;
      const cw = Math.max(1, Math.round(canvas.clientWidth * dpr));
      const ch = Math.max(1, Math.round(canvas.clientHeight * dpr));
      if (canvas.width !== cw || canvas.height !== ch) {
        canvas.width = cw;
        canvas.height = ch;
      }
      const ctx = canvas.getContext('2d');
      const s = PIXELS_PER_METRE * dpr;
      const cx = world.simPosition.x;
      const cz = world.simPosition.z;
      const X = (x) => cw / 2 + (x - cx) * s;
      const Y = (z) => ch / 2 - (z - cz) * s;
      ctx.fillStyle = '#fbfbfc';
      ctx.fillRect(0, 0, cw, ch);
      ctx.strokeStyle = '#e3e5e8';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let gx = Math.floor(cx - cw / 2 / s); gx <= cx + cw / 2 / s; gx++) {
        ctx.moveTo(X(gx), 0);
        ctx.lineTo(X(gx), ch);
      }
      for (let gz = Math.floor(cz - ch / 2 / s); gz <= cz + ch / 2 / s; gz++) {
        ctx.moveTo(0, Y(gz));
        ctx.lineTo(cw, Y(gz));
      }
      ctx.stroke();
      // Character trail.
      ctx.strokeStyle = '#d9302566';
      ctx.lineWidth = 2 * dpr;
      ctx.beginPath();
      trail.forEach(([x, z], i) => (i ? ctx.lineTo(X(x), Y(z)) : ctx.moveTo(X(x), Y(z))));
      ctx.stroke();
      // Predicted trajectory of the simulation object, with facing ticks.
      const pos = predictor.positions;
      const rot = predictor.rotations;
      ctx.strokeStyle = COLORS.exact;
      ctx.lineWidth = 1.5 * dpr;
      ctx.beginPath();
      for (let i = 0; i < PREDICT; i++)
        i ? ctx.lineTo(X(pos[3 * i]), Y(pos[3 * i + 2])) : ctx.moveTo(X(pos[0]), Y(pos[2]));
      ctx.stroke();
      for (let i = 1; i < PREDICT; i++) {
        const px = X(pos[3 * i]);
        const pz = Y(pos[3 * i + 2]);
        const [fx, fz] = facing({ x: rot[4 * i], y: rot[4 * i + 1], z: rot[4 * i + 2], w: rot[4 * i + 3] });
        ctx.fillStyle = COLORS.exact;
        ctx.beginPath();
        ctx.arc(px, pz, 2.5 * dpr, 0, 2 * Math.PI);
        ctx.fill();
        ctx.beginPath();
        ctx.moveTo(px, pz);
        ctx.lineTo(px + fx * 8 * dpr, pz - fz * 8 * dpr);
        ctx.stroke();
      }
      // Desired velocity.
      ctx.strokeStyle = COLORS.other;
      ctx.lineWidth = 2 * dpr;
      ctx.beginPath();
      ctx.moveTo(X(cx), Y(cz));
      ctx.lineTo(X(cx + world.desiredVelocity.x * 0.5), Y(cz + world.desiredVelocity.z * 0.5));
      ctx.stroke();
      // Clamp circle.
      if (params.clamp && params.mode !== 'sync') {
        ctx.setLineDash([5 * dpr, 4 * dpr]);
        ctx.strokeStyle = '#d9302599';
        ctx.lineWidth = 1 * dpr;
        ctx.beginPath();
        ctx.arc(X(cx), Y(cz), params.maxDistance * s, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      const body = (x, z, q, color, r) => {
        const [fx, fz] = facing(q);
        ctx.fillStyle = color;
        ctx.strokeStyle = color;
        ctx.lineWidth = 2.5 * dpr;
        ctx.beginPath();
        ctx.arc(X(x), Y(z), r * s, 0, 2 * Math.PI);
        ctx.globalAlpha = 0.25;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(X(x), Y(z));
        ctx.lineTo(X(x + fx * r * 1.8), Y(z + fz * r * 1.8));
        ctx.stroke();
      };
      body(cx, cz, world.simRotation, COLORS.exact, 0.3);
      body(world.charPosition.x, world.charPosition.z, world.charRotation, COLORS.bad, 0.22);
    }

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
      hint.textContent = source
        ? `driven by the ${source}`
        : clock - lastInput > 2
          ? 'autopilot (press a key, drag, or use a gamepad)'
          : 'idle';
      world.step(params, dt);
      predictor.predictPositions(
        world.simPosition,
        world.simVelocity,
        world.simAcceleration,
        world.desiredVelocity,
        params.simHalflife,
        params.horizon / (PREDICT - 1),
      );
      predictor.predictRotations(
        world.simRotation,
        world.simAngularVelocity,
        world.desiredRotation,
        params.simHalflife,
        params.horizon / (PREDICT - 1),
      );
      trail.push([world.charPosition.x, world.charPosition.z]);
      if (trail.length > 150) trail.shift();
      drawView();
      readDrift(
        `${Math.hypot(world.charPosition.x - world.simPosition.x, world.charPosition.z - world.simPosition.z).toFixed(2)} m`,
      );
      readSpeed(`${Math.hypot(world.simVelocity.x, world.simVelocity.z).toFixed(2)} m/s`);
      frames++;
      requestAnimationFrame(tick);
    }

    function drawReplay(p) {
      shadow.reset();
      for (let i = 0; i < 3; i++) replay.reset(i);
      const dt = 1 / 60;
      const positions = new Float32Array(3 * PREDICT);
      for (let k = 0; k <= REPLAY_SECONDS * 60; k++) {
        if (k > 0) {
          scripted((k - 1) * dt, shadow.stick);
          shadow.step(p, dt);
        }
        replay.add(0, shadow.simPosition.x, shadow.simPosition.z);
        replay.add(1, shadow.charPosition.x, shadow.charPosition.z);
        if (k % 60 === 30) {
          predictor.predictPositions(
            shadow.simPosition,
            shadow.simVelocity,
            shadow.simAcceleration,
            shadow.desiredVelocity,
            p.simHalflife,
            p.horizon / (PREDICT - 1),
          );
          positions.set(predictor.positions);
          for (let i = 1; i < PREDICT; i += 2) replay.add(2, positions[3 * i], positions[3 * i + 2]);
        }
      }
      replay.commit();
    }

    function drawFoot(p) {
      // A walking foot: planted half of each 0.8 s step (sliding by `slide` in the animation), swinging otherwise.
      for (let i = 0; i < 3; i++) foot.reset(i);
      const period = 0.8;
      const stride = 1.2;
      const input = (t) => {
        const n = Math.floor(t / period);
        const u = t / period - n;
        const stance = u < 0.5;
        const x = stance
          ? n * stride + p.slide * (u / 0.5 - 0.5)
          : n * stride + p.slide / 2 + (stride - p.slide) * ((u - 0.5) / 0.5);
        footInput.x = x;
        footInput.y = stance ? 0 : 0.15 * Math.sin((Math.PI * (u - 0.5)) / 0.5);
        footInput.z = 0;
        return stance;
      };
      const dt = 1 / 60;
      sprung.contactReset(contact, footInput, zero, input(0));
      for (let k = 0; k <= 180; k++) {
        const t = k * dt;
        const stance = input(t);
        if (k > 0) sprung.contactUpdate(contact, footInput, stance, p.unlockRadius, 0, p.footHalflife, dt);
        foot.add(0, t, footInput.x);
        foot.add(1, t, contact.position.x);
        foot.add(2, t, stance ? 4 : NaN);
      }
      foot.bounds('y', -0.2, 4);
      foot.commit();
    }

    return {
      draw(p, changed) {
        params = p;
        const has = (...k) => !changed || k.some((key) => changed.has(key));
        if (
          has(
            'simHalflife',
            'forwardSpeed',
            'sideSpeed',
            'backSpeed',
            'horizon',
            'mode',
            'animHalflife',
            'adjustHalflife',
            'ratio',
            'clamp',
            'maxDistance',
            'maxAngle',
          )
        )
          drawReplay(p);
        if (has('slide', 'unlockRadius', 'footHalflife')) drawFoot(p);
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
        };
      },
      code(p) {
        const adjust = {
          none: '// (no adjustment: the character drifts)\n',
          sync: 'characterPosition.copy(simulationPosition); characterRotation.copy(simulationRotation);\n',
          adjust: `adjustCharacterPosition(characterPosition, simulationPosition, ${tsn(p.adjustHalflife)}, dt, characterPosition);\n`,
          velocity: `adjustCharacterPositionByVelocity(characterPosition, characterVelocity, simulationPosition, ${tsn(p.ratio)}, ${tsn(p.adjustHalflife)}, dt, characterPosition);\n`,
        }[p.mode];
        const adjustC = {
          none: '/* no adjustment */\n',
          sync: 'character_position = simulation_position;\n',
          adjust: `sp_adjust_character_position(&character_position, &character_position, &simulation_position, ${cf(p.adjustHalflife)}, dt);\n`,
          velocity: `sp_adjust_character_position_by_velocity(&character_position, &character_position, &character_velocity, &simulation_position, ${cf(p.ratio)}, ${cf(p.adjustHalflife)}, dt);\n`,
        }[p.mode];
        const clamp = p.clamp && p.mode !== 'sync';
        return {
          ts:
            `import { init, desiredVelocityUpdate, desiredRotationUpdate, simulationPositionUpdate, simulationRotationUpdate, TrajectoryPredictor, adjustCharacterPosition, adjustCharacterPositionByVelocity, clampCharacterPosition } from 'sprung';\nawait init();\n\n` +
            `const predictor = new TrajectoryPredictor(${PREDICT});\n// every frame: stick {x, y: 0, z} from the gamepad\n` +
            `desiredVelocityUpdate(stick, cameraAzimuth, simulationRotation, ${tsn(p.forwardSpeed)}, ${tsn(p.sideSpeed)}, ${tsn(p.backSpeed)}, desiredVelocity);\n` +
            `desiredRotationUpdate(desiredRotation, desiredVelocity, 0.2);\n` +
            `simulationPositionUpdate(simulationPosition, simulationVelocity, simulationAcceleration, desiredVelocity, ${tsn(p.simHalflife)}, dt);\n` +
            `simulationRotationUpdate(simulationRotation, simulationAngularVelocity, desiredRotation, ${tsn(p.simHalflife)}, dt);\n` +
            `predictor.predictPositions(simulationPosition, simulationVelocity, simulationAcceleration, desiredVelocity, ${tsn(p.simHalflife)}, ${tsn(p.horizon / (PREDICT - 1))});\n\n` +
            `// character entity, after its animation moved it\n${adjust}` +
            (clamp
              ? `clampCharacterPosition(characterPosition, simulationPosition, ${tsn(p.maxDistance)}, characterPosition);\n`
              : '') +
            `\n// foot locking: contact = new ContactState(); every frame\n` +
            `contactUpdate(contact, footPosition, footInContact, ${tsn(p.unlockRadius)}, 0, ${tsn(p.footHalflife)}, dt);\n`,
          c:
            `#include "sprung.h"\n\n/* every frame */\n` +
            `sp_desired_velocity_update(&desired_velocity, &stick, camera_azimuth, &simulation_rotation, ${cf(p.forwardSpeed)}, ${cf(p.sideSpeed)}, ${cf(p.backSpeed)});\n` +
            `sp_simulation_position_update(&simulation_position, &simulation_velocity, &simulation_acceleration, &desired_velocity, ${cf(p.simHalflife)}, dt);\n` +
            `sp_simulation_rotation_update(&simulation_rotation, &simulation_angular_velocity, &desired_rotation, ${cf(p.simHalflife)}, dt);\n` +
            `${adjustC}` +
            (clamp
              ? `sp_clamp_character_position(&character_position, &character_position, &simulation_position, ${cf(p.maxDistance)});\n`
              : '') +
            `sp_contact_update(&contact, &foot_position, foot_in_contact, ${cf(p.unlockRadius)}, 0.0f, ${cf(p.footHalflife)}, dt);\n`,
        };
      },
    };
  },
};
