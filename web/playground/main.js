// The playground shell: one panel per topic, shown one at a time, each loaded on demand (the
// panel contract is at the top of panels/index.js). Its parameters live in the URL.
//   ?panel=NAME         the panel shown
//   &embed=1            the panel alone, for an article's iframe: figure first, a compact
//                       control strip, a link to the full view; it posts its height to the host
//                       page ({ type: 'sprung:height', height }) so the iframe can fit it
//   &figure=N           (embed) only the panel's figure N (0 = the first, shown with the stage)
//   &controls=a,b       (embed) only the controls of those parameters (keys as in the URL), and no
//                       read-outs: the figure and the sliders a paragraph talks about, in 600×400
//   &theme=light|dark   the theme; without it the page follows prefers-color-scheme
// An embed of a panel whose registry entry has a `still` (a 3D panel) first shows a still of its
// first figure (lib/still.js), drawn without the library, Chart.js or three.js, and loads the live
// panel when that figure comes into the reader's view or is clicked: the shell fetches the library
// and Chart.js only when a panel is shown (both in chunks of their own, which every embed of a
// page shares from the HTTP cache).
// On a phone (narrower than 760 px) the panel's text is cut to two lines (a button shows it all)
// and the controls are a sheet fixed at the bottom, so that the first figure is in view above
// the sheet as loaded; should the reader have scrolled it away, touching a control brings it back.
import { buildControls, kind, snap } from './lib/controls.js';
import { coalesce, debounce, drawTimes } from './lib/frame.js';
import { setTheme, themeMode } from './lib/theme.js';
import { readParams, writeQuery } from './lib/url-state.js';
import { PANELS } from './panels/index.js';

const search = new URLSearchParams(location.search);
/**
 * The figure makers only some panels use, loaded with the first panel that names them in its
 * registry entry (`uses`), and the "Copy as code" box, loaded only outside an embed: an embed
 * fetches none of them unless its panel needs them.
 */
const makers = {
  /** @type {typeof import('./lib/chart.js') | null} Chart.js and its adapter, loaded with the first panel */
  chart: null,
  /** @type {typeof import('./lib/stage.js').createStage | null} */
  stage: null,
  /** @type {typeof import('./lib/heatmap.js').heatmapChart | null} */
  heatmap: null,
  /** @type {typeof import('./lib/copy-code.js').buildCopyCode | null} */
  copyCode: null,
};
/** @type {Promise<unknown> | null} */
let chartLoading = null;
/** Loads Chart.js and its adapter (once). */
const chartLoaded = () => (chartLoading ??= import('./lib/chart.js').then((m) => (makers.chart = m)));
const MAKERS = {
  chart: chartLoaded,
  stage: () => import('./lib/stage.js').then((m) => (makers.stage = m.createStage)),
  heatmap: () => import('./lib/heatmap.js').then((m) => (makers.heatmap = m.heatmapChart)),
  // (draggable handles: plot.handle works once it is loaded, after Chart.js's adapter)
  handles: () => chartLoaded().then(() => import('./lib/handles.js')),
};
/** lib/chart.js, loaded before any panel is mounted. */
const chartLib = () => /** @type {typeof import('./lib/chart.js')} */ (makers.chart);
/** Maker `name` of panel `panel`, which must have been loaded (the panel's registry entry names it in `uses`). */
function maker(panel, name) {
  const make = makers[name];
  if (!make)
    throw new Error(
      `playground: panel ${panel} calls ui.${name} without 'uses: [\'${name}\']' in its registry entry`,
    );
  return make;
}
/** Figures waiting for the controls to rest (ui.later). */
const pending = new Set();
function flushLater() {
  for (const fn of pending) fn();
  pending.clear();
}
const laterSoon = debounce(flushLater, 120);
const embed = search.get('embed') === '1';
/** `&controls=a,b` of an embed: the parameters whose controls it shows (null: all). */
const only = embed && search.get('controls') ? new Set(String(search.get('controls')).split(',')) : null;
const narrow = matchMedia('(max-width: 759px)');
document.body.classList.toggle('embed', embed);
setTheme(search.get('theme'));

