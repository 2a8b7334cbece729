// motion_controller.test.mjs — MotionController and MotionCrowd, their wiring checked against
// what each part promises: searches on the timer and forced by a sharp input change, each
// finding what the database's own search finds for the same query; a switch plays the frame
// found; clamping keeps the character within its distance of the simulation; a locked foot is
// drawn where its contact holds it (the IK reaches it); every part switches off; a crowd plays
// exactly as single controllers do; bad input is refused naming the argument.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { FEATURES_27, locomotion, random } from './motion_fixtures.mjs';

await sp.init();
const data = locomotion({ seconds: 90, seed: 13 });
const db = new sp.MotionDatabase(data, {
  features: FEATURES_27,
  contactBones: ['leftFoot', 'rightFoot'],
  mirror: true,
});
const dt = 1 / 60;

/** A scripted input: a new desired velocity every 1.5 s. */
function script(seed) {
  const rnd = random(seed);
  let v = { x: 0, y: 0, z: 1.2 };
  return (i) => {
    if (i > 0 && i % 90 === 0) {
      const speed = 0.5 + 3 * rnd(),
        a = rnd() * 2 * Math.PI;
      v = { x: speed * Math.sin(a), y: 0, z: speed * Math.cos(a) };
    }
    return { velocity: v };
  };
}

test('searches run on the timer and at once after a sharp change, and find what the database finds', () => {
  const c = new sp.MotionController(db, { candidates: 3 });
  const input = script(1);
  let searches = 0,
    forced = 0,
    checked = 0,
    last = -1;
  for (let i = 0; i < 1200; i++) {
    const before = c.frame;
    const sharp = i > 0 && i % 90 === 0;
    c.update(dt, input(i));
    if (sharp) assert.ok(c.searched && c.lastSearch.forced, `update ${i}: the sharp change forced a search`);
    if (!c.searched) continue;
    searches++;
    if (c.lastSearch.forced) forced++;
    else if (last >= 0)
      assert.ok(Math.abs(i - last - 6) <= 1, `update ${i}: timed ${i - last} updates after the last search`);
    last = i;
    const s = c.lastSearch;
    const want = db.searchBest(c.query, 3, { current: s.from });
    assert.equal(s.frame, want.frames[0]);
    assert.equal(s.cost, want.costs[0]);
    assert.deepEqual(
      s.candidates.map((x) => x.frame),
      [...want.frames].filter((f) => f >= 0),
    );
    for (const x of s.candidates) {
      const groups = db.groupCosts(c.query, x.frame);
      assert.deepEqual([...x.groups], [...groups]);
      const sum = groups.reduce((a, b) => a + b, 0); // no bias: the cost is the distance alone
      assert.ok(Math.abs(sum - x.cost) < 1e-4 * Math.max(1, sum), 'the groups add up to the cost');
    }
    // a switch plays the frame found (one frame on, at 60 Hz)
    if (c.switched) assert.equal(c.frame, s.frame + 1);
    else assert.equal(c.frame, before + 1 < db.rangeOf(before).stop ? before + 1 : before);
    checked++;
  }
  assert.ok(
    searches >= 150 && forced >= 10 && checked === searches,
    `${searches} searches, ${forced} forced`,
  );
  c.dispose();
});

test('clamping keeps bone 0 within clampDistance of the simulation; without it the character drifts further', () => {
  let worstOn = 0,
    worstOff = 0;
  for (const clamping of [true, false]) {
    const c = new sp.MotionController(db, { clamping, clampDistance: 0.1, adjustment: false });
    const input = script(2);
    for (let i = 0; i < 900; i++) {
      c.update(dt, input(i));
      const s = c.simulation.position,
        p = c.positions;
      const d = Math.hypot(p[0] - s.x, p[1] - s.y, p[2] - s.z);
      if (clamping) worstOn = Math.max(worstOn, d);
      else worstOff = Math.max(worstOff, d);
    }
    c.dispose();
  }
  assert.ok(worstOn <= 0.1 + 1e-5, `clamped: ${worstOn}`);
  assert.ok(worstOff > 0.1, `unclamped: ${worstOff}`);
});

