// The article figures that came last, in headless Chromium, each drawn from the library's data and
// checked against the library run here in Node (or a closed form), never against a picture:
// - the quaternion spring's solid (other springs panel) plays the run the angle plot shows, and
//   turned by the keyboard it follows the goal as a critical spring does, θ0·(1 + y·t)·e^(−y·t);
// - CMU's motion capture played back (character panel): at the frame shown, the character entity
//   on the ground is parseBvh's simulation bone, the grey mark its unsmoothed projection, the
//   body the library's forward kinematics of that pose;
// - the simulation bone made procedurally: the plotted path and heading are parseBvh's with the
//   panel's smoothing windows, and the raw projection's; new windows, a new bone;
// - the distributions: the dance card's one-second trajectories and its speed histogram, from
//   the dance card generator's own poses (motion/dance_card.js), measured here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Skeleton, init, parseBvh } from 'sprung';
import { ROOT, SHOTS, nextFrames, openPage, usePlayground } from './harness.mjs';
import { danceCard } from '../../web/playground/motion/dance_card.js';
import { danceRoots } from '../../web/playground/character/dance_roots.js';

const env = usePlayground();
await init();

/** The character panel's figures in window.playground.data(): the plots after the top-down view. */
const PLOT = { boneMap: 4, heading: 5, strands: 6, speed: 7 };
/** The series of the distributions: the dance card, CMU's takes, the simulation object. */
const [DANCE, CMU] = [0, 1];
const RATE = 60;
const CMU_SCALE = 0.056444;

/** CMU's take `name` as the panel reads it, with smoothing windows [position, heading] (s). */
function readTake(name, [positionWindow, directionWindow]) {
  const text = readFileSync(join(ROOT, 'build/data/cmu', `${name}.bvh`), 'utf8');
  return parseBvh(text, {
    scale: CMU_SCALE,
    start: 1,
    frameRate: RATE,
    simulation: { position: 'Spine1', direction: 'Hips', positionWindow, directionWindow },
  });
}
/** The simulation bone (bone 0) of frame f of an imported take: x, z, heading (rad). */
function rootAt(take, f) {
  const B = take.skeleton.names.length;
  const p = take.clip.poses;
  const L = 13 * B;
  return [p[f * L], p[f * L + 2], 2 * Math.atan2(p[f * L + 6 * B + 1], p[f * L + 6 * B + 3])];
}
const wrap = (a) => a - 2 * Math.PI * Math.round(a / (2 * Math.PI));

