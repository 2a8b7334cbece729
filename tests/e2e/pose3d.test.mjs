// The 3D pose panel (panel 9) in headless Chromium, WebGL through SwiftShader, beyond the
// generic checks every panel gets (panels.test.mjs: console, summaries, URL, embed, phone, dark;
// copy_code.mjs: copy as code runs): the four characters render in their viewports and
// colours, keys and buttons switch clips, the view mid-transition is the plotted switch, the
// embed shows the 3D view and the offset plot in its 600×400 frame, the dark theme darkens the 3D
// view, three.js loads with this panel only, and the crowd runs on one TrajectoryBatch and one
// PoseInertializer. Screenshots of the switch mid-transition (desktop, embed, dark) and of the
// crowd. Plus, in Node, dead blending of rotations (built in the panel from sprung's scalar
// functions) checked against numerical differentiation.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { nextFrames, openPage, screenshot, usePlayground } from './harness.mjs';
import { init } from '../../dist/index.js';
import { DeadBlending } from '../../web/playground/pose3d/blends.js';

const LANE_HUES = [null, 214, 31, 137]; // no blending (grey), spring (blue), cubic (orange), dead blending (green)
/** window.playground.data() indices: the offset plot, then the joint's angle. */
const OFFSETS = 0;
const ANGLES = 1;

const env = usePlayground();

const inspect = (page) => page.evaluate(() => window.playground.inspect());

