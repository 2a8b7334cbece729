// Heatmaps drawn through ImageData: a grid of values (row j = one v, column i = one x)
// coloured by a perceptual colour ramp, with the largest v at the top.

/** A 256-entry RGB ramp through viridis-like anchor colours. */
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

export const VIRIDIS = ramp([
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
]);

/**
 * Draws `values` (nx·ny, row-major, row 0 = smallest v) into `canvas`, one pixel per value,
 * scaled to [0, max] (values above clip to the brightest colour; NaN is grey). The canvas is
 * nx × ny pixels; CSS stretches it (image-rendering: pixelated keeps cells sharp).
 */
export function drawHeatmap(canvas, values, nx, ny, max, lut = VIRIDIS) {
  if (canvas.width !== nx || canvas.height !== ny) {
    canvas.width = nx;
    canvas.height = ny;
  }
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(nx, ny);
  const px = image.data;
  const scale = max > 0 ? 255 / max : 0;
  for (let j = 0; j < ny; j++) {
    const row = (ny - 1 - j) * nx; // largest v at the top
    for (let i = 0; i < nx; i++) {
      const value = values[j * nx + i];
      const o = 4 * (row + i);
      if (!(value === value)) {
        px[o] = px[o + 1] = px[o + 2] = 128;
        px[o + 3] = 255;
        continue;
      }
      const k = 3 * Math.max(0, Math.min(255, Math.round(value * scale)));
      px[o] = lut[k];
      px[o + 1] = lut[k + 1];
      px[o + 2] = lut[k + 2];
      px[o + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}

/** The largest finite value of `values` (0 if none). */
export function maxFinite(values) {
  let m = 0;
  for (let k = 0; k < values.length; k++) if (values[k] > m && values[k] < Infinity) m = values[k];
  return m;
}
