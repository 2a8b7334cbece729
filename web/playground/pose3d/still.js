// The still of the 3D pose panel's first figure, which an embed shows until the reader asks for
// the live panel (lib/still.js): the first frame of the side-by-side view — the four characters at
// the start of the switch the URL asks for, each in its viewport, seen by its lane's camera
// (lanes.js, as scene.js places them) — drawn on a 2-D canvas with capsules for the body's
// capsules (lib/view3d.js). No library, Chart.js or three.js: a few kilobytes.
import './pose3d.css';
import { fitCanvas } from '../lib/canvas.js';
import { color, palette, theme } from '../lib/theme.js';
import { readParams } from '../lib/url-state.js';
import { camera, capsules, drawCapsules, drawGround, drawShadow, rgb } from '../lib/view3d.js';
import { CLIPS, Player, bake } from './clips.js';
import { COMPARE_CAPTION, FOG, FOV, LANES, NARROW, PALETTES, SHADE, laneCamera, layout } from './lanes.js';
import { LEAD, PARAMS } from './params.js';
import { BONE_COUNT, SHAPES, bone, forwardKinematics } from './skeleton.js';

const HIPS = bone('Hips');
const PARTS = /** @type {(keyof typeof SHADE)[]} */ (['torso', 'head', 'left', 'right']);

/** The pose of the switch's first frame (t = −LEAD) for parameters `p`: every lane shows it then. */
function firstPose(p) {
  const pose = new Float32Array(13 * BONE_COUNT);
  return new Player(bake(CLIPS[p.from]), p.at - LEAD).pose(pose);
}

/** The body's capsules in the world for the pose's bones' world rotations `rot` and positions `pos`. */
function bodyCapsules(rot, pos) {
  const c = capsules(SHAPES.length);
  const v = new Float64Array(3);
  SHAPES.forEach(([b, fx, fy, fz, tx, ty, tz, r, part], k) => {
    for (const [end, [x, y, z]] of /** @type {[number, number[]][]} */ ([
      [0, [fx, fy, fz]],
      [1, [tx, ty, tz]],
    ])) {
      rotate(v, rot, 4 * b, x, y, z);
      for (let i = 0; i < 3; i++) c.ends[6 * k + 3 * end + i] = pos[3 * b + i] + v[i];
    }
    c.radius[k] = r;
    c.color[k] = PARTS.indexOf(part);
  });
  c.count = SHAPES.length;
  return c;
}

/** out = quaternion q[i..i+4) rotating (x, y, z). */
function rotate(out, q, i, x, y, z) {
  const [qx, qy, qz, qw] = [q[i], q[i + 1], q[i + 2], q[i + 3]];
  const tx = 2 * (qy * z - qz * y);
  const ty = 2 * (qz * x - qx * z);
  const tz = 2 * (qx * y - qy * x);
  out[0] = x + qw * tx + (qy * tz - qz * ty);
  out[1] = y + qw * ty + (qz * tx - qx * tz);
  out[2] = z + qw * tz + (qx * ty - qy * tx);
}

export default {
  caption: COMPARE_CAPTION,
  cls: 'view3d',
  layout: 'pose3d',
  /**
   * Draws the still into `canvas` for the URL's parameters `search`.
   * @param {HTMLCanvasElement} canvas
   * @param {URLSearchParams} search
   */
  draw(canvas, search) {
    const fit = fitCanvas(canvas);
    if (!fit) return;
    const { ctx, width, height } = fit;
    const p = readParams(PARAMS, search);
    const pose = firstPose(p);
    const rot = new Float64Array(4 * BONE_COUNT);
    const pos = new Float64Array(3 * BONE_COUNT);
    forwardKinematics(pose, BONE_COUNT, 0, rot, pos);
    const body = bodyCapsules(rot, pos);
    const colors3d = PALETTES[theme];
    const heading = 2 * Math.atan2(pose[6 * BONE_COUNT + 1], pose[6 * BONE_COUNT + 3]);
    const hipsHeight = pos[3 * HIPS + 1] - 0.1;
    ctx.fillStyle = colors3d.major;
    ctx.fillRect(0, 0, width, height);
    const views = layout(width, height, LANES.length);
    views.forEach(([x, y, w, h], k) => {
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, w, h);
      ctx.clip();
      ctx.translate(x, y);
      const { eye, target } = laneCamera(pos[0], pos[2], heading, hipsHeight, w / h, p.camera === 'shoulder');
      const cam = camera({ eye, target, fov: FOV, width: w, height: h });
      drawGround(ctx, cam, colors3d, { cx: pos[0], cz: pos[2], reach: 12, fade: FOG });
      drawShadow(ctx, cam, pos[3 * HIPS], pos[3 * HIPS + 2], 0.45, 0.3);
      const lane = rgb(color(LANES[k].color));
      const colors = PARTS.map((part) => lane.map((c) => c * SHADE[part]));
      drawCapsules(ctx, cam, body, colors, rgb(colors3d.background), FOG);
      // the lane's label, at the bottom left of its viewport, as the live view puts it
      const text = w < NARROW ? LANES[k].tag : LANES[k].title;
      ctx.font = '12px system-ui, sans-serif';
      const tw = ctx.measureText(text).width;
      ctx.fillStyle = palette.paper;
      ctx.globalAlpha = 0.82;
      ctx.fillRect(6, h - 26, tw + 27, 20);
      ctx.globalAlpha = 1;
      ctx.fillStyle = color(LANES[k].color);
      ctx.fillRect(13, h - 20, 8, 8);
      ctx.fillStyle = palette.ink;
      ctx.textBaseline = 'middle';
      ctx.fillText(text, 26, h - 16);
      ctx.restore();
    });
  },
};
