// Values read by pointing at a chart: a crosshair and a box listing, at the pointer's x, the value
// of every series the chart shows (interpolated along a curve, held along a stepped one; the
// nearest point of a series of dots or of one that is no function of x, such as a trajectory,
// within reach of the pointer), or on a heatmap the
// value of the cell under the pointer. The keyboard reads the same: a chart takes the focus, and
// the arrow keys move the reading from point to point (Shift: ten at a time; Home, End; Escape
// hides it), which a screen reader hears. Drawn in HTML over the canvas, in the theme's colours:
// the chart is never redrawn for it, so reading costs a drag no frame. This module is loaded on a
// chart's first pointer or keyboard visit (lib/chart.js readable()).
import './readout.css';
import { color } from './theme.js';

/**
 * @typedef {object} LineReading   what lib/chart.js lineChart shows of itself
 * @property {'line'} kind
 * @property {any} chart                       the Chart.js chart
 * @property {import('./chart.js').Series[]} series
 * @property {(i: number) => boolean} shown    whether series i is drawn
 * @property {(i: number) => { x: number, y: number }[]} points   its points (the first count(i))
 * @property {(i: number) => number} count
 * @property {string} x                        the axes' titles
 * @property {string} y
 * @property {() => boolean} busy              true while a handle is dragged (no reading then)
 * @property {(fn: () => void) => void} listen  calls fn after every redraw
 */
/**
 * @typedef {object} MapReading    what lib/heatmap.js heatmapChart shows of itself
 * @property {'map'} kind
 * @property {any} chart
 * @property {(x: number, y: number) => number | null} value   the value of the cell at a data point
 * @property {(x: number, y: number) => [number, number] | null} cell  the centre of the cell there
 * @property {() => { x: number, y: number }} step   a cell's size in data units
 * @property {() => { x: number, y: number } | null} mark  the point marked on the map (which the
 *   panel's own arrow keys move, when it has one: the reading then follows the mark)
 * @property {string} x
 * @property {string} y
 * @property {string} scale                    the colour scale's title
 * @property {() => boolean} busy
 * @property {(fn: () => void) => void} listen
 */

/** Pointer distance (CSS px) within which the nearest point of a trajectory is read. */
const NEAR = 28;

/** `v` with the decimals that show about four digits of a range `span`, and a real minus. */
function fmt(v, span) {
  if (!Number.isFinite(v)) return '–';
  const digits = Math.max(0, Math.min(6, 3 - Math.floor(Math.log10(Math.abs(span) || 1))));
  const text = v.toFixed(digits);
  return (Number(text) === 0 ? text.replace('-', '') : text).replace('-', '−');
}

/** Whether the first n points rise (never fall) in x, gaps (NaN y) aside: a function of x. */
function rising(points, n) {
  for (let k = 1; k < n; k++) if (points[k].x < points[k - 1].x) return false;
  return n > 0;
}

/**
 * The value of series points[0..n) at x: along the line between the points around x (held from
 * the left one when `stepped`), NaN outside the series or in a gap.
 */
function valueAt(points, n, x, stepped) {
  if (!(x >= points[0].x && x <= points[n - 1].x)) return NaN;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid].x <= x) lo = mid;
    else hi = mid;
  }
  const a = points[lo];
  const b = points[hi];
  if (stepped || b.x === a.x) return x >= b.x ? b.y : a.y;
  return a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
}

/**
 * Starts reading the chart drawn in `canvas` (inside `box`): returns `event(e)`, which takes the
 * event that woke the reading (so that the first one is read too).
 * @param {HTMLCanvasElement} canvas
 * @param {HTMLElement} box
 * @param {LineReading | MapReading} reading
 */
