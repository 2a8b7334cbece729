// contact.test.mjs — foot locking after a reset in contact, through the built package:
// as the article's contact_reset, a reset starts "not in contact", so the first update whose
// input is in contact locks the foot at its position on the ground (worked out by hand below).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';

await sp.init();

test('contactReset in contact: the first update in contact locks at foot height', () => {
  const at = { x: 0.1, y: 0.03, z: 0.2 };
  const c = sp.contactReset(new sp.ContactState(), at, { x: 0, y: 0, z: 0 }, true);
  assert.equal(c.state, false, 'the reset starts out of contact (the flag is ignored, as in the article)');
  assert.equal(c.lock, false);
  sp.contactUpdate(c, at, true, 0.2, 0.02, 0.1, 1 / 60);
  // the input did not move: its velocity is 0, the output is the input, and the contact
  // point is that output with y = foot height; the offset carries the output to the point
  assert.equal(c.lock, true);
  assert.deepEqual([c.point.x, c.point.y, c.point.z], [0.1, 0.02, 0.2].map(Math.fround));
  assert.deepEqual([c.position.x, c.position.y, c.position.z], [0.1, 0.03, 0.2].map(Math.fround));
  assert.ok(Math.abs(c.offsetPosition.y - 0.01) < 1e-7, `offset ${c.offsetPosition.y}`);
  // standing still, the output settles on the point: the foot does not slide
  for (let k = 0; k < 120; k++) sp.contactUpdate(c, at, true, 0.2, 0.02, 0.1, 1 / 60);
  assert.equal(c.lock, true);
  assert.ok(Math.abs(c.position.y - 0.02) < 1e-6, `settled at ${c.position.y}`);
});
