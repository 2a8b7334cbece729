// Line charts on a canvas, made for redrawing every frame while a slider is dragged: points
// live in growable typed arrays reused between redraws (no allocation per frame), the canvas
// is drawn at device resolution, the legend is HTML, and the time cursor is a positioned
// element (moving it redraws nothing). Colours are palette names (lib/theme.js), so a plot
// follows the light or dark theme.
//
// Why not a charting library: the playground redraws up to a dozen plots per frame on a
// 2-core machine with software rendering, and an embedded panel must stay small. Chart.js
// cost 55 KB gzipped and most of each redraw; this file draws what the panels need (lines,
// steps, points, fills, gaps, markers, a cursor, nice ticks, handles) in a few hundred lines.
import { fitCanvas } from './canvas.js';
import { color, onTheme, palette } from './theme.js';

/**
 * @typedef {object} Series
 * @property {string} label
 * @property {string} color      palette name or CSS colour
 * @property {number} [width]    line width in CSS px (default 1.5; 0: no line)
 * @property {number[]} [dash]   dash pattern in CSS px
 * @property {boolean} [stepped] the value holds until the next point (goal steps)
 * @property {number} [points]   radius of a dot at each point (CSS px)
 * @property {boolean} [line]    false: points only
 * @property {boolean | string} [fill]  fill between the curve and y = 0
 * @property {number} [fillAlpha] opacity of the fill (default 0.2)
 * @property {boolean} [hidden]
 * @property {boolean} [legend]  false: not in the legend
 */
/**
 * @typedef {object} HandleSpec
 * @property {string} label       what the handle sets, for screen readers ("peak")
 * @property {string} color       palette name or CSS colour
 * @property {'x' | 'y' | 'xy'} axes  the directions it moves in (can change with `place`)
 * @property {{ x?: number, y?: number }} keys  the arrow keys' step in data units (×10 with Shift)
 * @property {'side' | 'above' | 'below'} [labelAt]  where its label goes (default: the side with room)
 * @property {(x: number, y: number) => void} move  called with the data point the handle is
 *   dragged to (clamped to the drawn ranges; the coordinate of a fixed axis unchanged); the
 *   owner then places the handle where its model puts it, which may differ (snapping)
 */
/**
 * @typedef {object} Axis
 * @property {string} [title]
 * @property {number} [min]
 * @property {number} [max]
 */

const FONT = 11;

/** A "nice" tick step (1, 2 or 5 × 10^k) giving about `count` ticks over `span`. */
function niceStep(span, count) {
  const raw = span / Math.max(1, count);
  const k = Math.pow(10, Math.floor(Math.log10(raw)));
  const m = raw / k;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * k;
}

/** Tick label: the step's decimals, a real minus sign. */
function tickText(value, step) {
  const decimals = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  const text = (Math.abs(value) < step * 1e-6 ? 0 : value).toFixed(decimals);
  return text.replace('-', '−');
}

/**
 * Legend keys for `series` in `host` (none when host is null or a series has legend: false):
 * a swatch in the series' colour and style, then its label. `paint(shown)` restyles them
 * (after a theme change) and hides the keys of hidden series.
 * @param {HTMLElement | null} host
 * @param {Series[]} series
 */
export function legendKeys(host, series) {
  const keys = series.map((s) => {
    const key = document.createElement('span');
    key.className = 'key';
    const swatch = document.createElement('i');
    key.append(swatch, s.label);
    if (host && s.legend !== false) host.append(key);
    return { key, swatch };
  });
  return {
    /** @param {boolean[]} [shown] */
    paint(shown) {
      series.forEach((s, i) => {
        const { key, swatch } = keys[i];
        key.hidden = shown ? !shown[i] : false;
        const lineless = s.line === false || s.width === 0;
        swatch.className = lineless ? (s.fill ? 'area' : 'dot') : s.dash && s.dash.length ? 'dash' : 'line';
        swatch.style.color = color(s.color);
        swatch.style.background = lineless && s.fill ? color(s.color, s.fillAlpha ?? 0.35) : '';
      });
    },
  };
}

/**
 * A line chart drawn into `canvas` (inside `box`, which sets its size), with its legend in
 * `legendHost`. `x`/`y` give axis titles and fixed bounds (omitted bounds follow the data).
 * Points are joined in the order added, so a curve need not be a function of x
 * (trajectories); `equal: true` keeps one unit the same length on both axes.
 * Fill series with `reset(i)` / `add(i, x, y)`, then `commit()` draws.
 * @param {{ canvas: HTMLCanvasElement, box: HTMLElement, legendHost: HTMLElement }} where
 * @param {{ series: Series[], x?: Axis, y?: Axis, equal?: boolean, legend?: boolean }} options
 */