test('a locked foot is drawn where its contact holds it: the IK reaches it whenever the leg can', () => {
  const c = new sp.MotionController(db);
  const input = script(3);
  const feet = [db.bone('leftFoot'), db.bone('rightFoot')],
    hips = [db.bone('leftUpLeg'), db.bone('rightUpLeg')];
  const length = (b) => Math.hypot(...db.pose(0).subarray(3 * b, 3 * b + 3));
  const reach = feet.map((f) => length(f) + length(f - 1) - c.settings.footLengthBuffer);
  let reachable = 0,
    pointed = 0;
  for (let i = 0; i < 1200; i++) {
    c.update(dt, input(i));
    c.contacts.forEach((contact, k) => {
      if (!contact.lock) return;
      const p = c.positions,
        foot = 3 * feet[k],
        hip = 3 * hips[k];
      const t = [contact.position.x, Math.max(contact.position.y, c.settings.footHeight), contact.position.z];
      const miss = Math.hypot(p[foot] - t[0], p[foot + 1] - t[1], p[foot + 2] - t[2]);
      const far = Math.hypot(t[0] - p[hip], t[1] - p[hip + 1], t[2] - p[hip + 2]);
      if (far < reach[k] - 1e-4) {
        reachable++;
        assert.ok(miss < 1e-4, `update ${i}, foot ${k}: ${miss} m from its locked point, within reach`);
      } else {
        // out of reach: the leg extended (less the buffer) toward it
        pointed++;
        const leg = Math.hypot(p[foot] - p[hip], p[foot + 1] - p[hip + 1], p[foot + 2] - p[hip + 2]);
        assert.ok(Math.abs(leg - reach[k]) < 1e-4, `update ${i}, foot ${k}: leg ${leg}, reach ${reach[k]}`);
        assert.ok(Math.abs(miss - (far - reach[k])) < 1e-4, `update ${i}, foot ${k}: pointing at the point`);
      }
    });
  }
  assert.ok(reachable > 50 && pointed > 0, `${reachable} locked frames within reach, ${pointed} beyond`);
  c.dispose();
});

test('every part switches off: no inertialization plays the database pose, no foot locking draws the blend', () => {
  const c = new sp.MotionController(db, {
    inertialization: 'none',
    adjustment: false,
    clamping: false,
    footLocking: false,
  });
  const input = script(4);
  for (let i = 0; i < 300; i++) {
    c.update(dt, input(i));
    assert.deepEqual(c.pose, c.blended, 'without foot locking the pose is the blend');
    // without inertialization, adjustment or clamping: the frame's pose, bone 0 moved by the map alone
    const frame = db.pose(c.frame),
      n = db.bones;
    for (let b = 1; b < n; b++) {
      for (let j = 0; j < 3; j++) assert.equal(c.pose[3 * b + j], frame[3 * b + j]);
      for (let j = 0; j < 4; j++) assert.equal(c.pose[6 * n + 4 * b + j], frame[6 * n + 4 * b + j]);
    }
  }
  // switched on again mid-way: the spring and cubic inertializers, adjustment, clamping, feet
  for (const inertialization of ['spring', 'cubic']) {
    Object.assign(c.settings, { inertialization, adjustment: true, clamping: true, footLocking: true });
    for (let i = 300; i < 600; i++) c.update(dt, input(i));
    assert.ok(c.positions.every(Number.isFinite));
  }
  c.dispose();
});

