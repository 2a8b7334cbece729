// The character panel's mocap playback ("Code vs Data Driven Displacement"): one of CMU's takes
// played back, its bones posed by the library's forward kinematics from the poses parseBvh made,
// and the character entity marked on the ground in red: the simulation bone's position and heading
// (the upper spine's projection and the hips' heading, smoothed), with its trail; in grey the same
// unsmoothed, which the smoothing takes the hips' sway out of. Drawn on a 2-D canvas
// (lib/view3d.js), the camera following the entity.
import { Skeleton, damperExact } from 'sprung';
import { fitCanvas } from '../lib/canvas.js';
import { color, onTheme, palette } from '../lib/theme.js';
import { camera, capsules, drawCapsules, drawGround, drawShadow, rgb, strokePath } from '../lib/view3d.js';
import { RATE } from './scenario.js';

/**
 * The radius (m) of the capsule from a bone's parent joint to its own joint, by the bone's name
 * (CMU's skeleton: the thigh is the capsule that ends at LeftLeg), the first pattern that matches.
 */
const RADII = /** @type {[RegExp, number][]} */ ([
  [/FingerBase/, 0.03],
  [/Fingers|Thumb/, 0.018],
  [/Hand/, 0.038],
  [/ForeArm/, 0.046],
  [/Arm|Shoulder/, 0.045],
  [/UpLeg/, 0.06],
  [/Leg/, 0.07],
  [/Foot/, 0.052],
  [/Toe/, 0.04],
  [/Neck|Head/, 0.05],
  [/Back|Spine/, 0.1],
]);
/** Seconds of the entity's trail drawn behind it. */
const TRAIL = 2;
/** The camera's azimuth (rad, from +Z toward +X), distance (m) and height above the hips. */
const [AZIMUTH, DISTANCE, HEIGHT] = [2.4, 3.9, 0.45];

/**
 * The playback in figure `where` (ui.canvas's); `onTime(t)` hears the playback time (s) every frame.
 * @param {{ fig: HTMLElement, box: HTMLElement, canvas: HTMLCanvasElement, summary: (text: string) => void }} where
 * @param {(t: number | null) => void} onTime
 */