/** Opens the panel and waits until three.js has loaded and the view has drawn a few frames. */
async function open(query = '', viewport) {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=pose3d${query}`, viewport);
  await page.waitForFunction(
    () => {
      const s = window.playground.inspect();
      return s.failed || (s.webgl && s.frames > 3);
    },
    null,
    { timeout: 60000 },
  );
  assert.equal((await inspect(page)).failed, null, 'the 3D view loaded');
  return page;
}

/** Pauses the view at `t` seconds from the switch (the scrubber re-runs the switch at 60 Hz). */
async function scrubTo(page, t) {
  await page.locator('#panel-pose3d .pose3d-tools input[type=range]').evaluate((el, value) => {
    el.value = String(value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, t);
  await nextFrames(page, 3);
  const s = await inspect(page);
  assert.equal(s.paused, true);
  assert.ok(Math.abs(s.t - t) < 1e-9, `paused at t = ${t}, got ${s.t}`);
}

/** The decoded RGBA pixels of a PNG (8-bit RGB or RGBA, not interlaced). */
function decodePng(png) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = { 2: 3, 6: 4 }[png[25]];
  assert.ok(png[24] === 8 && channels && png[28] === 0, 'an 8-bit RGB(A) PNG');
  const idat = [];
  for (let o = 8; o < png.length;) {
    const len = png.readUInt32BE(o);
    if (png.toString('latin1', o + 4, o + 8) === 'IDAT') idat.push(png.subarray(o + 8, o + 8 + len));
    o += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const px = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? px[y * stride + x - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      px[y * stride + x] = (v + [0, a, b, (a + b) >> 1, paeth][filter]) & 255;
    }
  }
  return { width, height, channels, px };
}

/** Hue (degrees) and saturation of an RGB colour. */
function hueSat(r, g, b) {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return [0, 0];
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, d / max];
}

describe('panel pose3d, in the browser', () => {
  test('the four characters render, each in its viewport and colour, with no console problem', async () => {
    const page = await open();
    await scrubTo(page, 0.1);
    const box = page.locator('#panel-pose3d figure.view3d .plot-box');
    const { width, height } = await box.boundingBox();
    const png = decodePng(await box.screenshot());
    const scale = png.width / width;
    // the viewports as the view lays them out: a row of four at this width
    for (let k = 0; k < 4; k++) {
      const x0 = Math.round(((k * width) / 4 + 2) * scale);
      const x1 = Math.round((((k + 1) * width) / 4 - 2) * scale);
      let body = 0;
      let hueHits = 0;
      for (let y = 0; y < png.height; y++)
        for (let x = x0; x < x1; x++) {
          const o = (y * png.width + x) * png.channels;
          const [h, s] = hueSat(png.px[o], png.px[o + 1], png.px[o + 2]);
          const lum = (png.px[o] + png.px[o + 1] + png.px[o + 2]) / 3;
          if (k === 0 ? s < 0.1 && lum < 150 : s > 0.35) body++;
          if (k > 0 && s > 0.35 && Math.abs(((h - LANE_HUES[k] + 540) % 360) - 180) < 25) hueHits++;
        }
      const area = (x1 - x0) * png.height;
      assert.ok(
        // (grey pixels of the ground's shadow and lines: under 0.4 % of a viewport)
        body > (k === 0 ? 0.03 : 0.01) * area,
        `viewport ${k} shows its character (${body} of ${area} pixels)`,
      );
      if (k > 0)
        assert.ok(hueHits > 0.8 * body, `viewport ${k} is in its lane's colour (${hueHits} of ${body})`);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('keys and buttons switch clips; the switch lands in the URL and the plots', async () => {
    const page = await open();
    const canvas = page.locator('#panel-pose3d figure.view3d canvas');
    await canvas.focus();
    await page.keyboard.press(' '); // pause, so that the replay loop does not change the clip meanwhile
    await nextFrames(page, 2);
    const before = await inspect(page);
    assert.equal(before.paused, true);
    await page.keyboard.press('4'); // jump
    await nextFrames(page, 2);
    const jumped = await inspect(page);
    assert.equal(jumped.clip, 'jump');
    const params = await page.evaluate(() => window.playground.params());
    assert.equal(params.from, before.clip, 'from: the clip that was playing');
    assert.equal(params.to, 'jump');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('to') === 'jump');
    const plotted = await page.evaluate(() => window.playground.data());
    await page.locator('#panel-pose3d .pose3d-tools button[data-clip=idle]').click();
    await nextFrames(page, 2);
    assert.equal((await inspect(page)).clip, 'idle');
    assert.equal(
      await page.locator('#panel-pose3d button[data-clip=idle]').getAttribute('aria-pressed'),
      'true',
    );
    assert.equal((await page.evaluate(() => window.playground.params())).to, 'idle');
    assert.notDeepEqual(
      await page.evaluate(() => window.playground.data()),
      plotted,
      'the plots show the new switch',
    );
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('mid-transition the view is the plotted switch: continuous blends, a popping one', async () => {
    const page = await open('&from=walk&to=run&at=0.3&sync=1&halflife=0.1&blendtime=0.3');
    const data = await page.evaluate(() => window.playground.data());
    const sample = (plot, series, time) => {
      const s = data[plot][series];
      for (let i = 0; i < s.length; i += 2) if (Math.abs(s[i] - time) < 1e-9) return s[i + 1];
      throw new Error(`no sample at ${time}`);
    };
    const at = (series, time) => sample(ANGLES, series, time);
    for (const time of [0, 0.05, 0.1, 0.2]) {
      await scrubTo(page, time);
      const { flexion } = await inspect(page);
      for (let k = 0; k < 4; k++)
        assert.ok(
          Math.abs(flexion[k] - at(k, time)) < 1e-6,
          `lane ${k} at ${time}: ${flexion[k]} vs ${at(k, time)}`,
        );
    }
    // without blending the joint jumps at the switch; blended, it continues the old motion
    const dt = 1 / 60;
    const extrapolated = 2 * at(0, -dt) - at(0, -2 * dt);
    const pop = Math.abs(at(0, 0) - extrapolated);
    assert.ok(pop > 1, `the pop is visible: ${pop.toFixed(2)}°`);
    for (let k = 1; k < 4; k++) {
      const jump = Math.abs(at(k, 0) - extrapolated);
      assert.ok(
        jump < pop / 5,
        `lane ${k} continues through the switch: ${jump.toFixed(3)}° against a ${pop.toFixed(2)}° pop`,
      );
    }
    // the cubic and dead blending are exactly the animation after the blend time
    assert.equal(at(2, 0.5), at(0, 0.5));
    assert.equal(at(3, 0.5), at(0, 0.5));
    // the offsets start at the switch, all three the same size there; the cubic's and dead
    // blending's are 0 from the blend time on, the spring's decays (never exactly 0)
    assert.equal(data[OFFSETS][0][0], 0, 'the offset plot starts at the switch');
    const start = sample(OFFSETS, 0, 0);
    assert.ok(start > 1, `an offset of ${start}° at the switch`);
    for (const k of [1, 2]) assert.ok(Math.abs(sample(OFFSETS, k, 0) - start) < 1e-3);
    for (const k of [1, 2]) assert.ok(sample(OFFSETS, k, 0.5) < 1e-3);
    assert.ok(sample(OFFSETS, 0, 0.5) > 0 && sample(OFFSETS, 0, 0.5) < start / 2 ** 4);
    await scrubTo(page, 0.1);
    await screenshot(page, 'pose3d-transition', { fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('embedded in 600×400: the 3D view and the offset plot side by side, whole in the frame', async () => {
    const page = await open('&embed=1', { width: 600, height: 400 });
    await scrubTo(page, 0.1);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('#panel-pose3d .hero > figure')].slice(0, 2).map((fig) => {
        const cap = fig.querySelector('figcaption').getBoundingClientRect();
        const box = fig.querySelector('.plot-box').getBoundingClientRect();
        return { cls: fig.className, top: cap.top, bottom: box.bottom, left: box.left, right: box.right };
      }),
    );
    assert.match(boxes[0].cls, /view3d/);
    for (const b of boxes)
      assert.ok(
        b.top >= 0 && b.bottom <= 400 && b.left >= 0 && b.right <= 600,
        `${b.cls}: ${b.left}–${b.right} × ${b.top}–${b.bottom} px`,
      );
    assert.ok(boxes[1].left >= boxes[0].right, 'the offset plot beside the view');
    await screenshot(page, 'pose3d-transition-embed');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('the dark theme darkens the 3D view and recolours its lanes', async () => {
    const page = await open('&theme=dark');
    await scrubTo(page, 0.1);
    assert.equal((await inspect(page)).palette, 'dark');
    const box = page.locator('#panel-pose3d figure.view3d .plot-box');
    const png = decodePng(await box.screenshot());
    // the top rows of the view are sky: the background colour
    let sum = 0;
    for (let x = 0; x < png.width; x++) {
      const o = (2 * png.width + x) * png.channels;
      sum += 0.2126 * png.px[o] + 0.7152 * png.px[o + 1] + 0.0722 * png.px[o + 2];
    }
    assert.ok(
      sum / png.width / 255 < 0.2,
      `the view's background is dark (${(sum / png.width).toFixed(0)}/255)`,
    );
    const swatch = await page
      .locator('#panel-pose3d .pose3d-lane')
      .nth(1)
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--lane').trim());
    assert.equal(swatch, '#8ab4f8', "the spring lane's label in the dark theme's blue");
    await screenshot(page, 'pose3d-transition-dark', { fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('three.js loads with this panel only', async () => {
    /** Whether the JavaScript a page at `query` fetches includes three.js. */
    async function fetchesThree(query) {
      const page = await env.browser.context.newPage();
      const bodies = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) bodies.push(r.text().catch(() => ''));
      });
      await page.goto(`${env.site.base}${query}`);
      await page.waitForSelector('body[data-ready="1"]');
      await nextFrames(page, 10);
      const texts = await Promise.all(bodies);
      await page.close();
      return texts.some((text) => text.includes('THREE.WebGLRenderer'));
    }
    for (const other of ['dampers', 'inertialization', 'character'])
      for (const query of [`?panel=${other}`, `?panel=${other}&embed=1`])
        assert.equal(await fetchesThree(query), false, `${query} does not load three.js`);
    assert.equal(await fetchesThree('?panel=pose3d'), true, 'the 3D panel does');
  });

  test('the crowd runs on one TrajectoryBatch and one PoseInertializer', async () => {
    const page = await open('&view=crowd&crowd=200');
    await page.waitForFunction(
      () => {
        const c = window.playground.inspect().crowd;
        return c && Number.isFinite(c.library);
      },
      null,
      { timeout: 30000 },
    );
    const a = (await inspect(page)).crowd;
    const f0 = (await inspect(page)).frames;
    await page.waitForFunction((f) => window.playground.inspect().frames > f + 30, f0, { timeout: 30000 });
    const b = (await inspect(page)).crowd;
    assert.equal(b.count, 200);
    assert.ok(b.library > 0 && b.library < 1000, `library time per frame ${b.library} ms`);
    assert.ok(b.switches > 0, 'characters switch clips');
    // (each waits up to 2 s at first, and again at every goal)
    let moved = 0;
    for (let i = 0; i < 200; i++)
      if (
        Math.hypot(b.positions[3 * i] - a.positions[3 * i], b.positions[3 * i + 2] - a.positions[3 * i + 2]) >
        1e-3
      )
        moved++;
    assert.ok(moved >= 20, `${moved} of 200 characters moved over 30 frames`);
    assert.ok(
      b.positions.every((v, k) => k % 3 !== 1 || v === 0),
      'all on the ground',
    );
    const summary = await page.locator('#panel-pose3d figure.view3d .summary').textContent();
    assert.match(summary, /A crowd of 200 characters \(4600 bones\)/);
    await page.locator('#panel-pose3d .pose3d-tools > button', { hasText: 'pause' }).click();
    await nextFrames(page, 3);
    await screenshot(page, 'pose3d-crowd');
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});

// ---- dead blending of rotations, against numerical differentiation (no browser) ---------------

/** Quaternion helpers of the test's own (x, y, z, w arrays), independent of the panel's math.js. */
const mul = ([ax, ay, az, aw], [bx, by, bz, bw]) => [
  aw * bx + ax * bw + ay * bz - az * by,
  aw * by - ax * bz + ay * bw + az * bx,
  aw * bz + ax * by - ay * bx + az * bw,
  aw * bw - ax * bx - ay * by - az * bz,
];
const conj = ([x, y, z, w]) => [-x, -y, -z, w];
const fromAxisAngle = ([x, y, z], a) => {
  const n = Math.hypot(x, y, z) || 1;
  const s = Math.sin(a / 2) / n;
  return [x * s, y * s, z * s, Math.cos(a / 2)];
};
/** Angular velocity (parent frame) of q(t) by a central difference: 2·vec(q(t+h)·q(t−h)⁻¹)/(2h) for small steps. */
function angularVelocity(q, t, h = 1e-4) {
  const d = mul(q(t + h), conj(q(t - h)));
  const s = d[3] < 0 ? -1 : 1;
  const len = Math.hypot(d[0], d[1], d[2]);
  const angle = 2 * Math.atan2(len, s * d[3]);
  return len < 1e-15 ? [0, 0, 0] : d.slice(0, 3).map((v) => (s * v * angle) / len / (2 * h));
}

describe('dead blending of a pose (panel blends.js)', () => {
  test('rotations: continuous at a switch and an interrupted switch, angular velocity = d/dt of the rotation, the input after the blend', async () => {
    await init();
    // two animations of one bone: rotations turning about different axes, and positions
    const src = (t) => mul(fromAxisAngle([0.3, 1, 0.2], 1.7 * t + 0.4), fromAxisAngle([1, 0, 0], 0.8));
    const dst = (t) => mul(fromAxisAngle([1, -0.4, 0.5], -2.3 * t + 2.6), fromAxisAngle([0, 0, 1], -0.5));
    const pose = (q, t) => {
      const p = new Float32Array(13);
      p.set([Math.sin(t), 0.5 * t, -t * t], 0);
      p.set([Math.cos(t), 0.5, -2 * t], 3);
      p.set(q(t), 6);
      p.set(angularVelocity(q, t), 10);
      return p;
    };
    const blendtime = 0.4;
    const dead = new DeadBlending(1, { halflife: 0.15, blendtime });
    const dt = 1 / 500;
    let playing = src;
    const out = [];
    const times = [];
    for (let k = -50; k <= 400; k++) {
      const t = k * dt;
      let o = Float64Array.from(dead.update(pose(playing, t), k === -50 ? 0 : dt));
      if (k === 0 || k === 100) {
        // a switch at 0 (src → dst) and another mid-blend at 0.2 (dst → src), from the playing animation:
        // the output at that instant, rotation and angular velocity, does not change
        dead.transition(pose(playing, t));
        playing = playing === src ? dst : src;
        const after = Float64Array.from(dead.update(pose(playing, t), 0));
        const q = Array.from(after.subarray(6, 10));
        const angle =
          2 * Math.asin(Math.min(1, Math.hypot(...mul(q, conj(Array.from(o.subarray(6, 10)))).slice(0, 3))));
        assert.ok(angle < 1e-5, `rotation continuous at the switch at ${t}: ${angle} rad`);
        for (let c = 0; c < 3; c++)
          assert.ok(Math.abs(after[10 + c] - o[10 + c]) < 1e-4, `angular velocity continuous at ${t}`);
        for (let c = 0; c < 6; c++)
          assert.ok(Math.abs(after[c] - o[c]) < 1e-5, `position, velocity continuous at ${t}`);
        o = after;
      }
      out.push(o);
      times.push(t);
    }
    // angular velocity matches the derivative of the output rotation everywhere but at the switches
    const rotation = (i) => Array.from(out[i].subarray(6, 10));
    for (let i = 1; i < out.length - 1; i++) {
      const d = mul(rotation(i + 1), conj(rotation(i - 1)));
      const s = d[3] < 0 ? -1 : 1;
      const len = Math.hypot(d[0], d[1], d[2]);
      const angle = 2 * Math.atan2(len, s * d[3]);
      const w = d.slice(0, 3).map((v) => (len ? (s * v * angle) / len : 0) / (2 * dt));
      for (let c = 0; c < 3; c++)
        assert.ok(
          Math.abs(w[c] - out[i][10 + c]) < 0.02 * (1 + Math.abs(w[c])),
          `t = ${times[i].toFixed(3)}, ω${c}: ${out[i][10 + c]} vs ${w[c]}`,
        );
    }
    // a blend time after the last switch, the output is the animation
    const last = out[out.length - 1];
    assert.ok(times[times.length - 1] - 0.2 > blendtime);
    assert.deepEqual(
      Array.from(last.subarray(6, 10)),
      Array.from(new Float32Array(src(times[times.length - 1]))),
    );
  });
});