test('with the spring inertializer a switch moves no bone further than the frames around it; without, some jump', () => {
  const jumps = {};
  for (const inertialization of ['spring', 'none']) {
    const c = new sp.MotionController(db, {
      inertialization,
      adjustment: false,
      clamping: false,
      footLocking: false,
    });
    const input = script(5);
    let prev = null,
      atSwitch = 0,
      elsewhere = 0;
    for (let i = 0; i < 1200; i++) {
      c.update(dt, input(i));
      const p = c.positions.slice();
      if (prev) {
        let m = 0;
        for (let b = 1; b < db.bones; b++)
          m = Math.max(
            m,
            Math.hypot(
              p[3 * b] - p[0] - (prev[3 * b] - prev[0]),
              p[3 * b + 1] - p[1] - (prev[3 * b + 1] - prev[1]),
              p[3 * b + 2] - p[2] - (prev[3 * b + 2] - prev[2]),
            ),
          );
        if (c.switched) atSwitch = Math.max(atSwitch, m);
        else elsewhere = Math.max(elsewhere, m);
      }
      prev = p;
    }
    jumps[inertialization] = { atSwitch, elsewhere };
    c.dispose();
  }
  // bones relative to bone 0, per frame: inertialized switches stay within the motion's own
  // frame-to-frame changes; raw switches exceed them
  assert.ok(jumps.spring.atSwitch <= 1.5 * jumps.spring.elsewhere, JSON.stringify(jumps));
  assert.ok(jumps.none.atSwitch > 1.5 * jumps.none.elsewhere, JSON.stringify(jumps));
});

test('a crowd plays exactly as single controllers do, its searches batched', () => {
  const n = 4;
  const positions = Array.from({ length: n }, (_, i) => ({ x: 2 * i, y: 0, z: 0 }));
  const crowd = new sp.MotionCrowd(db, n, { positions });
  const inputs = Array.from({ length: n }, (_, i) => script(10 + i));
  let searches = 0;
  for (let f = 0; f < 600; f++) {
    crowd.update(
      dt,
      inputs.map((s) => s(f)),
    );
    searches += crowd.searches;
    crowd.characters.forEach((ch, i) => {
      if (!ch.searched) return;
      const s = ch.lastSearch;
      assert.equal(s.frame, db.search(ch.query, { current: s.from }).frame, `character ${i}, update ${f}`);
    });
  }
  assert.ok(searches > 200, `${searches} searches`);
  // a crowd of one is a controller
  const one = new sp.MotionCrowd(db, 1, { positions: [{ x: 1, y: 0, z: 2 }] });
  const single = new sp.MotionController(db, { position: { x: 1, y: 0, z: 2 } });
  const input = script(20);
  for (let f = 0; f < 400; f++) {
    const step = input(f);
    one.update(dt, [step]);
    single.update(dt, step);
    assert.deepEqual(one.characters[0].pose, single.pose, `update ${f}`);
  }
  for (const c of [crowd, one, single]) c.dispose();
});

test("a crowd's batch grows when more characters are due than before: a sharp turn for all", () => {
  // two characters with `candidates: 2` (a batch of its own, made for the two), then all six:
  // a sharp change of every input forces every search at once, a group larger than that batch,
  // which is made again (the regression: its size was read after disposing it)
  const n = 6;
  const crowd = new sp.MotionCrowd(db, n, {
    positions: Array.from({ length: n }, (_, i) => ({ x: 2 * i, y: 0, z: 0 })),
  });
  const walk = { velocity: { x: 0, y: 0, z: 1.2 } },
    turn = { velocity: { x: -3, y: 0, z: 0 } };
  crowd.characters[1].settings.candidates = crowd.characters[4].settings.candidates = 2;
  let searches = 0;
  for (let f = 0; f < 12; f++) {
    crowd.update(dt, Array(n).fill(walk));
    searches += crowd.characters[1].searched && crowd.characters[1].lastSearch.candidates.length === 2;
  }
  assert.ok(searches >= 2, `${searches} searches with 2 candidates before the turn`);
  for (const ch of crowd.characters) ch.settings.candidates = 2;
  crowd.update(dt, Array(n).fill(turn));
  assert.equal(crowd.searches, n, 'every character searches at the turn');
  crowd.characters.forEach((ch, i) => {
    const s = ch.lastSearch;
    assert.ok(ch.searched && s.forced, `character ${i} searched, forced`);
    assert.equal(s.candidates.length, 2, `character ${i}: its 2 candidates`);
    assert.equal(s.frame, db.search(ch.query, { current: s.from }).frame, `character ${i}`);
  });
  crowd.dispose();
});

