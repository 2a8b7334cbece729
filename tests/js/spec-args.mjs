// spec-args.mjs — valid arguments of every wrapper from its spec (build/manifest.json), and a
// call of a wrapper by name: what the tests that drive every wrapper share (spec_checks,
// reentrancy).

/** A motion database's constructor arguments: 6 frames of a 2-bone skeleton, with 5 floats of features a frame. */
const motionData = () => {
  const poses = new Float32Array(6 * 26);
  for (let f = 0; f < 6; f++) ((poses[f * 26 + 15] = 1), (poses[f * 26 + 19] = 1), (poses[f * 26 + 4] = f));
  return [
    {
      skeleton: { parents: [-1, 0] },
      frameRate: 60,
      clips: [{ name: 'a', poses, tags: [2, 2, 6, 2, 2, 2] }],
    },
    {
      features: [
        { type: 'position', bone: 1 },
        { type: 'trajectoryPosition', frames: [1] },
      ],
    },
  ];
};

/** Valid constructor arguments of the classes whose methods have specs (a function of the package
 *  where they hold an instance of another class). */
export const INSTANCE = {
  MotionDatabase: motionData(),
  MotionSearchBatch: (sp) => [new sp.MotionDatabase(...motionData()), 3],
  Skeleton: [[-1, 0, 1]],
  TrajectoryPredictor: [3],
  TrajectoryPredictorV2: [3],
  TrajectoryBatch: [2, 3],
  FeatureDatabase: [3, 2],
  PoseInertializer: [2],
  CubicPoseInertializer: [2],
  DamperExactBatch: [3],
  CriticalSpringDamperExactBatch: [3],
  SimpleSpringDamperExactBatch: [3],
  DecaySpringDamperExactBatch: [3],
  SpringDamperExactBatch: [3],
  SimpleSpringDamperExactQuatBatch: [3],
  DecaySpringDamperExactQuatBatch: [3],
  DamperExactQuatBatch: [3],
};
const ARRAY = 390; // floats of an array whose length the spec leaves to the wrapper: whole poses of 2 bones (26) and of the 3 of INSTANCE.Skeleton (39), whole circles of 3 and boxes of 5

export const deref = (args, r) => (typeof r === 'number' ? args[r] : args[r[0]]?.[r[1]]);
export const limit = (b, args) => (b.over === undefined ? b.v : b.v / deref(args, b.over));
export const holds = (o, v, lim) => (o === 0 ? v >= lim : o === 1 ? v > lim : o === 2 ? v <= lim : v < lim);

/** A value inside the domain of number spec `s` (whose `when` arguments are 0 or absent). */
function validNumber(s, args) {
  if (s.k === 'b') return true;
  if (s.k === 'e') return s.e[0];
  let v = s.k === 'i' ? 2 : 0.5;
  for (const b of s.b ?? []) {
    if (b.when !== undefined) continue;
    const lim = limit(b, args);
    if (!holds(b.o, v, lim)) v = b.o < 2 ? lim + 1 : lim - (s.k === 'i' ? 1 : 0.25);
  }
  return v;
}

function validArg(a, args) {
  if (a.arr) {
    const n = a.len
      ? a.len.reduce((m, r) => m * Number(typeof r === 'string' ? r : deref(args, r)), 1)
      : ARRAY;
    return new Float32Array(Math.max(n, 1)).fill(0.5); // 0.5 ×4: a unit quaternion in a pose
  }
  if (a.num) return validNumber(a.num, args);
  return Object.fromEntries(a.f.map((f) => [f.n, f.num || f.f || f.arr ? validArg(f, args) : 0]));
}

/** Valid arguments of `spec`, numbers first so that lengths and `over` limits can use them. */
export function validArgs(spec) {
  const args = [];
  for (let pass = 0; pass < 3; pass++)
    // numbers twice: a limit may depend on a later argument
    spec.a.forEach((a, i) => {
      if (pass < 2 === !!(a.num && !a.arr)) args[i] = validArg(a, args);
    });
  // the arguments a conditional clause depends on are 0, so that the clause is off
  for (const a of spec.a) for (const b of a.num?.b ?? []) if (b.when !== undefined) setWhen(args, b.when, 0);
  return args;
}

/** Sets the argument (or field) a `when` clause names to `value`: a number, or every
 *  component of a vector (a vector goal velocity is 0 when all its components are). */
export function setWhen(args, when, value) {
  const [o, k] = typeof when === 'number' ? [args, when] : [args[when[0]], when[1]];
  if (typeof o[k] === 'object' && o[k] !== null) for (const c of Object.keys(o[k])) o[k][c] = value;
  else o[k] = value;
}

/** A new instance of class `cls` of package `sp`, made with {@link INSTANCE}'s arguments. */
export function instance(sp, cls) {
  const made = INSTANCE[cls];
  return new sp[cls](...(typeof made === 'function' ? made(sp) : made));
}

/** Calls the wrapper `name` of package `sp` (a function, a constructor `Class`, or a method `Class.method`). */
export function caller(sp, name) {
  if (name.includes('.')) {
    const [cls, method] = name.split('.');
    return (args) => {
      const o = instance(sp, cls);
      try {
        o[method](...args);
      } finally {
        o.dispose();
      }
    };
  }
  if (/^[A-Z]/.test(name))
    return (args) => {
      const o = new sp[name](...args);
      o.dispose?.();
    };
  return (args) => sp[name](...args);
}
