// three.test.mjs — sprung/three from the packed tarball, as a three.js developer gets it: the
// README's first screen run as copied in Chromium, its byte counts measured against maath's in
// the same run (esbuild, three.js external), a real WebGLRenderer across a forced memory growth
// with bindAttribute, and the entry from Node and from strict TypeScript. The oracle of the
// motion is the critical spring's closed form, worked out here in double.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, browser, bundle, consumer, gz, run, typescript } from './consumer.mjs';

let pkg, www, chromium;
before(async () => {
  pkg = consumer(['three', 'maath', 'motion', 'popmotion', '@types/node']);
  www = join(pkg.work, 'www');
  mkdirSync(www);
  chromium = await browser(www);
});
after(async () => {
  await chromium?.close();
  pkg?.remove();
});

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const firstScreen = readme.slice(0, readme.indexOf('## Install'));
/** x(t) of the critical spring of smoothTime s from rest at x0 toward g. */
const critical = (x0, g, s, t) => g + (x0 - g) * Math.exp((-2 * t) / s) * (1 + (2 * t) / s);

test('the README’s first screen runs as copied: the camera follows the rig exactly, whatever the frames', async () => {
  const code = firstScreen.match(/```js\n([\s\S]*?)```/)[1];
  assert.match(code, /from 'sprung\/three'/);
  // around it: the timestamps its frames get, and after it, a rig moved before the first frame
  // and the camera read later (the same module, so the probe sees camera, rig and last)
  const before = `const stamps = [], raf = requestAnimationFrame;
globalThis.requestAnimationFrame = (f) => raf((t) => { stamps.push(t); f(t); });
`;
  const probe = `
const start = last;
rig.position.set(1, 2, 3);
rig.quaternion.setFromAxisAngle(new THREE.Vector3(0, 1, 0), 1);
// angles as 2·atan2(|xyz|, |w|): three.js's angleTo, 2·acos(|q·p|), loses digits near 0 (its
// slope 1/sin(θ/2) turns float32 rounding of the components into 1e-5 rad at θ = 0.03)
const angle = (q) => 2 * Math.atan2(Math.hypot(q.x, q.y, q.z), Math.abs(q.w));
setTimeout(() => {
  window.__result = { start, first: stamps[0], end: last, position: camera.position.toArray(),
    angle: angle(camera.quaternion), toRig: angle(camera.quaternion.clone().invert().multiply(rig.quaternion)) };
}, 700);`;
  writeFileSync(join(www, 'first-screen.js'), bundle(pkg.app, before + code + probe));
  const r = await chromium.page('first-screen.js');
  // the first dt is (first − start)/1000, 0 where negative (a frame's timestamp is when the
  // frame began, often before the script's performance.now()); the frames after it count from
  // first: the camera moved for T
  const T = (r.end - Math.min(r.start, r.first)) / 1000;
  console.log(`first dt ${(r.first - r.start).toFixed(1)} ms; ${T.toFixed(3)} s of frames`);
  assert.ok(T > 0.2, `${T} s`);
  r.position.forEach((x, i) => {
    const want = critical(0, i + 1, 0.25, T);
    assert.ok(Math.abs(x - want) < 1e-5 * (i + 1), `position ${i}: ${x} vs ${want}`);
  });
  const angle = critical(0, 1, 0.25, T);
  assert.ok(Math.abs(r.angle - angle) < 1e-5 && Math.abs(r.toRig - (1 - angle)) < 1e-5, JSON.stringify(r));
});

/**
 * Gzipped bytes (esbuild --minify, gzip -9, three.js external): issue 34's aims, 5 KB for the
 * camera (`damp3` + `dampQ`: 4,707 B measured, 4,712 through Vite) and 4.5 KB for one helper
 * (4,189–4,434 B measured). `dampLookAt` (5,080 B) and `dampM` (4,982 B) are above it, held to
 * their measured size plus about 2 %: the look rotation and the parent's inverse, and a
 * matrix's decomposition and composition, are 0.55–0.65 KB on top of `dampQ`, whose bundle is
 * about 1.4 KB of loader, 0.78 KB of critical spring piece (the C core's coefficients) and
 * 2.23 KB of JS. Measured from web/src with each left out: the exact speed limit costs every
 * helper 0.37 KB, the messages of three.ts 0.29–0.35 KB and the loader's 0.26 KB, so these two
 * would reach 4.5 KB only without their error messages (or their exact speed limit), which the
 * package keeps: a wrong argument is named, and maxSpeed is solved exactly.
 */
const LAYER = { camera: 5_000, helper: 4_500, dampLookAt: 5_180, dampM: 5_080 };

