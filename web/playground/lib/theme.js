// Light and dark themes: `?theme=light|dark|auto` (auto follows prefers-color-scheme). The
// page's colours are CSS custom properties switched by `data-theme` on <html>; canvases
// (plots, stages, heatmap overlays, the top-down view) take theirs from `palette`, and redraw
// through onTheme() when the theme changes.

/** Colours of meanings shared by every panel, so that a meaning keeps its colour. */
const LIGHT = {
  paper: '#ffffff',
  ink: '#202124',
  muted: '#5f6368',
  grid: 'rgba(0, 0, 0, 0.07)',
  frame: 'rgba(0, 0, 0, 0.25)',
  ground: '#f7f8fa',
  goal: '#9aa0a6',
  exact: '#1a73e8',
  bad: '#d93025',
  implicit: '#e37400',
  other: '#188038',
  extra: '#a142f4',
  c30: '#d93025',
  c60: '#1a73e8',
  c144: '#188038',
  jitter: '#a142f4',
};
const DARK = {
  paper: '#1e1f22',
  ink: '#e8eaed',
  muted: '#a8adb4',
  grid: 'rgba(255, 255, 255, 0.09)',
  frame: 'rgba(255, 255, 255, 0.3)',
  ground: '#232529',
  goal: '#80868b',
  exact: '#8ab4f8',
  bad: '#f28b82',
  implicit: '#fdbe4a',
  other: '#81c995',
  extra: '#d7aefb',
  c30: '#f28b82',
  c60: '#8ab4f8',
  c144: '#81c995',
  jitter: '#d7aefb',
};

/**
 * Names of the palette entries, for series colours: `{ color: COLORS.exact }`. A colour may
 * also be any CSS colour string; names are resolved at draw time, so they follow the theme.
 */
export const COLORS = /** @type {Record<keyof typeof LIGHT, string>} */ (
  Object.fromEntries(Object.keys(LIGHT).map((k) => [k, k]))
);

/** The current palette (replaced when the theme changes). */
export let palette = LIGHT;
/** The current theme, 'light' or 'dark'. */
export let theme = 'light';

const listeners = new Set();
const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
let mode = 'auto';

/**
 * Resolves a palette name (or passes a CSS colour through), with an optional alpha in [0, 1]
 * for #rrggbb colours.
 * @param {string} name
 * @param {number} [alpha]
 */
export function color(name, alpha) {
  const c = palette[name] || name;
  if (alpha === undefined || alpha >= 1 || c[0] !== '#' || c.length !== 7) return c;
  return `${c}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

function apply() {
  const next = mode === 'dark' || (mode === 'auto' && media && media.matches) ? 'dark' : 'light';
  document.documentElement.dataset.theme = next;
  if (next === theme) return;
  theme = next;
  palette = next === 'dark' ? DARK : LIGHT;
  for (const fn of listeners) fn();
}

/**
 * Sets the theme mode: 'light', 'dark' or 'auto' (anything else is auto).
 * @param {string | null} next
 */
export function setTheme(next) {
  mode = next === 'light' || next === 'dark' ? next : 'auto';
  apply();
}

/** The mode set by setTheme: 'light', 'dark' or 'auto'. */
export function themeMode() {
  return mode;
}

/**
 * Calls `fn` after every change of theme; returns a function that removes it.
 * @param {() => void} fn
 */
export function onTheme(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

if (media) media.addEventListener('change', () => mode === 'auto' && apply());