/**
 * Builds the figure helpers a panel's mount() uses. The first figure goes into the hero row
 * (with the stage beside it, if the panel has one); the others follow in the figure grid.
 */
function makeUi(panel, state, plots, readouts) {
  const hero = document.createElement('div');
  hero.className = 'hero';
  plots.append(hero);
  const figures = [];
  const probes = [];
  /** For each probe: its series' labels and, for a guide, why "Copy as code" does not print it. */
  const series = [];
  const charts = [];
  function figure(caption, cls, inHero) {
    const k = figures.length;
    const fig = document.createElement('figure');
    fig.className = `plot ${cls || ''}`;
    fig.id = `${panel.name}-fig-${k}`;
    const cap = document.createElement('figcaption');
    cap.textContent = caption;
    const legendHost = document.createElement('div');
    legendHost.className = 'legend';
    const box = document.createElement('div');
    box.className = 'plot-box';
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', caption);
    const note = document.createElement('p');
    note.className = 'summary';
    note.id = `${fig.id}-summary`;
    canvas.setAttribute('aria-describedby', note.id);
    box.append(canvas);
    fig.append(cap, legendHost, box, note);
    // In an embed the hero holds two figures at most (the first and one beside it): a third goes
    // after the controls, so that the first figure and the sliders fit the frame.
    if (k === 0 || (inHero && !(embed && hero.children.length >= 2))) {
      hero.append(fig);
      if (hero.children.length > 1) hero.classList.add('pair');
    } else plots.append(fig);
    figures.push(fig);
    const summary = (text) => {
      if (note.textContent !== text) note.textContent = text;
    };
    return { fig, box, canvas, legendHost, summary };
  }
  return {
    embed,
    /**
     * A line chart in a new figure; options as lib/chart.js lineChart, plus `cls` (classes of the
     * figure) and `hero` (beside the first figure rather than in the grid).
     */
    plot(caption, options) {
      const where = figure(caption, options.cls, options.hero);
      const plot = chartLib().lineChart(where, options);
      probes.push(() => plot.snapshot());
      series.push(plot.specs.map((s) => ({ label: s.label, guide: s.guide || null })));
      charts.push(plot.chart);
      return Object.assign(plot, { figure: where.fig, summary: where.summary });
    },
    /**
     * A heatmap in a new figure (lib/heatmap.js heatmapChart): options as heatmapChart's, plus
     * `cls`, `hero`, and `probe()` returning its data for tests.
     */
    heatmap(caption, options) {
      const where = figure(caption, `map ${options.cls || ''}`, options.hero);
      const map = maker(panel.name, 'heatmap')(where, options);
      probes.push(options.probe);
      series.push([{ label: caption, guide: null }]);
      charts.push(map.chart);
      return Object.assign(map, { figure: where.fig, box: where.box, summary: where.summary });
    },
    /**
     * A bare canvas figure (a live view: the top-down view, the 3D view); `probe()`, if given,
     * returns its data for tests.
     * @param {string} caption
     * @param {{ cls?: string, probe?: () => unknown, hero?: boolean }} [options]
     */
    canvas(caption, { cls, probe, hero: inHero } = {}) {
      const where = figure(caption, `${cls || ''} canvas`, inHero);
      where.box.classList.add('raw');
      if (probe) {
        probes.push(probe);
        series.push([{ label: caption, guide: null }]);
      }
      return where;
    },
    /** The animated view beside the first figure (see lib/stage.js). */
    stage(spec) {
      const fig = document.createElement('figure');
      fig.className = 'plot stage';
      fig.id = `${panel.name}-stage`;
      const cap = document.createElement('figcaption');
      cap.textContent = spec.caption;
      const legendHost = document.createElement('div');
      legendHost.className = 'legend';
      const box = document.createElement('div');
      box.className = 'plot-box raw';
      const canvas = document.createElement('canvas');
      box.append(canvas);
      fig.append(cap, legendHost, box);
      hero.append(fig);
      hero.classList.add('pair');
      const stage = maker(panel.name, 'stage')({ fig, box, canvas, legendHost }, spec);
      state.stages.push(stage);
      return stage;
    },
    /**
     * A row of buttons under the controls' read-outs that set parameters at once (presets):
     * `press()` of each. Not in an embed that names its controls (`&controls=`).
     * @param {string} label
     * @param {{ label: string, title: string, press: () => void }[]} buttons
     */
    actions(label, buttons) {
      const row = document.createElement('div');
      row.className = 'actions';
      row.setAttribute('role', 'group');
      row.setAttribute('aria-label', label);
      const name = document.createElement('span');
      name.textContent = label;
      row.append(name);
      for (const b of buttons) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = b.label;
        button.title = b.title;
        button.addEventListener('click', () => b.press());
        row.append(button);
      }
      row.hidden = only !== null;
      // after the read-outs: what the controls make reads right under them
      readouts.after(row);
    },
    /**
     * Runs `fn` once the controls rest (120 ms after the last call; once, however often it was
     * asked for): for a figure too costly to redraw every frame of a drag. What the tests read
     * (data(), programs()) runs it first.
     * @param {() => void} fn
     */
    later(fn) {
      pending.add(fn);
      laterSoon();
    },
    /**
     * Loads the code of figures below the first ones with `load()` (a dynamic import): in an embed
     * once one of `figures` comes into view, elsewhere at once. Resolves to what `load()` resolves
     * to. (An embed showing its first figures then never fetches that code.)
     * @template T
     * @param {HTMLElement[]} figures
     * @param {() => Promise<T>} load
     * @returns {Promise<T>}
     */
    near(figures, load) {
      if (!embed) return load();
      return new Promise((resolve) => {
        const seen = new IntersectionObserver((entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          seen.disconnect();
          resolve(load());
        });
        for (const figure of figures) seen.observe(figure);
      });
    },
    /** A labelled read-out of a derived value; returns a setter taking the text. */
    readout(label) {
      const row = document.createElement('div');
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      row.append(dt, dd);
      readouts.append(row);
      return (text) => {
        if (dd.textContent !== text) dd.textContent = text;
      };
    },
    /** Sets parameters from the panel itself (e.g. a hovered point), as if their controls moved. */
    set(values) {
      state.set(values);
    },
    /** `value` as the control of slider `key` would hold it: clamped to its range, on its step. */
    snap(key, value) {
      return snap(state.panel.params[key], value);
    },
    request() {
      state.request();
    },
    figures,
    probes,
    series,
    charts,
  };
}

