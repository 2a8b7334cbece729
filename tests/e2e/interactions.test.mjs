// Panel interactions beyond one slider: a choice that swaps the sliders shown (spring
// parameterisations); hovering or touching a cost landscape to pick the transition drawn; the
// maps drawn at device resolution with colour bars and a shared-scale option; the fixed bugs of
// issue 12 (exact frame times, resonance peak, continuous quaternion angles, unclipped offsets).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HOST_SNIPPET,
  ROOT,
  differs,
  nextFrames,
  openPage,
  readouts,
  screenshot,
  usePlayground,
} from './harness.mjs';

const env = usePlayground();

const data = (page) => page.evaluate(() => window.playground.data());

test('spring: choosing "duration & bounce" swaps the sliders and goes into the URL', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=spring`);
  const before = await data(page);
  await page.selectOption('#spring-mode', 'bounce');
  await nextFrames(page, 2);
  assert.equal(await page.locator('#spring-duration').isVisible(), true);
  assert.equal(await page.locator('#spring-bounce').isVisible(), true);
  assert.equal(await page.locator('#spring-frequency').isVisible(), false);
  assert.ok(differs(before, await data(page)));
  await page.waitForFunction(() => new URLSearchParams(location.search).get('mode') === 'bounce');
  // (the code box follows once the controls rest)
  await page.waitForFunction(() =>
    /durationBounceToSpring/.test(document.getElementById('spring-code')?.textContent || ''),
  );
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('landscapes: hovering with a mouse and touching pick the transition whose offsets are drawn', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=landscapes`);
  // The map's plot area (inside its Chart.js axes), in page pixels.
  const canvas = await page.locator('#panel-landscapes figure.map canvas').first().boundingBox();
  const [{ area }] = await page.evaluate(() =>
    window.playground.charts().filter((c) => c.figure === 'landscapes-fig-0'),
  );
  const box = {
    x: canvas.x + area.left,
    y: canvas.y + area.top,
    width: area.right - area.left,
    height: area.bottom - area.top,
  };
  const before = await data(page);
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.25);
  await nextFrames(page, 2);
  let p = await page.evaluate(() => window.playground.params());
  assert.ok(Math.abs(p.x - p.xRange / 2) < p.xRange / 20, `x = ${p.x}`);
  assert.ok(Math.abs(p.v - p.vRange / 2) < p.vRange / 20, `v = ${p.v}`);
  assert.ok(differs(before, await data(page)), 'the offset curves follow the pointer');
  // Touch: a tap and a drag with a finger (touch events through the DevTools protocol).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = (type, fx, fy) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: box.x + box.width * fx, y: box.y + box.height * fy }],
    });
  await touch('touchStart', 0.25, 0.75);
  await touch('touchMove', 0.3, 0.7);
  await touch('touchMove', 0.25, 0.75);
  await touch('touchEnd');
  await nextFrames(page, 2);
  p = await page.evaluate(() => window.playground.params());
  assert.ok(Math.abs(p.x + p.xRange / 2) < p.xRange / 20, `touch: x = ${p.x}`);
  assert.ok(Math.abs(p.v + p.vRange / 2) < p.vRange / 20, `touch: v = ${p.v}`);
  const r = await readouts(page);
  for (const key of ['spring exact cost', 'spring approximate', 'cubic exact cost'])
    assert.match(r[key], / m·s$/, key);
  assert.match(r['basic cost'], / m$/);
  await screenshot(page, 'landscapes-hover');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('landscapes: maps at device resolution once still, colour bars, the error on the cost’s scale, a shared scale', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=landscapes`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: 1240, // a resize, as a change of zoom or screen gives, with the new pixel ratio
    height: 860,
    deviceScaleFactor: 2,
    mobile: false,
  });
  // The first map is recomputed at one cell per device pixel of its plot area once still.
  const fine = () =>
    page.evaluate(() => {
      const c = /** @type {HTMLCanvasElement} */ (
        document.querySelector('#panel-landscapes figure.map canvas')
      );
      const [chart] = window.playground.charts();
      return {
        grid: window.playground.inspect().grids[0],
        width: c.width,
        css: c.clientWidth,
        area: chart.area.right - chart.area.left,
      };
    });
  await page.waitForFunction(
    () => {
      const [{ area }] = window.playground.charts();
      const grid = window.playground.inspect().grids[0];
      return devicePixelRatio === 2 && grid === Math.min(512, Math.round((area.right - area.left) * 2));
    },
    null,
    { timeout: 20000 },
  );
  await nextFrames(page, 2);
  const { grid, width, css, area } = await fine();
  assert.equal(width, Math.round(css * 2), 'the canvas has a pixel per device pixel');
  assert.equal(
    grid,
    Math.min(512, Math.round(area * 2)),
    'the map is computed at that resolution (at most 512)',
  );
  // The colour scales: Chart.js axes beside the maps (their top and title).
  const scales = () =>
    page.evaluate(() =>
      window.playground
        .charts()
        .filter((c) => c.figure !== 'landscapes-fig-1')
        .map((c) => c.axes.find((a) => a.id === 'c'))
        .map((a) => `${a.max} ${a.title}`),
    );
  const own = await scales();
  assert.equal(own.length, 5);
  assert.equal(own[3], own[0], 'the error map is on the exact cost’s scale');
  assert.equal(own[1], own[0], 'so is the approximate cost');
  assert.notEqual(own[4], own[0], 'the cubic has its own scale unless shared');
  assert.match(own[2], /cost \(m\)$/, 'the basic cost is in metres');
  assert.match(own[0], /cost \(m·s\)$/);
  await page.locator('#landscapes-shared').check();
  await nextFrames(page, 2);
  const shared = await scales();
  assert.equal(shared[4], shared[0], 'shared: the cubic map on the same scale');
  assert.equal(shared[2], own[2], 'the basic cost (metres) keeps its own');
  await page.close();
});

test('dampers: damper_exact gives one curve at 30, 60 and 144 Hz (frame times are exact)', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=dampers`);
  const d = await data(page);
  const exact = d[3]; // damper_exact: goal, 30, 60, 144 Hz, jitter
  // At t = 0.5 s (a frame time at every rate) the three fixed rates agree to float precision.
  const at = (series, t) => {
    for (let k = 0; k < series.length; k += 2) if (Math.abs(series[k] - t) < 1e-9) return series[k + 1];
    return NaN;
  };
  for (const t of [0.5, 1.5, 2.5]) {
    const [a, b, c] = [1, 2, 3].map((s) => at(exact[s], t));
    assert.ok(Math.abs(a - b) < 1e-5 && Math.abs(b - c) < 1e-5, `t = ${t}: ${a}, ${b}, ${c}`);
  }
  // Moving the jitter changes the lerp damper's jittering curve too (no stale chart).
  const before = d[0][4];
  await page.locator('#dampers-jitter').focus();
  await page.keyboard.press('ArrowRight');
  await nextFrames(page, 2);
  assert.ok(differs(before, (await data(page))[0][4]), 'the lerp chart redraws with the jitter');
  await page.close();
});

