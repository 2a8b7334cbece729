// c_sources.test.mjs — the C sources in the npm package: a C program, copied as a user would,
// builds with gcc from node_modules/sprung/c by the playground's own build line and prints
// the closed forms (worked out here in double); the sources shipped are the repository's; and
// every `@see … in c/…` of the declarations names a file the package ships, which declares
// the function it names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, consumer, run } from './consumer.mjs';

let pkg;
before(() => {
  pkg = consumer();
});
after(() => pkg.remove());

test('the tarball ships every C source and header of c/, byte for byte', () => {
  const sources = readdirSync(join(ROOT, 'c')).filter((f) => /\.[ch]$/.test(f));
  assert.ok(sources.includes('sprung.h') && sources.length > 20);
  const shipped = pkg.files.filter((f) => f.startsWith('c/')).map((f) => f.slice(2));
  assert.deepEqual(shipped.sort(), sources.sort());
  for (const f of sources)
    assert.ok(
      readFileSync(join(pkg.app, 'node_modules/sprung/c', f)).equals(readFileSync(join(ROOT, 'c', f))),
      f,
    );
});

// A program as a C user writes it against the header: a critical spring, a rotation spring and
// a batch, each printed after 0.4 s of 60 Hz frames.
const PROGRAM = `#include <math.h>
#include <stdio.h>
#include "sprung.h"

int main(void)
{
    float x = 0.0f, v = 0.0f, bx[3] = { 0.0f, 1.0f, 2.0f }, bv[3] = { 0.0f }, bg[3] = { 4.0f, 4.0f, 4.0f };
    float halflife = 0.15f;
    sp_quat q = { 0.0f, 0.0f, 0.0f, 1.0f }, goal;
    sp_vec3 w = { 0.0f, 0.0f, 0.0f }, axis = { 0.0f, 1.0f, 0.0f };
    sp_quat_from_angle_axis(&goal, 2.0f, &axis);
    for (int i = 0; i < 24; i++) {
        sp_simple_spring_damper_exact(&x, &v, 10.0f, halflife, 1.0f / 60.0f);
        sp_simple_spring_damper_exact_quat(&q, &w, &goal, halflife, 1.0f / 60.0f);
        sp_simple_spring_damper_exact_batch(bx, bv, bg, &halflife, 0, 1.0f / 60.0f, 3, 1);
    }
    printf("%.7f %.7f %.7f %.7f %.7f %.7f\\n", x, v, 2.0f * atan2f(q.y, q.w), w.y, bx[0], bx[2]);
    return 0;
}
`;

test('a C program builds from node_modules/sprung/c with the playground’s build line, and runs', () => {
  // the build line the playground's "Copy as code" C programs print, run as printed, from the
  // project's folder, which holds node_modules/sprung
  const line = readFileSync(join(ROOT, 'web/playground/lib/program.js'), 'utf8').match(
    /Build: (cc [^&\n]*?) &&/,
  )[1];
  assert.equal(line, 'cc -std=c99 -O2 -Inode_modules/sprung/c program.c node_modules/sprung/c/*.c -lm');
  const dir = pkg.app;
  writeFileSync(join(dir, 'program.c'), PROGRAM);
  run('sh', ['-c', `${line} -o program`], dir);
  const [x, v, angle, w, b0, b2] = run(join(dir, 'program'), [], dir).trim().split(' ').map(Number);
  // the critical spring from (x0, 0) toward g: g + (x0 − g)·e^(−yt)(1 + yt), y = 2 ln2 / halflife
  const y = (2 * Math.LN2) / 0.15,
    t = 24 / 60,
    e = Math.exp(-y * t);
  const at = (x0, g) => g + (x0 - g) * e * (1 + y * t);
  const near = (got, want, what) =>
    assert.ok(Math.abs(got - want) < 2e-5 * Math.max(1, Math.abs(want)), `${what}: ${got} vs ${want}`);
  near(x, at(0, 10), 'x');
  near(v, -10 * -y * y * t * e, 'v'); // v(t) = (x0 − g)·(−y²t)·e^(−yt)
  near(angle, at(0, 2), 'rotation angle');
  near(w, 2 * y * y * t * e, 'angular velocity');
  near(b0, at(0, 4), 'batch[0]');
  near(b2, at(2, 4), 'batch[2]');
});

test('every @see of the declarations names a C file the package ships, which declares the function', () => {
  const dist = join(pkg.app, 'node_modules/sprung/dist');
  const seen = new Map();
  for (const f of readdirSync(dist, { recursive: true }).filter((f) => String(f).endsWith('.d.ts')))
    for (const m of readFileSync(join(dist, String(f)), 'utf8').matchAll(/@see ([^\n]*)/g)) seen.set(m[1], f);
  assert.ok(seen.size > 150, `${seen.size} distinct @see lines`);
  for (const [see, file] of seen) {
    const m = see.match(/`(sp_\w+)` in (c\/[\w.]+)/);
    assert.ok(m, `${file}: @see ${see} names a C function and its file`);
    const path = join(pkg.app, 'node_modules/sprung', m[2]);
    assert.ok(pkg.files.includes(m[2]), `${file}: ${m[2]} is in the tarball`);
    assert.match(readFileSync(path, 'utf8'), new RegExp(`\\b${m[1]}\\(`), `${m[2]} declares ${m[1]}`);
  }
});
