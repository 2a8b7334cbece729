// "Copy as code" runs as copied (copy_code.mjs says how): every panel without a 3D view.
import { LIGHT, copyCodeTests } from './copy_code.mjs';

copyCodeTests(LIGHT);
