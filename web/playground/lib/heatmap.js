// Heatmaps: a grid of values (row j = one v, column i = one x) coloured by a perceptual ramp,
// the largest v at the top, drawn at the canvas's device resolution (a coarser grid is scaled
// up smoothly), with a colour bar.
import { fitCanvas } from './canvas.js';

/** Viridis-like anchor colours of the ramp, low to high. */
const ANCHORS = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

/** A 256-entry RGB lookup table through the anchors. */
function ramp(anchors) {
  const lut = new Uint8ClampedArray(256 * 3);
  for (let k = 0; k < 256; k++) {
    const u = (k / 255) * (anchors.length - 1);
    const i = Math.min(anchors.length - 2, Math.floor(u));
    const f = u - i;
    for (let c = 0; c < 3; c++) lut[3 * k + c] = anchors[i][c] + (anchors[i + 1][c] - anchors[i][c]) * f;
  }
  return lut;
}
const LUT = ramp(ANCHORS);

/** The ramp as a CSS gradient, for colour bars. */
const RAMP_CSS = `linear-gradient(to right, ${ANCHORS.map(([r, g, b]) => `rgb(${r} ${g} ${b})`).join(', ')})`;

const scratch = document.createElement('canvas');

/**
 * Draws `values` (nx·ny, row-major, row 0 = smallest v) into `canvas`, filling it at device
 * resolution, coloured on [0, max] (values above clip to the brightest colour; NaN is grey).
 * @param {HTMLCanvasElement} canvas
 * @param {ArrayLike<number>} values
 * @param {number} nx
 * @param {number} ny
 * @param {number} max
 */
export function drawHeatmap(canvas, values, nx, ny, max) {
  if (scratch.width !== nx || scratch.height !== ny) {
    scratch.width = nx;
    scratch.height = ny;
  }
  const sctx = scratch.getContext('2d');
  const image = sctx.createImageData(nx, ny);
  const px = image.data;
  const scale = max > 0 ? 255 / max : 0;
  for (let j = 0; j < ny; j++) {
    const row = (ny - 1 - j) * nx; // largest v at the top
    for (let i = 0; i < nx; i++) {
      const value = values[j * nx + i];
      const o = 4 * (row + i);
      px[o + 3] = 255;
      if (!(value === value)) {
        px[o] = px[o + 1] = px[o + 2] = 128;
        continue;
      }
      const k = 3 * Math.max(0, Math.min(255, Math.round(value * scale)));
      px[o] = LUT[k];
      px[o + 1] = LUT[k + 1];
      px[o + 2] = LUT[k + 2];
    }
  }
  sctx.putImageData(image, 0, 0);
  const fit = fitCanvas(canvas);
  if (!fit) return;
  fit.ctx.imageSmoothingEnabled = true; // bilinear: a coarse grid (while dragging) scales up smoothly
  fit.ctx.imageSmoothingQuality = 'low';
  fit.ctx.drawImage(scratch, 0, 0, fit.width, fit.height);
}

/**
 * The largest finite value of `values` (0 if none).
 * @param {ArrayLike<number>} values
 */
export function maxFinite(values) {
  let m = 0;
  for (let k = 0; k < values.length; k++) if (values[k] > m && values[k] < Infinity) m = values[k];
  return m;
}

/**
 * A colour bar under a heatmap: the ramp, with its ends labelled. Returns `set(max, unit)`.
 * @param {HTMLElement} host
 */
export function colorBar(host) {
  const bar = document.createElement('div');
  bar.className = 'colorbar';
  const lo = document.createElement('span');
  const mid = document.createElement('span');
  mid.className = 'ramp';
  mid.style.background = RAMP_CSS;
  const hi = document.createElement('span');
  bar.append(lo, mid, hi);
  host.append(bar);
  return (max, unit) => {
    lo.textContent = `0 ${unit}`;
    hi.textContent = `${max.toPrecision(3)} ${unit}`;
    bar.title = `colour scale: 0 to ${max.toPrecision(3)} ${unit}`;
  };
}