test('a crowd of 1,000 plays as 1,000 separate controllers: positions within 1e-5 m over 10 s of scripted input', (t) => {
  const n = 1000,
    interval = 0.1;
  const positions = Array.from({ length: n }, (_, i) => ({
    x: (i % 40) * 2,
    y: 0,
    z: Math.floor(i / 40) * 2,
  }));
  const crowd = new sp.MotionCrowd(db, n, { positions });
  // each controller's first search where the crowd puts its character's: i/n of the interval
  const single = positions.map(
    (position, i) => new sp.MotionController(db, { position, firstSearch: (i / n) * interval }),
  );
  const scripts = Array.from({ length: n }, (_, i) => script(100 + i));
  let worst = 0,
    searches = 0,
    switches = 0;
  for (let f = 0; f < 600; f++) {
    const inputs = scripts.map((s) => s(f));
    crowd.update(dt, inputs);
    searches += crowd.searches;
    const all = crowd.positions;
    single.forEach((c, i) => {
      c.update(dt, inputs[i]);
      const mine = c.positions,
        o = i * mine.length;
      for (let j = 0; j < mine.length; j++) worst = Math.max(worst, Math.abs(all[o + j] - mine[j]));
    });
  }
  for (const m of crowd.characters) switches += m.switches;
  t.diagnostic(`${searches} searches, ${switches} switches; largest difference ${worst} m`);
  assert.ok(searches > 55000 && switches > 2000, `${searches} searches, ${switches} switches`);
  assert.ok(worst <= 1e-5, `${worst} m apart`);
  crowd.dispose();
  for (const c of single) c.dispose();
});

test('explain: the last search by feature group, the best candidates, the frame playing and the last seconds', () => {
  const c = new sp.MotionController(db);
  assert.equal(c.explain(), null, 'null before the first search');
  const input = script(7);
  const seen = []; // what the test sees of each search, update by update
  for (let i = 0; i < 900; i++) {
    c.update(dt, input(i));
    if (c.searched) seen.push({ time: c.lastSearch.time, cost: c.lastSearch.cost, switched: c.switched });
  }
  const why = c.explain({ candidates: 5, seconds: 3 });
  const last = c.lastSearch;
  assert.deepEqual(
    [why.time, why.from, why.frame, why.forced],
    [last.time, last.from, last.frame, last.forced],
  );
  // the groups tile the features; their values are the query's and the frames'
  assert.equal(
    why.groups.reduce((n, g) => n + g.floats, 0),
    db.dims,
  );
  const found = db.features(why.frame),
    playing = db.features(why.from);
  for (const g of why.groups) {
    assert.deepEqual(g.query, [...c.query.subarray(g.offset, g.offset + g.floats)]);
    assert.deepEqual(g.found, [...found.subarray(g.offset, g.offset + g.floats)]);
    assert.deepEqual(g.playing, [...playing.subarray(g.offset, g.offset + g.floats)]);
  }
  // each group's part of a cost, worked out here from the normalisation
  const offsets = db.featureOffsets,
    scales = db.featureScales;
  const part = (frame, g) => {
    const f = db.normalizedFeatures(frame);
    let sum = 0;
    for (let j = g.offset; j < g.offset + g.floats; j++)
      sum += scales[j] === 0 ? 0 : ((c.query[j] - offsets[j]) / scales[j] - f[j]) ** 2;
    return sum;
  };
  assert.equal(why.candidates.length, 5);
  assert.equal(why.candidates[0].frame, last.frame);
  why.candidates.forEach((x, i) => {
    if (i > 0) assert.ok(x.cost >= why.candidates[i - 1].cost, 'best first');
    assert.equal(x.clip, db.rangeOf(x.frame).name);
    x.groups.forEach((v, g) => assert.ok(Math.abs(v - part(x.frame, why.groups[g])) < 1e-4 * Math.max(1, v)));
    const sum = x.groups.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - x.cost) < 1e-4 * Math.max(1, sum), 'the parts add up to the cost');
  });
  // the frame playing against the same query, and the switch it decided
  assert.equal(why.playing.frame, why.from);
  why.playing.groups.forEach((v, g) =>
    assert.ok(Math.abs(v - part(why.from, why.groups[g])) < 1e-4 * Math.max(1, v)),
  );
  assert.equal(why.switched, seen.at(-1).switched);
  if (why.switched) assert.ok(why.candidates[0].cost + why.switchCost < why.playing.cost);
  else if (why.frame !== why.from) assert.ok(!(why.candidates[0].cost + why.switchCost < why.playing.cost));
  // the last 3 s of searches, as the test saw them
  const recent = seen.filter((x) => x.time >= last.time - 3);
  assert.deepEqual(
    why.history.map((x) => [x.time, Math.fround(x.cost), x.switched]),
    recent.map((x) => [x.time, Math.fround(x.cost), x.switched]),
  );
  assert.ok(recent.length >= 25 && recent.some((x) => x.switched), `${recent.length} searches`);
  // plain data: it survives JSON
  assert.deepEqual(JSON.parse(JSON.stringify(why)), why);
  // a crowd's members explain themselves too
  const crowd = new sp.MotionCrowd(db, 3);
  for (let i = 0; i < 30; i++) crowd.update(dt, [input(i), input(i), input(i)]);
  assert.equal(crowd.characters[2].explain().candidates[0].frame, crowd.characters[2].lastSearch.frame);
  assert.throws(
    () => c.explain({ candidates: 0 }),
    /sprung\.MotionController\.explain: options\.candidates must be an integer in \[1, 64\], got 0/,
  );
  assert.throws(() => c.explain({ seconds: -1 }), /options\.seconds must be a finite number ≥ 0, got -1/);
  crowd.dispose();
  assert.throws(() => crowd.characters, /not a live MotionCrowd/);
  c.dispose();
  assert.throws(() => c.explain(), /sprung\.MotionController\.explain: not a live MotionController/);
});