/**
 * Mounts panel `entry` (its module loaded) into a new <section> of `host`; `programs` is the default
 * export of its code module (null in an embed, or when the panel has none).
 */
function mountPanel(entry, panel, programs, host, params) {
  const section = document.createElement('section');
  section.className = 'panel';
  section.id = `panel-${entry.name}`;
  section.dataset.panel = entry.name;
  const head = document.createElement('div');
  head.className = 'panel-head';
  const h2 = document.createElement('h2');
  h2.textContent = entry.title;
  const blurb = document.createElement('p');
  blurb.className = 'blurb';
  blurb.innerHTML = panel.blurb;
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'blurb-more';
  more.setAttribute('aria-expanded', 'false');
  more.textContent = 'More';
  more.addEventListener('click', () => {
    const open = head.classList.toggle('open');
    more.setAttribute('aria-expanded', String(open));
    more.textContent = open ? 'Less' : 'More';
  });
  head.append(h2, blurb, more);
  const body = document.createElement('div');
  body.className = 'panel-body';
  const side = document.createElement('div');
  side.className = 'side';
  const form = document.createElement('form');
  form.className = 'controls';
  form.id = `${entry.name}-controls`;
  form.setAttribute('aria-label', `${entry.title}: parameters`);
  form.addEventListener('submit', (e) => e.preventDefault());
  const sheetToggle = document.createElement('button');
  sheetToggle.type = 'button';
  sheetToggle.className = 'sheet-toggle';
  sheetToggle.setAttribute('aria-controls', form.id);
  sheetToggle.setAttribute('aria-expanded', 'true');
  sheetToggle.textContent = 'Parameters';
  sheetToggle.addEventListener('click', () => {
    const open = form.classList.toggle('collapsed');
    sheetToggle.setAttribute('aria-expanded', String(!open));
  });
  form.append(sheetToggle);
  const readouts = document.createElement('dl');
  readouts.className = 'readouts';
  const plots = document.createElement('div');
  plots.className = `plots ${panel.layout || ''}`;
  side.append(form, readouts);
  body.append(side, plots);
  section.append(head, body);
  if (embed) {
    const foot = document.createElement('p');
    foot.className = 'embed-foot';
    const link = document.createElement('a');
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = `${entry.title} — open in the sprung playground ↗`;
    foot.append(link);
    section.append(foot);
    const fullView = () => {
      const s = new URLSearchParams(location.search);
      s.delete('embed');
      s.delete('figure');
      s.delete('controls');
      link.href = `${location.pathname}?${s}`;
    };
    fullView();
    addEventListener('sprung:url', fullView);
  }
  host.append(section);

  // The mounted panel: its live object and ui are set once mount() has run, below.
  const state = {
    entry,
    panel,
    section,
    params,
    live: /** @type {any} */ (null),
    ui: /** @type {any} */ (null),
    stages: /** @type {any[]} */ ([]),
    sync: () => {},
    request: () => {},
    /** @param {Record<string, any>} _values */
    set: (_values) => {},
    /** @returns {any[]} */
    programs: () => [],
  };
  const writeUrl = () => {
    const query = writeQuery(entry.name, panel.params, params, new URLSearchParams(location.search));
    if (location.search !== query) {
      history.replaceState(null, '', query);
      dispatchEvent(new Event('sprung:url'));
    }
  };
  const writeUrlSoon = debounce(writeUrl, 150);
  // The code box spans the panel under its figures (a program needs the width). Its programs are
  // rebuilt once the sliders rest (or when the box is used): not every frame of a drag.
  let codeStale = true;
  const refreshCode = () => {
    if (!codeStale || !updateCode) return;
    codeStale = false;
    updateCode(state.programs(), JSON.stringify(params, null, 2));
  };
  const refreshCodeSoon = debounce(refreshCode, 200);
  const updateCode = programs ? maker(entry.name, 'copyCode')(body, entry.name, refreshCode) : null;
  if (programs) {
    state.programs = () => {
      flushLater();
      return programs(params, state.live.shown ? state.live.shown() : undefined);
    };
  }
  // Keys changed since the last redraw (null: redraw everything), so that a panel may skip
  // the plots a control does not touch.
  let changed = null;
  const request = coalesce(() => {
    if (!state.live) return;
    state.live.draw(params, changed);
    chartLib().drawCharts();
    changed = new Set();
    for (const stage of state.stages) stage.sync(params);
    codeStale = true;
    if (updateCode) refreshCodeSoon();
  });
  const sync = buildControls(form, entry.name, panel.params, params, only, (key) => {
    if (changed) changed.add(key);
    if (kind(panel.params[key]) !== 'range') sync();
    request();
    writeUrlSoon();
  });
  form.addEventListener('change', writeUrl);
  if (only) readouts.hidden = true;
  if (!embed) {
    const keepInView = () => narrow.matches && figureIntoView(section, form);
    form.addEventListener('pointerdown', keepInView, { passive: true });
    form.addEventListener('focusin', keepInView);
  }
  state.sync = sync;
  state.request = () => {
    changed = null;
    request();
  };
  state.set = (values) => {
    for (const [key, value] of Object.entries(values)) {
      params[key] = kind(panel.params[key]) === 'range' ? snap(panel.params[key], value) : value;
      if (changed) changed.add(key);
    }
    sync();
    request();
    writeUrlSoon();
  };
  state.ui = makeUi(entry, state, plots, readouts);
  state.live = panel.mount(state.ui);
  if (embed) onlyFigure(state.ui.figures, section);
  state.request();
  return state;
}

