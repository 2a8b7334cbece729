// The character panel's top-down view in headless Chromium: the autopilot drives it
// when left alone, the keyboard takes over (the view is focusable), and mouse dragging
// steers toward the pointer. Strafing holds the facing on the camera's direction while the
// object moves sideways; the simulation object and the character never enter an obstacle, on
// the scripted run (checked with a distance function written here) or driven into a wall live,
// and the predicted trajectory slides along the walls too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, openPage, screenshot, usePlayground } from './harness.mjs';

const env = usePlayground();

const inspect = (page) => page.evaluate(() => window.playground.inspect());
/** Waits for `n` more simulated frames of the view (frames, not wall time: the machine may be slow). */
async function frames(page, n) {
  const { frames: f } = await inspect(page);
  await page.waitForFunction(([f0, k]) => window.playground.inspect().frames >= f0 + k, [f, n], {
    timeout: 20000,
  });
}

test('the keyboard drives the simulation object forward (+z), the mouse toward the pointer', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=character`);
  const canvas = page.locator('#panel-character canvas').first();
  await canvas.focus();
  const start = await inspect(page);
  await page.keyboard.down('ArrowUp');
  await frames(page, 40);
  const held = await inspect(page);
  await page.keyboard.up('ArrowUp');
  assert.equal(held.stick.z, 1, 'ArrowUp is a full forward stick');
  assert.ok(held.sim.z - start.sim.z > 0.3, `moved forward: z ${start.sim.z} → ${held.sim.z}`);
  assert.ok(Math.abs(held.sim.x - start.sim.x) < 0.05, 'and not sideways');
  assert.ok(held.frames > start.frames, 'the view keeps animating');

  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 4 });
  await frames(page, 30);
  const dragged = await inspect(page);
  await page.mouse.up();
  assert.ok(
    dragged.stick.x > 0.9 && Math.abs(dragged.stick.z) < 0.1,
    `the drag to the right is a right stick: ${JSON.stringify(dragged.stick)}`,
  );
  assert.ok(dragged.sim.x > held.sim.x, 'moved right');
  await screenshot(page, 'character-driven');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('left alone, the autopilot drives', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=character`);
  // The autopilot starts after two seconds of simulated time without input (frames, not wall time).
  await page.waitForFunction(() => window.playground.inspect().autopilot, null, { timeout: 20000 });
  const a = await inspect(page);
  await frames(page, 30);
  const b = await inspect(page);
  assert.ok(Math.hypot(b.sim.x - a.sim.x, b.sim.z - a.sim.z) > 0.1, 'the simulation object moves on its own');
  await frames(page, 150);
  await page.locator('#panel-character figure.live').screenshot({ path: `${SHOTS}/character-view.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a finger dragged in the top-down view steers like the mouse', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=character`);
  const canvas = page.locator('#panel-character canvas').first();
  const box = await canvas.boundingBox();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const at = (dx) => [{ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (const dx of [60, 120, 200])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dx) });
  await frames(page, 20);
  const held = await inspect(page);
  // Read while the finger is down (once it lifts, the next frame says "idle").
  const hint = await page.locator('#panel-character .hint').textContent();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  assert.ok(
    held.stick.x > 0.9 && Math.abs(held.stick.z) < 0.1,
    `a right stick: ${JSON.stringify(held.stick)}`,
  );
  assert.match(hint, /finger/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

/** Angle (degrees, 0…180) between directions (x, z) a and b. */
function angle([ax, az], [bx, bz]) {
  const c = (ax * bx + az * bz) / (Math.hypot(ax, az) * Math.hypot(bx, bz));
  return (Math.acos(Math.min(1, Math.max(-1, c))) * 180) / Math.PI;
}

/**
 * Clearance (m) of a disc of radius `radius` at (x, z) from the obstacles: the distance from
 * its edge to the nearest circle or box, negative inside. Boxes are [x, z, width, depth, yaw°],
 * the width along (cos yaw, −sin yaw) and the depth along (sin yaw, cos yaw).
 */
function clearance(x, z, { circles, boxes }, radius) {
  let m = Infinity;
  for (const [cx, cz, r] of circles) m = Math.min(m, Math.hypot(x - cx, z - cz) - r);
  for (const [bx, bz, w, d, yaw] of boxes) {
    const a = (yaw * Math.PI) / 180;
    const [dx, dz] = [x - bx, z - bz];
    const qx = Math.abs(dx * Math.cos(a) - dz * Math.sin(a)) - w / 2;
    const qz = Math.abs(dx * Math.sin(a) + dz * Math.cos(a)) - d / 2;
    m = Math.min(m, Math.hypot(Math.max(qx, 0), Math.max(qz, 0)) + Math.min(Math.max(qx, qz), 0));
  }
  return m - radius;
}
/** How far a body may seem inside an obstacle: float positions (a few ulps at 10 m). */
const FLOAT_SLACK = 1e-5;

test('strafe on: the facing holds the camera’s direction while the object moves sideways', async () => {
  // The camera turned by 30°: its forward is (sin 30°, cos 30°), its right (cos 30°, −sin 30°).
  const a = (30 * Math.PI) / 180;
  const forward = [Math.sin(a), Math.cos(a)];
  const right = [Math.cos(a), -Math.sin(a)];
  const run = async (strafe) => {
    const page = await openPage(
      env.browser.context,
      `${env.site.base}?panel=character&camera=30&obstacles=0&strafe=${strafe}`,
    );
    const canvas = page.locator('#panel-character canvas').first();
    await canvas.focus();
    if (strafe)
      // Strafing faces the camera from the start, whatever the autopilot does.
      await page.waitForFunction(
        ([fx, fz]) => {
          const [x, z] = window.playground.inspect().facing;
          return x * fx + z * fz > Math.cos((0.2 * Math.PI) / 180);
        },
        forward,
        { timeout: 20000 },
      );
    await page.keyboard.down('d'); // the stick right: the camera's right
    const samples = [];
    for (let i = 0; i < 12; i++) {
      await frames(page, 8);
      samples.push(await inspect(page));
    }
    await page.keyboard.up('d');
    assert.deepEqual(page.problems, []);
    if (strafe) await screenshot(page, 'character-strafe');
    await page.close();
    return samples;
  };
  const strafing = await run(1);
  for (const s of strafing)
    assert.ok(
      angle(s.facing, forward) < 0.2,
      `strafing faces the camera: ${angle(s.facing, forward).toFixed(3)}° off`,
    );
  const last = strafing[strafing.length - 1];
  const speed = Math.hypot(last.velocity.x, last.velocity.z);
  assert.ok(
    angle([last.velocity.x, last.velocity.z], right) < 2,
    `it moves along the camera's right: ${angle([last.velocity.x, last.velocity.z], right).toFixed(2)}° off`,
  );
  assert.ok(Math.abs(speed - 3) < 0.15, `at the sideways speed, 3 m/s: ${speed.toFixed(3)}`);
  // Without strafing the same stick turns it to face where it goes.
  const turning = (await run(0)).at(-1);
  assert.ok(
    angle(turning.facing, right) < 5,
    `not strafing, it faces its way: ${angle(turning.facing, right).toFixed(2)}° off`,
  );
  assert.ok(angle(turning.facing, forward) > 85, 'and no longer the camera');
});

test('obstacles: over the scripted run neither body enters an obstacle, both slide along them, and so does the prediction', async () => {
  const runs = {};
  for (const q of ['', '&strafe=1&camera=-45', '&mode=none', '&obstacles=0']) {
    const page = await openPage(env.browser.context, `${env.site.base}?panel=character${q}`);
    const ins = await inspect(page);
    const [replay] = await page.evaluate(() => window.playground.data());
    runs[q] = { ins, replay };
    assert.deepEqual(page.problems, []);
    await page.close();
  }
  const world = runs[''].ins.obstacles;
  assert.ok(world && world.circles.length >= 2 && world.boxes.length >= 4, 'circles and boxes on the ground');
  for (const [q, { ins, replay }] of Object.entries(runs)) {
    const [sim, character, predicted] = replay;
    const stats = (points) => {
      let min = Infinity;
      let touching = 0;
      for (let k = 0; k < points.length; k += 2) {
        const c = clearance(points[k], points[k + 1], world, ins.radius);
        min = Math.min(min, c);
        if (c < 1e-3) touching++;
      }
      return { min, touching, n: points.length / 2 };
    };
    const s = stats(sim);
    const c = stats(character);
    const p = stats(predicted);
    assert.ok(s.n === 481 && c.n === 481, `${q}: 8 s at 60 Hz`);
    if (q === '&obstacles=0') {
      // The same run without collisions goes through them: the test can tell.
      assert.ok(s.min < -0.2, `${q}: without obstacles the run passes through them (${s.min})`);
      continue;
    }
    assert.ok(s.min >= -FLOAT_SLACK, `${q}: the simulation object enters an obstacle by ${-s.min} m`);
    assert.ok(c.min >= -FLOAT_SLACK, `${q}: the character enters an obstacle by ${-c.min} m`);
    assert.ok(p.min >= -FLOAT_SLACK, `${q}: a predicted position is inside an obstacle by ${-p.min} m`);
    assert.ok(
      s.touching >= 30,
      `${q}: the simulation object slides along obstacles (${s.touching} frames in contact)`,
    );
    assert.ok(c.touching >= 30, `${q}: so does the character (${c.touching} frames)`);
  }
});

test('obstacles: driven into a wall live, the simulation object and the character stop at it', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=character`);
  const { obstacles, radius } = await inspect(page);
  // Every frame, in the page: the closest either body comes to the north wall (its face at
  // z = 6.9 in front of the start) and to anything.
  await page.evaluate(() => {
    window.__deepest = { sim: -Infinity, character: -Infinity, samples: [] };
    const watch = () => {
      const s = window.playground.inspect();
      window.__deepest.sim = Math.max(window.__deepest.sim, s.sim.z);
      window.__deepest.character = Math.max(window.__deepest.character, s.character.z);
      window.__deepest.samples.push([s.sim.x, s.sim.z, s.character.x, s.character.z]);
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.locator('#panel-character canvas').first().focus();
  await page.keyboard.down('w');
  await page.waitForFunction(() => window.playground.inspect().sim.z > 6.5, null, { timeout: 30000 });
  await frames(page, 60); // pushing on against the wall
  await page.keyboard.up('w');
  const deepest = await page.evaluate(() => window.__deepest);
  const face = 7.3 - 0.8 / 2;
  assert.ok(deepest.sim <= face - radius + FLOAT_SLACK, `the simulation object reached z = ${deepest.sim}`);
  assert.ok(deepest.sim >= face - radius - 1e-3, `and it got to the wall: z = ${deepest.sim}`);
  assert.ok(
    deepest.character <= face - radius + FLOAT_SLACK,
    `the character reached z = ${deepest.character}`,
  );
  for (const [sx, sz, cx, cz] of deepest.samples) {
    assert.ok(
      clearance(sx, sz, obstacles, radius) >= -FLOAT_SLACK,
      `simulation object inside at (${sx}, ${sz})`,
    );
    assert.ok(clearance(cx, cz, obstacles, radius) >= -FLOAT_SLACK, `character inside at (${cx}, ${cz})`);
  }
  // The prediction, the stick held into the wall, stops at the wall too.
  await page.keyboard.down('w');
  await frames(page, 5);
  const { predicted } = await inspect(page);
  await page.keyboard.up('w');
  for (const [x, z] of predicted) assert.ok(z <= face - radius + FLOAT_SLACK, `predicted z = ${z}`);
  await page.locator('#panel-character figure.live').screenshot({ path: `${SHOTS}/character-wall.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});
