// three_skin.test.mjs — the README's skinned character as a three.js developer gets it: the packed
// tarball in a consumer project, a character.glb beside it (made in code: the playground's sample,
// a skinned humanoid with Mixamo's bone names, armature and four animations, exported by
// three.js's GLTFExporter), the README's Node program run as copied to make database.bin from its
// clips, then the README's page run as copied in headless Chromium with real WebGL (SwiftShader):
// with W held the character walks, and after N frames every three.js bone's world position
// equals the controller's `positions` (sprung's forward kinematics, the oracle) to 1e-4 m, with
// the character drawn on the canvas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, browser, bundle, consumer, run } from './consumer.mjs';

let pkg, www, chromium;
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### A skinned character in three.js'));
const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)].slice(0, 2).map((m) => m[1]);
const page = blocks.find((b) => b.includes('bindSkeleton'));
const offline = blocks.find((b) => b.includes("writeFileSync(new URL('database.bin'"));

before(async () => {
  pkg = consumer(['three']);
  www = join(pkg.app, 'www');
  mkdirSync(www);
  const { sampleGlb } = await import('../../web/playground/motion/sample.js');
  writeFileSync(join(www, 'character.glb'), Buffer.from(await sampleGlb()));
  chromium = await browser(www);
});
after(async () => {
  await chromium?.close();
  pkg?.remove();
});

test('the README’s offline program runs as copied: database.bin from the GLB’s clips', () => {
  assert.ok(offline && page, 'the README has both programs');
  writeFileSync(join(www, 'make-database.mjs'), offline);
  const printed = run('node', ['make-database.mjs'], www).trim();
  const claim = offline.match(/console\.log\([^;]*\); \/\/ (.*)/)[1];
  assert.equal(printed, claim);
});

test('the README’s page runs as copied: W walks the skinned character, every bone on the controller’s positions', async () => {
  // after the page's code (the same module, so the probe sees character, skin, renderer…): W held
  // for 2 s, then the bones read between two frames, and one frame drawn and read back
  const probe = `
dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyW' }));
setTimeout(() => {
  const world = new THREE.Vector3();
  let worst = 0, bound = 0;
  skin.bones.forEach((bone, b) => {
    if (!bone) return;
    bone.getWorldPosition(world);
    const p = character.positions;
    worst = Math.max(worst, Math.hypot(world.x - p[3 * b], world.y - p[3 * b + 1], world.z - p[3 * b + 2]));
    bound++;
  });
  renderer.render(scene, camera);
  const gl = renderer.getContext(), w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
  const px = new Uint8Array(4 * w * h);
  gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
  let lit = 0;
  for (let k = 0; k < w * h; k++) if (px[4 * k] + px[4 * k + 1] + px[4 * k + 2] > 60) lit++;
  const mesh = gltf.scene.getObjectByProperty('type', 'SkinnedMesh');
  window.__result = { worst, bound, bones: db.bones, frames: renderer.info.render.frame,
    walked: Math.hypot(character.positions[0], character.positions[2]), z: character.positions[2],
    lit, pixels: w * h, skinned: mesh.isSkinnedMesh && mesh.skeleton.bones.length, webgl: gl instanceof WebGL2RenderingContext };
}, 2500);`;
  writeFileSync(join(www, 'skinned.js'), bundle(pkg.app, page + probe));
  const r = await chromium.page('skinned.js');
  console.log(
    `README page: ${r.frames} frames, walked ${r.walked.toFixed(2)} m, ${r.bound} bones within ` +
      `${r.worst.toExponential(2)} m, ${r.lit} of ${r.pixels} pixels lit`,
  );
  assert.ok(r.webgl, 'WebGL 2');
  assert.ok(r.frames > 20, `${r.frames} frames drawn`);
  assert.equal(r.bound, r.bones, 'the character and every bone of the database');
  assert.ok(r.worst < 1e-4, `every bone within ${r.worst} m of the controller's positions`);
  // W walks up +Z (from standing, the simulation's spring takes a second to reach 1.4 m/s)
  assert.ok(r.z > 1 && r.walked < 1.05 * r.z, `walked ${r.walked} m, z ${r.z}`);
  assert.ok(r.skinned >= r.bones - 1, 'a SkinnedMesh on the bound skeleton');
  // the character is drawn: lit pixels against the black clear colour, a figure's worth
  assert.ok(r.lit > 0.002 * r.pixels && r.lit < 0.5 * r.pixels, `${r.lit} of ${r.pixels} pixels lit`);
});