export function lineChart({ canvas, box, legendHost }, options) {
  const { series, equal = false } = options;
  const axes = { x: { ...(options.x || {}) }, y: { ...(options.y || {}) } };
  const n = series.length;
  let xs = series.map(() => new Float64Array(256));
  let ys = series.map(() => new Float64Array(256));
  const counts = new Int32Array(n);
  const shown = series.map((s) => !s.hidden);
  let markers = [];
  let cursorAt = null;
  let dirty = true;
  // The last drawn mapping (CSS px), for the cursor and for pointer picking.
  const view = { left: 0, top: 0, width: 0, height: 0, x0: 0, x1: 1, y0: 0, y1: 1 };

  /** @type {{ spec: HandleSpec, el: HTMLElement, text: HTMLElement, x: number, y: number, axes: string, asked: { x: number, y: number } | null }[]} */
  const handles = [];

  const cursor = document.createElement('div');
  cursor.className = 'cursor';
  cursor.hidden = true;
  box.append(cursor);

  const legend = legendKeys(options.legend === false ? null : legendHost, series);
  const paintLegend = () => legend.paint(shown);
  paintLegend();

  /** Data range of axis `a` ('x' or 'y') over the shown series, or null. */
  function dataRange(a) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      if (!shown[i]) continue;
      const arr = a === 'x' ? xs[i] : ys[i];
      for (let k = 0; k < counts[i]; k++) {
        const v = arr[k];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    return lo <= hi ? [lo, hi] : null;
  }

  /** The bounds of axis `a`: fixed ones, else the data's, rounded out to ticks. */
  function bounds(a, ticks) {
    const spec = axes[a];
    let lo = spec.min;
    let hi = spec.max;
    if (lo === undefined || hi === undefined) {
      const r = dataRange(a) || [0, 1];
      let [dlo, dhi] = r;
      if (lo !== undefined) dlo = Math.min(dlo, lo);
      if (hi !== undefined) dhi = Math.max(dhi, hi);
      if (dhi - dlo < 1e-9) {
        const pad = Math.abs(dhi) * 0.1 || 0.5;
        dlo -= pad;
        dhi += pad;
      }
      const step = niceStep(dhi - dlo, ticks);
      if (lo === undefined) lo = Math.floor(dlo / step + 1e-9) * step;
      if (hi === undefined) hi = Math.ceil(dhi / step - 1e-9) * step;
    }
    return [lo, hi];
  }

  function draw() {
    const fit = fitCanvas(canvas);
    dirty = !fit; // not visible: drawn when it gets a size (ResizeObserver)
    if (!fit) return;
    const { ctx, width: cssW, height: cssH } = fit;
    ctx.clearRect(0, 0, cssW, cssH);
    ctx.font = `${FONT}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

    let [x0, x1] = bounds('x', Math.max(2, cssW / 70));
    let [y0, y1] = bounds('y', Math.max(2, cssH / 45));
    const yStep0 = niceStep(y1 - y0, Math.max(2, cssH / 45));
    // Left margin from the widest y tick label.
    let labelW = 0;
    for (let v = Math.ceil(y0 / yStep0 - 1e-9) * yStep0; v <= y1 + yStep0 * 1e-9; v += yStep0)
      labelW = Math.max(labelW, ctx.measureText(tickText(v, yStep0)).width);
    const left = Math.ceil(labelW + 8 + (axes.y.title ? FONT + 4 : 0));
    const bottom = FONT + 8 + (axes.x.title ? FONT + 4 : 0);
    const top = 6;
    const right = 8;
    const pw = Math.max(1, cssW - left - right);
    const ph = Math.max(1, cssH - top - bottom);
    if (equal) {
      // One unit equally long on both axes: widen the range that is too short.
      const sx = pw / (x1 - x0);
      const sy = ph / (y1 - y0);
      if (sx > sy) {
        const mid = (x0 + x1) / 2;
        const half = pw / sy / 2;
        x0 = mid - half;
        x1 = mid + half;
      } else {
        const mid = (y0 + y1) / 2;
        const half = ph / sx / 2;
        y0 = mid - half;
        y1 = mid + half;
      }
    }
    Object.assign(view, { left, top, width: pw, height: ph, x0, x1, y0, y1 });
    const X = (v) => left + ((v - x0) / (x1 - x0)) * pw;
    const Y = (v) => top + ph - ((v - y0) / (y1 - y0)) * ph;
    const clampY = (p) => (p < -1e4 ? -1e4 : p > 1e4 ? 1e4 : p);
    const clampX = (p) => (p < -1e4 ? -1e4 : p > 1e4 ? 1e4 : p);

    // Grid, ticks and axis titles.
    const xStep = niceStep(x1 - x0, Math.max(2, cssW / 70));
    const yStep = niceStep(y1 - y0, Math.max(2, cssH / 45));
    ctx.strokeStyle = palette.grid;
    ctx.lineWidth = 1;
    ctx.fillStyle = palette.muted;
    ctx.beginPath();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let v = Math.ceil(x0 / xStep - 1e-9) * xStep; v <= x1 + xStep * 1e-9; v += xStep) {
      const p = Math.round(X(v)) + 0.5;
      ctx.moveTo(p, top);
      ctx.lineTo(p, top + ph);
      ctx.fillText(tickText(v, xStep), p, top + ph + 4);
    }
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let v = Math.ceil(y0 / yStep - 1e-9) * yStep; v <= y1 + yStep * 1e-9; v += yStep) {
      const p = Math.round(Y(v)) + 0.5;
      ctx.moveTo(left, p);
      ctx.lineTo(left + pw, p);
      ctx.fillText(tickText(v, yStep), left - 5, p);
    }
    ctx.stroke();
    ctx.strokeStyle = palette.frame;
    ctx.strokeRect(left + 0.5, top + 0.5, pw - 1, ph - 1);
    if (axes.x.title) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(axes.x.title, left + pw / 2, cssH - 1);
    }
    if (axes.y.title) {
      ctx.save();
      ctx.translate(FONT, top + ph / 2);
      ctx.rotate(-Math.PI / 2);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(axes.y.title, 0, 0);
      ctx.restore();
    }

    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, pw, ph);
    ctx.clip();
    ctx.lineJoin = 'round';
    for (let i = 0; i < n; i++) {
      if (!shown[i] || !counts[i]) continue;
      const s = series[i];
      const sx = xs[i];
      const sy = ys[i];
      const count = counts[i];
      const c = color(s.color);
      if (s.fill) {
        // Fill each unbroken run down to y = 0.
        ctx.fillStyle = color(s.color, s.fillAlpha ?? 0.2);
        const base = clampY(Y(0));
        let k = 0;
        while (k < count) {
          while (k < count && !(Number.isFinite(sx[k]) && Number.isFinite(sy[k]))) k++;
          if (k >= count) break;
          const start = k;
          ctx.beginPath();
          ctx.moveTo(clampX(X(sx[k])), base);
          let prev = 0;
          for (; k < count && Number.isFinite(sx[k]) && Number.isFinite(sy[k]); k++) {
            const px = clampX(X(sx[k]));
            const py = clampY(Y(sy[k]));
            if (s.stepped && k > start) ctx.lineTo(px, prev);
            ctx.lineTo(px, py);
            prev = py;
          }
          ctx.lineTo(clampX(X(sx[k - 1])), base);
          ctx.closePath();
          ctx.fill();
        }
      }
      const width = s.width ?? 1.5;
      if (s.line !== false && width > 0) {
        ctx.strokeStyle = c;
        ctx.lineWidth = width;
        ctx.setLineDash(s.dash || []);
        ctx.beginPath();
        let pen = false;
        let prev = 0;
        for (let k = 0; k < count; k++) {
          const vx = sx[k];
          const vy = sy[k];
          if (!(Number.isFinite(vx) && Number.isFinite(vy))) {
            pen = false;
            continue;
          }
          const px = clampX(X(vx));
          const py = clampY(Y(vy));
          if (!pen) ctx.moveTo(px, py);
          else {
            if (s.stepped) ctx.lineTo(px, prev);
            ctx.lineTo(px, py);
          }
          pen = true;
          prev = py;
        }
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    ctx.restore();
    // Points are drawn unclipped, so that a point on the frame stays whole.
    for (let i = 0; i < n; i++) {
      const s = series[i];
      if (!shown[i] || !counts[i] || !s.points) continue;
      const sx = xs[i];
      const sy = ys[i];
      ctx.fillStyle = color(s.color);
      ctx.beginPath();
      for (let k = 0; k < counts[i]; k++) {
        if (!(Number.isFinite(sx[k]) && Number.isFinite(sy[k]))) continue;
        const px = X(sx[k]);
        const py = Y(sy[k]);
        if (px < left - 8 || px > left + pw + 8 || py < top - 8 || py > top + ph + 8) continue;
        ctx.moveTo(px + s.points, py);
        ctx.arc(px, py, s.points, 0, 2 * Math.PI);
      }
      ctx.fill();
    }

    // Vertical markers (goal times, transitions, the critical frequency).
    if (markers.length) {
      ctx.save();
      ctx.setLineDash([4, 3]);
      ctx.lineWidth = 1;
      ctx.textBaseline = 'top';
      ctx.textAlign = 'left';
      let row = 0;
      for (const m of markers) {
        const px = Math.round(X(m.x)) + 0.5;
        if (!(px >= left && px <= left + pw)) continue;
        ctx.strokeStyle = ctx.fillStyle = color(m.color || 'muted', m.alpha);
        ctx.beginPath();
        ctx.moveTo(px, top);
        ctx.lineTo(px, top + ph);
        ctx.stroke();
        if (m.label) {
          const tw = ctx.measureText(m.label).width;
          const tx = px + 3 + tw > left + pw ? px - 3 - tw : px + 3;
          ctx.fillStyle = color(m.color || 'muted');
          ctx.fillText(m.label, tx, top + 2 + (FONT + 2) * row++);
        }
      }
      ctx.restore();
    }
    placeCursor();
    for (const h of handles) placeHandle(h);
  }

  /** Data x of a CSS pixel offset from the box's left edge, and data y of one from its top. */
  const dataX = (px) => view.x0 + ((px - view.left) / view.width) * (view.x1 - view.x0);
  const dataY = (py) => view.y0 + ((view.top + view.height - py) / view.height) * (view.y1 - view.y0);
  const within = (v, a, b) => Math.min(Math.max(v, Math.min(a, b)), Math.max(a, b));

  function placeHandle(h) {
    const inside =
      Number.isFinite(h.x) &&
      Number.isFinite(h.y) &&
      view.width > 0 &&
      h.x >= Math.min(view.x0, view.x1) &&
      h.x <= Math.max(view.x0, view.x1) &&
      h.y >= Math.min(view.y0, view.y1) &&
      h.y <= Math.max(view.y0, view.y1);
    h.el.hidden = !inside;
    if (!inside) return;
    const [lo, hi] = h.axes === 'x' ? [view.x0, view.x1] : [view.y0, view.y1];
    h.el.setAttribute('aria-valuemin', String(Math.min(lo, hi)));
    h.el.setAttribute('aria-valuemax', String(Math.max(lo, hi)));
    const px = view.left + ((h.x - view.x0) / (view.x1 - view.x0)) * view.width;
    const py = view.top + view.height - ((h.y - view.y0) / (view.y1 - view.y0)) * view.height;
    h.el.style.transform = `translate(${px}px, ${py}px)`;
    // The label goes on the side with room.
    h.el.classList.toggle('flip', px > view.left + view.width * 0.62);
  }

  /**
   * A draggable handle: mouse, touch and pen (pointer events, captured), and the keyboard
   * (it is focusable; the arrow keys move it by `spec.keys`). An element above the canvas, so a
   * redraw costs nothing and the page reads it as a slider.
   * @param {HandleSpec} spec
   */
  function addHandle(spec) {
    const el = document.createElement('div');
    el.className = `handle label-${spec.labelAt || 'side'}`;
    el.tabIndex = 0;
    el.setAttribute('role', 'slider');
    el.setAttribute('aria-label', spec.label);
    el.style.color = color(spec.color);
    const text = document.createElement('span');
    text.className = 'handle-label';
    el.append(text);
    box.append(el);
    // `asked`: where the keyboard last asked the handle to go, until the owner places it (keys
    // pressed faster than the frames step on from there, not from the stale position).
    const h = { spec, el, text, x: NaN, y: NaN, axes: spec.axes, asked: null };
    handles.push(h);
    let grab = null; // the pointer's offset from the handle's centre, in CSS px
    el.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      el.setPointerCapture(e.pointerId);
      el.focus({ preventScroll: true });
      const r = el.getBoundingClientRect();
      grab = {
        id: e.pointerId,
        dx: e.clientX - (r.left + r.width / 2),
        dy: e.clientY - (r.top + r.height / 2),
      };
      el.classList.add('dragging');
    });
    el.addEventListener('pointermove', (e) => {
      if (!grab || e.pointerId !== grab.id) return;
      const r = box.getBoundingClientRect();
      const x = within(dataX(e.clientX - grab.dx - r.left), view.x0, view.x1);
      const y = within(dataY(e.clientY - grab.dy - r.top), view.y0, view.y1);
      spec.move(h.axes.includes('x') ? x : h.x, h.axes.includes('y') ? y : h.y);
    });
    const release = (e) => {
      if (!grab || e.pointerId !== grab.id) return;
      grab = null;
      el.classList.remove('dragging');
    };
    el.addEventListener('pointerup', release);
    el.addEventListener('pointercancel', release);
    el.addEventListener('keydown', (e) => {
      const k = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowDown: [0, -1], ArrowUp: [0, 1] }[e.key];
      if (!k) return;
      const [dx, dy] = [h.axes.includes('x') ? k[0] : 0, h.axes.includes('y') ? k[1] : 0];
      if (!dx && !dy) return;
      e.preventDefault();
      const big = e.shiftKey ? 10 : 1;
      const from = h.asked || h;
      h.asked = { x: from.x + dx * big * (spec.keys.x || 0), y: from.y + dy * big * (spec.keys.y || 0) };
      spec.move(h.asked.x, h.asked.y);
    });
    return {
      /**
       * Puts the handle at data point (x, y) with `label` beside it (also its aria-valuetext);
       * `axes` changes the directions it moves in. A point outside the drawn ranges hides it.
       * @param {number} x
       * @param {number} y
       * @param {string} label
       * @param {'x' | 'y' | 'xy'} [axes]
       */
      place(x, y, label, axes) {
        h.x = x;
        h.y = y;
        h.asked = null;
        if (axes) h.axes = axes;
        el.dataset.axes = h.axes;
        if (h.text.textContent !== label) {
          h.text.textContent = label;
          el.setAttribute('aria-valuetext', label);
        }
        el.setAttribute('aria-valuenow', String(h.axes === 'x' ? x : y));
        el.setAttribute('aria-orientation', h.axes === 'x' ? 'horizontal' : 'vertical');
        placeHandle(h);
      },
      /** Hides the handle (until placed again). */
      hide() {
        h.x = NaN;
        placeHandle(h);
      },
      element: el,
    };
  }

  function placeCursor() {
    const t = cursorAt;
    const inside = t !== null && t >= view.x0 && t <= view.x1 && view.width > 0;
    cursor.hidden = !inside;
    if (!inside) return;
    cursor.style.top = `${view.top}px`;
    cursor.style.height = `${view.height}px`;
    cursor.style.transform = `translateX(${view.left + ((t - view.x0) / (view.x1 - view.x0)) * view.width}px)`;
  }

  new ResizeObserver(() => {
    const dpr = window.devicePixelRatio || 1;
    if (dirty || canvas.width !== Math.round(canvas.clientWidth * dpr)) draw();
  }).observe(box);
  onTheme(() => {
    paintLegend();
    for (const h of handles) h.el.style.color = color(h.spec.color);
    draw();
  });

  function grow(i) {
    const bigger = (a) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    xs[i] = bigger(xs[i]);
    ys[i] = bigger(ys[i]);
  }

  return {
    /** Empties series `i`. */
    reset(i) {
      counts[i] = 0;
    },
    /** Appends point (px, py) to series `i`; a non-finite value leaves a gap. */
    add(i, px, py) {
      const k = counts[i]++;
      if (k === xs[i].length) grow(i);
      xs[i][k] = px;
      ys[i][k] = Number.isFinite(py) ? py : NaN;
    },
    /** Sets the vertical markers: [{ x, label?, color?, alpha? }]. */
    markers(list) {
      markers = list;
    },
    /** Sets the bounds of axis 'x' or 'y' (undefined: follow the data). */
    bounds(axis, min, max) {
      axes[axis].min = min;
      axes[axis].max = max;
    },
    /** Shows or hides series `i` (and its legend key). */
    visible(i, on) {
      if (shown[i] === on) return;
      shown[i] = on;
      paintLegend();
    },
    /** Draws the filled series. */
    commit() {
      draw();
    },
    handle: addHandle,
    /** Moves the time cursor to x = t (null hides it); draws nothing. */
    cursor(t) {
      cursorAt = t;
      placeCursor();
    },
    /** The ranges drawn last: { x: [x0, x1], y: [y0, y1] }. */
    drawn() {
      return { x: [view.x0, view.x1], y: [view.y0, view.y1] };
    },
    /** Series `i` as drawn: { x, y } arrays (copies). */
    series(i) {
      return { x: Array.from(xs[i].subarray(0, counts[i])), y: Array.from(ys[i].subarray(0, counts[i])) };
    },
    /** The plotted points, for tests: per series [x0, y0, x1, y1, ...] ([] when hidden). */
    snapshot() {
      return series.map((_, i) => {
        if (!shown[i]) return [];
        const out = new Array(2 * counts[i]);
        for (let k = 0; k < counts[i]; k++) {
          out[2 * k] = xs[i][k];
          out[2 * k + 1] = ys[i][k];
        }
        return out;
      });
    },
  };
}
