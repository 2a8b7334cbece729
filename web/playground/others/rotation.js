// The quaternion spring's live figure in the other springs panel: a solid (a slab with a nose
// along its forward axis, +Z; its faces coloured by the axis they face, as the angle plot colours
// x, y and z) turned by the library's quaternion spring toward its goal, drawn as an outline.
// It plays the panel's scenario (the rotation the plots show, looping); drag it, or use the
// arrow keys with the view focused, to turn the goal yourself, and the spring follows live.
// Drawn on a 2-D canvas (lib/view3d.js): no 3D library.
import { fitCanvas } from '../lib/canvas.js';
import { color, onTheme, palette } from '../lib/theme.js';
import { camera, drawGround, drawShadow, drawSolid, rgb, strokePath, tint } from '../lib/view3d.js';

/** The solid's half sizes (m): sideways, up, along; and how far its nose reaches past its front. */
const [W, H, D, NOSE] = [0.55, 0.2, 0.62, 0.4];
/** Height of the solid's centre above the ground (m). */
const LIFT = 1.05;
const VERTICES = [
  ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i & 1 ? W : -W, i & 2 ? H : -H, i & 4 ? D : -D]),
  0,
  0,
  D + NOSE,
];
/** Each face's vertices and the local axis it faces (0 x, 1 y, 2 z). */
const FACES = /** @type {[number[], number][]} */ ([
  [[0, 1, 3, 2], 2],
  [[0, 2, 6, 4], 0],
  [[1, 5, 7, 3], 0],
  [[0, 4, 5, 1], 1],
  [[2, 3, 7, 6], 1],
  [[4, 5, 8], 2],
  [[5, 7, 8], 2],
  [[7, 6, 8], 2],
  [[6, 4, 8], 2],
]).map(([face, axis]) => ({ face: outward(face), axis }));
/** The palette names of the axes, as the angle plot colours them. */
const AXIS_COLORS = ['bad', 'other', 'exact'];
/** Each edge once (vertex pairs), for the goal's outline. */
const EDGES = [
  ...new Set(
    FACES.flatMap(({ face }) =>
      face.map((v, k) => {
        const w = face[(k + 1) % face.length];
        return `${Math.min(v, w)},${Math.max(v, w)}`;
      }),
    ),
  ),
].map((e) => e.split(',').map(Number));

/** `face` in the order that makes its normal point away from the solid's centre. */
function outward(face) {
  const p = (v, k) => VERTICES[3 * v + k];
  const [i, j, l] = face;
  const u = [0, 1, 2].map((k) => p(j, k) - p(i, k));
  const w = [0, 1, 2].map((k) => p(l, k) - p(i, k));
  const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  const c = [0, 1, 2].map((k) => face.reduce((s, v) => s + p(v, k), 0) / face.length);
  // the centroid of the whole solid is near the origin, a little forward
  return n[0] * c[0] + n[1] * c[1] + n[2] * (c[2] - 0.05) >= 0 ? face : [...face].reverse();
}

/** `q` (x, y, z, w) rotating the solid's vertices, lifted to LIFT, into `out`. */
function place(q, out) {
  const { x, y, z, w } = q;
  for (let v = 0; v < VERTICES.length / 3; v++) {
    const vx = VERTICES[3 * v];
    const vy = VERTICES[3 * v + 1];
    const vz = VERTICES[3 * v + 2];
    const tx = 2 * (y * vz - z * vy);
    const ty = 2 * (z * vx - x * vz);
    const tz = 2 * (x * vy - y * vx);
    out[3 * v] = vx + w * tx + (y * tz - z * ty);
    out[3 * v + 1] = vy + w * ty + (z * tx - x * tz) + LIFT;
    out[3 * v + 2] = vz + w * tz + (x * ty - y * tx);
  }
  return out;
}

