// appview.mjs reads what the page of an MCP App shows in a host's frame,
// for apphost.mjs and preview.mjs.

// watchErrors reports, through fail, every console error and uncaught
// exception of any frame of tab.
export function watchErrors(tab, fail) {
  tab.on('console', (m) => { if (m.type() === 'error') fail(`console (${m.location().url || 'page'}): ${m.text()}`); });
  tab.on('pageerror', (e) => fail(`uncaught: ${e.message}`));
}

// readView waits for the page in the frame view of the host in tab to
// show config.ready, checks that it draws config.want config.marks, and
// returns {marks: [{data, height}], texts, origins}; with
// config.screenshot, it writes a screenshot of the host there. The
// host's element .turn holds what it shows.
export async function readView(tab, view, config, fail) {
  const shown = await view.waitForFunction((ready) => document.querySelector(ready) !== null,
    config.ready, { timeout: 30_000 }).then(() => true, () => false);
  if (!shown) fail(`the page never showed ${config.ready}: it shows ${(await view.evaluate(() => document.body.innerText)).slice(0, 200)}`);
  const count = await view.evaluate((marks) => document.querySelectorAll(marks).length, config.marks);
  if (count !== config.want) fail(`the page drew ${count} ${config.marks}, want ${config.want}`);
  // The iframe takes the page's height from its size-changed notice:
  // wait for two frames of the host, then for the page to be drawn.
  await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const got = await view.evaluate(({ marks, texts }) => ({
    marks: Array.from(document.querySelectorAll(marks), (el) => ({ data: { ...el.dataset }, height: el.getBoundingClientRect().height })),
    texts: Object.fromEntries(texts.map((s) => [s, Array.from(document.querySelectorAll(s), (el) => el.textContent)])),
    origin: location.origin,
  }), { marks: config.marks, texts: config.texts ?? [] });
  const hostOrigin = await tab.evaluate(() => location.origin);
  if (config.screenshot) {
    // As tall as what the host shows, which the page's height sets.
    const height = await tab.evaluate(() => Math.ceil(document.querySelector('.turn').getBoundingClientRect().bottom) + 24);
    await tab.setViewportSize({ width: 800, height });
    await tab.screenshot({ path: config.screenshot });
  }
  return { marks: got.marks, texts: got.texts, origins: { host: hostOrigin, view: got.origin } };
}