export function attach(canvas, box, reading) {
  const chart = reading.chart;
  const vertical = document.createElement('div');
  vertical.className = 'crosshair';
  const horizontal = document.createElement('div');
  horizontal.className = 'crosshair across';
  const tip = document.createElement('div');
  tip.className = 'readout';
  tip.setAttribute('role', 'status');
  const dots = [];
  for (const el of [vertical, horizontal, tip]) {
    el.hidden = true;
    box.append(el);
  }
  /** Where the reading is: a data point, or the index of a point stepped to with the keyboard. */
  let at = /** @type {{ x: number, y: number } | null} */ (null);
  let keyed = -1;
  /** The keyboard reads the map's mark (the panel moves it). */
  let onMark = false;
  let frame = 0;

  /** The point `keyed` of the first series shown (lines), or the cell there (maps), as data. */
  function keyPoint(k) {
    if (reading.kind === 'map') return null;
    for (let i = 0; i < reading.series.length; i++) {
      const n = reading.count(i);
      if (!reading.shown(i) || !n) continue;
      const points = reading.points(i);
      let j = Math.max(0, Math.min(n - 1, k));
      // a gap is no point: the next real one
      while (j < n - 1 && !Number.isFinite(points[j].y)) j++;
      return { index: j, point: points[j], n };
    }
    return null;
  }

  function hide() {
    at = null;
    onMark = false;
    for (const el of [vertical, horizontal, tip, ...dots]) el.hidden = true;
    tip.removeAttribute('aria-live');
  }

  /** Puts a dot of colour `c` at pixel (px, py), the `k`-th of this reading. */
  function dot(k, px, py, c) {
    if (!dots[k]) {
      const d = document.createElement('div');
      d.className = 'readout-dot';
      box.append(d);
      dots[k] = d;
    }
    const d = dots[k];
    d.hidden = false;
    d.style.transform = `translate(${px}px, ${py}px)`;
    d.style.background = c;
  }

  /** Shows the reading at data point `at` (x, y): crosshair, dots, box. */
  function show() {
    const here = at;
    if (!here || reading.busy() || !chart.chartArea) return hide();
    const { x: sx, y: sy } = chart.scales;
    const area = chart.chartArea;
    const px = sx.getPixelForValue(here.x);
    const py = sy.getPixelForValue(here.y);
    if (!(px >= area.left - 1 && px <= area.right + 1 && py >= area.top - 1 && py <= area.bottom + 1))
      return hide();
    const xSpan = sx.max - sx.min;
    const ySpan = sy.max - sy.min;
    const rows = [];
    let used = 0;
    let across = NaN;
    if (reading.kind === 'map') {
      const v = reading.value(here.x, here.y);
      rows.push(`<b>${reading.x}</b> ${fmt(here.x, xSpan)}, <b>${reading.y}</b> ${fmt(here.y, ySpan)}`);
      rows.push(
        `${reading.scale}: <b>${v === null ? '–' : fmt(v, chart.scales.c.max - chart.scales.c.min)}</b>`,
      );
      across = py;
    } else {
      const functions = reading.series.some(
        (s, i) => reading.shown(i) && rising(reading.points(i), reading.count(i)),
      );
      rows.push(
        functions
          ? `<b>${reading.x}</b> ${fmt(here.x, xSpan)}`
          : `<b>${reading.x}</b> ${fmt(here.x, xSpan)}, <b>${reading.y}</b> ${fmt(here.y, ySpan)}`,
      );
      reading.series.forEach((s, i) => {
        const n = reading.count(i);
        if (!reading.shown(i) || !n) return;
        const points = reading.points(i);
        const c = color(s.color);
        let text;
        // a curve is read where the pointer is; dots (a series of points only) and trajectories
        // at their point nearest the pointer
        if (s.line !== false && rising(points, n)) {
          const v = valueAt(points, n, here.x, !!s.stepped);
          if (!Number.isFinite(v)) return;
          text = fmt(v, ySpan);
          dot(used++, px, sy.getPixelForValue(v), c);
        } else {
          // the nearest point, within reach of the pointer
          let best = -1;
          let bestD = NEAR;
          for (let k = 0; k < n; k++) {
            const p = points[k];
            if (!Number.isFinite(p.y)) continue;
            const d = Math.hypot(sx.getPixelForValue(p.x) - px, sy.getPixelForValue(p.y) - py);
            if (d < bestD) {
              bestD = d;
              best = k;
            }
          }
          if (best < 0) return;
          const p = points[best];
          text = `(${fmt(p.x, xSpan)}, ${fmt(p.y, ySpan)})`;
          dot(used++, sx.getPixelForValue(p.x), sy.getPixelForValue(p.y), c);
        }
        rows.push(`<i style="background:${c}"></i>${escape(s.label)} <b>${text}</b>`);
      });
      if (!functions) across = py;
    }
    for (let k = used; k < dots.length; k++) dots[k].hidden = true;
    const html = rows.join('<br>');
    if (tip.innerHTML !== html) tip.innerHTML = html;
    vertical.hidden = false;
    vertical.style.top = `${area.top}px`;
    vertical.style.height = `${area.bottom - area.top}px`;
    vertical.style.transform = `translateX(${px}px)`;
    horizontal.hidden = !Number.isFinite(across);
    if (!horizontal.hidden) {
      horizontal.style.left = `${area.left}px`;
      horizontal.style.width = `${area.right - area.left}px`;
      horizontal.style.transform = `translateY(${across}px)`;
    }
    tip.hidden = false;
    // beside the pointer, on the side with room, inside the box
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    const left = px + 12 + w <= box.clientWidth ? px + 12 : Math.max(0, px - 12 - w);
    const top = Math.max(0, Math.min(box.clientHeight - h, py - h - 10 < 0 ? py + 12 : py - h - 10));
    tip.style.transform = `translate(${left}px, ${top}px)`;
  }

  const soon = () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), show()));
  };

  /** The data point under a pointer event. */
  function pointAt(e) {
    const r = canvas.getBoundingClientRect();
    return {
      x: chart.scales.x.getValueForPixel(e.clientX - r.left),
      y: chart.scales.y.getValueForPixel(e.clientY - r.top),
    };
  }

  function onPointer(e) {
    if (e.type === 'pointerleave' || e.type === 'pointercancel') {
      if (document.activeElement !== canvas) hide();
      return;
    }
    if (e.pointerType === 'touch' && e.type === 'pointermove' && !e.buttons) return;
    at = pointAt(e);
    keyed = -1;
    onMark = false;
    soon();
  }

  function onKey(e) {
    if (e.key === 'Escape') return hide();
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowDown: -1, ArrowUp: 1, Home: -Infinity, End: Infinity };
    if (!(e.key in moves) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    tip.setAttribute('aria-live', 'polite');
    if (reading.kind === 'map' && reading.mark()) {
      // the panel's own arrow keys move the mark (the transition shown): read there
      onMark = true;
      at = reading.mark();
      return soon();
    }
    if (reading.kind === 'map') {
      const [x0, y0] = at
        ? [at.x, at.y]
        : [(chart.scales.x.min + chart.scales.x.max) / 2, (chart.scales.y.min + chart.scales.y.max) / 2];
      const big = e.shiftKey ? 10 : 1;
      const dx = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      const dy = e.key === 'ArrowDown' ? -1 : e.key === 'ArrowUp' ? 1 : 0;
      const within = (v, s) => Math.min(s.max, Math.max(s.min, v));
      const step = reading.step();
      at = {
        x: within(x0 + dx * big * step.x, chart.scales.x),
        y: within(y0 + dy * big * step.y, chart.scales.y),
      };
      if (e.key === 'Home') at = { x: chart.scales.x.min, y: at.y };
      if (e.key === 'End') at = { x: chart.scales.x.max, y: at.y };
      const centre = reading.cell(at.x, at.y);
      if (centre) at = { x: centre[0], y: centre[1] };
      return show();
    }
    const first = keyPoint(0);
    if (!first) return;
    const step = moves[e.key] * (e.shiftKey ? 10 : 1);
    const from = keyed < 0 ? (step > 0 ? -1 : first.n) : keyed;
    const next = keyPoint(Number.isFinite(step) ? from + step : step > 0 ? first.n - 1 : 0);
    if (!next) return;
    keyed = next.index;
    at = { x: next.point.x, y: next.point.y };
    show();
  }

  for (const type of ['pointermove', 'pointerdown', 'pointerleave', 'pointercancel'])
    canvas.addEventListener(type, onPointer, { passive: true });
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('blur', hide);
  // a redraw moves the curves under a reading that stays (a slider moved with the reading shown)
  reading.listen(() => {
    if (!at) return;
    if (onMark && reading.kind === 'map') at = reading.mark();
    else if (keyed >= 0) {
      const p = keyPoint(keyed);
      if (p) at = { x: p.point.x, y: p.point.y };
    }
    soon();
  });

  return {
    /** @param {Event} e  the event that woke the reading */
    event(e) {
      if (e.type === 'keydown') onKey(/** @type {KeyboardEvent} */ (e));
      else if (e.type !== 'focus') onPointer(/** @type {PointerEvent} */ (e));
    },
  };
}

/** `text` safe inside HTML. */
function escape(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] || c);
}
