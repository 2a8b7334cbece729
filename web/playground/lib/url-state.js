// Parameters kept in the URL: `?panel=NAME&key=value...`, plus the view's own keys (`embed=1`,
// `theme=light|dark`, `figure=N`, `controls=a,b`), which are carried over unchanged.
// Reading validates every value against the panel's schema (out-of-range numbers are
// clamped, unknown choices fall back to the default), so any shared link gives a sane view.
import { decimals, kind, snap } from './controls.js';

/** The defaults of a schema as a fresh params object. */
export function defaults(schema) {
  const p = {};
  for (const [key, spec] of Object.entries(schema)) p[key] = spec.value;
  return p;
}

/** Params of `schema` read from `search` (a URLSearchParams), defaults where absent or invalid. */
export function readParams(schema, search) {
  const p = defaults(schema);
  for (const [key, spec] of Object.entries(schema)) {
    const text = search.get(key);
    if (text === null) continue;
    if (kind(spec) === 'select') {
      if (spec.options.some(([value]) => value === text)) p[key] = text;
    } else if (kind(spec) === 'check') {
      if (text === '1' || text === '0') p[key] = text === '1';
    } else {
      const value = Number(text);
      if (text.trim() !== '' && Number.isFinite(value)) p[key] = snap(spec, value);
    }
  }
  return p;
}

/** Keys of the URL that belong to the view, not to a panel. */
export const VIEW_KEYS = ['embed', 'theme', 'figure', 'controls'];

/**
 * The query string of a panel's view: its name, every parameter, then the view keys of
 * `view` (a URLSearchParams, usually the current location's) that are set.
 */
export function writeQuery(panelName, schema, params, view) {
  const search = new URLSearchParams();
  search.set('panel', panelName);
  for (const [key, spec] of Object.entries(schema)) {
    const value = params[key];
    if (kind(spec) === 'range') search.set(key, value.toFixed(decimals(spec.step)));
    else if (kind(spec) === 'check') search.set(key, value ? '1' : '0');
    else search.set(key, value);
  }
  for (const key of VIEW_KEYS) if (view && view.get(key) !== null) search.set(key, view.get(key));
  return `?${search}`;
}