test('the bytes: the camera and every helper within their budgets, beside maath’s, motion’s and popmotion’s, as the README says', async () => {
  const gzOf = (source) => gz(bundle(pkg.app, source, ['three']));
  const sizes = {
    camera: gzOf(
      `import { init, damp3, dampQ } from 'sprung/three'; await init(); window.f = (c, r, dt) => [damp3(c.position, r.position, 0.25, dt), dampQ(c.quaternion, r.quaternion, 0.25, dt)];`,
    ),
    maath: gzOf(
      `import { damp3, dampQ } from 'maath/easing'; window.f = (c, r, dt) => [damp3(c.position, r.position, 0.25, dt), dampQ(c.quaternion, r.quaternion, 0.25, dt)];`,
    ),
    motion: gzOf(`import { spring } from 'motion'; window.f = spring;`),
    popmotion: gzOf(`import { spring } from 'popmotion'; window.f = spring;`),
  };
  const each = {};
  for (const fn of [
    'damp',
    'dampAngle',
    'damp2',
    'damp3',
    'damp4',
    'dampE',
    'dampC',
    'dampS',
    'dampQ',
    'dampLookAt',
    'dampM',
  ])
    each[fn] = gzOf(`import { init, ${fn} } from 'sprung/three'; await init(); window.f = ${fn};`);
  console.log(
    `esbuild --minify, gzipped, three.js external: ${JSON.stringify(sizes)}; each helper: ${JSON.stringify(each)}`,
  );
  assert.ok(sizes.camera <= LAYER.camera, `damp3 + dampQ: ${sizes.camera} B > ${LAYER.camera}`);
  for (const [fn, n] of Object.entries(each))
    assert.ok(n <= (LAYER[fn] ?? LAYER.helper), `${fn}: ${n} B > ${LAYER[fn] ?? LAYER.helper}`);
  // the same job through Vite
  const dir = join(pkg.app, 'vite-three');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(
    join(dir, 'main.js'),
    `import { init, damp3, dampQ } from 'sprung/three'; await init(); window.f = (c, r, dt) => [damp3(c.position, r.position, 0.25, dt), dampQ(c.quaternion, r.quaternion, 0.25, dt)];`,
  );
  const { build } = await import('vite');
  const out = join(pkg.work, 'vite-three-out');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: { outDir: out, emptyOutDir: true, target: 'es2022', rollupOptions: { external: ['three'] } },
  });
  const assets = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js'));
  const vite = assets.reduce((n, f) => n + gz(readFileSync(join(out, 'assets', f))), 0);
  console.log(`Vite, damp3 + dampQ: ${vite} B gzipped`);
  assert.ok(vite <= LAYER.camera, `Vite: ${vite} B > ${LAYER.camera}`);
  // the README's first screen, to the tenth of a KB (1024 B)
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const claim = firstScreen.match(
    /costs ([\d.]+) KB gzipped[\s\S]*?maath's `damp3` and `dampQ` cost ([\d.]+) KB, motion's `spring` ([\d.]+) KB, popmotion's `spring` ([\d.]+) KB/,
  );
  assert.ok(claim, 'the first screen states the bytes');
  assert.deepEqual(claim.slice(1), [
    kb(sizes.camera),
    kb(sizes.maath),
    kb(sizes.motion),
    kb(sizes.popmotion),
  ]);
});