/** q ← r·q (r = rotation by `angle` rad about the unit axis (ax, ay, az)), normalised. */
function turn(q, ax, ay, az, angle) {
  const s = Math.sin(angle / 2);
  const [rx, ry, rz, rw] = [ax * s, ay * s, az * s, Math.cos(angle / 2)];
  const { x, y, z, w } = q;
  q.x = rw * x + rx * w + ry * z - rz * y;
  q.y = rw * y - rx * z + ry * w + rz * x;
  q.z = rw * z + rx * y - ry * x + rz * w;
  q.w = rw * w - rx * x - ry * y - rz * z;
  const n = Math.hypot(q.x, q.y, q.z, q.w);
  q.x /= n;
  q.y /= n;
  q.z /= n;
  q.w /= n;
}

const RATE = 60;
/** Radians the goal turns per CSS pixel dragged, and per arrow key. */
const DRAG = 0.012;
const KEY = Math.PI / 12;

/**
 * The live view in figure `where` (ui.canvas's). `step(rotation, velocity, goal, dt)` is the
 * panel's quaternion spring (the library's), stepping in place; `script` is the scenario the
 * plots show: `at(t, rotation, goal)` writes the rotation and goal at time t (s), `seconds` its
 * length (it loops).
 * @param {{ fig: HTMLElement, box: HTMLElement, canvas: HTMLCanvasElement, summary: (text: string) => void }} where
 * @param {{ step: (q: any, v: any, goal: any, dt: number) => void }} spring
 */
