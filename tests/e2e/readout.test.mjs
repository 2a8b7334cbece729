// Reading a chart by pointing, in headless Chromium (lib/readout.js): hovering a point of a line
// chart shows the value of every series drawn there (checked against the plotted data,
// interpolated here); the keyboard reaches it (a chart takes the focus, the arrow keys step from
// point to point, Escape hides it; a screen reader hears it); on a heatmap the value under the
// pointer is the cell's (checked against the library's transitionCost at that cell); in the dark
// theme the box is dark; and moving the pointer over a chart redraws nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, transitionCost } from 'sprung';
import { SHOTS, nextFrames, openPage, usePlayground } from './harness.mjs';

const env = usePlayground();
await init();

/** The readout's rows: [header, ...{ label, value }] parsed from its text (a real minus read back). */
async function readRows(page, figure) {
  const text = await page.locator(`#${figure} .readout`).innerText();
  const lines = text.split('\n').map((l) => l.trim());
  const number = (s) => Number(s.replace('−', '-'));
  return {
    header: lines[0],
    rows: lines.slice(1).map((l) => {
      const m = l.match(/^(.*\S)\s+(−?[\d.]+|\([^)]*\))$/);
      return m
        ? { label: m[1], value: m[2].startsWith('(') ? m[2] : number(m[2]) }
        : { label: l, value: NaN };
    }),
    number,
  };
}

/** The chart of figure `id` as window.playground.charts() gives it. */
const chartOf = (page, id) =>
  page.evaluate((f) => window.playground.charts().find((c) => c.figure === f), id);

/** The pixel (viewport) of data point (x, y) on chart `c` of canvas `box`. */
function pixel(c, box, x, y) {
  const ax = c.axes.find((a) => a.id === 'x');
  const ay = c.axes.find((a) => a.id === 'y');
  return {
    x: box.x + c.area.left + ((x - ax.min) / (ax.max - ax.min)) * (c.area.right - c.area.left),
    y: box.y + c.area.bottom - ((y - ay.min) / (ay.max - ay.min)) * (c.area.bottom - c.area.top),
  };
}