test("explain under cost rules: each candidate costs the rules' multiplier·features + additive, forced or not", () => {
  // the rules go on the two clips the unruled controller's candidates come from most (so
  // that both rules show among the candidates), found by running it on the same input
  const clipIndex = (frame) =>
    db.ranges.findIndex((r) => frame >= r.start && frame < r.stop) % data.clips.length;
  const seen = new Array(data.clips.length).fill(0);
  const free = new sp.MotionController(db);
  const first = script(5);
  for (let i = 0; i < 900; i++) {
    free.update(dt, first(i));
    if (free.searched) for (const x of free.explain({ candidates: 6 }).candidates) seen[clipIndex(x.frame)]++;
  }
  free.dispose();
  const [slow, taxed] = seen
    .map((n, i) => [n, i])
    .sort((a, b) => b[0] - a[0])
    .map(([, i]) => i);
  const ruled = new sp.MotionDatabase(data, {
    features: FEATURES_27,
    contactBones: ['leftFoot', 'rightFoot'],
    mirror: true,
    rules: [
      { clip: data.clips[slow].name, multiplier: 1.25 },
      { clip: data.clips[taxed].name, additive: 0.25, when: 'forced' },
    ],
  });
  // the rules as declared here, on a clip and its mirrored copy (whose frames follow all the
  // others, clip by clip): the oracle of each candidate's factors
  const factors = (frame, forced) => {
    const clip = clipIndex(frame);
    return [clip === slow ? 1.25 : 1, clip === taxed && forced ? 0.25 : 0];
  };
  const c = new sp.MotionController(ruled);
  const input = script(5);
  let checked = 0,
    forcedSeen = 0,
    multiplied = 0,
    taxedSeen = 0;
  for (let i = 0; i < 900; i++) {
    c.update(dt, input(i));
    if (!c.searched) continue;
    const why = c.explain({ candidates: 6 });
    assert.equal(why.candidates[0].frame, c.lastSearch.frame);
    assert.equal(why.candidates[0].cost, c.lastSearch.cost, 'the cost the search found');
    if (why.forced) forcedSeen++;
    for (const x of [...why.candidates, ...(why.playing ? [why.playing] : [])]) {
      const [m, a] = factors(x.frame, why.forced);
      assert.deepEqual([x.multiplier, x.additive], [m, a], `frame ${x.frame} (${x.clip})`);
      if (m !== 1) multiplied++;
      if (a !== 0) taxedSeen++;
      const sum = x.groups.reduce((p, q) => p + q, 0);
      assert.ok(Math.abs(sum - x.features) <= 1e-4 * Math.max(1, sum), 'the groups add up to the features');
      const want = m * x.features + a + x.bias;
      assert.ok(Math.abs(x.cost - want) <= 1e-5 * Math.max(1, want), `${x.cost} against ${want}`);
      checked++;
    }
  }
  assert.ok(
    checked > 500 && forcedSeen > 0 && multiplied > 0 && taxedSeen > 0,
    `${checked} candidates, ${forcedSeen} forced searches, ${multiplied} multiplied, ${taxedSeen} taxed`,
  );
  c.dispose();
  ruled.dispose();
});

