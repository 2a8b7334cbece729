// "Copy as code" runs as copied (copy_code.mjs says how): the panels with a 3D view.
import assert from 'node:assert/strict';
import { HEAVY, copyCodeTests } from './copy_code.mjs';

assert.ok(HEAVY.length >= 2, `the 3D panels: ${HEAVY}`);
copyCodeTests(HEAVY);
