// Plots with Chart.js: the one adapter every panel draws through (`ui.plot` in main.js makes a
// figure and calls lineChart; lib/heatmap.js makes the heatmaps on the same Chart.js setup).
//
// Chart.js is tree-shaken: only the line controller, the point and line elements and the linear
// scale are registered, with the markers plugin of this file (which also fills a series down to
// y = 0, all the Filler plugin did here, for a tenth of its 2.5 KB), and the Vite build puts all
// of it in one chunk (`chart`) that every embed of a page shares from the cache. Draggable
// handles are lib/handles.js, a chunk of its own that only the panels naming 'handles' in their
// registry entry's `uses` load (the spring panel's): 1.4 KB no other embed fetches. Animation is off: a chart is redrawn by the
// panel once a frame while a slider moves, and must show the new curve at once.
//
// The panel's side of a chart stays as it was with the playground's own plotter: fill series with
// `reset(i)` / `add(i, x, y)`, then `commit()` draws. Points are kept in reused objects (no
// allocation per redraw for the panel's data); a non-finite y leaves a gap in the line. Colours
// are palette names (lib/theme.js), resolved when drawn, so a chart follows the light or dark
// theme. Every chart has both axis titles (lineChart refuses a chart without them). Tick labels
// carry the decimals of their step and a real minus sign.
//
// Reading by pointing (lib/readout.js, loaded on a chart's first visit by the pointer or the
// keyboard): a crosshair and the value of every series at the pointer, in HTML over the canvas.
//
// Interaction, through Chart.js's own events (lib/handles.js): handles are points of
// the chart drawn by Chart.js, grabbed and dragged with a mouse, a pen or a finger (pointer events,
// captured), and moved with the arrow keys through a focusable element over each one (role
// slider, for the keyboard and screen readers). The time cursor is an element over the canvas:
// the stage moves it every frame, and moving it redraws nothing.
//
// For a new panel (the motion-matching one, say): `ui.plot(caption, { series, x: { title },
// y: { title } })`, then reset/add/commit in draw(); a series the programs of "Copy as code" do
// not print must say why in `guide` (tests/e2e/copy_code.mjs holds every other series to a
// printed row set).
import { Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import { legendKeys } from './legend.js';
import { color, onTheme, palette } from './theme.js';

/**
 * @typedef {object} Series
 * @property {string} label
 * @property {string} color      palette name or CSS colour
 * @property {number} [width]    line width in CSS px (default 1.5; 0: no line)
 * @property {number} [alpha]    opacity of the line and points (default 1): many overlaid strands
 * @property {number[]} [dash]   dash pattern in CSS px
 * @property {boolean} [stepped] the value holds until the next point (goal steps)
 * @property {number} [points]   radius of a dot at each point (CSS px)
 * @property {boolean} [line]    false: points only
 * @property {boolean | string} [fill]  fill between the curve and y = 0
 * @property {number} [fillAlpha] opacity of the fill (default 0.2)
 * @property {boolean} [hidden]  hidden until the panel shows it (`visible(i, true)`)
 * @property {boolean} [legend]  false: not in the legend
 * @property {boolean} [off]     hidden at first by the reader's choice (its legend key unpressed)
 * @property {string} [guide]    why "Copy as code" does not print this series: it is no result
 *   of the parameters but a guide to reading the plot (a tolerance band, the previous spring)
 * @property {boolean} [history]  drawn from what the reader did before, not from the parameters
 *   (the previous spring): left out of snapshot(), so that a link gives the same data
 */
/**
 * @typedef {object} HandleSpec
 * @property {string} label       what the handle sets, for screen readers ("peak")
 * @property {string} color       palette name or CSS colour
 * @property {'x' | 'y' | 'xy'} axes  the directions it moves in (can change with `place`)
 * @property {{ x?: number, y?: number }} keys  the arrow keys' step in data units (×10 with Shift)
 * @property {'side' | 'left' | 'above' | 'below'} [labelAt]  where its label goes (default: the side with room)
 * @property {(x: number, y: number) => void} move  called with the data point the handle is
 *   dragged to (clamped to the drawn ranges; the coordinate of a fixed axis unchanged); the
 *   owner then places the handle where its model puts it, which may differ (snapping)
 * @property {() => void} [end]  called when a drag ends (the pointer released)
 */
/**
 * @typedef {object} Axis
 * @property {string} title
 * @property {number} [min]
 * @property {number} [max]
 */
/**
 * @typedef {object} Marker   a vertical line across the plot, with an optional label at its top
 * @property {number} x
 * @property {string} [label]
 * @property {string} [color]
 * @property {number} [alpha]
 */
/**
 * @typedef {object} Span   a shaded stretch of the x axis across the plot (a contact phase)
 * @property {number} from
 * @property {number} to
 * @property {string} color
 * @property {number} [alpha]  default 0.13
 */
/**
 * @typedef {object} Handle   a handle's state (the plugin draws it, the adapter places it)
 * @property {HandleSpec} spec
 * @property {HTMLElement} el  the focusable element over it
 * @property {number} x
 * @property {number} y
 * @property {'x' | 'y' | 'xy'} axes
 * @property {string} text
 * @property {{ x: number, y: number } | null} asked  where the keyboard last asked it to go
 */
/**
 * @typedef {object} HandleControl   what `plot.handle(spec)` returns
 * @property {(x: number, y: number, label: string, axes?: 'x' | 'y' | 'xy') => void} place  puts
 *   the handle at data point (x, y) with `label` beside it; `axes` changes the directions it moves in
 * @property {() => void} hide  hides it until placed again
 * @property {HTMLElement} element  the focusable element over it
 */
/**
 * @typedef {object} HandleHost   what lib/handles.js adds a handle to: a line chart's parts
 * @property {Chart} chart
 * @property {HTMLElement} box
 * @property {Extras} state
 * @property {{ x: { min?: number, max?: number }, y: { min?: number, max?: number } }} bounds
 */
/**
 * @typedef {object} Extras   what the plugins draw, kept on the chart as `$extras`
 * @property {Marker[]} markers
 * @property {Span[]} spans
 * @property {Handle[]} handles
 * @property {{ id: number, dx: number, dy: number, handle: Handle } | null} grab
 */

export const FONT = 11;
export const FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Tick label: the decimals of the step between ticks, a real minus sign, no "−0". */
function tickText(value, index, ticks) {
  const step = ticks.length > 1 ? Math.abs(ticks[1].value - ticks[0].value) : Math.abs(value) || 1;
  const decimals = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  const text = (Math.abs(value) < step * 1e-6 ? 0 : value).toFixed(decimals);
  return text.replace('-', '−');
}

/** The extras of a chart (markers, handles). */
export const extras = (chart) => /** @type {Extras} */ (/** @type {any} */ (chart).$extras);

/**
 * Draws the shaded spans (contact phases) under the datasets and the vertical markers (goal
 * times, transitions, the critical frequency) over them: annotations of the x axis, not series.
 */
const markersPlugin = {
  id: 'sprungMarkers',
  beforeDatasetsDraw(chart) {
    const state = extras(chart);
    if (!state) return;
    zeroLines(chart, palette.frame);
    chart.data.datasets.forEach((d, i) => {
      if (/** @type {any} */ (d).sprungFill && chart.isDatasetVisible(i)) fillArea(chart, i);
    });
    const list = state.spans;
    if (!list.length) return;
    const { ctx, chartArea: area, scales } = chart;
    ctx.save();
    for (const s of list) {
      const left = Math.max(area.left, scales.x.getPixelForValue(s.from));
      const right = Math.min(area.right, scales.x.getPixelForValue(s.to));
      if (right <= left) continue;
      ctx.fillStyle = color(s.color, s.alpha ?? 0.13);
      ctx.fillRect(left, area.top, right - left, area.bottom - area.top);
    }
    ctx.restore();
  },
  afterDatasetsDraw(chart) {
    const list = extras(chart)?.markers;
    if (!list || !list.length) return;
    const { ctx, chartArea: area, scales } = chart;
    ctx.save();
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1;
    ctx.font = `${FONT}px ${FAMILY}`;
    ctx.textBaseline = 'top';
    let row = 0;
    for (const m of list) {
      const px = Math.round(scales.x.getPixelForValue(m.x)) + 0.5;
      if (!(px >= area.left && px <= area.right)) continue;
      ctx.strokeStyle = color(m.color || 'muted', m.alpha);
      ctx.beginPath();
      ctx.moveTo(px, area.top);
      ctx.lineTo(px, area.bottom);
      ctx.stroke();
      if (m.label) {
        const width = ctx.measureText(m.label).width;
        const left = px + 3 + width > area.right ? px - 3 - width : px + 3;
        ctx.fillStyle = color(m.color || 'muted');
        ctx.fillText(m.label, left, area.top + 2 + (FONT + 2) * row++);
      }
    }
    ctx.restore();
  },
};

/**
 * Fills the area between dataset `i`'s line (as drawn: straight, or stepped) and y = 0, in its
 * background colour, within the plot area; a gap (a point without a value) ends a piece.
 * @param {Chart} chart
 * @param {number} i
 */
function fillArea(chart, i) {
  const points = chart.getDatasetMeta(i).data;
  const stepped = !!(/** @type {any} */ (chart.data.datasets[i]).stepped);
  const { ctx, chartArea: area } = chart;
  const zero = Math.max(area.top, Math.min(area.bottom, chart.scales.y.getPixelForValue(0)));
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
  ctx.clip();
  ctx.fillStyle = /** @type {string} */ (chart.data.datasets[i].backgroundColor);
  ctx.beginPath();
  let open = false;
  let lastX = 0;
  let lastY = 0;
  for (const p of points) {
    const { x, y } = p;
    if (/** @type {any} */ (p).skip || !Number.isFinite(y)) {
      if (open) ctx.lineTo(lastX, zero);
      open = false;
      continue;
    }
    if (!open) ctx.moveTo(x, zero);
    else if (stepped) ctx.lineTo(x, lastY);
    ctx.lineTo(x, y);
    open = true;
    lastX = x;
    lastY = y;
  }
  if (open) ctx.lineTo(lastX, zero);
  ctx.fill();
  ctx.restore();
}

Chart.register(LineController, LineElement, PointElement, LinearScale, markersPlugin);

/** @type {((host: HandleHost, spec: HandleSpec) => HandleControl) | null} lib/handles.js's, once loaded */
let handleMaker = null;
/**
 * Lets line charts make handles (lib/handles.js calls it when it loads).
 * @param {(host: HandleHost, spec: HandleSpec) => HandleControl} make
 */
export function registerHandles(make) {
  handleMaker = make;
}
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;
Chart.defaults.font.family = FAMILY;
Chart.defaults.font.size = FONT;
// A chart listens to no pointer event unless it has handles (or is a heatmap that picks): a
// mouse moving over a plot costs nothing.
Chart.defaults.events = [];
/**
 * Redraws within a frame's budget: a chart's commit() queues its Chart.js update, and the queue
 * is drawn in the order charts were committed (a panel commits its first figure first), each chart
 * only while the frame's script has run less than BUDGET ms (counted from the frame's start, so
 * that the stage's animation and the panel's computing count too); one chart at least is drawn
 * each frame. What is left is drawn in the next animation frame, first. While a slider is dragged,
 * every chart of a panel is drawn each frame when they fit, the later ones a frame late when they
 * do not, and the frame keeps its pace: after the script, the browser still lays the page out and
 * rasterises each redrawn canvas (in software, a millisecond or more per chart), all within the
 * 16.7 ms of a frame at 60 Hz. (The budget was once counted per call, and what was left from one
 * frame and the next redraw each took a full budget in the same frame: two frames' work in one.)
 * The shell draws the queue at the end of each redraw (drawCharts); a commit outside one (a theme
 * change, a legend key, a figure redrawn later) is drawn in the next frame.
 *
 * A chart out of view (scrolled away, or on a hidden panel) is not redrawn while the sliders move:
 * its update waits until the chart comes into view, or the sliders rest (REST ms without a new
 * update), or the tests read the charts (drawCharts(true)). It was drawn once at least: a chart is
 * never left blank.
 */
const BUDGET = 6;
const REST = 150;
/** @type {Map<() => void, HTMLCanvasElement>} the updates queued, in order, with their charts' canvases */
const queue = new Map();
/** @type {WeakSet<() => void>} the updates run at least once */
const ran = new WeakSet();
/** @type {WeakMap<Element, boolean>} whether a canvas is in view, as last observed */
const inView = new WeakMap();
const watcher = new IntersectionObserver((entries) => {
  for (const e of entries) inView.set(e.target, e.isIntersecting);
  schedule();
});
let queued = 0;
/** The timer that ends REST ms after the last update queued; 0 once the sliders rest (then charts out of view are drawn). */
let rest = 0;
/** The frame in which a chart was drawn last (its start, as the animation timeline gives it). */
let frame = -1;
const schedule = () => {
  if (queue.size && !queued) queued = requestAnimationFrame(() => ((queued = 0), drawCharts()));
};
/**
 * Draws the queue within the frame's budget; `all`: every update now, in view or not (for the
 * tests, which read what the charts drew).
 * @param {boolean} [all]
 */
export function drawCharts(all) {
  // The animation timeline's time is the frame's start (what requestAnimationFrame's callbacks get).
  const begun = /** @type {number} */ (document.timeline.currentTime);
  for (const [update, canvas] of queue) {
    if (!all) {
      if (rest && inView.get(canvas) === false && ran.has(update)) continue;
      if (frame === begun && performance.now() - begun > BUDGET) return schedule();
    }
    queue.delete(update);
    update();
    ran.add(update);
    frame = begun;
  }
}
/**
 * Queues `update`, which redraws the chart in `canvas`.
 * @param {() => void} update
 * @param {HTMLCanvasElement} canvas
 */
export function enqueue(update, canvas) {
  watcher.observe(canvas); // (observing again is nothing)
  queue.set(update, canvas);
  clearTimeout(rest);
  rest = setTimeout(() => ((rest = 0), schedule()), REST);
  schedule();
}

/**
 * The Chart.js chart drawn in `canvas`, from Chart.js's own registry (for the tests: a plot is a
 * Chart.js chart), or undefined.
 * @param {HTMLCanvasElement} canvas
 */
export const chartOf = (canvas) => Chart.getChart(canvas);
/** The pointer events of an interactive chart (Chart.js hands them to the plugins as mousedown...). */
export const POINTER_EVENTS = /** @type {any} */ ([
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
]);

/** The events on a chart's canvas that wake its reading (lib/readout.js). */
const WAKE = ['pointermove', 'pointerdown', 'focus', 'keydown'];
/**
 * Makes the chart in `canvas` (inside `box`) readable by pointing and by the keyboard (it takes
 * the focus; the arrow keys step from point to point): its first visit loads lib/readout.js,
 * which shows `reading` (what the chart shows of itself: see there). Until then it costs nothing.
 * @param {HTMLCanvasElement} canvas
 * @param {HTMLElement} box
 * @param {import('./readout.js').LineReading | import('./readout.js').MapReading} reading
 */
export function readable(canvas, box, reading) {
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-description', 'Point at it, or use the arrow keys, to read its values.');
  /** @type {Promise<{ event: (e: Event) => void }> | null} */
  let woken = null;
  const wake = (/** @type {Event} */ e) => {
    // the arrow keys read the chart: they do not scroll the page meanwhile
    if (e instanceof KeyboardEvent && /^Arrow|^Home$|^End$/.test(e.key)) e.preventDefault();
    woken ??= import('./readout.js').then((m) => {
      for (const type of WAKE) canvas.removeEventListener(type, wake);
      return m.attach(canvas, box, reading);
    });
    woken.then((r) => r.event(e));
  };
  for (const type of WAKE) canvas.addEventListener(type, wake);
}

/**
 * The options of one linear axis: its title, fixed bounds if any, ticks at nice steps (not at the
 * bounds), grid lines in the theme's colours, the zero line stronger (colours: paintAxes).
 * @param {Axis} axis
 * @param {'x' | 'y'} which
 */
export function axisOptions(axis, which) {
  return {
    type: /** @type {const} */ ('linear'),
    min: axis.min,
    max: axis.max,
    title: { display: true, text: axis.title, padding: which === 'x' ? 2 : 4 },
    ticks: { callback: tickText, includeBounds: false, maxRotation: 0, padding: 3 },
    grid: { tickLength: 4 },
    border: {},
  };
}

/**
 * Colours the axes of `chart` (titles, tick labels, grid lines, borders) from the current
 * palette, or `grid` for the grid lines. (Plain colours, not functions of the tick: Chart.js
 * resolves those for every tick of every redraw; the zero lines are drawn by zeroLines.)
 * @param {Chart} chart
 * @param {string} [grid]
 */
export function paintAxes(chart, grid = palette.grid) {
  for (const scale of Object.values(/** @type {Record<string, any>} */ (chart.options.scales))) {
    scale.title.color = palette.muted;
    scale.ticks.color = palette.muted;
    scale.border.color = palette.frame;
    if (scale.grid.display !== false) scale.grid.color = grid;
  }
}

/**
 * Draws the lines x = 0 and y = 0 across the plot area of `chart`, where they fall inside it.
 * @param {Chart} chart
 * @param {string} colour
 */
export function zeroLines(chart, colour) {
  const { ctx, chartArea: a, scales } = chart;
  const x = Math.round(scales.x.getPixelForValue(0)) + 0.5;
  const y = Math.round(scales.y.getPixelForValue(0)) + 0.5;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  ctx.beginPath();
  if (x > a.left + 1 && x < a.right - 1) {
    ctx.moveTo(x, a.top);
    ctx.lineTo(x, a.bottom);
  }
  if (y > a.top + 1 && y < a.bottom - 1) {
    ctx.moveTo(a.left, y);
    ctx.lineTo(a.right, y);
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * A line chart drawn into `canvas` (inside `box`, which sets its size), with its legend in
 * `legendHost`. `x`/`y` give the axis titles and fixed bounds (omitted bounds follow the data,
 * rounded out to ticks). Points are joined in the order added, so a curve need not be a function
 * of x (trajectories); `equal: true` keeps one unit the same length on both axes.
 * @param {{ canvas: HTMLCanvasElement, box: HTMLElement, legendHost: HTMLElement }} where
 * @param {{ series: Series[], x: Axis, y: Axis, equal?: boolean, legend?: boolean }} options
 */
export function lineChart({ canvas, box, legendHost }, options) {
  const { series, equal = false } = options;
  if (!options.x?.title || !options.y?.title)
    throw new Error(`lineChart: both axes need a title (${series[0]?.label})`);
  const n = series.length;
  /** @type {{ x: number, y: number }[][]} the points, reused between redraws */
  const pools = series.map(() => []);
  const counts = new Int32Array(n);
  const shown = series.map((s) => !s.hidden); // as the panel wants
  const off = series.map((s) => !!s.off); // as the reader toggled in the legend
  /** @type {Extras} */
  const state = { markers: [], spans: [], handles: [], grab: null };
  let cursorAt = /** @type {number | null} */ (null);
  /** The axes' fixed bounds (undefined: from the data). */
  const bounds = {
    x: { min: options.x.min, max: options.x.max },
    y: { min: options.y.min, max: options.y.max },
  };

  const cursor = document.createElement('div');
  cursor.className = 'cursor';
  cursor.hidden = true;
  box.append(cursor);

  const datasets = series.map((s, i) => {
    const width = s.line === false ? 0 : (s.width ?? 1.5);
    return {
      label: s.label,
      data: /** @type {{ x: number, y: number }[]} */ ([]),
      borderWidth: width,
      borderDash: s.dash || [],
      stepped: s.stepped ? /** @type {const} */ ('before') : false,
      showLine: s.line !== false,
      pointRadius: s.points || 0,
      pointHoverRadius: s.points || 0,
      pointBorderWidth: 0,
      // filled down to y = 0 by the markers plugin (fillArea)
      sprungFill: !!s.fill,
      // A dot on the frame stays whole: points may reach 8 px beyond the plot area.
      clip: s.points ? 8 : 0,
      hidden: !shown[i] || off[i],
      // Drawn in the order listed, the last on top (Chart.js draws the highest `order` first).
      order: n - i,
    };
  });
  function paintDatasets() {
    series.forEach((s, i) => {
      const d = datasets[i];
      const c = color(s.color, s.alpha);
      Object.assign(d, {
        borderColor: c,
        pointBackgroundColor: c,
        backgroundColor: s.fill ? color(s.color, s.fillAlpha ?? 0.2) : c,
      });
    });
  }
  paintDatasets();

  const chart = new Chart(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      spanGaps: false,
      layout: { padding: { top: 4, right: 8 } },
      // Chart.js parses the points (into its own objects): a series need not be sorted in x.
      // (Unparsed points, `parsing: false`, it takes as sorted; with them a drag across the
      // spring's frequencies crashed the page.)
      parsing: { xAxisKey: 'x', yAxisKey: 'y' },
      scales: { x: axisOptions(options.x, 'x'), y: axisOptions(options.y, 'y') },
      plugins: { legend: { display: false } },
    },
  });
  /** @type {any} */ (chart).$extras = state;
  paintAxes(chart);
  /** @type {(() => void)[]} called after every redraw (the reading by pointing follows the curves) */
  const redrawn = [];
  readable(canvas, box, {
    kind: 'line',
    chart,
    series,
    shown: (i) => shown[i] && !off[i],
    points: (i) => pools[i],
    count: (i) => counts[i],
    x: options.x.title,
    y: options.y.title,
    busy: () => state.grab !== null,
    listen: (fn) => redrawn.push(fn),
  });

  const legend = legendKeys(options.legend === false ? null : legendHost, series, (i) => {
    off[i] = !off[i];
    chart.setDatasetVisibility(i, shown[i] && !off[i]);
    paintLegend();
    redraw();
  });
  const paintLegend = () => legend.paint(shown, off);
  paintLegend();

  /** Data range of axis `a` over the shown series, or null. */
  function dataRange(a) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      if (!shown[i] || off[i]) continue;
      const pool = pools[i];
      for (let k = 0; k < counts[i]; k++) {
        const v = pool[k][a];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    return lo <= hi ? [lo, hi] : null;
  }

  /** The options of the chart's axis `a`. */
  const scaleOptions = (a) => /** @type {Record<string, any>} */ (chart.options.scales)[a];

  /**
   * One unit equally long on both axes: each range (fixed, or the data's with a margin of 4 %)
   * is widened about its middle to the length the plot area's shape (as last laid out) gives it.
   */
  function equalize() {
    const area = chart.chartArea;
    const range = (a) => {
      const r = dataRange(a) || [0, 1];
      const [lo, hi] = [bounds[a].min ?? r[0], bounds[a].max ?? r[1]];
      const margin = bounds[a].min === undefined ? 0.02 * (hi - lo || 1) : 0;
      return [lo - margin, hi + margin];
    };
    const [x0, x1] = range('x');
    const [y0, y1] = range('y');
    // metres (data units) per pixel: the larger of the two, on both axes
    const scale = Math.max((x1 - x0) / area.width, (y1 - y0) / area.height);
    const widen = (a, b, pixels) => ({
      min: (a + b) / 2 - (pixels * scale) / 2,
      max: (a + b) / 2 + (pixels * scale) / 2,
    });
    Object.assign(scaleOptions('x'), widen(x0, x1, area.width));
    Object.assign(scaleOptions('y'), widen(y0, y1, area.height));
  }

  // Whether a commit changes what the chart draws (or is queued to draw): its points (add() notes
  // a point that moved) and the rest of it as text (the number of points, the bounds, the markers,
  // spans and handles in `state`, the series shown). A panel commits every chart it fills on each
  // redraw, and a slider changes few of them (the dampers' lerp factor one plot of five): a chart
  // that would draw what it drew is not redrawn. (Each Chart.js update lays the chart out and
  // renders it, and the browser then rasterises its canvas: milliseconds per chart in software.)
  let moved = false;
  let committed = '';
  let dirty = true; // a change of theme or legend, drawn at once
  const extrasText = () => JSON.stringify([counts, bounds, state, shown, off]);
  /** Queues the chart's redraw (see drawCharts) whatever changed. */
  const redraw = () => {
    dirty = true;
    enqueue(update, canvas);
  };
  function update() {
    for (let i = 0; i < n; i++) {
      const data = datasets[i].data;
      const pool = pools[i];
      if (data.length > counts[i]) data.length = counts[i];
      // One push of all the new points: Chart.js hooks push() and, for each call, inserts the
      // points and then updates every point of the series (O(n²) when pushed one by one: 180 ms a
      // redraw when the spring's halflife nears 0 and its axis fits a fast response).
      data.push(...pool.slice(data.length, counts[i]));
    }
    dirty = false;
    if (equal && chart.chartArea) {
      const before = chart.chartArea.width / chart.chartArea.height;
      equalize();
      chart.update('none');
      if (Math.abs(chart.chartArea.width / chart.chartArea.height - before) > 0.01) {
        equalize();
        chart.update('none');
      }
    } else chart.update('none');
    placeCursor();
    for (const fn of redrawn) fn();
  }

  function placeCursor() {
    const t = cursorAt;
    const x = chart.scales.x;
    const area = chart.chartArea;
    const inside = t !== null && x && area && t >= x.min && t <= x.max;
    cursor.hidden = !inside;
    if (!inside) return;
    cursor.style.top = `${area.top}px`;
    cursor.style.height = `${area.bottom - area.top}px`;
    cursor.style.transform = `translateX(${x.getPixelForValue(t)}px)`;
  }

  onTheme(() => {
    paintAxes(chart);
    paintDatasets();
    paintLegend();
    for (const h of state.handles) h.el.style.color = color(h.spec.color);
    redraw();
  });
  // Chart.js resizes with its box and redraws; the cursor follows.
  new ResizeObserver(() => requestAnimationFrame(placeCursor)).observe(box);

  return {
    /** Empties series `i`. */
    reset(i) {
      counts[i] = 0;
    },
    /** Appends point (px, py) to series `i`; a non-finite value leaves a gap. */
    add(i, px, py) {
      const pool = pools[i];
      const k = counts[i]++;
      if (k === pool.length) pool.push({ x: 0, y: 0 });
      const point = pool[k];
      // A gap keeps the x of the point before it, so that a curve stays sorted in x.
      const gap = !(Number.isFinite(px) && Number.isFinite(py));
      const x = Number.isFinite(px) ? px : k > 0 ? pool[k - 1].x : 0;
      const y = gap ? NaN : py;
      if (point.x !== x || !Object.is(point.y, y)) moved = true;
      point.x = x;
      point.y = y;
    },
    /**
     * Sets the vertical markers.
     * @param {Marker[]} list
     */
    markers(list) {
      state.markers = list;
    },
    /**
     * Sets the shaded spans of the x axis.
     * @param {Span[]} list
     */
    spans(list) {
      state.spans = list;
    },
    /**
     * Sets the bounds of axis 'x' or 'y' (undefined: follow the data).
     * @param {'x' | 'y'} axis
     * @param {number | undefined} min
     * @param {number | undefined} max
     */
    bounds(axis, min, max) {
      bounds[axis] = { min, max };
      Object.assign(scaleOptions(axis), { min, max });
    },
    /** Shows or hides series `i` (and its legend key), as the panel's mode wants. */
    visible(i, on) {
      if (shown[i] === on) return;
      shown[i] = on;
      chart.setDatasetVisibility(i, on && !off[i]);
      paintLegend();
    },
    /** Draws the filled series (within the frame's budget: see drawCharts), unless all is as drawn. */
    commit() {
      const now = extrasText();
      if (dirty || moved || now !== committed) enqueue(update, canvas);
      committed = now;
      moved = false;
    },
    /**
     * A draggable handle on the chart (lib/handles.js, which the panel's registry entry must
     * name in `uses`): mouse, touch and pen, and the keyboard through the focusable element
     * placed over it (arrow keys move it by `spec.keys`).
     * @param {HandleSpec} spec
     * @returns {HandleControl}
     */
    handle(spec) {
      if (!handleMaker)
        throw new Error(
          `lineChart: a handle needs 'handles' in its panel's registry entry's uses (${spec.label})`,
        );
      return handleMaker({ chart, box, state, bounds }, spec);
    },
    /** True while a handle of the chart is being dragged (a panel may hold its axes still meanwhile). */
    dragging() {
      return state.grab !== null;
    },
    /** Moves the time cursor to x = t (null hides it); draws nothing. */
    cursor(t) {
      cursorAt = t;
      placeCursor();
    },
    /** The ranges drawn last: { x: [x0, x1], y: [y0, y1] }. */
    drawn() {
      const { x, y } = chart.scales;
      return { x: [x.min, x.max], y: [y.min, y.max] };
    },
    /** Series `i` as drawn: { x, y } arrays (copies). */
    series(i) {
      const pool = pools[i].slice(0, counts[i]);
      return { x: pool.map((p) => p.x), y: pool.map((p) => p.y) };
    },
    /**
     * The plotted points, for tests: per series [x0, y0, x1, y1, ...] ([] when the panel hides it,
     * and for a series of the reader's history).
     */
    snapshot() {
      return series.map((s, i) => {
        if (!shown[i] || s.history) return [];
        const out = new Array(2 * counts[i]);
        for (let k = 0; k < counts[i]; k++) {
          out[2 * k] = pools[i][k].x;
          out[2 * k + 1] = pools[i][k].y;
        }
        return out;
      });
    },
    /** The series' specs (for the tests of "Copy as code": which are guides). */
    specs: series,
    /** The Chart.js chart (for tests: `window.playground.charts()`). */
    chart,
  };
}