test('bad input: errors naming the argument', () => {
  const c = new sp.MotionController(db);
  assert.throws(
    () => c.update(NaN, { velocity: { x: 0, y: 0, z: 1 } }),
    /sprung\.MotionController\.update: dt must be a finite number ≥ 0, got NaN/,
  );
  assert.throws(
    () => c.update(dt, { velocity: { x: 0, y: 0 } }),
    (e) =>
      e instanceof TypeError &&
      /^sprung\.MotionController\.update: input\.velocity\.z must be a number, got undefined$/.test(
        e.message,
      ),
  );
  assert.throws(
    () => c.update(dt, { velocity: { x: 0, y: 0, z: 1 }, rotation: { x: 0, y: 0, z: 0 } }),
    (e) => e instanceof TypeError && /input\.rotation\.w must be a number, got undefined$/.test(e.message),
  );
  assert.throws(() => c.update(dt, null), /input must be an object \{ velocity, rotation\? \}, got null/);
  // a number that is not finite is a RangeError, as the input policy says (it was a TypeError)
  for (const [input, re] of [
    [{ velocity: { x: NaN, y: 0, z: 1 } }, /input\.velocity\.x must be finite, got NaN$/],
    [{ velocity: { x: 0, y: 0, z: Infinity } }, /input\.velocity\.z must be finite, got Infinity$/],
    [
      { velocity: { x: 0, y: 0, z: 1 }, rotation: { x: 0, y: NaN, z: 0, w: 1 } },
      /input\.rotation\.y must be finite, got NaN$/,
    ],
    [
      { velocity: { x: 0, y: 0, z: 1 }, rotation: { x: 0, y: 0, z: 0, w: 0 } },
      /input\.rotation must be a rotation, got a zero quaternion$/,
    ],
  ])
    assert.throws(
      () => c.update(dt, input),
      (e) => e instanceof RangeError && re.test(e.message),
      re.source,
    );
  assert.throws(
    () => new sp.MotionController(db, { rotation: { x: 0, y: 0, z: 0, w: 0 } }),
    (e) => e instanceof RangeError && /options\.rotation must be a rotation/.test(e.message),
  );
  c.settings.halflife = -1;
  assert.throws(
    () => c.update(dt, { velocity: { x: 0, y: 0, z: 1 } }),
    /sprung\.MotionController\.update: settings\.halflife must be a finite number ≥ 0, got -1/,
  );
  c.settings.halflife = 0.1;
  c.settings.inertialization = 'quadratic';
  assert.throws(
    () => c.update(dt, { velocity: { x: 0, y: 0, z: 1 } }),
    /settings\.inertialization must be one of 'spring', 'cubic', 'none'/,
  );
  c.dispose();
  assert.throws(
    () => c.update(dt, { velocity: { x: 0, y: 0, z: 1 } }),
    /sprung\.MotionController\.update: not a live MotionController/,
  );
  assert.throws(
    () => new sp.MotionController({}),
    /sprung\.MotionController: database must be a MotionDatabase/,
  );
  assert.throws(
    () => new sp.MotionController(db, { frame: db.frames }),
    /options\.frame must be an integer in/,
  );
  assert.throws(
    () => new sp.MotionController(db, { ikBones: ['leftFoot'] }),
    /options\.ikBones must name one bone per contact bone \(2\)/,
  );
  assert.throws(
    () => new sp.MotionController(db, { ikBones: ['hips', 'leftFoot'] }),
    /options\.ikBones: bone 1 has no grandparent/,
  );
  assert.throws(
    () => new sp.MotionCrowd(db, 0),
    /sprung\.MotionCrowd: count must be an integer in \[1, 4096\], got 0/,
  );
  const crowd = new sp.MotionCrowd(db, 2);
  assert.throws(
    () => crowd.update(dt, [{ velocity: { x: 0, y: 0, z: 1 } }]),
    /sprung\.MotionCrowd\.update: inputs must hold one input per character \(2\)/,
  );
  crowd.dispose();
  assert.throws(() => crowd.update(dt, []), /sprung\.MotionCrowd\.update: not a live MotionCrowd/);
  assert.throws(
    () => Object.create(sp.MotionCrowd.prototype).characters,
    /sprung\.MotionCrowd\.characters: not a live MotionCrowd/,
  );
});