export function rotationView({ fig, box, canvas, summary }, { step }) {
  /** @type {{ seconds: number, at: (t: number, q: any, goal: any) => void } | null} */
  let script = null;
  const rotation = { x: 0, y: 0, z: 0, w: 1 };
  const goal = { x: 0, y: 0, z: 0, w: 1 };
  const velocity = { x: 0, y: 0, z: 0 };
  let yours = false; // the reader turns the goal
  let t = 0;
  let paused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let running = false;
  let visible = false;
  let raf = 0;
  let last = 0;
  let acc = 0;
  let frames = 0;
  const solid = new Float64Array(VERTICES.length);
  const outline = new Float64Array(VERTICES.length);
  const edgePoints = new Float64Array(6 * EDGES.length);
  /** @type {{ width: number, height: number } | null} */
  let size = null;

  canvas.tabIndex = 0;
  canvas.classList.add('grab');
  canvas.setAttribute(
    'aria-label',
    'The quaternion spring turning a solid toward its goal (outline), live. Drag it, or press the arrow keys ' +
      'with the view focused, to turn the goal yourself; R replays the scenario.',
  );
  const bar = document.createElement('div');
  bar.className = 'stage-bar';
  const button = (text, title, press) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.title = title;
    b.addEventListener('click', press);
    bar.append(b);
    return b;
  };
  const play = button('', '', () => setPaused(!paused));
  button('Replay', 'Replay the scenario from the start (R)', replay);
  const status = document.createElement('output');
  status.className = 'stage-status';
  bar.append(status);
  box.after(bar);

  function setPaused(on) {
    paused = on;
    play.textContent = on ? 'Play' : 'Pause';
    play.setAttribute('aria-pressed', String(on));
    schedule();
  }
  setPaused(paused);

  function replay() {
    yours = false;
    t = 0;
    paint();
    schedule();
  }

  /** One 60 Hz tick: the script's next sample, or the spring stepped toward the reader's goal. */
  function tick() {
    frames++;
    if (yours) step(rotation, velocity, goal, 1 / RATE);
    else if (script) {
      t = (t + 1 / RATE) % script.seconds;
      script.at(t, rotation, goal);
    }
  }

  function paint() {
    const fit = size && fitCanvas(canvas, size);
    if (!fit) return;
    const { ctx, width, height } = fit;
    if (!yours && script) script.at(t, rotation, goal);
    const cam = camera({ eye: [2.5, 2.35, 3.3], target: [0, LIFT - 0.1, 0], fov: 38, width, height });
    drawGround(
      ctx,
      cam,
      { ground: palette.ground, line: lineOf(0.12), major: lineOf(0.3), background: palette.paper },
      { cx: 0, cz: 0, reach: 5, fade: [3, 8] },
    );
    drawShadow(ctx, cam, 0, 0, 0.75, 0.18);
    // the goal: every edge of the solid, dashed
    place(goal, outline);
    EDGES.forEach(([i, j], k) => {
      for (let c = 0; c < 3; c++) {
        edgePoints[6 * k + c] = outline[3 * i + c];
        edgePoints[6 * k + 3 + c] = outline[3 * j + c];
      }
    });
    ctx.save();
    ctx.setLineDash([5, 4]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = color('muted');
    for (let k = 0; k < EDGES.length; k++) strokePath(ctx, cam, edgePoints.subarray(6 * k, 6 * k + 6));
    ctx.restore();
    place(rotation, solid);
    const colors = AXIS_COLORS.map((name) => rgb(color(name)));
    drawSolid(
      ctx,
      cam,
      solid,
      FACES.map((f) => f.face),
      (k, light) => tint(colors[FACES[k].axis], 0.55 + 0.55 * light),
      palette.paper,
    );
    const angle = (2 * Math.acos(Math.min(1, Math.abs(dot(rotation, goal)))) * 180) / Math.PI;
    const text = yours
      ? `your goal: ${angle.toFixed(1)}° to go — Replay for the scenario`
      : `t = ${t.toFixed(2)} s: ${angle.toFixed(1)}° from the goal`;
    if (status.value !== text) status.value = text;
  }
  /** A grid line's colour as #rrggbb (the palette's grid is translucent): `k` of the way from paper to ink. */
  function lineOf(k) {
    const [p, i] = [rgb(palette.paper), rgb(palette.ink)];
    return `#${p
      .map((c, n) =>
        Math.round(c + (i[n] - c) * k)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }

  function loop(now) {
    raf = 0;
    if (!running || !visible || paused) return;
    acc += Math.min(0.1, Math.max(0, (now - last) / 1000));
    last = now;
    while (acc >= 1 / RATE - 1e-6) {
      acc -= 1 / RATE;
      tick();
    }
    paint();
    raf = requestAnimationFrame(loop);
  }
  function schedule() {
    if (raf || !running || !visible || paused) return;
    last = performance.now();
    raf = requestAnimationFrame(loop);
  }

  /** The reader turns the goal by `angle` about the world axis (x, y, z). */
  function turnGoal(x, y, z, angle) {
    if (!yours) {
      yours = true;
      velocity.x = velocity.y = velocity.z = 0;
    }
    turn(goal, x, y, z, angle);
    paint();
    schedule();
  }
  let drag = null;
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    drag = { x: e.clientX, y: e.clientY };
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    drag = { x: e.clientX, y: e.clientY };
    // across the screen: about the vertical; up and down: about the camera's right (−0.8, 0, 0.6)
    if (dx) turnGoal(0, 1, 0, dx * DRAG);
    if (dy) turnGoal(0.8, 0, -0.6, dy * DRAG);
  });
  const end = () => (drag = null);
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('keydown', (e) => {
    const k = {
      ArrowLeft: [0, 1, 0, -KEY],
      ArrowRight: [0, 1, 0, KEY],
      ArrowUp: [0.8, 0, -0.6, -KEY],
      ArrowDown: [0.8, 0, -0.6, KEY],
    }[e.key];
    if (k) {
      e.preventDefault();
      turnGoal(k[0], k[1], k[2], k[3]);
    } else if (e.key === 'r' || e.key === 'R') replay();
  });

  new IntersectionObserver((entries) => {
    visible = entries[entries.length - 1].isIntersecting;
    schedule();
  }).observe(canvas);
  new ResizeObserver((entries) => {
    const { width, height } = entries[entries.length - 1].contentRect;
    size = { width, height };
    paint();
  }).observe(box);
  onTheme(paint);

  return {
    /**
     * The scenario to play: `at(t, rotation, goal)` and its length in seconds (the plots' run).
     * @param {{ seconds: number, at: (t: number, q: any, goal: any) => void }} next
     * @param {string} text  the figure's summary
     */
    play(next, text) {
      script = next;
      summary(text);
      if (!yours) paint();
    },
    start() {
      running = true;
      schedule();
    },
    stop() {
      running = false;
    },
    /** State for the tests. */
    inspect() {
      return {
        frames,
        t,
        yours,
        paused,
        rotation: { ...rotation },
        goal: { ...goal },
        hidden: fig.hidden,
      };
    },
  };
}

/** The dot product of two quaternions. */
function dot(a, b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
