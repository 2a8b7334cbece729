// The 3D pose panel (panel 9) in headless Chromium, WebGL through SwiftShader: the four
// characters render in their viewports, keys and buttons switch clips, the view mid-transition
// is the plotted one, the crowd runs, the copied JavaScript runs in Node and prints the
// plotted values, the copied C compiles and prints the plotted offsets; screenshots of the
// switch mid-transition (desktop, embed, phone, dark) and of the crowd. Plus, in Node, dead
// blending of rotations (built in the panel from sprung's scalar functions) checked against
// numerical differentiation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { ROOT, SHOTS, launch, nextFrames, openPage, screenshot, serveSite } from './harness.mjs';
import * as sprung from '../../dist/index.js';
import { DeadBlending } from '../../web/playground/pose3d/blends.js';

const WORK = join(ROOT, 'build/e2e-pose3d'); // inside the package, so that `import 'sprung'` resolves to it
const LANE_HUES = [null, 214, 37, 137]; // no blending (grey), spring (blue), cubic (orange), dead blending (green)

let site;
let browser;
before(async () => {
  site = await serveSite();
  browser = await launch();
  mkdirSync(WORK, { recursive: true });
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const inspect = (page) => page.evaluate(() => window.playground.inspect());

/** Opens the panel; resolves to null (test skipped) when the library lacks what it needs. */
async function open(t, query = '', viewport) {
  const page = await openPage(browser.context, `${site.base}?panel=pose3d${query}`, viewport);
  const missing = await page.evaluate(() => window.playground.missing('pose3d'));
  if (missing.length) {
    t.skip(`library lacks ${missing.join(', ')}`);
    await page.close();
    return null;
  }
  // three.js loads with the panel; wait until the view has drawn a few frames
  await page.waitForFunction(() => {
    const s = window.playground.inspect();
    return s.failed || (s.webgl && s.frames > 3);
  });
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
  test('the four characters render, each in its viewport and colour, with no console problem', async (t) => {
    const page = await open(t);
    if (!page) return;
    await scrubTo(page, 0.1);
    const box = page.locator('#panel-pose3d figure.live .plot-box');
    const { width, height } = await box.boundingBox();
    const png = decodePng(await box.screenshot());
    // the viewports as the view lays them out: a row of four at this width
    for (let k = 0; k < 4; k++) {
      const x0 = Math.round((k * width) / 4) + 2;
      const x1 = Math.round(((k + 1) * width) / 4) - 2;
      let body = 0;
      let hueHits = 0;
      for (let y = 0; y < Math.floor(height); y++)
        for (let x = x0; x < x1; x++) {
          const o = (y * png.width + x) * png.channels;
          const [h, s] = hueSat(png.px[o], png.px[o + 1], png.px[o + 2]);
          const lum = (png.px[o] + png.px[o + 1] + png.px[o + 2]) / 3;
          if (k === 0 ? s < 0.1 && lum < 100 : s > 0.35) body++;
          if (k > 0 && s > 0.35 && Math.abs(((h - LANE_HUES[k] + 540) % 360) - 180) < 25) hueHits++;
        }
      const area = (x1 - x0) * height;
      assert.ok(
        body > (k === 0 ? 0.003 : 0.01) * area,
        `viewport ${k} shows its character (${body} of ${area} pixels)`,
      );
      if (k > 0)
        assert.ok(hueHits > 0.8 * body, `viewport ${k} is in its lane's colour (${hueHits} of ${body})`);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('keys and buttons switch clips; the switch lands in the URL and the plots', async (t) => {
    const page = await open(t);
    if (!page) return;
    const canvas = page.locator('#panel-pose3d figure.live canvas');
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

  test('mid-transition the view is the plotted switch: continuous blends, a popping one', async (t) => {
    const page = await open(t, '&from=walk&to=run&at=0.3&sync=1&halflife=0.1&blendtime=0.3');
    if (!page) return;
    const [angles] = await page.evaluate(() => window.playground.data());
    const at = (series, time) => {
      const s = angles[series];
      for (let i = 0; i < s.length; i += 2) if (Math.abs(s[i] - time) < 1e-9) return s[i + 1];
      throw new Error(`no sample at ${time}`);
    };
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
    await screenshot(page, 'pose3d-transition', { fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('screenshots mid-transition: embed, phone, dark', async (t) => {
    const embed = await open(t, '&embed=1', { width: 900, height: 640 });
    if (!embed) return;
    await scrubTo(embed, 0.1);
    await screenshot(embed, 'pose3d-transition-embed');
    assert.deepEqual(embed.problems, []);
    await embed.close();

    const phone = await open(t, '', { width: 390, height: 844 });
    await scrubTo(phone, 0.1);
    const scroll = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 390, `no sideways scrolling: ${scroll}px`);
    await phone.locator('#panel-pose3d figure.live').scrollIntoViewIfNeeded();
    await screenshot(phone, 'pose3d-transition-phone');
    assert.deepEqual(phone.problems, []);
    await phone.close();

    const page = await open(t);
    await page.emulateMedia({ colorScheme: 'dark' });
    // a playground without a dark theme yet is painted dark here: the view follows the page
    const panel = await page.evaluate(
      () => getComputedStyle(document.querySelector('.panel')).backgroundColor,
    );
    if (panel === 'rgb(255, 255, 255)')
      await page.addStyleTag({
        content:
          ':root { --ink: #e8eaed; --muted: #9aa0a6; --line: #3c4043; --paper: #202124; --wash: #17181a; }' +
          ' .panel { color: var(--ink); }',
      });
    await page.waitForFunction(() => window.playground.inspect().palette === 'dark');
    await scrubTo(page, 0.1);
    await screenshot(page, 'pose3d-transition-dark', { fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('three.js loads with this panel only', async (t) => {
    /** The JavaScript a page at `query` fetches, and whether any of it is three.js. */
    async function scripts(query) {
      const page = await browser.context.newPage();
      const bodies = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) bodies.push(r.text().catch(() => ''));
      });
      await page.goto(`${site.base}${query}`);
      await page.waitForSelector('body[data-ready="1"]');
      await nextFrames(page, 10);
      const texts = await Promise.all(bodies);
      await page.close();
      return texts.some((text) => text.includes('THREE.WebGLRenderer'));
    }
    for (const other of ['dampers', 'inertialization', 'character'])
      assert.equal(await scripts(`?panel=${other}&embed=1`), false, `${other} does not load three.js`);
    const page = await open(t);
    if (!page) return;
    await page.close();
    assert.equal(await scripts('?panel=pose3d'), true, 'the 3D panel does');
  });

  test('the crowd runs on one TrajectoryBatch and one PoseInertializer', async (t) => {
    const page = await open(t, '&view=crowd&crowd=200');
    if (!page) return;
    await page.waitForFunction(() => {
      const c = window.playground.inspect().crowd;
      return c && Number.isFinite(c.library);
    });
    const a = (await inspect(page)).crowd;
    const f0 = (await inspect(page)).frames;
    await page.waitForFunction((f) => window.playground.inspect().frames > f + 30, f0, { timeout: 30000 });
    const b = (await inspect(page)).crowd;
    assert.equal(b.count, 200);
    assert.ok(b.library > 0 && b.library < 1000, `library time per frame ${b.library} ms`);
    assert.ok(b.switches > 0, 'characters switch clips');
    assert.notDeepEqual(a.position, b.position, 'the characters move');
    assert.equal(b.position[1], 0, 'on the ground');
    await page.locator('#panel-pose3d .pose3d-tools > button', { hasText: 'pause' }).click();
    await nextFrames(page, 3);
    await screenshot(page, 'pose3d-crowd');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('copy as code: the JavaScript runs in Node and prints the plotted values; the C prints the offsets', async (t) => {
    const page = await open(t, '&from=idle&to=walk&at=0.5&sync=0&halflife=0.12&blendtime=0.35&joint=LeftLeg');
    if (!page) return;
    const [angles, offsets] = await page.evaluate(() => window.playground.data());
    const section = page.locator('#panel-pose3d');
    await section.locator('button[data-lang=ts]').click();
    const js = await page.locator('#pose3d-code').textContent();
    await section.locator('button[data-lang=c]').click();
    const c = await page.locator('#pose3d-code').textContent();
    assert.deepEqual(page.problems, []);
    await page.close();

    writeFileSync(join(WORK, 'pose.mjs'), js);
    const rows = execFileSync(process.execPath, [join(WORK, 'pose.mjs')], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t').map(Number));
    assert.equal(rows.length, angles[0].length / 2, 'one row per plotted frame');
    rows.forEach((row, i) => {
      assert.ok(Math.abs(row[0] - angles[0][2 * i]) < 1e-4, `t of row ${i}`);
      for (let k = 0; k < 4; k++)
        assert.ok(Math.abs(row[1 + k] - angles[k][2 * i + 1]) < 1e-4, `row ${i}, joint, lane ${k}`);
      for (let k = 0; k < 3; k++)
        assert.ok(Math.abs(row[5 + k] - offsets[k][2 * i + 1]) < 1e-4, `row ${i}, offset, lane ${k + 1}`);
    });

    writeFileSync(join(WORK, 'pose.c'), c);
    const sources = readdirSync(join(ROOT, 'c'))
      .filter((f) => f.endsWith('.c'))
      .map((f) => join(ROOT, 'c', f));
    const binary = join(WORK, 'pose');
    execFileSync('gcc', [
      '-std=c99',
      '-Wall',
      '-Wextra',
      '-pedantic',
      '-Werror',
      '-O1',
      `-I${join(ROOT, 'c')}`,
      join(WORK, 'pose.c'),
      ...sources,
      '-lm',
      '-o',
      binary,
    ]);
    const lines = execFileSync(binary, { encoding: 'utf8' }).trim().split('\n').slice(1);
    const lead = offsets[0].findIndex((v, i) => i % 2 === 0 && Math.abs(v) < 1e-9) / 2; // the frame at t = 0
    assert.ok(lines.length > 60);
    lines.forEach((line, i) => {
      const [time, spring, cubic] = line.split('\t').map(Number);
      assert.ok(Math.abs(time - offsets[0][2 * (lead + i)]) < 1e-4, `C t of row ${i}`);
      assert.ok(
        Math.abs(spring - offsets[0][2 * (lead + i) + 1]) < 2e-3,
        `C spring offset at ${time}: ${spring}`,
      );
      assert.ok(
        Math.abs(cubic - offsets[1][2 * (lead + i) + 1]) < 2e-3,
        `C cubic offset at ${time}: ${cubic}`,
      );
    });
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
    await sprung.init();
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
    const dead = new DeadBlending(sprung, 1, { halflife: 0.15, blendtime });
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