test("options inherited from Object.prototype are not read; a crowd's characters are its own", () => {
  // a polluted prototype (a library's bug, or an attacker's) changes no controller or crowd
  const polluted = {
    searchInterval: 1e9,
    switchCost: 1e9,
    footLocking: false,
    inertialization: 'none',
    frame: 7,
  };
  const inputs = Array.from({ length: 240 }, script(5));
  const run = () => {
    const c = new sp.MotionController(db);
    for (const input of inputs) c.update(dt, input);
    const r = { switches: c.switches, x: c.positions[0], s: { ...c.settings } };
    c.dispose();
    return r;
  };
  const clean = run();
  Object.assign(Object.prototype, polluted);
  let dirty;
  try {
    dirty = run();
  } finally {
    for (const k of Object.keys(polluted)) delete Object.prototype[k];
  }
  assert.deepEqual(dirty, clean);
  assert.ok(clean.switches > 2 && clean.s.searchInterval === 0.1);
  // MotionCrowd.characters: a frozen copy; assigning into it changes nothing, and dispose()
  // disposes only the crowd's own characters
  const crowd = new sp.MotionCrowd(db, 3);
  const mine = new sp.MotionController(db);
  const list = crowd.characters;
  assert.ok(Object.isFrozen(list) && list.length === 3);
  assert.throws(() => {
    'use strict';
    list[0] = mine;
  }, TypeError);
  assert.notEqual(crowd.characters[0], mine);
  crowd.update(dt, [inputs[0], inputs[0], inputs[0]]);
  crowd.dispose();
  mine.update(dt, inputs[1]); // still live
  assert.equal(mine.time, dt);
  mine.dispose();
});

test('a tag mask that excludes every frame: searches find −1, the character plays its clip on and holds its last frame', () => {
  const absent = 1 << 30; // a bit no frame has
  for (let f = 0; f < db.frames; f++) assert.equal(db.tags(f) & absent, 0);
  const c = new sp.MotionController(db, { search: { requireTags: absent } });
  const crowd = new sp.MotionCrowd(db, 2, { search: { requireTags: absent } });
  const { stop } = db.rangeOf(0);
  const input = script(6);
  let searches = 0;
  for (let i = 0; i < stop + 120; i++) {
    c.update(dt, input(i));
    crowd.update(dt, [input(i), input(i)]);
    if (c.searched) {
      searches++;
      assert.equal(c.lastSearch.frame, -1);
      assert.deepEqual(c.lastSearch.candidates, []);
    }
    assert.ok(!c.switched, `update ${i}: no switch`);
    // one frame on per update to the clip's last, held there (each update at its end searches)
    assert.equal(c.frame, Math.min(i + 1, stop - 1));
    for (const ch of [c, ...crowd.characters]) assert.ok(ch.positions.every(Number.isFinite));
    for (const ch of crowd.characters) assert.equal(ch.frame, c.frame);
  }
  assert.ok(searches > stop / 6 + 100, `${searches} searches`);
  assert.equal(c.switches, 0);
  c.dispose();
  crowd.dispose();
});