/**
 * On a phone, brings the panel's first figure shown into view above the controls sheet `sheet`
 * unless at least half of its plot is in view already.
 * @param {HTMLElement} section
 * @param {HTMLElement} sheet
 */
function figureIntoView(section, sheet) {
  const box = section.querySelector('figure.plot:not([hidden]) .plot-box');
  if (!box) return;
  const r = box.getBoundingClientRect();
  const bottom = sheet.getBoundingClientRect().top;
  const visible = Math.min(r.bottom, bottom) - Math.max(r.top, 0);
  if (visible >= r.height / 2) return;
  scrollBy({ top: r.top - Math.max(8, (bottom - r.height) / 2), behavior: 'instant' });
}

/** `&figure=N` in an embed: only that figure (and the stage, if it is the first one). */
function onlyFigure(figures, section) {
  const n = Number(search.get('figure'));
  if (search.get('figure') === null || !Number.isInteger(n) || n < 0 || n >= figures.length) return;
  figures.forEach((fig, k) => {
    fig.hidden = k !== n;
  });
  const stage = section.querySelector('figure.stage');
  if (stage && n !== 0) stage.hidden = true;
  if (n !== 0) section.querySelector('.hero').prepend(figures[n]);
}

const mounted = new Map();
let current = null;
let showing = 0;

