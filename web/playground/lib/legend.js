// Legends in HTML above a figure, one key per series: a swatch in the series' colour and style
// (line, dashed line, dot or area), then its label. HTML rather than drawn on the canvas, so that
// a long legend wraps with the page (an embed 600 px wide never scrolls sideways) and costs the
// plot no height. A chart's keys are toggle buttons (aria-pressed), as Chart.js's own legend:
// pressing one hides its series, pressing it again shows it; the stage's keys are plain labels.
import { color } from './theme.js';

/**
 * @typedef {object} LegendSeries
 * @property {string} label
 * @property {string} color       palette name or CSS colour
 * @property {number} [width]     0: no line
 * @property {number[]} [dash]
 * @property {boolean} [line]     false: points only
 * @property {boolean | string} [fill]
 * @property {number} [fillAlpha]
 * @property {boolean} [legend]   false: no key
 */

/**
 * Legend keys for `series` in `host` (none when host is null or a series has legend: false).
 * With `toggle`, each key is a button calling `toggle(i)` when pressed. `paint(shown, hidden)`
 * restyles them (after a theme change): a key is left out while its series is not shown
 * (`shown[i]` false: the panel hides it), and marked off while the reader hid it (`hidden[i]`).
 * @param {HTMLElement | null} host
 * @param {LegendSeries[]} series
 * @param {((i: number) => void) | null} [toggle]
 */
export function legendKeys(host, series, toggle = null) {
  const keys = series.map((s, i) => {
    const key = document.createElement(toggle ? 'button' : 'span');
    key.className = 'key';
    if (toggle && key instanceof HTMLButtonElement) {
      key.type = 'button';
      key.title = `Show or hide “${s.label}”`;
      key.addEventListener('click', () => toggle(i));
    }
    const swatch = document.createElement('i');
    key.append(swatch, s.label);
    if (host && s.legend !== false) host.append(key);
    return { key, swatch };
  });
  return {
    /**
     * @param {boolean[]} [shown]
     * @param {boolean[]} [hidden]
     */
    paint(shown, hidden) {
      series.forEach((s, i) => {
        const { key, swatch } = keys[i];
        key.hidden = shown ? !shown[i] : false;
        if (toggle) key.setAttribute('aria-pressed', String(!(hidden && hidden[i])));
        const lineless = s.line === false || s.width === 0;
        swatch.className = lineless ? (s.fill ? 'area' : 'dot') : s.dash && s.dash.length ? 'dash' : 'line';
        swatch.style.color = color(s.color);
        swatch.style.background = lineless && s.fill ? color(s.color, s.fillAlpha ?? 0.35) : '';
      });
    },
  };
}
