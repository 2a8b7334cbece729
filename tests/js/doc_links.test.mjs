// doc_links.test.mjs — the documents' links to files: every relative link or image of the
// repository's Markdown names a file that exists, and every unpkg URL (the README's images,
// which must show on npmjs.com too) names a file of this version that the package ships.
// (Links to headings are api_reference.test.mjs's; docs/api/reference.md is the prose of
// docs/API.md, whose links are checked there, where they resolve.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENTS = ['README.md', 'ARCHITECTURE.md', 'CHANGELOG.md', 'docs/API.md', 'web/playground/README.md'];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Whether `path` is in the tarball by package.json's `files` (a folder, a file, or a `*` glob). */
const shipped = (path) =>
  pkg.files.some(
    (f) =>
      f === path ||
      path.startsWith(`${f}/`) ||
      (f.includes('*') &&
        new RegExp(`^${f.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(path)),
  );

/** The targets of the Markdown links and images of `text`, outside code blocks. */
const targets = (text) =>
  [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
    (m) => m[1],
  );

test('every relative link and image of the documents names a file of the repository', () => {
  const broken = [];
  let checked = 0;
  for (const doc of DOCUMENTS)
    for (const target of targets(readFileSync(join(ROOT, doc), 'utf8'))) {
      if (/^([a-z]+:|#)/i.test(target)) continue;
      const file = normalize(join(dirname(doc), decodeURIComponent(target.split('#')[0])));
      checked++;
      if (!existsSync(join(ROOT, file))) broken.push(`${doc}: ${target}`);
    }
  assert.deepEqual(broken, []);
  assert.ok(checked >= 20, `${checked} links checked`);
});

test('every unpkg URL of the documents names a file of this version that the package ships', () => {
  const broken = [];
  let checked = 0;
  for (const doc of DOCUMENTS)
    for (const m of readFileSync(join(ROOT, doc), 'utf8').matchAll(
      /https:\/\/unpkg\.com\/sprung@([^/\s)]+)\/([^\s)#?]+)/g,
    )) {
      const [url, version, path] = m;
      checked++;
      if (version !== pkg.version) broken.push(`${doc}: ${url} (the package is ${pkg.version})`);
      else if (!existsSync(join(ROOT, path))) broken.push(`${doc}: ${url} (no such file)`);
      else if (!shipped(path)) broken.push(`${doc}: ${url} (not in package.json's files)`);
    }
  assert.deepEqual(broken, []);
  assert.ok(checked >= 3, `${checked} URLs checked`);
});
