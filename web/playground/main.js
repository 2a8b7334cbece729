// The playground shell: one panel per topic, shown one at a time (tabs), its parameters
// in the URL, `?panel=NAME&embed=1` for a single panel without the page around it.
import * as sprung from 'sprung';
import { buildControls, kind } from './lib/controls.js';
import { buildCopyCode } from './lib/copy-code.js';
import { lineChart } from './lib/charts.js';
import { coalesce, debounce, drawTimes } from './lib/frame.js';
import { readParams, writeQuery } from './lib/url-state.js';
import { PANELS } from './panels/index.js';

const search = new URLSearchParams(location.search);
const embed = search.get('embed') === '1';
document.body.classList.toggle('embed', embed);

/** Names of the library functions a panel needs that this build of sprung lacks. */
function missing(panel) {
  return (panel.needs || []).filter((name) => typeof sprung[name] !== 'function');
}

/** Builds the DOM helpers a panel's mount() uses to add its plots, canvases and read-outs. */
function makeUi(panel, section, plots, readouts, request) {
  const probes = [];
  function figure(caption, cls) {
    const fig = document.createElement('figure');
    fig.className = `plot ${cls || ''}`;
    const box = document.createElement('div');
    box.className = 'plot-box';
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', caption);
    box.append(canvas);
    const cap = document.createElement('figcaption');
    cap.textContent = caption;
    fig.append(cap, box);
    plots.append(fig);
    return { fig, box, canvas };
  }
  return {
    section,
    request,
    /** A line chart in a new figure; see lib/charts.js lineChart for the options. */
    plot(caption, options) {
      const { fig, canvas } = figure(caption, options.cls);
      const plot = lineChart(canvas, options);
      plot.figure = fig;
      probes.push(() => plot.snapshot());
      return plot;
    },
    /** A bare canvas in a new figure (heatmaps, top-down views); `probe(canvas)`, if given, returns its data for tests. */
    canvas(caption, cls, probe) {
      const { fig, box, canvas } = figure(caption, cls);
      box.classList.add('raw');
      if (probe) probes.push(() => probe(canvas));
      return { fig, box, canvas };
    },
    /** A labelled read-out of a derived value; returns a setter taking the text. */
    readout(label) {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      readouts.append(dt, dd);
      return (text) => {
        if (dd.textContent !== text) dd.textContent = text;
      };
    },
    probes,
  };
}

/** Mounts `panel` into a new <section> of `host` and returns its live state. */
function mountPanel(panel, host, initial) {
  const section = document.createElement('section');
  section.className = 'panel';
  section.id = `panel-${panel.name}`;
  section.dataset.panel = panel.name;
  const head = document.createElement('div');
  head.className = 'panel-head';
  const h2 = document.createElement('h2');
  h2.textContent = panel.title;
  const blurb = document.createElement('p');
  blurb.className = 'blurb';
  blurb.innerHTML = panel.blurb;
  head.append(h2, blurb);
  const body = document.createElement('div');
  body.className = 'panel-body';
  const side = document.createElement('div');
  side.className = 'side';
  const form = document.createElement('form');
  form.className = 'controls';
  form.addEventListener('submit', (e) => e.preventDefault());
  const readouts = document.createElement('dl');
  readouts.className = 'readouts';
  const plots = document.createElement('div');
  plots.className = `plots ${panel.layout || ''}`;
  side.append(form, readouts);
  body.append(side, plots);
  section.append(head, body);
  host.append(section);

  const params = initial;
  const state = { panel, section, params, live: null, ui: null, missing: missing(panel) };
  const writeUrl = () => {
    const query = writeQuery(panel.name, panel.params, params, embed);
    if (location.search !== query) history.replaceState(null, '', query);
  };
  const writeUrlSoon = debounce(writeUrl, 150);
  const updateCode = buildCopyCode(side, panel.name);
  // Keys changed since the last redraw (null: redraw everything), so that a panel may
  // skip the plots a slider does not touch.
  let changed = null;
  const request = coalesce(() => {
    if (!state.live) return;
    state.live.draw(params, changed);
    changed = new Set();
    const code = state.live.code(params);
    updateCode({ ts: code.ts, c: code.c, json: JSON.stringify(code.json || params, null, 2) });
  });
  const sync = buildControls(form, panel.name, panel.params, params, (key) => {
    if (changed) changed.add(key);
    if (kind(panel.params[key]) !== 'range') sync();
    request();
    writeUrlSoon();
  });
  form.addEventListener('change', writeUrl);
  state.sync = sync;
  state.request = () => {
    changed = null;
    request();
  };
  if (state.missing.length) {
    const note = document.createElement('p');
    note.className = 'pending';
    note.textContent = `This panel needs ${state.missing.map((n) => `sprung.${n}`).join(', ')}, which this build of the library does not have yet.`;
    plots.append(note);
    return state;
  }
  state.ui = makeUi(panel, section, plots, readouts, state.request);
  /** Sets parameters from the panel itself (e.g. a hovered point), as if their controls moved. */
  state.ui.set = (values) => {
    for (const [key, value] of Object.entries(values)) {
      params[key] = value;
      if (changed) changed.add(key);
    }
    sync();
    request();
    writeUrlSoon();
  };
  state.live = panel.mount(state.ui, sprung);
  state.request();
  return state;
}

const mounted = new Map();
let current = null;

/** Shows panel `name` (mounting it the first time) with `params` if given. */
function show(name, params) {
  const panel = PANELS.find((p) => p.name === name) || PANELS[0];
  let state = mounted.get(panel.name);
  if (!state) {
    state = mountPanel(
      panel,
      document.getElementById('panels'),
      params || readParams(panel.params, new URLSearchParams()),
    );
    mounted.set(panel.name, state);
  } else if (params) {
    Object.assign(state.params, params);
    state.sync();
    state.request();
  }
  if (current && current !== state) {
    current.section.hidden = true;
    if (current.live && current.live.hide) current.live.hide();
  }
  state.section.hidden = false;
  if (state.live && state.live.show) state.live.show();
  current = state;
  document.title = `${panel.title} — sprung playground`;
  for (const a of document.querySelectorAll('nav a[data-panel]')) {
    if (a.dataset.panel === panel.name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  return state;
}

function buildNav() {
  const nav = document.querySelector('nav ul');
  for (const panel of PANELS) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `?panel=${panel.name}`;
    a.dataset.panel = panel.name;
    a.textContent = panel.title;
    a.addEventListener('click', (e) => {
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      const state = show(panel.name);
      history.pushState(null, '', writeQuery(panel.name, panel.params, state.params, embed));
    });
    li.append(a);
    nav.append(li);
  }
}

function fromLocation() {
  const s = new URLSearchParams(location.search);
  const panel = PANELS.find((p) => p.name === s.get('panel')) || PANELS[0];
  show(panel.name, readParams(panel.params, s));
}

await sprung.init();
buildNav();
fromLocation();
addEventListener('popstate', fromLocation);

// A small hook for the end-to-end tests and for measuring smoothness from the console.
window.playground = {
  panels: PANELS.map((p) => p.name),
  current: () => current.panel.name,
  missing: (name) =>
    mounted.get(name) ? mounted.get(name).missing : missing(PANELS.find((p) => p.name === name)),
  params: () => ({ ...current.params }),
  data: () => (current.ui ? current.ui.probes.map((probe) => probe()) : []),
  inspect: () => (current.live && current.live.inspect ? current.live.inspect() : null),
  drawTimes,
  ready: true,
};
document.body.dataset.ready = '1';
