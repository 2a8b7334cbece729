// scratch: node tests/e2e/.shot.mjs URLQUERY NAME [w h]
import { launch, openPage, serveSite, nextFrames } from './harness.mjs';
const [q, name, w = 1280, h = 860, full = '1'] = process.argv.slice(2);
const site = await serveSite();
const browser = await launch();
try {
  const page = await openPage(browser.context, `${site.base}${q}`, { width: Number(w), height: Number(h) });
  await nextFrames(page, 30);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: full === '1' });
  console.log('problems', page.problems);
  console.log(JSON.stringify(await page.evaluate(() => window.playground.stage())));
} finally {
  await browser.close();
  await site.close();
}