test('applications: the amplitude peaks at the tuned frequency, and the page says resonant_frequency tunes the amplitude', async () => {
  const page = await openPage(
    env.browser.context,
    `${env.site.base}?panel=applications&tuned=1&resonanceHalflife=0.2`,
  );
  const r = await readouts(page);
  const peak = Number(r['amplitude peak at'].split(' ')[0]);
  assert.ok(Math.abs(peak - 1) < 0.03, `amplitude peak at ${peak} Hz for springs tuned to 1 Hz`);
  assert.match(await page.locator('#panel-applications .blurb').textContent(), /amplitude/);
  await page.close();
});

test('others: the quaternion angles are continuous where the rotation passes 180°', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=others&angle=180&halflife=0.3`);
  const angles = (await data(page))[3];
  for (let s = 0; s < 3; s++) {
    const ys = angles[s].filter((_, i) => i % 2 === 1);
    let jump = 0;
    for (let k = 1; k < ys.length; k++) jump = Math.max(jump, Math.abs(ys[k] - ys[k - 1]));
    assert.ok(jump < 20, `component ${s}: largest step ${jump.toFixed(1)}° between frames`);
  }
  await page.close();
});

test('inertialization: offsets are never clipped by the plot', async () => {
  const page = await openPage(
    env.browser.context,
    `${env.site.base}?panel=inertialization&halflife=0.5&blendtime=1.5&every=0.3`,
  );
  const ranges = await page.evaluate(() =>
    window.playground.data().map((plot) => plot[3].filter((_, i) => i % 2 === 1)),
  );
  const drawn = await page.evaluate(() =>
    window.playground.charts().map((c) => c.axes.find((a) => a.id === 'y')),
  );
  ranges.forEach((offsets, k) => {
    const { min: y0, max: y1 } = drawn[k];
    assert.ok(
      Math.min(...offsets) >= y0 && Math.max(...offsets) <= y1,
      `plot ${k}: offsets within ${y0}…${y1}`,
    );
  });
  assert.ok(Math.max(...ranges.flat().map(Math.abs)) > 1.2, 'offsets beyond the old ±1.2 clip');
  await screenshot(page, 'inertialization-large-offsets', { fullPage: true });
  await page.close();
});

test('embed: &figure=N keeps only that figure, and the README gives the host snippet the tests use', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=dampers&embed=1&figure=4`, {
    width: 600,
    height: 400,
  });
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('section.panel figure')]
      .filter((f) => f.offsetParent !== null)
      .map((f) => f.id),
  );
  assert.deepEqual(shown, ['dampers-fig-4'], 'only the decay figure (no stage, no other plot)');
  const fig = await page.locator('#dampers-fig-4 .plot-box').boundingBox();
  assert.ok(fig.y >= 0 && fig.y + fig.height <= 400, 'and it is whole inside the 600×400 frame');
  assert.ok(
    readFileSync(join(ROOT, 'README.md'), 'utf8').includes(HOST_SNIPPET),
    'README.md shows the snippet verbatim',
  );
  assert.deepEqual(page.problems, []);
  await page.close();
});
