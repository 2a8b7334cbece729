// Heatmaps as Chart.js charts: a grid of values (row j = one y, column i = one x) coloured by a
// perceptual ramp, drawn by a plugin as an image inside the chart's own axes (ticks, titles, the
// zero lines), with the colour scale as a third Chart.js axis beside it (its ticks and title, the
// ramp drawn along it). The image is computed at any resolution (a coarse grid while a slider
// moves, one cell per device pixel when still) and scaled smoothly into the plot area. A point
// can be marked on it, and a pointer moving over it (a mouse hovering, a finger or pen pressed)
// reports the data point under it, through Chart.js's events; the value under the pointer (or
// the keyboard's crosshair) is read out (lib/readout.js).
import { Chart } from 'chart.js';
import { POINTER_EVENTS, axisOptions, enqueue, paintAxes, readable, zeroLines } from './chart.js';
import { onTheme } from './theme.js';

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
/** Width of the ramp drawn along the colour axis (CSS px). */
const RAMP = 10;

/**
 * @typedef {object} HeatmapState   what the plugin draws, kept on the chart as `$heatmap`
 * @property {HTMLCanvasElement} image  the values as pixels, one per cell
 * @property {{ x: number, y: number } | null} mark
 */

const state = (chart) => /** @type {HeatmapState | undefined} */ (/** @type {any} */ (chart).$heatmap);

/** Draws the image under the grid lines, the mark over everything, the ramp along the colour axis. */
const heatmapPlugin = {
  id: 'sprungHeatmap',
  beforeDraw(chart) {
    const s = state(chart);
    if (!s || !s.image.width) return;
    const { ctx, chartArea: a } = chart;
    ctx.save();
    ctx.imageSmoothingEnabled = true; // bilinear: a coarse grid (while dragging) scales up smoothly
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(s.image, a.left, a.top, a.width, a.height);
    ctx.restore();
  },
  beforeDatasetsDraw(chart) {
    if (state(chart)) zeroLines(chart, '#ffffffb0');
  },
  afterDraw(chart) {
    const s = state(chart);
    if (!s) return;
    const { ctx, chartArea: a, scales } = chart;
    const c = scales.c;
    ctx.save();
    const gradient = ctx.createLinearGradient(0, c.bottom, 0, c.top);
    ANCHORS.forEach(([r, g, b], k) => gradient.addColorStop(k / (ANCHORS.length - 1), `rgb(${r} ${g} ${b})`));
    ctx.fillStyle = gradient;
    ctx.fillRect(c.left + 3, c.top, RAMP, c.bottom - c.top);
    if (s.mark) {
      const px = scales.x.getPixelForValue(s.mark.x);
      const py = scales.y.getPixelForValue(s.mark.y);
      if (px >= a.left && px <= a.right && py >= a.top && py <= a.bottom) {
        ctx.beginPath();
        ctx.arc(px, py, 5.5, 0, 2 * Math.PI);
        ctx.lineWidth = 3;
        ctx.strokeStyle = '#000a';
        ctx.stroke();
        ctx.lineWidth = 2;
        ctx.strokeStyle = '#fff';
        ctx.stroke();
      }
    }
    ctx.restore();
  },
  afterEvent(chart, args) {
    const s = /** @type {any} */ (chart).$pick;
    const e = args.event;
    const native = /** @type {PointerEvent | null} */ (e.native);
    if (!s || !native || e.x === null || e.y === null) return;
    if (e.type === 'mousedown') chart.canvas.setPointerCapture(native.pointerId);
    else if (e.type !== 'mousemove' || (native.pointerType !== 'mouse' && !native.buttons)) return;
    s(chart.scales.x.getValueForPixel(e.x), chart.scales.y.getValueForPixel(e.y));
  },
};
Chart.register(heatmapPlugin);

/**
 * A heatmap chart in `canvas` (inside `box`, which sets its size), with axes `x` and `y` (titles;
 * the ranges come with each image) and the colour scale's title. `pick(x, y)`, if given, is
 * called with the data point under a hovering mouse or a pressed finger or pen.
 * @param {{ canvas: HTMLCanvasElement, box: HTMLElement }} where
 * @param {{ x: { title: string }, y: { title: string }, scale: string, pick?: (x: number, y: number) => void }} options
 */
