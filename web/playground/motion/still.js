// The still of the motion panel's first figure, which an embed shows until the reader asks for the
// live panel (lib/still.js): the character on the frame its controller starts on — the dance
// card's first frame, kept in still_pose.js (web/tools/motion_still.mjs writes it from the dance
// card; tests/e2e/embeds.test.mjs checks it) — standing on the simulation object's ring, seen by
// the live view's camera (view.js MotionView.render: behind at its azimuth, moved aside for the
// overlay), drawn on a 2-D canvas with the 3D panel's capsules (lib/view3d.js). No library,
// database, Chart.js or three.js: a few kilobytes. With CMU's takes or the reader's files chosen
// (&database=), whose first frame only the live panel knows, it draws the ground and says so.
import './motion.css';
import { fitCanvas } from '../lib/canvas.js';
import { COLORS, color, palette, theme } from '../lib/theme.js';
import { camera, drawCapsules, drawGround, drawShadow, rgb } from '../lib/view3d.js';
import { bodyCapsules, partColors } from '../pose3d/capsules.js';
import { PALETTES } from '../pose3d/lanes.js';
import { BONE_COUNT, bone, forwardKinematics } from '../pose3d/skeleton.js';
import { FIRST } from './still_pose.js';

// The live view's camera and ground (view.js): field of view (degrees), azimuth (rad from behind),
// height of the eye and of the point looked at (m), distance (m; farther on a narrow view with the
// overlay), fog (m), and how far the overlay moves the character right and down (of the view's size).
const FOV = 40;
const AZIMUTH = 0.45;
const [EYE, LOOK] = [1.8, 0.72];
const [NEAR, FAR] = [3.7, 4.3];
const FOG = /** @type {[number, number]} */ ([9, 26]);
const ASIDE = { narrow: 0.18, wide: 0.14, down: 0.06 };
const HIPS = bone('Hips');

/** The world rotations and positions of the dance card's first frame (the controller starts at the origin, facing +Z). */
function firstFrame() {
  const B = BONE_COUNT;
  const pose = new Float64Array(13 * B);
  pose.set(FIRST.positions, 0);
  pose.set(FIRST.rotations, 6 * B);
  const rot = new Float64Array(4 * B);
  const pos = new Float64Array(3 * B);
  forwardKinematics(pose, B, 0, rot, pos);
  return { rot, pos };
}

/** A ring on the ground around (x, z) from radius r0 to r1 (m), filled with `fill`. */
function groundRing(ctx, cam, x, z, r0, r1, fill) {
  const p = new Float64Array(3);
  ctx.beginPath();
  for (const r of [r1, r0])
    for (let k = 0; k <= 40; k++) {
      const t = (k / 40) * 2 * Math.PI * (r === r1 ? 1 : -1);
      cam.project(x + r * Math.sin(t), 0.01, z + r * Math.cos(t), p);
      if (k) ctx.lineTo(p[0], p[1]);
      else ctx.moveTo(p[0], p[1]);
    }
  ctx.fillStyle = fill;
  ctx.fill('evenodd');
}

/** A line on the ground from (x, z), `length` m toward +Z (the start's heading), `width` px wide. */
function groundPointer(ctx, cam, x, z, length, width, stroke) {
  const a = new Float64Array(3);
  const b = new Float64Array(3);
  cam.project(x, 0.01, z, a);
  cam.project(x, 0.01, z + length, b);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0], b[1]);
  ctx.stroke();
}

export default {
  caption: 'the character, live (3D)',
  cls: 'view3d',
  layout: 'motion',
  /**
   * Draws the still into `canvas` for the URL's parameters `search`.
   * @param {HTMLCanvasElement} canvas
   * @param {URLSearchParams} search
   */
  draw(canvas, search) {
    const fit = fitCanvas(canvas);
    if (!fit) return;
    const { ctx, width: w, height: h } = fit;
    const overlay = search.get('overlay') !== '0';
    const database = search.get('database') ?? 'dance';
    const own = database !== 'cmu' && database !== 'reader';
    const { rot, pos } = firstFrame();
    // the camera behind the root at the live view's azimuth; with the overlay in the top left of
    // a view narrower than 900 px, the character drawn right of it (and lower in a short view)
    const dist = (w <= 480 && overlay ? FAR : NEAR) / Math.min(1, (1.25 * w) / h);
    const eye = [-Math.sin(AZIMUTH) * dist, EYE, -Math.cos(AZIMUTH) * dist];
    const base = camera({ eye, target: [0, LOOK, 0], fov: FOV, width: w, height: h });
    const aside = overlay && w < 900;
    const dx = aside ? (w < 500 ? ASIDE.narrow : ASIDE.wide) * w : 0;
    const dy = aside && h < 300 ? ASIDE.down * h : 0;
    /** @type {import('../lib/view3d.js').Camera} */
    const cam = {
      ...base,
      project(x, y, z, out) {
        const front = base.project(x, y, z, out);
        out[0] += dx;
        out[1] += dy;
        return front;
      },
    };
    const colors3d = PALETTES[theme];
    drawGround(ctx, cam, colors3d, { cx: 0, cz: 0, reach: 12, fade: FOG });
    // the simulation object: its ring and its heading
    const simulation = color(COLORS.implicit);
    groundRing(ctx, cam, 0, 0, 0.22, 0.27, simulation);
    groundPointer(ctx, cam, 0, 0, 0.45, 2, simulation);
    if (own) {
      drawShadow(ctx, cam, pos[3 * HIPS], pos[3 * HIPS + 2], 0.3, 0.3);
      const body = bodyCapsules(rot, pos);
      drawCapsules(ctx, cam, body, partColors(rgb(color(COLORS.exact))), rgb(colors3d.background), FOG);
    } else {
      ctx.fillStyle = palette.muted;
      ctx.font = '13px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(
        database === 'cmu'
          ? 'CMU motion capture: the character comes with the live view'
          : 'your files: drop them on the live view',
        w / 2 + dx / 2,
        h / 2,
        w - 24,
      );
    }
  },
};