/** Shows panel `name` (loading and mounting it the first time) with `params` if given. */
async function show(name, params) {
  const entry = PANELS.find((p) => p.name === name) || PANELS[0];
  const ticket = ++showing;
  let state = mounted.get(entry.name);
  if (!state) {
    document.body.dataset.ready = '0';
    const [{ default: panel }, programs] = await Promise.all([
      entry.load(),
      !embed && entry.code
        ? Promise.all([entry.code(), import('./lib/copy-code.js')]).then(([code, box]) => {
            makers.copyCode = box.buildCopyCode;
            return code.default;
          })
        : null,
      ready,
      chartLoaded(),
      ...(entry.uses || []).map((name) => MAKERS[name]()),
    ]);
    // a panel that calls a function of sprung's full module brings that module's bytes in
    // its chunk: init() then loads it (at once when loaded, for every later panel)
    await import('./lib/library.js').then((m) => m.init());
    state = mounted.get(entry.name);
    if (!state) {
      state = mountPanel(
        entry,
        panel,
        programs,
        document.getElementById('panels'),
        params || readParams(panel.params, new URLSearchParams()),
      );
      mounted.set(entry.name, state);
      // a figure whose data the panel loads at once (not in an embed): ready once it is drawn
      await state.live.loaded;
    }
  } else if (params) {
    Object.assign(state.params, params);
    state.sync();
    state.request();
  }
  if (ticket !== showing) return state; // another panel was asked for meanwhile
  if (current && current !== state) {
    current.section.hidden = true;
    if (current.live.hide) current.live.hide();
    for (const stage of current.stages) stage.stop();
  }
  state.section.hidden = false;
  if (state.live.show) state.live.show();
  for (const stage of state.stages) stage.start();
  current = state;
  document.title = `${entry.title} — sprung playground`;
  for (const a of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('nav a[data-panel]'))) {
    if (a.dataset.panel === entry.name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (/** @type {any} */ (window).playground) document.body.dataset.ready = '1';
  return state;
}

function buildNav() {
  const nav = /** @type {HTMLElement} */ (document.querySelector('nav ul'));
  for (const entry of PANELS) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `?panel=${entry.name}`;
    a.dataset.panel = entry.name;
    a.textContent = entry.title;
    a.addEventListener('click', async (e) => {
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      const state = await show(entry.name);
      history.pushState(
        null,
        '',
        writeQuery(entry.name, state.panel.params, state.params, new URLSearchParams(location.search)),
      );
    });
    li.append(a);
    nav.append(li);
  }
  const pick = /** @type {HTMLSelectElement} */ (document.getElementById('theme'));
  pick.value = themeMode();
  pick.addEventListener('change', () => {
    setTheme(pick.value);
    const s = new URLSearchParams(location.search);
    if (pick.value === 'auto') s.delete('theme');
    else s.set('theme', pick.value);
    history.replaceState(null, '', `?${s}`);
  });
}

