// smoke.cjs — one program that calls a function of every C source file and every class of
// sprung, for the packaging test's consumers: `require('./smoke.cjs')(require('sprung'))` in
// CommonJS and `import run from './smoke.cjs'` with `import * as S from 'sprung'` in ESM. It
// returns { results, used, exports }: every result as plain numbers (the two builds must print
// the same JSON), the names of sprung it used (the test checks they reach every c/*.c and class)
// and the names sprung exports.
// CommonJS's `require('sprung')` once ran only the everyday module's functions: the full
// module's never reached its `full` binding.
module.exports = async function run(sprung) {
  const used = new Set();
  const S = new Proxy(sprung, {
    get(target, name) {
      if (typeof name === 'string') used.add(name);
      return target[name];
    },
  });
  await S.init();
  const v3 = (x, y, z) => ({ x, y, z });
  const q0 = () => ({ x: 0, y: 0, z: 0, w: 1 });
  const yaw = (a) => ({ x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) });
  const nums = (o) => JSON.parse(JSON.stringify(o));
  const r = {};
  const dt = 1 / 60;

  r.lerp = S.lerp(0, 10, 0.25);
  r.springEnergy = S.springEnergy(1, 2, 1.5);
  r.damperExact = S.damperExact(0, 10, 0.1, dt);
  r.damperExactV3 = nums(S.damperExactV3(v3(0, 0, 0), v3(1, 2, 3), 0.1, dt));
  r.springDamperExact = nums(S.springDamperExact({ x: 0, v: 0 }, 1, 0, 2, 0.3, dt));
  r.criticalSpringDamperExactV2 = nums(
    S.criticalSpringDamperExactV2({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 2 }, { x: 0, y: 0 }, 0.2, dt),
  );
  r.criticalSpringDamperImplicit = nums(S.criticalSpringDamperImplicit({ x: 0, v: 0 }, 1, 0, 0.2, dt));
  r.durationBounceToSpring = nums(S.durationBounceToSpring(0.5, 0.2));
  r.springOvershoot = S.springOvershoot(2, 0.3);
  r.settlingTimeOvershootToSpring = nums(S.settlingTimeOvershootToSpring(0.4, 0.05, 0.02));
  r.springCharacterUpdate = nums(S.springCharacterUpdate({ x: 0, v: 0, a: 0 }, 3, 0.2, dt));
  r.inertializeTransition = nums(S.inertializeTransition({ x: 0, v: 0 }, 1, 0.5, 0, 0));
  r.inertializeUpdate = nums(S.inertializeUpdate({ x: 0, v: 0 }, { x: 1, v: 0.5 }, 0, 0, 0.1, dt));
  r.extrapolateV3 = nums(S.extrapolateV3(v3(0, 0, 0), v3(1, 0, 0), 0.5, 0.1));
  r.cubicEasingUpdate = nums(S.cubicEasingUpdate({ x: 0, v: 0, t: 0 }, 1, 0.5, dt));
  r.doubleSpringDamperExact = nums(S.doubleSpringDamperExact({ x: 0, v: 0, xi: 0, vi: 0 }, 1, 0.2, dt));
  r.quatMul = nums(S.quatMul(yaw(0.3), yaw(0.4)));
  r.damperExactQuat = nums(S.damperExactQuat(q0(), yaw(1), 0.1, dt));
  r.simpleSpringDamperExactQuat = nums(S.simpleSpringDamperExactQuat(q0(), v3(0, 0, 0), yaw(1), 0.1, dt));
  r.trackingSpringUpdateExact = nums(S.trackingSpringUpdateExact({ x: 0, v: 0 }, 1, 0, 0, 2, 0.2, dt));
  r.desiredVelocityUpdate = nums(S.desiredVelocityUpdate(v3(0, 0, 1), 0, q0(), 4, 3, 2));
  r.simulationCollideObstacles = (() => {
    const walls = new S.Obstacles(1, 0);
    walls.circles.set([0, 2, 1]);
    const out = nums(S.simulationCollideObstacles(v3(0, 0, 0), v3(0, 0, 2), walls, 0.5));
    walls.dispose();
    return out;
  })();
  r.adjustCharacterPosition = nums(S.adjustCharacterPosition(v3(0, 0, 0), v3(1, 0, 0), 0.1, dt));
  r.contactUpdate = (() => {
    const c = new S.ContactState();
    S.contactReset(c, v3(0, 0, 0), v3(0, 0, 0), true);
    return nums(S.contactUpdate(c, v3(0.1, 0, 0), true, 0.2, 0.05, 0.1, dt));
  })();
  r.transitionCost = S.transitionCost(1, 0.5);

  const batches = {};
  for (const name of [
    'DamperExactBatch',
    'CriticalSpringDamperExactBatch',
    'SimpleSpringDamperExactBatch',
    'DecaySpringDamperExactBatch',
    'SpringDamperExactBatch',
    'SimpleSpringDamperExactQuatBatch',
    'DecaySpringDamperExactQuatBatch',
    'DamperExactQuatBatch',
  ]) {
    const b = new S[name](2);
    b.x.fill(0.25);
    if ('goal' in b) b.goal.set(name.includes('Quat') ? [0, 0.6, 0, 0.8, 0, 0, 0, 1] : [1, 2]);
    b.update(dt);
    batches[name] = Array.from(b.x);
    b.dispose();
  }
  r.batches = batches;
  r.pose = (() => {
    const out = {};
    for (const name of ['PoseInertializer', 'CubicPoseInertializer']) {
      const p = new S[name](1);
      const src = new Float32Array(13),
        dst = new Float32Array(13);
      src[9] = dst[9] = 1;
      src[0] = 1;
      p.transition(src, dst);
      out[name] = Array.from(p.update(dst, dt));
      p.dispose();
    }
    return out;
  })();
  r.trajectory = (() => {
    const t = new S.TrajectoryBatch(1, 3);
    t.state[12] = 1;
    t.goal.set([1, 0, 0, 0, 0, 0, 1]);
    t.predict(0.2, 0.2, 0.25);
    const out = Array.from(t.prediction.subarray(0, 9));
    t.dispose();
    const p = new S.TrajectoryPredictor(3);
    p.predictPositions(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), v3(1, 0, 0), 0.2, 0.25);
    out.push(...p.positions);
    p.dispose();
    const p2 = new S.TrajectoryPredictorV2(2);
    p2.predictPositions({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 0 }, 0.2, 0.25);
    out.push(...p2.positions);
    p2.dispose();
    return out;
  })();
  r.featureDatabase = (() => {
    const db = new S.FeatureDatabase(3, 2);
    db.build('spring', new Float32Array([0, 0, 1, 1, 2, 2]), new Float32Array(6), 0.1, 0.2);
    const found = db.search(db.features.slice(2, 4));
    db.dispose();
    return nums(found);
  })();
  r.motion = (() => {
    // an instance whose method calls are recorded as `Class.method` (the wrappers' names)
    const track = (obj, cls) =>
      new Proxy(obj, {
        get(target, name) {
          const v = target[name];
          if (typeof v !== 'function') return v;
          used.add(`${cls}.${String(name)}`);
          return v.bind(target);
        },
      });
    // a 2-bone skeleton walking forward at 1 m/s, 90 frames at 60 Hz
    const poses = new Float32Array(90 * 26);
    for (let f = 0; f < 90; f++) {
      const p = poses.subarray(26 * f);
      p.set([0, 0, f / 60, 0, 1 + 0.05 * Math.sin(f / 5), 0, 0, 0, 1, 0, 0.01 * Math.cos(f / 5), 0]);
      p[15] = p[19] = 1;
    }
    const data = { skeleton: { parents: [-1, 0] }, frameRate: 60, clips: [{ name: 'walk', poses }] };
    const raw = new S.MotionDatabase(data, {
      features: [
        { type: 'inertialization', bone: 1 },
        { type: 'trajectoryPosition', frames: [20] },
      ],
    });
    const db = track(raw, 'MotionDatabase');
    const out = { floats: S.motionDatabaseFloats(90, 5, 1) };
    out.search = nums(db.search(db.features(30), { current: 10 }));
    out.best = Array.from(db.searchBest(db.features(40), 2).frames);
    const batch = track(new S.MotionSearchBatch(raw, 2), 'MotionSearchBatch');
    batch.queries.set(raw.features(50));
    batch.queries.set(raw.features(60), 5);
    batch.search({});
    out.batch = Array.from(batch.frames);
    batch.dispose();
    const character = new S.MotionController(raw);
    for (let i = 0; i < 30; i++) character.update(dt, { velocity: v3(0, 0, 1) });
    out.controller = [character.frame, ...character.positions];
    character.dispose();
    const crowd = new S.MotionCrowd(raw, 2);
    crowd.update(dt, [{ velocity: v3(0, 0, 1) }, { velocity: v3(1, 0, 0) }]);
    out.crowd = crowd.characters.map((c) => c.frame);
    // its members are MotionCharacters (made by the crowd, not with new), and say why their frame
    out.members = crowd.characters.every((c) => c instanceof S.MotionCharacter);
    const why = crowd.characters[0].explain({ candidates: 2 });
    out.explained = [why.frame, why.candidates.map((c) => c.frame)];
    crowd.dispose();
    const sk = track(new S.Skeleton([-1, 0, 1]), 'Skeleton');
    const leg = new Float32Array(39);
    leg.set([0, 1, 0, 0, -0.5, 0.05, 0, -0.5, -0.05]);
    leg[18 + 3] = leg[22 + 3] = leg[26 + 3] = 1;
    out.ik = Array.from(sk.ikTwoBone(leg, 2, v3(0.1, 0.2, 0.1), v3(0, 0, 1), 0));
    out.fk = Array.from(sk.forwardKinematics(leg).positions);
    sk.dispose();
    raw.dispose();
    return out;
  })();
  return { results: r, used: [...used], exports: Object.keys(sprung) };
};
