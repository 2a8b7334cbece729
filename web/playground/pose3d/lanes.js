// The side-by-side view of one switch, as data: its four lanes (one character per blend), how the
// canvas is cut into their viewports, where each lane's camera stands, the body's shades and the
// theme's colours. The three.js view (scene.js) and the still an embed draws before three.js loads
// (still.js) both place their characters and cameras from here, so the still is the live view's
// first frame.
import { COLORS } from '../lib/theme.js';

/** The four lanes, in the order of blends.js makeBlends; colours shared by the bodies and the plots. */
export const LANES = [
  { title: 'no blending (pop)', short: 'no blending', tag: 'pop', color: COLORS.goal },
  { title: 'spring inertializer', short: 'spring', tag: 'spring', color: COLORS.exact },
  { title: 'cubic inertializer', short: 'cubic', tag: 'cubic', color: COLORS.implicit },
  { title: 'dead blending', short: 'dead blending', tag: 'dead', color: COLORS.other },
];
/** Viewports narrower than this (CSS px) label their lane with its tag. */
export const NARROW = 150;
/** The caption of the side-by-side view. */
export const COMPARE_CAPTION = 'one switch, four ways (live 3D view)';

/** Colours of the page's light and dark themes for the 3D views. */
export const PALETTES = {
  light: { background: '#f7f8fa', ground: '#e8eaee', line: '#c4c9d0', major: '#9aa1aa' },
  dark: { background: '#16181b', ground: '#202327', line: '#363b42', major: '#4b535c' },
};

/** Brightness of the body's parts (multiplied with the character's colour). */
export const SHADE = { torso: 0.82, head: 1.0, left: 1.0, right: 0.62 };

/** The lanes' cameras: vertical field of view (degrees); fog from FOG[0] to FOG[1] metres. */
export const FOV = 32;
export const FOG = /** @type {[number, number]} */ ([7, 19]);

/**
 * The viewports [x, y, w, h] (CSS pixels, y from the top) of `n` lanes on a canvas of w × h: a
 * row on wide canvases, two rows on narrow ones.
 * @param {number} w
 * @param {number} h
 * @param {number} n
 */
export function layout(w, h, n) {
  const cols = w >= 1.3 * h ? n : Math.ceil(n / 2);
  const rows = Math.ceil(n / cols);
  const cw = w / cols;
  const ch = h / rows;
  return Array.from({ length: n }, (_, k) => [
    Math.round((k % cols) * cw),
    Math.round(Math.floor(k / cols) * ch),
    Math.round(cw) - 1,
    Math.round(ch) - 1,
  ]);
}

/**
 * Where a lane's camera stands and looks, for a character whose root is at (x, z) facing `yaw`
 * (the camera's heading, following it) with its hips' height `height` − 0.1, in a viewport of
 * aspect `aspect`: beside it, or (`shoulder`) behind it at head height looking ahead over its
 * shoulder, the article's last resort against foot sliding.
 * @param {number} x
 * @param {number} z
 * @param {number} yaw
 * @param {number} height
 * @param {number} aspect
 * @param {boolean} shoulder
 * @returns {{ eye: number[], target: number[] }}
 */
export function laneCamera(x, z, yaw, height, aspect, shoulder) {
  if (shoulder) {
    const a = yaw + Math.PI - 0.08;
    const dist = 2.3 / Math.min(1, aspect * 1.5);
    return {
      eye: [x + Math.sin(a) * dist, height + 1.0, z + Math.cos(a) * dist],
      target: [x + Math.sin(yaw) * 2, height + 0.45, z + Math.cos(yaw) * 2],
    };
  }
  const a = yaw + 1.05;
  const dist = 3.7 / Math.min(1, aspect * 1.5);
  return { eye: [x + Math.sin(a) * dist, height + 0.6, z + Math.cos(a) * dist], target: [x, height, z] };
}