export function heatmapChart({ canvas, box }, options) {
  const image = document.createElement('canvas');
  image.width = 0;
  const colorAxis = axisOptions({ title: options.scale, min: 0, max: 1 }, 'y');
  Object.assign(colorAxis, { position: 'right', grid: { display: false, drawTicks: false } });
  colorAxis.ticks.padding = RAMP + 6;
  const x = axisOptions({ title: options.x.title }, 'x');
  const y = axisOptions({ title: options.y.title }, 'y');
  const chart = new Chart(canvas, {
    type: 'line',
    data: { datasets: [] },
    options: {
      events: options.pick ? POINTER_EVENTS : [],
      layout: { padding: { top: 6, right: 2 } },
      scales: { x, y, c: colorAxis },
      plugins: { legend: { display: false } },
    },
  });
  /** @type {HeatmapState} */
  const s = { image, mark: null };
  const update = () => {
    chart.update('none');
    for (const fn of redrawn) fn();
  };
  const redraw = () => {
    chart.draw();
    for (const fn of redrawn) fn();
  };
  /** @type {any} */ (chart).$heatmap = s;
  /** @type {any} */ (chart).$pick = options.pick || null;
  /** The values last drawn (a copy: the panel may reuse its array), for the reading by pointing. */
  let grid = { values: new Float32Array(0), nx: 0, ny: 0, range: [0, 1, 0, 1] };
  /** @type {(() => void)[]} */
  const redrawn = [];
  /** Column and row of the cell at data point (x, y), or null outside the grid. */
  const cellAt = (x, y) => {
    const [x0, x1, y0, y1] = grid.range;
    const i = Math.floor(((x - x0) / (x1 - x0)) * grid.nx);
    const j = Math.floor(((y - y0) / (y1 - y0)) * grid.ny);
    return i >= 0 && i < grid.nx && j >= 0 && j < grid.ny ? [i, j] : null;
  };
  readable(canvas, box, {
    kind: 'map',
    chart,
    value(x, y) {
      const c = cellAt(x, y);
      return c ? grid.values[c[1] * grid.nx + c[0]] : null;
    },
    cell(x, y) {
      const c = cellAt(x, y);
      if (!c) return null;
      const [x0, x1, y0, y1] = grid.range;
      return [x0 + ((c[0] + 0.5) * (x1 - x0)) / grid.nx, y0 + ((c[1] + 0.5) * (y1 - y0)) / grid.ny];
    },
    step: () => ({
      x: (grid.range[1] - grid.range[0]) / Math.max(1, grid.nx),
      y: (grid.range[3] - grid.range[2]) / Math.max(1, grid.ny),
    }),
    x: options.x.title,
    y: options.y.title,
    scale: options.scale,
    busy: () => false,
    mark: () => s.mark,
    listen: (fn) => redrawn.push(fn),
  });
  if (options.pick) canvas.classList.add('pick');
  // light lines over the image, whatever the theme
  paintAxes(chart, '#ffffff26');
  onTheme(() => {
    paintAxes(chart, '#ffffff26');
    chart.update('none');
  });

  return {
    /**
     * Draws `values` (nx·ny, row-major, row 0 = smallest y) over x in [x0, x1], y in [y0, y1],
     * coloured on [0, max] (values above clip to the brightest colour; NaN is grey).
     * @param {ArrayLike<number>} values
     * @param {number} nx
     * @param {number} ny
     * @param {number} max
     * @param {[number, number, number, number]} range  x0, x1, y0, y1
     */
    draw(values, nx, ny, max, [x0, x1, y0, y1]) {
      if (image.width !== nx || image.height !== ny) {
        image.width = nx;
        image.height = ny;
      }
      const ctx = /** @type {CanvasRenderingContext2D} */ (image.getContext('2d'));
      const pixels = ctx.createImageData(nx, ny);
      const px = pixels.data;
      const scale = max > 0 ? 255 / max : 0;
      for (let j = 0; j < ny; j++) {
        const row = (ny - 1 - j) * nx; // largest y at the top
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
      ctx.putImageData(pixels, 0, 0);
      const scales = /** @type {any} */ (chart.options.scales);
      Object.assign(scales.x, { min: x0, max: x1 });
      Object.assign(scales.y, { min: y0, max: y1 });
      Object.assign(scales.c, { min: 0, max: max > 0 ? max : 1 });
      const kept = grid.values.length >= nx * ny ? grid.values : new Float32Array(nx * ny);
      for (let k = 0; k < nx * ny; k++) kept[k] = values[k];
      grid = { values: kept, nx, ny, range: [x0, x1, y0, y1] };
      enqueue(update, canvas);
    },
    /**
     * Marks the data point (x, y) on the map (null: no mark); drawn with the frame's charts.
     * @param {{ x: number, y: number } | null} point
     */
    mark(point) {
      s.mark = point;
      enqueue(redraw, canvas);
    },
    /** The plot area's width in CSS px (the image's resolution follows it). */
    width() {
      return chart.chartArea ? chart.chartArea.width : canvas.clientWidth;
    },
    /** The colour scale's top, as its axis shows it. */
    scaleMax() {
      return /** @type {number} */ (chart.scales.c.max);
    },
    chart,
  };
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