test('a real WebGLRenderer across a forced memory growth: bound attributes render right, an unbound one throws', async () => {
  writeFileSync(
    join(www, 'growth.js'),
    bundle(
      pkg.app,
      `import * as THREE from 'three';
       import { init, onMemoryGrowth, SimpleSpringDamperExactBatch, DamperExactBatch } from 'sprung';
       import { bindAttribute } from 'sprung/three';
       await init();
       const canvas = document.createElement('canvas');
       canvas.width = canvas.height = 64;
       document.body.append(canvas);
       const renderer = new THREE.WebGLRenderer({ canvas, preserveDrawingBuffer: true });
       renderer.setClearColor(0xffffff);
       const camera = new THREE.OrthographicCamera(-1, 1, 1, -1, -1, 1);
       const particles = new SimpleSpringDamperExactBatch(2, { dim: 3, halflife: 0 }); // halflife 0: x snaps to goal
       /** A scene of red points drawn from the attribute. */
       const sceneOf = (attribute) => {
         const geometry = new THREE.BufferGeometry();
         geometry.setAttribute('position', attribute);
         const scene = new THREE.Scene();
         scene.add(new THREE.Points(geometry, new THREE.PointsMaterial({ color: 0xff0000, size: 6, sizeAttenuation: false })));
         return scene;
       };
       const bound = new THREE.BufferAttribute(particles.x, 3);
       bindAttribute(bound, particles, 'x');
       const byHand = new THREE.BufferAttribute(particles.x, 3); // the README's listener
       onMemoryGrowth(() => { byHand.array = particles.x; byHand.needsUpdate = true; });
       const unbound = new THREE.BufferAttribute(particles.x, 3);
       const scenes = [bound, byHand, unbound].map(sceneOf);
       /** Renders a scene: the mean pixel column and row of its red points, or the error. */
       const draw = (i) => {
         [bound, byHand, unbound][i].needsUpdate = true;
         try { renderer.render(scenes[i], camera); } catch (e) { return e.message; }
         const gl = renderer.getContext(), px = new Uint8Array(64 * 64 * 4);
         gl.readPixels(0, 0, 64, 64, gl.RGBA, gl.UNSIGNED_BYTE, px);
         let n = 0, sx = 0, sy = 0;
         for (let k = 0; k < 64 * 64; k++)
           if (px[4 * k] > 200 && px[4 * k + 1] < 80) { n++; sx += k % 64; sy += Math.floor(k / 64); }
         return [sx / n, sy / n, n];
       };
       const frame = (goals) => { particles.goal.set(goals); particles.update(1 / 60); return [0, 1, 2].map(draw); };
       const before = frame([-0.5, -0.5, 0, -0.5, -0.5, 0]);
       const big = new DamperExactBatch(1 << 23); // 64 MB: memory grows, every held view detaches
       const after = frame([0.5, 0.5, 0, 0.5, 0.5, 0]);
       const later = frame([0.5, -0.5, 0, 0.5, -0.5, 0]);
       big.dispose();
       window.__result = { before, after, later, detached: unbound.array.length === 0 };`,
    ),
  );
  const r = await chromium.page('growth.js');
  const at = (got, x, y, what) =>
    assert.ok(
      Array.isArray(got) && got[2] > 10 && Math.hypot(got[0] - x, got[1] - y) < 1.5,
      `${what}: ${JSON.stringify(got)}`,
    );
  // world (−0.5, −0.5) is pixel (15.5, 15.5) from the bottom-left; (0.5, 0.5) is (47.5, 47.5)
  for (const i of [0, 1, 2]) at(r.before[i], 15.5, 15.5, `before, scene ${i}`);
  for (const i of [0, 1]) {
    at(r.after[i], 47.5, 47.5, `after the growth, scene ${i}`);
    at(r.later[i], 47.5, 15.5, `a frame later, scene ${i}`);
  }
  assert.ok(r.detached);
  const message =
    "THREE.WebGLAttributes: The size of the buffer attribute's array buffer does not match the original size. Resizing buffer attributes is not supported.";
  assert.equal(r.after[2], message, 'the unbound attribute: render throws (the README quotes it)');
  assert.equal(r.later[2], message, 'and on every frame after');
  assert.ok(
    readme.replace(/\s+/g, ' ').includes(message.replace(/\s+/g, ' ')),
    'the README quotes the error',
  );
});

test('Node and strict TypeScript (5 and 4.9, no DOM lib) import sprung/three from the tarball', () => {
  writeFileSync(
    join(pkg.app, 'three.mjs'),
    `import { initSync, damp3, velocityOf } from 'sprung/three';
     import * as THREE from 'three';
     initSync();
     const v = new THREE.Vector3();
     damp3(v, [1, 2, 3], 0.25, -0.001); // a negative dt: no change
     damp3(v, [1, 2, 3], 0.25, 0.1);
     console.log(JSON.stringify([v.toArray(), velocityOf(v).z]));`,
  );
  const [v, vz] = JSON.parse(run('node', ['three.mjs'], pkg.app));
  v.forEach((x, i) => assert.ok(Math.abs(x - critical(0, i + 1, 0.25, 0.1)) < 1e-6, `${x}`));
  const e = Math.exp(-0.8);
  assert.ok(Math.abs(vz - 3 * 64 * 0.1 * e) < 1e-5, `${vz}`); // v = (g − x0)·ω²t·e^(−ωt), ω = 8
  for (const tsc of ['typescript/bin/tsc', 'typescript-4.9/bin/tsc']) {
    typescript(
      join(pkg.app, `ts-three-${tsc.split('/')[0]}`),
      join(ROOT, 'node_modules', tsc),
      'module',
      { module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true },
      `import { initSync, damp3, dampQ, dampC, smoothTimeToHalflife, type Vector3Like } from 'sprung/three';
       initSync();
       const camera: { position: Vector3Like; quaternion: { x: number; y: number; z: number; w: number } } = {
         position: { x: 0, y: 0, z: 0 },
         quaternion: { x: 0, y: 0, z: 0, w: 1 },
       };
       const moving: boolean = damp3(camera.position, [0, 2, 5], 0.25, 1 / 60) && dampQ(camera.quaternion, [0, 0, 0, 1], 0.25, 1 / 60);
       const h: number = smoothTimeToHalflife(0.25);
       dampC({ r: 0, g: 0, b: 0 }, [1, 1, 1], 0.25, 1 / 60);
       // @ts-expect-error: damp3 needs z
       damp3({ x: 0, y: 0 }, [0, 0, 0], 0.25, 1 / 60);
       export { moving, h };`,
    );
  }
});