export function playback({ box, canvas, summary }, onTime) {
  /** @type {import('./data.js').Take | null} */
  let take = null;
  /** @type {Skeleton | null} */
  let skeleton = null;
  let bones = 0;
  let frames = 0;
  let frame = 0;
  let acc = 0;
  let last = 0;
  let raf = 0;
  let running = false;
  let visible = false;
  let paused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let drawn = 0;
  /** The capsules: bone index of each end, radius, colour (0 left, 1 right, 2 middle). */
  let links = /** @type {{ from: number, to: number, r: number, side: number }[]} */ ([]);
  let shapes = capsules(0);
  let head = -1;
  let neck = -1;
  let hips = -1;
  /** The camera's target, following the entity through the library's damper (from the frame `at`). */
  const follow = { x: 0, z: 0, ready: false, at: -1 };
  let note = '';
  const trail = new Float64Array(3 * (TRAIL * RATE + 1));

  canvas.tabIndex = 0;
  canvas.setAttribute(
    'aria-label',
    'Motion capture played back, with the character entity (the simulation bone) marked on the ground in red. ' +
      'Space pauses it.',
  );
  const bar = document.createElement('div');
  bar.className = 'stage-bar';
  const play = document.createElement('button');
  play.type = 'button';
  play.addEventListener('click', () => setPaused(!paused));
  const scrubLabel = document.createElement('label');
  scrubLabel.className = 'scrub';
  const scrub = document.createElement('input');
  scrub.type = 'range';
  scrub.min = '0';
  scrub.step = String(1 / RATE);
  scrub.setAttribute('aria-label', 'time in the take');
  const clock = document.createElement('output');
  clock.className = 'stage-status';
  scrubLabel.append(scrub, clock);
  bar.append(play, scrubLabel);
  box.after(bar);
  scrub.addEventListener('input', () => {
    setPaused(true);
    frame = Math.round(Number(scrub.value) * RATE);
    paint();
  });
  canvas.addEventListener('keydown', (e) => {
    if (e.key !== ' ') return;
    e.preventDefault();
    setPaused(!paused);
  });

  function setPaused(on) {
    paused = on;
    play.textContent = on ? 'Play' : 'Pause';
    play.setAttribute('aria-pressed', String(on));
    schedule();
  }
  setPaused(paused);

  /** The root (x, z, heading) of frame f of path `path` into out[o..o+3). */
  const rootOf = (path, f) => [path[3 * f], path[3 * f + 1], path[3 * f + 2]];

  function paint() {
    const fit = fitCanvas(canvas);
    if (!fit) return;
    const { ctx, width, height } = fit;
    if (!take || !skeleton) {
      ctx.fillStyle = palette.ground;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = palette.muted;
      ctx.font = '13px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText(note, width / 2, height / 2, width - 24);
      return;
    }
    const L = 13 * bones;
    skeleton.forwardKinematics(take.poses.subarray(frame * L, (frame + 1) * L));
    const p = skeleton.positions;
    const [x, z, yaw] = rootOf(take.root, frame);
    const [rx, rz, ryaw] = rootOf(take.raw, frame);
    // the camera follows the entity through the library's damper (its halflife 0.4 s), frame by
    // frame; a jump (the scrubber, a new take, the loop) puts it on the entity at once
    const steps = frame - follow.at;
    if (!follow.ready || steps < 0 || steps > 2) Object.assign(follow, { x, z, ready: true });
    else if (steps > 0) {
      follow.x = damperExact(follow.x, x, 0.4, steps / RATE);
      follow.z = damperExact(follow.z, z, 0.4, steps / RATE);
    }
    follow.at = frame;
    const target = [follow.x, p[3 * hips + 1] * 0.9, follow.z];
    const cam = camera({
      eye: [
        target[0] + Math.sin(AZIMUTH) * DISTANCE,
        target[1] + HEIGHT,
        target[2] + Math.cos(AZIMUTH) * DISTANCE,
      ],
      target,
      fov: 36,
      width,
      height,
    });
    const bg = rgb(palette.paper);
    drawGround(ctx, cam, groundStyle(), { cx: follow.x, cz: follow.z, reach: 8, fade: [4, 11] });
    drawShadow(ctx, cam, p[3 * hips], p[3 * hips + 2], 0.35, 0.16);
    // the entity's trail, the raw projection and the entity on the ground
    const from = Math.max(0, frame - TRAIL * RATE);
    let n = 0;
    for (let f = from; f <= frame; f++) {
      trail[3 * n] = take.root[3 * f];
      trail[3 * n + 1] = 0.002;
      trail[3 * n + 2] = take.root[3 * f + 1];
      n++;
    }
    ctx.lineWidth = 2;
    ctx.strokeStyle = color('bad', 0.5);
    strokePath(ctx, cam, trail.subarray(0, 3 * n));
    mark(ctx, cam, rx, rz, ryaw, color('muted'), 0.06, 0.3);
    mark(ctx, cam, x, z, yaw, color('bad'), 0.1, 0.55);
    // the body
    shapes.count = 0;
    for (const { from: a, to: b, r, side } of links) {
      const k = shapes.count++;
      shapes.ends.set([p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2]], 6 * k);
      shapes.radius[k] = r;
      shapes.color[k] = side;
    }
    if (head >= 0 && neck >= 0) {
      // the head: a ball above the head joint, along the neck
      const k = shapes.count++;
      const d = [0, 1, 2].map((c) => p[3 * head + c] - p[3 * neck + c]);
      const len = Math.hypot(d[0], d[1], d[2]) || 1;
      const top = d.map((v, c) => p[3 * head + c] + (v / len) * 0.14);
      const mid = d.map((v, c) => p[3 * head + c] + (v / len) * 0.08);
      shapes.ends.set([...mid, ...top], 6 * k);
      shapes.radius[k] = 0.085;
      shapes.color[k] = 2;
    }
    const body = rgb(color('goal'));
    const colors = [body.map((c) => c * 1.0), body.map((c) => c * 0.7), body.map((c) => c * 0.85)];
    drawCapsules(ctx, cam, shapes, colors, bg, [6, 14]);
    drawn++;
    const t = frame / RATE;
    const text = `${take.name}: t = ${t.toFixed(2)} s of ${(frames / RATE).toFixed(1)} s`;
    if (clock.value !== text) clock.value = text;
    if (document.activeElement !== scrub) scrub.value = String(t);
    scrub.setAttribute('aria-valuetext', `${t.toFixed(2)} seconds`);
    onTime(t);
  }

  /** A disc of radius `r` on the ground at (x, z) with a pointer `length` long along heading `yaw`. */
  function mark(ctx, cam, x, z, yaw, fill, r, length) {
    const pt = new Float64Array(3);
    const ring = [];
    for (let k = 0; k <= 20; k++) {
      const a = (k / 20) * 2 * Math.PI;
      if (!cam.project(x + r * Math.cos(a), 0.003, z + r * Math.sin(a), pt)) return;
      ring.push(pt[0], pt[1]);
    }
    ctx.fillStyle = fill;
    ctx.beginPath();
    for (let k = 0; k < ring.length; k += 2) ctx.lineTo(ring[k], ring[k + 1]);
    ctx.fill();
    ctx.strokeStyle = fill;
    ctx.lineWidth = 2.5;
    strokePath(ctx, cam, [x, 0.003, z, x + Math.sin(yaw) * length, 0.003, z + Math.cos(yaw) * length]);
  }

  /** The ground's colours for the theme: lines a little darker (or lighter) than the ground. */
  function groundStyle() {
    const mix = (k) => {
      const [g, i] = [rgb(palette.ground), rgb(palette.ink)];
      return `#${g
        .map((c, n) =>
          Math.round(c + (i[n] - c) * k)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    };
    return { ground: palette.ground, line: mix(0.1), major: mix(0.22), background: palette.paper };
  }

  function loop(now) {
    raf = 0;
    if (!running || !visible || paused || !take) return;
    acc += Math.min(0.1, Math.max(0, (now - last) / 1000));
    last = now;
    while (acc >= 1 / RATE - 1e-6) {
      acc -= 1 / RATE;
      frame = (frame + 1) % frames;
    }
    paint();
    raf = requestAnimationFrame(loop);
  }
  function schedule() {
    if (raf || !running || !visible || paused) return;
    last = performance.now();
    raf = requestAnimationFrame(loop);
  }

  new IntersectionObserver((entries) => {
    visible = entries[entries.length - 1].isIntersecting;
    schedule();
  }).observe(canvas);
  new ResizeObserver(() => paint()).observe(box);
  onTheme(paint);

  return {
    /**
     * Plays take `next` (from its start when it is another take), or shows `message` when there is none.
     * @param {import('./data.js').Take | null} next
     * @param {string} [message]
     */
    show(next, message) {
      if (!next) {
        take = null;
        note = message || note;
        summary(note);
        onTime(null);
        paint();
        return;
      }
      const same = take && take.name === next.name;
      take = next;
      bones = next.names.length;
      frames = next.poses.length / (13 * bones);
      if (!same) {
        frame = 0;
        follow.ready = false;
      }
      frame = Math.min(frame, frames - 1);
      if (!skeleton || skeleton.bones !== bones) {
        skeleton?.dispose();
        skeleton = new Skeleton(next.parents);
      }
      const name = (b) => next.names[b];
      links = [];
      for (let b = 2; b < bones; b++) {
        const parent = next.parents[b];
        const r = RADII.find(([pattern]) => pattern.test(name(b)))?.[1] ?? 0.04;
        // a bone with no length (CMU's hip joints) is no capsule
        links.push({
          from: parent,
          to: b,
          r,
          side: /^(L|Left)/.test(name(b)) ? 0 : /^(R|Right)/.test(name(b)) ? 1 : 2,
        });
      }
      shapes = capsules(links.length + 1);
      head = next.names.indexOf('Head');
      neck = next.names.indexOf('Neck1');
      hips = next.names.indexOf('Hips');
      scrub.max = String((frames - 1) / RATE);
      summary(
        `CMU’s take ${next.name} (${(frames / RATE).toFixed(1)} s) played back: the library’s forward kinematics poses ` +
          `the ${bones - 1} bones from the clip parseBvh made; the red disc and pointer on the ground are the character entity, ` +
          `the simulation bone (the projection of the upper spine and the hips’ heading, smoothed); the grey ones the same unsmoothed.`,
      );
      paint();
      schedule();
    },
    start() {
      running = true;
      schedule();
    },
    stop() {
      running = false;
    },
    /** State for the tests: the frame shown, its entity and raw root, the hips' world position. */
    inspect() {
      if (!take || !skeleton) return { take: null, note };
      const p = skeleton.positions;
      return {
        take: take.name,
        frame,
        frames,
        drawn,
        paused,
        entity: rootOf(take.root, frame),
        raw: rootOf(take.raw, frame),
        hips: [p[3 * hips], p[3 * hips + 1], p[3 * hips + 2]],
      };
    },
  };
}