/** Opens the character panel with `query`, scrolls its animation data into view and waits for it. */
async function characterData(query = '') {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=character${query}`);
  await page.locator('#character-fig-5').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.playground.inspect().data?.cmu?.length === 2, null, {
    timeout: 60000,
  });
  await nextFrames(page, 3);
  return page;
}

test('the quaternion spring’s solid plays the plotted run, and follows a goal turned by the keyboard as a critical spring', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=others`);
  const fig = page.locator('#others-fig-4');
  await fig.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => (window.playground.inspect().solid?.frames ?? 0) > 10, null, {
    timeout: 20000,
  });
  // Paused, the solid shows the run at its time: its rotation as scaled angle-axis is the angle plot's point there.
  const button = (name) => fig.getByRole('button', { name, exact: true });
  await button('Pause').click();
  await nextFrames(page, 2);
  const { solid } = await page.evaluate(() => window.playground.inspect());
  const [angles] = (await page.evaluate(() => window.playground.data()))
    .slice(3, 4)
    .map((plot) => plot.slice(0, 3));
  const k = Math.round(solid.t * 120); // the panel's run is sampled at 120 Hz
  const q = solid.rotation;
  const s = q.w < 0 ? -1 : 1;
  const len = Math.hypot(q.x, q.y, q.z);
  const scale = len < 1e-9 ? 2 : (2 * Math.atan2(len, s * q.w)) / len;
  const axis = [s * q.x * scale, s * q.y * scale, s * q.z * scale].map((v) => (v * 180) / Math.PI);
  // (the plot keeps the rotation's sign continuous: compare the rotations, not the signs)
  const plotted = angles.map((series) => series[2 * k + 1]);
  const turn = (v) => Math.hypot(...v);
  assert.ok(
    Math.abs(turn(axis) - turn(plotted)) < 0.5 || Math.abs(360 - turn(axis) - turn(plotted)) < 0.5,
    `at t = ${solid.t}: the solid is turned ${turn(axis).toFixed(2)}°, the plot ${turn(plotted).toFixed(2)}°`,
  );
  // The keyboard turns the goal 15° about the vertical; from rest the solid then closes the angle
  // as a critical spring of the panel's halflife: θ(t) = θ0·(1 + y·t)·e^(−y·t), y = 2·ln 2 / halflife.
  const canvas = fig.locator('canvas');
  await canvas.focus();
  await page.keyboard.press('ArrowLeft');
  const angle = (a, b) => 2 * Math.acos(Math.min(1, Math.abs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w)));
  const start = (await page.evaluate(() => window.playground.inspect())).solid;
  assert.ok(start.yours, 'the reader turns the goal');
  const theta0 = angle(start.rotation, start.goal);
  assert.ok(theta0 > 0.05, `the goal is ${theta0} rad away`);
  await button('Play').click();
  await page.waitForFunction((f) => window.playground.inspect().solid.frames >= f + 12, start.frames, {
    timeout: 20000,
  });
  await button('Pause').click();
  const later = (await page.evaluate(() => window.playground.inspect())).solid;
  const { halflife } = await page.evaluate(() => window.playground.params());
  const y = (2 * Math.LN2) / halflife;
  const t = (later.frames - start.frames) / RATE;
  const want = theta0 * (1 + y * t) * Math.exp(-y * t);
  const got = angle(later.rotation, later.goal);
  assert.ok(
    Math.abs(got - want) < 2e-3 + 0.01 * theta0,
    `after ${t.toFixed(3)} s: ${got} rad, critical spring ${want}`,
  );
  // A drag turns the goal too.
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  const dragged = (await page.evaluate(() => window.playground.inspect())).solid;
  assert.ok(angle(dragged.goal, later.goal) > 0.3, 'the drag turned the goal');
  await fig.screenshot({ path: `${SHOTS}/others-solid.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('mocap playback: the character entity on the ground is parseBvh’s simulation bone, the body the library’s forward kinematics', async () => {
  const page = await characterData('&take=01_03');
  const fig = page.locator('#character-fig-5');
  // pause at t = 12.5 s with the scrubber
  const scrub = fig.locator('input[type=range]');
  await scrub.evaluate((el) => {
    /** @type {HTMLInputElement} */ (el).value = '12.5';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await nextFrames(page, 2);
  const { playback } = (await page.evaluate(() => window.playground.inspect())).data;
  assert.equal(playback.take, '01_03');
  assert.equal(playback.frame, 12.5 * RATE);
  assert.ok(playback.paused, 'the scrubber paused it');
  const smooth = readTake('01_03', [0.5, 1]);
  const raw = readTake('01_03', [0, 0]);
  const f = playback.frame;
  const [x, z, yaw] = rootAt(smooth, f);
  assert.ok(
    Math.hypot(playback.entity[0] - x, playback.entity[1] - z) < 1e-5,
    `the entity at ${playback.entity}, parseBvh ${[x, z]}`,
  );
  assert.ok(Math.abs(wrap(playback.entity[2] - yaw)) < 1e-5, 'and its heading');
  const [rx, rz, ryaw] = rootAt(raw, f);
  assert.ok(
    Math.hypot(playback.raw[0] - rx, playback.raw[1] - rz) < 1e-4,
    `the raw mark at ${playback.raw}, unsmoothed ${[rx, rz]}`,
  );
  assert.ok(Math.abs(wrap(playback.raw[2] - ryaw)) < 1e-3, 'and its heading');
  // the body: the library's forward kinematics of frame f, run here
  const B = smooth.skeleton.names.length;
  const skeleton = new Skeleton(smooth.skeleton.parents);
  skeleton.forwardKinematics(smooth.clip.poses.subarray(f * 13 * B, (f + 1) * 13 * B));
  const hips = smooth.skeleton.names.indexOf('Hips');
  const want = Array.from(skeleton.positions.subarray(3 * hips, 3 * hips + 3));
  skeleton.dispose();
  assert.ok(
    Math.hypot(...playback.hips.map((v, k) => v - want[k])) < 1e-5,
    `the hips at ${playback.hips}, FK ${want}`,
  );
  // drawn: the canvas holds the entity's red and the body's grey
  const colours = await fig.locator('canvas').evaluate((c) => {
    const ctx = /** @type {HTMLCanvasElement} */ (c).getContext('2d');
    const { data } = /** @type {CanvasRenderingContext2D} */ (ctx).getImageData(0, 0, c.width, c.height);
    let red = 0;
    let body = 0;
    for (let k = 0; k < data.length; k += 4) {
      const [r, g, b] = [data[k], data[k + 1], data[k + 2]];
      if (r > 180 && g < 90 && b < 90) red++;
      if (Math.abs(r - g) < 12 && Math.abs(g - b) < 20 && r > 90 && r < 175) body++;
    }
    return { red, body };
  });
  assert.ok(colours.red > 30, `the entity's red on the ground: ${colours.red} pixels`);
  assert.ok(colours.body > 500, `the body: ${colours.body} pixels`);
  await fig.screenshot({ path: `${SHOTS}/character-mocap.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the simulation bone: the plotted path and heading are parseBvh’s, smoothed over the panel’s windows, against the raw projection', async () => {
  for (const [windows, query] of [
    [[0.5, 1], ''],
    [[1.5, 2.5], '&positionWindow=1.5&directionWindow=2.5'],
  ]) {
    const page = await characterData(query);
    const data = await page.evaluate(() => window.playground.data());
    const smooth = readTake('01_01', windows);
    const raw = readTake('01_01', [0, 0]);
    const frames = smooth.clip.poses.length / (13 * smooth.skeleton.names.length);
    const map = data[PLOT.boneMap];
    assert.equal(map[1].length, 2 * frames, 'one point per frame');
    let worst = 0;
    let rawWorst = 0;
    let apart = 0;
    for (let f = 0; f < frames; f++) {
      const [x, z] = rootAt(smooth, f);
      const [rx, rz] = rootAt(raw, f);
      worst = Math.max(worst, Math.hypot(map[1][2 * f] - x, map[1][2 * f + 1] - z));
      rawWorst = Math.max(rawWorst, Math.hypot(map[0][2 * f] - rx, map[0][2 * f + 1] - rz));
      apart = Math.max(apart, Math.hypot(x - rx, z - rz));
    }
    assert.ok(worst < 1e-5, `windows ${windows}: the plotted simulation bone is parseBvh's to ${worst} m`);
    assert.ok(rawWorst < 1e-4, `the plotted projection is the unsmoothed one to ${rawWorst} m`);
    assert.ok(apart > 1e-3, `and the two differ (by up to ${apart} m)`);
    // the heading over time: the smoothed one, unwrapped, in degrees
    const heading = data[PLOT.heading][1];
    let headingWorst = 0;
    for (let f = 1; f < frames; f++) {
      const step = heading[2 * f + 1] - heading[2 * f - 1];
      const want = (wrap(rootAt(smooth, f)[2] - rootAt(smooth, f - 1)[2]) * 180) / Math.PI;
      headingWorst = Math.max(headingWorst, Math.abs(step - want));
    }
    assert.ok(headingWorst < 1e-3, `the heading's steps are parseBvh's to ${headingWorst}°`);
    if (!query)
      await page.locator('#character-fig-6').screenshot({ path: `${SHOTS}/character-simulation-bone.png` });
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

test('the dance card’s roots are its generator’s bone 0', () => {
  const card = danceCard();
  const roots = danceRoots();
  assert.deepEqual(
    roots.map((r) => r.name),
    card.clips.map((c) => c.name),
  );
  const B = card.skeleton.parents.length;
  const L = 13 * B;
  card.clips.forEach((clip, i) => {
    const root = roots[i].root;
    const frames = clip.poses.length / L;
    assert.equal(root.length, 3 * frames, `${clip.name}: as many frames`);
    let worst = 0;
    for (let f = 0; f < frames; f++) {
      const p = clip.poses;
      const yaw = 2 * Math.atan2(p[f * L + 6 * B + 1], p[f * L + 6 * B + 3]);
      worst = Math.max(
        worst,
        Math.hypot(root[3 * f] - p[f * L], root[3 * f + 1] - p[f * L + 2]),
        Math.abs(wrap(root[3 * f + 2] - yaw)),
      );
    }
    assert.ok(worst < 1e-5, `${clip.name}: the roots are bone 0 to ${worst}`);
  });
});

test('the distributions: the dance card’s trajectories and speed histogram are its generator’s, measured here', async () => {
  const page = await characterData();
  await page.locator('#character-fig-8').scrollIntoViewIfNeeded();
  await nextFrames(page, 3);
  const data = await page.evaluate(() => window.playground.data());
  const card = danceCard();
  const B = card.skeleton.parents.length;
  const L = 13 * B;
  const paths = card.clips.map((c) => {
    const frames = c.poses.length / L;
    return Array.from({ length: frames }, (_, f) => [
      c.poses[f * L],
      c.poses[f * L + 2],
      2 * Math.atan2(c.poses[f * L + 6 * B + 1], c.poses[f * L + 6 * B + 3]),
    ]);
  });
  // the one-second trajectories: each plotted strand is one second of some take from where it
  // starts, turned so that it faces forward (x sideways, z forward)
  const strands = [];
  let strand = [];
  const plotted = data[PLOT.strands][DANCE];
  for (let k = 0; k < plotted.length; k += 2) {
    if (Number.isNaN(plotted[k + 1])) {
      strands.push(strand);
      strand = [];
    } else strand.push([plotted[k], plotted[k + 1]]);
  }
  assert.ok(strands.length > 100, `${strands.length} strands of the dance card`);
  const local = (path, s, j) => {
    const [x0, z0, yaw] = path[s];
    const [dx, dz] = [path[s + j][0] - x0, path[s + j][1] - z0];
    return [Math.cos(yaw) * dx - Math.sin(yaw) * dz, Math.sin(yaw) * dx + Math.cos(yaw) * dz];
  };
  // find each of a few strands in the takes: its end (after a second) is some frame's
  for (const k of [0, 37, Math.floor(strands.length / 2), strands.length - 1]) {
    const s = strands[k];
    assert.equal(s.length, RATE / 2 + 1, 'a point every other frame for a second');
    const found = paths.some((path) =>
      path.some(
        (_, start) =>
          start + RATE < path.length &&
          s.every(([x, z], j) => {
            const [wx, wz] = local(path, start, 2 * j);
            return Math.abs(wx - x) < 1e-4 && Math.abs(wz - z) < 1e-4;
          }),
      ),
    );
    assert.ok(found, `strand ${k} is a second of the dance card seen from its start`);
  }
  // the speed histogram: central differences of the roots, in bins of 0.25 m/s
  const speeds = [];
  for (const path of paths)
    for (let f = 1; f + 1 < path.length; f++)
      speeds.push((Math.hypot(path[f + 1][0] - path[f - 1][0], path[f + 1][1] - path[f - 1][1]) * RATE) / 2);
  const histogram = data[PLOT.speed][DANCE];
  const bins = histogram.length / 2 - 1;
  for (let b = 0; b < bins; b++) {
    const lo = b * 0.25;
    const share =
      speeds.filter((v) => (b === bins - 1 ? v >= lo : v >= lo && v < lo + 0.25)).length / speeds.length;
    assert.ok(
      Math.abs(histogram[2 * b + 1] - share) < 2e-4,
      `bin ${lo} m/s: ${histogram[2 * b + 1]}, measured ${share}`,
    );
  }
  // the CMU takes' are drawn too
  assert.ok(data[PLOT.strands][CMU].length > 1000, 'CMU’s trajectories');
  await page.locator('#character-fig-8').screenshot({ path: `${SHOTS}/character-strands.png` });
  await page.locator('#character-fig-9').screenshot({ path: `${SHOTS}/character-speeds.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});