async function fromLocation() {
  const s = new URLSearchParams(location.search);
  const entry = PANELS.find((p) => p.name === s.get('panel')) || PANELS[0];
  const { default: panel } = await entry.load();
  return show(entry.name, readParams(panel.params, s));
}

/** In an embed, tell the host page our height whenever it changes (see the README's snippet). */
function reportHeight() {
  let last = 0;
  const post = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    parent.postMessage({ type: 'sprung:height', height, panel: current && current.entry.name }, '*');
  };
  new ResizeObserver(post).observe(document.body);
}

if (!embed) buildNav();
if (embed && parent !== window) reportHeight();
// An embed of a heavy panel shows its still until the reader asks for it (see the top).
const first = PANELS.find((p) => p.name === search.get('panel')) || PANELS[0];
const still =
  embed && first.still && (search.get('figure') === null || search.get('figure') === '0')
    ? await import('./lib/still.js').then((m) =>
        m.showStill(
          /** @type {any} */ (first),
          /** @type {HTMLElement} */ (document.getElementById('panels')),
          search,
        ),
      )
    : null;
if (still) await still.asked;
// The library, Chart.js and the first panel load in parallel. init() waits for the panel's chunks:
// every panel calls functions of the full module, which come with them, and init() then loads
// that module at once (the everyday pieces would be compiled for nothing: lib/no_everyday.js).
const ready = import('./lib/library.js');
MAKERS.chart();
await fromLocation();
still?.remove();
addEventListener('popstate', fromLocation);

// A small hook for the end-to-end tests and for measuring smoothness from the console.
/** @type {any} */ (window).playground = {
  panels: PANELS.map((p) => p.name),
  current: () => current.entry.name,
  params: () => ({ ...current.params }),
  data: () => {
    flushLater();
    return current.ui.probes.map((probe) => probe());
  },
  /** The series of data(), each { label, guide }: a guide is no result of the parameters (why, in words). */
  series: () => current.ui.series,
  /**
   * The panel's Chart.js charts, in creation order: the figure holding each, whether Chart.js's
   * registry has it for its canvas, its axes (id, type, title, drawn range), its plot area (CSS px from the canvas's top left) and its datasets (label, and
   * whether drawn: the panel or the reader may hide one).
   */
  charts: () => {
    chartLib().drawCharts(true);
    return current.ui.charts.map((chart) => ({
      figure: chart.canvas.closest('figure').id,
      chartjs: chartLib().chartOf(chart.canvas) === chart,
      axes: Object.values(chart.scales).map((s) => ({
        id: s.id,
        type: s.type,
        title: s.options.title.display ? s.options.title.text : '',
        min: s.min,
        max: s.max,
      })),
      area: { ...chart.chartArea },
      datasets: chart.data.datasets.map((d, i) => ({ label: d.label, shown: chart.isDatasetVisible(i) })),
    }));
  },
  programs: () => current.programs(),
  /**
   * The panel's controls: key, kind, choices (for selects), default value, and `requires`: the
   * choices that show a control hidden by default ({ select: value, ... }, one or two of them;
   * {} when shown, null when no such choice shows it).
   */
  schema: () => {
    const entries = Object.entries(current.panel.params);
    const defaults = Object.fromEntries(entries.map(([key, spec]) => [key, spec.value]));
    const choices = entries.flatMap(([key, spec]) =>
      (spec.options || []).map(([value]) => ({ [key]: value })),
    );
    const requires = (spec) => {
      if (!spec.show || spec.show(defaults)) return {};
      for (const a of choices) if (spec.show({ ...defaults, ...a })) return a;
      for (const a of choices)
        for (const b of choices) if (spec.show({ ...defaults, ...a, ...b })) return { ...a, ...b };
      return null;
    };
    return entries.map(([key, spec]) => ({
      key,
      kind: kind(spec),
      options: spec.options ? spec.options.map(([value]) => value) : null,
      value: spec.value,
      requires: requires(spec),
    }));
  },
  inspect: () => (current.live.inspect ? current.live.inspect() : null),
  stage: () => (current.stages[0] ? current.stages[0].inspect() : null),
  drawTimes,
  ready: true,
};
document.body.dataset.ready = '1';