test('every getter reads its own part of the character, and refuses once it is disposed', () => {
  const c = new sp.MotionController(db, { candidates: 2 });
  const steps = 30;
  for (let i = 0; i < steps; i++) c.update(dt, { velocity: { x: 0, y: 0, z: 1.2 } });
  const bones = db.bones;
  const expect = {
    settings: (v) => v.candidates === 2,
    database: (v) => v === db,
    pose: (v) => v instanceof Float32Array && v.length === 13 * bones,
    blended: (v) => v instanceof Float32Array && v.length === 13 * bones && v !== c.pose,
    positions: (v) => v instanceof Float32Array && v.length === 3 * bones,
    rotations: (v) => v instanceof Float32Array && v.length === 4 * bones,
    frame: (v) => Number.isInteger(v) && v >= 0 && v < db.frames,
    switched: (v) => typeof v === 'boolean',
    searched: (v) => typeof v === 'boolean',
    switches: (v) => Number.isInteger(v) && v >= 0,
    time: (v) => Math.abs(v - steps * dt) < 1e-9,
    lastSearch: (v) => v !== null && v.candidates.length === 2 && v.candidates[0].frame >= 0,
    query: (v) => v instanceof Float32Array && v.length === db.dims,
    simulation: (v) =>
      ['position', 'velocity', 'acceleration', 'rotation', 'angularVelocity'].every((k) => k in v),
    trajectory: (v) => v instanceof sp.TrajectoryPredictor && v.positions.length === 3 * v.times.length,
    contacts: (v) => v.length === 2 && v.every((s) => s instanceof sp.ContactState),
  };
  // the list is the classes': a getter added later must be added here (a MotionController is a
  // MotionCharacter, as a crowd's members are, with update and dispose)
  const accessors = [sp.MotionController.prototype, sp.MotionCharacter.prototype].flatMap((proto) =>
    Object.entries(Object.getOwnPropertyDescriptors(proto))
      .filter(([, d]) => d.get)
      .map(([k]) => k),
  );
  assert.deepEqual(accessors.sort(), Object.keys(expect).sort());
  assert.ok(c instanceof sp.MotionCharacter);
  for (const [name, ok] of Object.entries(expect))
    assert.ok(ok(c[name]), `MotionController.${name}: ${c[name]}`);
  // the same part on each read: the character's, not a copy
  for (const name of ['settings', 'pose', 'blended', 'query', 'simulation', 'trajectory', 'contacts'])
    assert.equal(c[name], c[name], name);
  const get = (name) => Object.getOwnPropertyDescriptor(sp.MotionCharacter.prototype, name).get;
  assert.throws(() => get('pose').call({}), /sprung\.MotionController\.pose: not a live MotionController/);
  // a crowd's members have every getter, reading their own character
  const crowd = new sp.MotionCrowd(db, 2, { candidates: 2 });
  for (let i = 0; i < steps; i++)
    crowd.update(dt, [{ velocity: { x: 0, y: 0, z: 1.2 } }, { velocity: { x: 1, y: 0, z: 0 } }]);
  const [m0, m1] = crowd.characters;
  assert.ok(m0 instanceof sp.MotionCharacter && !(m0 instanceof sp.MotionController));
  for (const [name, ok] of Object.entries(expect))
    assert.ok(ok(m0[name]), `MotionCharacter.${name}: ${m0[name]}`);
  assert.notEqual(m0.pose, m1.pose);
  assert.deepEqual(crowd.positions.subarray(3 * bones, 6 * bones), m1.positions);
  assert.deepEqual(crowd.rotations.subarray(4 * bones, 8 * bones), m1.rotations);
  assert.deepEqual(crowd.poses.subarray(13 * bones, 26 * bones), m1.pose);
  assert.throws(() => new sp.MotionCharacter(), /sprung\.MotionCharacter: made by a MotionCrowd/);
  crowd.dispose();
  assert.throws(
    () => m0.pose,
    /sprung\.MotionCharacter\.pose: not a live character \(its crowd was disposed\)/,
  );
  assert.throws(() => crowd.positions, /sprung\.MotionCrowd\.positions: not a live MotionCrowd/);
  c.dispose();
  for (const name of Object.keys(expect))
    assert.throws(
      () => c[name],
      new RegExp(`sprung\\.MotionController\\.${name}: not a live MotionController`),
    );
});
