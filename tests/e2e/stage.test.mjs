// The stage beside each spring panel: it animates on its own (the library stepped every frame),
// moves a time cursor along the first plot, pauses and steps one frame at a time; clicking sets
// the goal and the springs chase it. On the inertialization panel the Switch button switches
// the animation; on the tracking panel the tracked signal moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextFrames, openPage, usePlayground } from './harness.mjs';

const STAGED = ['dampers', 'spring', 'applications', 'others', 'inertialization', 'tracking'];

const env = usePlayground();

const stage = (page) => page.evaluate(() => window.playground.stage());
/** Waits until the stage has stepped `n` more frames (frames, not wall time: the machine may be slow). */
async function frames(page, n) {
  const { frames: f } = await stage(page);
  await page.waitForFunction(([f0, k]) => window.playground.stage().frames >= f0 + k, [f, n], {
    timeout: 20000,
  });
  return stage(page);
}

for (const name of STAGED) {
  test(`${name}: the stage animates, moves the time cursor, pauses, steps, and chases the goal`, async () => {
    const page = await openPage(env.browser.context, `${env.site.base}?panel=${name}`);
    const a = await frames(page, 1);
    const b = await frames(page, 20);
    assert.ok(b.t !== a.t, `the scenario time moves (${a.t} → ${b.t})`);
    assert.ok(differs(a.values, b.values), 'the bodies move');
    // The time cursor on the first plot follows the scenario.
    const cursor = await page.evaluate((n) => {
      const c = document.querySelector(`#panel-${n} figure.plot .cursor`);
      return { hidden: c.hidden, transform: c.style.transform };
    }, name);
    assert.equal(cursor.hidden, false, 'the time cursor is shown');
    const bar = page.locator(`#panel-${name} .stage-bar`);
    // Pause: no more frames. Step: exactly one.
    await bar.locator('button[data-role=play]').click();
    const paused = await stage(page);
    assert.equal(paused.paused, true);
    await nextFrames(page, 10);
    assert.equal((await stage(page)).frames, paused.frames, 'paused: no frame');
    await bar.locator('button[data-role=step]').click();
    const stepped = await stage(page);
    assert.equal(stepped.frames, paused.frames + 1, 'Step advances one frame');
    assert.ok(Math.abs(stepped.t - paused.t - 1 / 60) < 1e-9 || stepped.t === 0, 'of 1/60 s');
    await bar.locator('button[data-role=play]').click();
    assert.equal((await stage(page)).paused, false);

    if (name === 'inertialization') {
      // Switch: the user takes over; the outputs leave the signal they followed and blend to the other.
      const before = await frames(page, 2);
      await bar.locator('button[data-role=extra]').click();
      const after = await frames(page, 30);
      assert.equal(after.user, null, 'no goal: the user only switches');
      assert.ok((await page.locator(`#panel-${name} .stage-status`).textContent()).includes('yours'));
      assert.ok(differs(before.values.slice(2), after.values.slice(2)), 'the outputs move on');
    } else {
      // Click near the bottom of the view: the goal goes low and the objects chase it.
      const canvas = page.locator(`#panel-${name} figure.stage canvas`);
      const box = await canvas.boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.8);
      const start = await frames(page, 1);
      assert.ok(start.user !== null, 'the click set a goal');
      const goal = start.user;
      const body = name === 'tracking' || name === 'applications' ? 2 : 1; // the first object
      const d0 = Math.abs(start.values[body] - goal);
      const end = await frames(page, 90);
      const d1 = Math.abs(end.values[body] - goal);
      assert.ok(
        d1 < d0 * 0.5 + 0.05,
        `${start.labels[body]} chases the goal ${goal.toFixed(2)}: ${d0.toFixed(3)} → ${d1.toFixed(3)}`,
      );
      const hidden = await page.evaluate(
        (n) => document.querySelector(`#panel-${n} figure.plot .cursor`).hidden,
        name,
      );
      assert.equal(hidden, true, 'no time cursor while the user drives');
      await bar.locator('button[data-role=replay]').click();
      assert.equal((await stage(page)).user, null, 'Replay returns to the scenario');
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}

test('tracking: the tracked signal moves in the stage, and the trackers follow it', async () => {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=tracking`);
  const samples = [];
  for (let k = 0; k < 4; k++) samples.push(await frames(page, 15));
  const signal = samples.map((s) => s.values[0]);
  assert.ok(new Set(signal.map((v) => v.toFixed(4))).size === 4, `the signal moves: ${signal}`);
  // Paused and stepped frame by frame through one whole loop (6 s at 60 Hz), so that what is
  // checked does not depend on when a slow machine happens to sample: the exact tracker stays
  // near the signal except just after its jumps (at 1.0, 3.0 and 4.4 s, which it chases as a
  // spring, from up to 1.0 away), and each of those gaps closes.
  await page.locator('#panel-tracking .stage-bar button[data-role=play]').click();
  const rows = await page.evaluate(() => {
    const step = document.querySelector('#panel-tracking .stage-bar button[data-role=step]');
    const out = [];
    for (let k = 0; k < 370; k++) {
      step.click();
      const s = window.playground.stage();
      out.push([s.t, s.values[0], s.values[3]]);
    }
    return out;
  });
  const jumps = [1.0, 3.0, 4.4];
  const gap = (at) => {
    const row = rows.find(([t]) => Math.abs(t - at) < 1 / 120);
    assert.ok(row, `a stepped frame at t = ${at}`);
    return Math.abs(row[2] - row[1]);
  };
  for (const [t, x, exact] of rows)
    if (!jumps.some((j) => t >= j && t < j + 0.3))
      assert.ok(Math.abs(exact - x) < 0.6, `the exact tracker stays near the signal (t = ${t})`);
  for (const j of jumps)
    assert.ok(gap(j + 0.3) < 0.6 * gap(j + 1 / 60), `the gap after the jump at ${j} s closes`);
  await page.close();
});

function differs(a, b) {
  return JSON.stringify(a) !== JSON.stringify(b);
}