/** Series `s` (x0, y0, x1, y1, …) at x, by linear interpolation (held from the left when stepped). */
function at(s, x, stepped) {
  for (let k = 0; k + 2 < s.length; k += 2) {
    const [x0, y0, x1, y1] = [s[k], s[k + 1], s[k + 2], s[k + 3]];
    if (x >= x0 && x <= x1)
      return stepped || x1 === x0 ? (x >= x1 ? y1 : y0) : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return NaN;
}

test('hovering a point of the spring’s response reads every series drawn there', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=spring`);
  const id = 'spring-fig-0';
  const c = await chartOf(page, id);
  const [plot] = await page.evaluate(() => window.playground.data());
  const labels = c.datasets.map((d) => d.label);
  const exact = labels.indexOf('exact');
  const s = plot[exact];
  const k = 2 * Math.floor(s.length / 2 / 3); // a point a third of the way along
  const [x, y] = [s[k], s[k + 1]];
  const canvas = page.locator(`#${id} canvas`);
  const box = await canvas.boundingBox();
  const p = pixel(c, box, x, y);
  await page.mouse.move(p.x - 30, p.y - 20);
  await page.mouse.move(p.x, p.y, { steps: 3 });
  await page.locator(`#${id} .readout`).waitFor({ state: 'visible' });
  await nextFrames(page, 2);
  const { header, rows, number } = await readRows(page, id);
  const ay = c.axes.find((a) => a.id === 'y');
  // the readout prints about four digits of the axis' span: half of its last digit
  const tolerance = 0.5 * 10 ** -Math.max(0, 3 - Math.floor(Math.log10(ay.max - ay.min)));
  assert.match(header, /^t \(s\)/);
  assert.ok(
    Math.abs(number(header.split(/\s+/).pop()) - x) < 0.002,
    `the pointer's t: ${header}, the point's ${x}`,
  );
  const exactRow = rows.find((r) => r.label === 'exact');
  assert.ok(exactRow, `the exact spring is read: ${JSON.stringify(rows)}`);
  assert.ok(Math.abs(exactRow.value - y) <= tolerance + 1e-3, `exact: ${exactRow.value}, plotted ${y}`);
  // every curve drawn at this t is read, at its value there (interpolated here from the plotted points)
  const specs = await page.evaluate(() => window.playground.series()[0]);
  let curves = 0;
  c.datasets.forEach((d, i) => {
    const series = plot[i];
    if (!d.shown || !series.length) return;
    const rising = series.every((v, j) => j % 2 === 1 || j < 2 || v >= series[j - 2]);
    const dots = /points|large dt/.test(d.label) && !/Euler|implicit/.test(d.label);
    if (!rising || dots) return;
    const want = at(series, x, d.label === 'goal');
    if (!Number.isFinite(want)) return;
    const row = rows.find((r) => r.label === d.label);
    assert.ok(row, `${d.label} is read (${specs[i].label})`);
    assert.ok(
      Math.abs(row.value - want) <= tolerance + 1e-3,
      `${d.label}: read ${row.value}, plotted ${want}`,
    );
    curves++;
  });
  assert.ok(curves >= 4, `${curves} curves read`);
  await page.locator(`#${id}`).screenshot({ path: `${SHOTS}/readout-spring.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the keyboard reads a chart: arrow keys step from point to point, Escape hides the reading', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=dampers`);
  const id = 'dampers-fig-0';
  const [plot] = await page.evaluate(() => window.playground.data());
  const c = await chartOf(page, id);
  const first = c.datasets.findIndex((d, i) => d.shown && plot[i].length);
  const canvas = page.locator(`#${id} canvas`);
  await canvas.focus();
  assert.equal(await canvas.getAttribute('tabindex'), '0', 'the chart takes the focus');
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  const tip = page.locator(`#${id} .readout`);
  await tip.waitFor({ state: 'visible' });
  await nextFrames(page, 2);
  const { header, number } = await readRows(page, id);
  const x = plot[first][2 * 4];
  assert.ok(
    Math.abs(number(header.split(/\s+/).pop()) - x) < 0.002,
    `the fifth point: ${header}, its x ${x}`,
  );
  assert.equal(await tip.getAttribute('aria-live'), 'polite', 'a screen reader hears it');
  assert.equal(await tip.getAttribute('role'), 'status');
  await page.keyboard.press('End');
  await nextFrames(page, 2);
  const end = await readRows(page, id);
  const last = plot[first][plot[first].length - 2];
  assert.ok(
    Math.abs(end.number(end.header.split(/\s+/).pop()) - last) < 0.002,
    `End: ${end.header}, last x ${last}`,
  );
  await page.keyboard.press('Escape');
  assert.equal(await tip.isVisible(), false, 'Escape hides it');
  assert.equal(await page.evaluate(() => scrollY), 0, 'the arrow keys did not scroll the page');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('on a heatmap the value under the pointer is its cell’s: the library’s cost there', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=landscapes`);
  const id = 'landscapes-fig-0';
  // the maps at device resolution once still
  await page.waitForFunction(() => window.playground.inspect().grids[0] > 100, null, { timeout: 20000 });
  const n = (await page.evaluate(() => window.playground.inspect())).grids[0];
  const params = await page.evaluate(() => window.playground.params());
  const c = await chartOf(page, id);
  const box = await page.locator(`#${id} canvas`).boundingBox();
  const p = pixel(c, box, -0.37 * params.xRange, 0.41 * params.vRange);
  await page.mouse.move(p.x, p.y, { steps: 3 });
  await page.locator(`#${id} .readout`).waitFor({ state: 'visible' });
  await nextFrames(page, 2);
  const text = await page.locator(`#${id} .readout`).innerText();
  const m = text
    .replace(/−/g, '-')
    .match(/\(m\)\s+(-?[\d.]+),.*\(m\/s\)\s+(-?[\d.]+)\s*cost \(m·s\): (-?[\d.]+)/s);
  assert.ok(m, `the readout: ${text}`);
  const [x, v, read] = m.slice(1).map(Number);
  // the cell the pointer is on (the map's image: n cells across), and its sample: endpoints included
  const i = Math.floor(((x + params.xRange) / (2 * params.xRange)) * n);
  const j = Math.floor(((v + params.vRange) / (2 * params.vRange)) * n);
  const xi = -params.xRange + (i * 2 * params.xRange) / (n - 1);
  const vj = -params.vRange + (j * 2 * params.vRange) / (n - 1);
  const cost = transitionCost(xi, vj, {
    inertializer: 'spring',
    measure: 'exact',
    halflife: params.halflife,
  });
  assert.ok(
    Math.abs(read - cost) <= 0.0006 + 0.01 * cost,
    `read ${read} at cell (${i}, ${j}), the library ${cost}`,
  );
  await page.locator(`#${id}`).screenshot({ path: `${SHOTS}/readout-map.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('reading costs no redraw: the pointer moving over a chart leaves the canvas and the redraws as they were', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=tracking`);
  const id = 'tracking-fig-0';
  const canvas = page.locator(`#${id} canvas`);
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator(`#${id} .readout`).waitFor({ state: 'visible' });
  await nextFrames(page, 3);
  const pixels = () => canvas.evaluate((c) => /** @type {HTMLCanvasElement} */ (c).toDataURL());
  const before = {
    image: await pixels(),
    draws: await page.evaluate(() => window.playground.drawTimes.length),
  };
  for (let k = 0; k < 20; k++)
    await page.mouse.move(box.x + box.width * (0.2 + 0.03 * k), box.y + box.height / 2);
  await nextFrames(page, 3);
  assert.equal(await page.evaluate(() => window.playground.drawTimes.length), before.draws, 'no redraw');
  assert.equal(await pixels(), before.image, 'the chart’s canvas is as it was');
  assert.ok(await page.locator(`#${id} .readout`).isVisible(), 'the reading followed the pointer');
  await page.mouse.move(0, 0);
  await page.close();
});

test('in the dark theme the reading is dark too', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=spring&theme=dark`);
  const id = 'spring-fig-0';
  const box = await page.locator(`#${id} canvas`).boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  const tip = page.locator(`#${id} .readout`);
  await tip.waitFor({ state: 'visible' });
  const [background, ink] = await tip.evaluate((el) => [
    getComputedStyle(el).backgroundColor,
    getComputedStyle(el).color,
  ]);
  const luminance = (css) => {
    const [r, g, b] = css.match(/[\d.]+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  assert.ok(luminance(background) < 0.25, `background ${background}`);
  assert.ok(luminance(ink) > 0.7, `text ${ink}`);
  await page.locator(`#${id}`).screenshot({ path: `${SHOTS}/readout-dark.png` });
  await page.close();
});
