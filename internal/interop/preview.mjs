// preview.mjs opens the preview of an MCP App's page, the one HTML file
// mcptag preview writes (a host of one call), in headless Chromium and
// reports what the page framed in it shows.
//
//	node preview.mjs CONFIG.json
//
// CONFIG is {chromium, file, ready, marks, want, texts, screenshot}:
// the preview's file; ready selects what the framed page shows once it
// has taken the result, marks the elements that stand for its values,
// want is how many of them it should draw, texts select elements whose
// text to report; screenshot is a PNG file to write.
//
// It prints {marks: [{data, height}], texts, origins} as apphost.mjs
// does. It fails on a console error or uncaught exception in any frame,
// any request but the preview's own, or a page that never shows ready or
// draws other than want marks. Chromium lets some requests of the framed
// page (an srcdoc frame on an opaque origin) past the route; with no
// network they fail, and the failed load is a console error.
import fs from 'node:fs';
import { readView, watchErrors } from './appview.mjs';
import { report, withChromium } from './chromium.mjs';

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const previewURL = 'http://preview.apps.test/preview.html';

const failures = [];
const fail = (msg) => failures.push(msg);
await report('preview.mjs', failures, async () => {
  const body = fs.readFileSync(config.file);
  return withChromium(config.chromium, { width: 800, height: 560 }, async (context) => {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url === previewURL) return route.fulfill({ contentType: 'text/html; charset=utf-8', body });
      fail(`requested ${url.slice(0, 200)}`);
      return route.abort();
    });
    return show(await context.newPage());
  });
});

// show opens the preview in tab, waits for its page to take the result
// and reports what it shows.
async function show(tab) {
  watchErrors(tab, fail);
  await tab.goto(previewURL, { waitUntil: 'load', timeout: 60_000 });
  const view = tab.frames().find((f) => f.parentFrame() === tab.mainFrame());
  if (!view) throw new Error('the preview framed no page');
  return readView(tab, view, config, fail);
}
