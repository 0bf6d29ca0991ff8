// catalog.mjs opens pages written by `mcptag catalog` in headless Chromium
// (Debian's, driven by playwright-core: no browser is downloaded) and
// checks each as a reader would meet it:
//
//   - every tool the page should show is there once, with data-tokens equal
//     to what mcptag stats -json reports; so are the prompts, resources and
//     forms, and nothing else;
//   - at 1280 px no argument name or short default value breaks across
//     lines, the header's controls overlap nothing, the badges of an entry
//     are one line high, and the page is no wider than the window; a
//     fields argument lists the paths it may name, and an argument sent
//     as a parameter header says which;
//   - opened at a #fragment, the page shows the entry it names, below the
//     sticky header, drawn;
//   - the chart has one bar per tool; the tools over budget, and only
//     they, stand out in the list and in the chart;
//   - "/" focuses the search box; typing leaves only the matching entries
//     visible (the chart keeps every bar), Escape brings them all back;
//   - nothing is logged to the console as an error (a Content-Security-Policy
//     violation is one), no script fails, and the page requests nothing but
//     its own file: every other request is aborted and reported;
//   - on a hostile page, no injected markup took effect;
//   - each tool shown as an MCP App, and only those, links to its page's
//     preview: a data: URL of a host of a page with the SHA-256 the
//     snapshot records, and a result.
//
//	node catalog.mjs PAGES.json
//
// PAGES.json is {"chromium": PATH, "pages": [CatalogPage...]} (see
// browser.go). On success it prints a JSON array of one result per page
// (its size, load time and search timings) and exits 0; otherwise it
// prints every failed check on stderr and exits 1.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { report, withChromium } from './chromium.mjs';

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const failures = [];
const fail = (page, msg) => failures.push(`${page.name}: ${msg}`);

let context;
await report('catalog.mjs', failures, async () => {
  const results = [];
  await withChromium(config.chromium, { width: 1280, height: 800 }, async (c) => {
    context = c;
    for (const page of config.pages) {
      results.push(await check(page));
    }
  });
  return results;
});

async function check(want) {
  const url = pathToFileURL(want.file).href;
  const tab = await context.newPage();
  const errors = [];
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  tab.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await tab.route('**/*', (route) => {
    const req = route.request().url();
    if (req === url) return route.continue();
    fail(want, `requested ${req.slice(0, 200)}`);
    return route.abort();
  });
  const started = Date.now();
  await tab.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const result = { name: want.name, loadMs: Date.now() - started, searches: [] };
  result.elements = await tab.evaluate(() => document.getElementsByTagName('*').length);

  if (want.screenshot) await tab.screenshot({ path: want.screenshot }); // as it opens
  await checkEntries(tab, want);
  await checkLayout(tab, want);
  await checkArgs(tab, want);
  await checkApps(tab, want);
  if (want.search) await checkSearch(tab, want);
  await checkToolsets(tab, want);
  for (const q of want.measure ?? []) result.searches.push(await timeSearch(tab, q));
  if (want.hostile) result.sizes = await checkHostile(tab, want);
  const fragments = await tab.evaluate(() => {
    const ids = Array.from(document.querySelectorAll('[data-entry]'), (el) => el.id);
    return [ids[Math.floor(ids.length / 2)], ids[ids.length - 1]];
  });
  for (const e of errors) fail(want, e);
  await tab.close();
  for (const id of new Set(fragments)) await checkFragment(want, url, id);
  return result;
}

// checkLayout checks what a reader at 1280 px sees of names: an argument
// name (of 40 characters or fewer: a longer one may wrap) on one line, a
// default value (of 24 characters or fewer) unbroken, and nothing wider
// than the window on a page without hostile text; that the controls of
// the header overlap nothing (the "/" hint lies inside the search box,
// on nothing else); and, on a page without hostile text, that the badges
// of every entry are one row of badges one line high.
async function checkLayout(tab, want) {
  const got = await tab.evaluate(() => {
    const entry = (el) => el.closest('[data-entry]').id;
    return {
      broken: Array.from(document.querySelectorAll('.arg-name')).filter((el) => {
        const lh = parseFloat(getComputedStyle(el).lineHeight) || 20;
        return el.textContent.length <= 40 && el.getBoundingClientRect().height > lh * 1.5;
      }).map((el) => `${entry(el)}: ${el.textContent}`),
      // An inline element broken across lines has a box on each.
      defaults: Array.from(document.querySelectorAll('td[data-label="Default"] code'))
        .filter((el) => el.textContent.length <= 24 && el.getClientRects().length > 1)
        .map((el) => `${entry(el)}: ${el.textContent}`),
      overlaps: headerOverlaps(),
      badges: Array.from(document.querySelectorAll('[data-entry] .badges'))
        .filter((row) => !oneLine(row)).map((row) => `${entry(row)}: ${row.textContent}`),
      width: document.scrollingElement.scrollWidth,
      window: window.innerWidth,
    };

    // headerOverlaps lists the controls of the header that overlap.
    function headerOverlaps() {
      const boxes = ['#search', '.find kbd', '#toolset', '#count'].map((sel) => [sel, document.querySelector(sel)])
        .filter(([, el]) => el && el.getClientRects().length > 0).map(([sel, el]) => [sel, el.getBoundingClientRect()]);
      const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const inside = (a, b) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
      const out = [];
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [[a, ra], [b, rb]] = [boxes[i], boxes[j]];
          const hintInSearch = a === '#search' && b === '.find kbd';
          if (hintInSearch ? !inside(rb, ra) : meet(ra, rb)) out.push(hintInSearch ? `${b} outside ${a}` : `${a} overlaps ${b}`);
        }
      }
      return out;
    }

    // oneLine reports whether the badges of row sit on one line, each as
    // high as a line of its text: a badge stretched to another's height
    // is not.
    function oneLine(row) {
      const badges = Array.from(row.children);
      const top = badges.length ? badges[0].getBoundingClientRect().top : 0;
      return badges.every((b) => {
        const cs = getComputedStyle(b);
        const r = b.getBoundingClientRect();
        const line = parseFloat(cs.lineHeight) + parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
        return Math.abs(r.top - top) < 1 && r.height <= line + 1;
      });
    }
  });
  for (const b of got.broken) fail(want, `argument name breaks across lines at 1280 px: ${b}`);
  for (const d of got.defaults) fail(want, `default value breaks across lines at 1280 px: ${d}`);
  for (const o of got.overlaps) fail(want, `in the header at 1280 px, ${o}`);
  if (!want.hostile) for (const b of got.badges) fail(want, `badges not one line high at 1280 px: ${b}`);
  if (!want.hostile && got.width > got.window) fail(want, `the page is ${got.width} px wide in a window of ${got.window}`);
}

// checkArgs checks the rows of the arguments a reader must be told more
// about: fields, with every path it may name; a parameter header, marked
// with the header's name.
async function checkArgs(tab, want) {
  const rows = await tab.evaluate(() => {
    const out = {};
    for (const row of document.querySelectorAll('[data-tool] .args tbody tr')) {
      const tool = row.closest('[data-tool]').dataset.tool;
      const arg = row.querySelector('.arg-name').textContent;
      out[`${tool} ${arg}`] = {
        constraints: Array.from(row.querySelectorAll('[data-label="Constraints"] code'), (c) => c.textContent),
        each: row.querySelector('[data-label="Constraints"]').textContent.includes('each one of'),
        header: row.querySelector('.badge.header')?.textContent ?? '',
      };
    }
    return out;
  });
  for (const [tool, paths] of Object.entries(want.fieldPaths ?? {})) {
    const row = rows[`${tool} fields`];
    if (!row) { fail(want, `tool ${tool} shows no fields argument`); continue; }
    if (!row.each) fail(want, `tool ${tool}: fields does not say each item is one of its paths`);
    sameSet(want, `tool ${tool}: the paths fields lists`, row.constraints, paths);
  }
  for (const [tool, args] of Object.entries(want.headers ?? {})) {
    for (const [arg, header] of Object.entries(args)) {
      const row = rows[`${tool} ${arg}`];
      if (!row || !row.header.includes(header)) fail(want, `tool ${tool}: argument ${arg} is not marked as the header ${header}: ${row && row.header}`);
    }
  }
}

// checkApps checks the link of each app's entry: the data: URL of the
// page's preview, downloaded rather than opened, that shows a page whose
// digest is the snapshot's with a sample result.
async function checkApps(tab, want) {
  const got = await tab.evaluate(() => Array.from(document.querySelectorAll('[data-app]'), (el) => {
    const a = el.querySelector('a.app-page');
    return { uri: el.dataset.app, href: a?.getAttribute('href') ?? '', download: a?.hasAttribute('download') };
  }));
  sameSet(want, 'apps', got.map((a) => a.uri), Object.keys(want.apps ?? {}));
  for (const a of got) {
    const [head, data] = a.href.split(',', 2);
    if (head !== 'data:text/html;charset=utf-8;base64' || !a.download) {
      fail(want, `app ${a.uri}: its link is ${a.href.slice(0, 60)}, download ${a.download}: want a downloaded data: URL of the page's preview`);
      continue;
    }
    const preview = Buffer.from(data, 'base64').toString('utf8');
    const m = preview.match(/<script type="application\/json" id="mcptag-call">([^<]*)<\/script>/);
    if (!m) {
      fail(want, `app ${a.uri}: its link is no preview of the page: ${preview.slice(0, 80)}`);
      continue;
    }
    const call = JSON.parse(m[1]);
    const sum = crypto.createHash('sha256').update(call.html).digest('hex');
    if (want.apps && want.apps[a.uri] && sum !== want.apps[a.uri]) fail(want, `app ${a.uri}: its link shows a page of sha256 ${sum}, the snapshot says ${want.apps[a.uri]}`);
    if (!call.result || !Array.isArray(call.result.content)) fail(want, `app ${a.uri}: its preview has no result to show: ${JSON.stringify(call.result).slice(0, 80)}`);
  }
}

// checkFragment opens the page at #id, as a link to an entry does, on a
// slowed CPU if the page is small, and checks that the entry is drawn at the top of the
// window, below the sticky header: what the reader sees there is the
// entry's own heading.
async function checkFragment(want, url, id) {
  const tab = await context.newPage();
  // A slow machine draws the page over many frames, which is where an
  // entry scrolled to too early ends up below the window: run the page on
  // a CPU twenty times slower to meet that case often. (Not the page of
  // hundreds of tools, which would take a minute to load so.)
  if (Object.keys(want.tools).length <= 100) {
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  }
  await tab.goto(`${url}#${encodeURIComponent(id)}`, { waitUntil: 'load', timeout: 120_000 });
  // The page scrolls to the fragment again once its entries are drawn,
  // which a loaded machine may take a while to do: wait for the heading
  // to come into place (or 10 s), then measure where it is.
  await tab.waitForFunction((id) => {
    const head = document.getElementById(id)?.querySelector('h4');
    if (!head) return false;
    const r = head.getBoundingClientRect();
    return r.top >= document.querySelector('.top').getBoundingClientRect().bottom && r.bottom <= innerHeight;
  }, id, { timeout: 10_000 }).catch(() => {});
  const got = await tab.evaluate((id) => {
    const target = document.getElementById(id);
    const head = target.querySelector('h4');
    const bar = document.querySelector('.top').getBoundingClientRect().bottom;
    const r = head.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 8, r.top + r.height / 2);
    return { top: r.top, bottom: r.bottom, bar, window: innerHeight, drawn: head.contains(hit), hit: hit ? hit.tagName + '.' + hit.className : 'nothing' };
  }, id);
  if (got.top < got.bar || got.bottom > got.window) {
    fail(want, `#${id}: the entry's heading is at ${Math.round(got.top)} to ${Math.round(got.bottom)} px, want it between the header (${Math.round(got.bar)} px) and ${got.window} px`);
  } else if (!got.drawn) {
    fail(want, `#${id}: the entry's heading is not drawn: ${got.hit} is there`);
  }
  await tab.close();
}

// checkEntries compares the page's test hooks with what it should show.
async function checkEntries(tab, want) {
  const got = await tab.evaluate(() => ({
    tools: Array.from(document.querySelectorAll('[data-tool]'), (el) => [el.dataset.tool, el.dataset.tokens]),
    prompts: Array.from(document.querySelectorAll('[data-prompt]'), (el) => el.dataset.prompt),
    forms: Array.from(document.querySelectorAll('[data-form]'), (el) => el.dataset.form),
    resources: Array.from(document.querySelectorAll('[data-resource]'), (el) => el.dataset.resource),
    bars: Array.from(document.querySelectorAll('#chart [data-bar]'), (el) => el.dataset.bar),
    overTools: Array.from(document.querySelectorAll('.entry.over[data-tool]'), (el) => el.dataset.tool),
    overBars: Array.from(document.querySelectorAll('#chart .bar.over'), (el) => el.dataset.bar),
  }));
  const seen = new Map();
  for (const [name, tokens] of got.tools) {
    if (seen.has(name)) fail(want, `tool ${name} appears twice`);
    seen.set(name, tokens);
  }
  for (const [name, tokens] of Object.entries(want.tools)) {
    if (!seen.has(name)) fail(want, `tool ${name} is missing`);
    else if (seen.get(name) !== String(tokens)) fail(want, `tool ${name}: data-tokens=${seen.get(name)}, stats says ${tokens}`);
  }
  for (const name of seen.keys()) {
    if (!(name in want.tools)) fail(want, `tool ${name} shown, not expected`);
  }
  sameSet(want, 'prompts', got.prompts, want.prompts ?? []);
  sameSet(want, 'resources', got.resources, want.resources ?? []);
  sameSet(want, 'forms', got.forms, want.forms ?? []);
  if (got.bars.length !== Object.keys(want.tools).length) {
    fail(want, `the chart has ${got.bars.length} bars for ${Object.keys(want.tools).length} tools`);
  }
  sameSet(want, 'chart bars', got.bars, Object.keys(want.tools));
  sameSet(want, 'tools marked over budget', got.overTools, want.over ?? []);
  sameSet(want, 'chart bars marked over budget', got.overBars, want.over ?? []);
}

// visibleKeys lists the entries (and chart bars) a reader can see.
function visibleKeys(tab) {
  return tab.evaluate(() => {
    // checkVisibility alone misses an SVG element that is display: none.
    const shown = (el) => el.checkVisibility() && getComputedStyle(el).display !== 'none';
    const key = (el) => el.dataset.tool ?? el.dataset.prompt ?? el.dataset.resource ?? el.dataset.form;
    return {
      entries: Array.from(document.querySelectorAll('[data-tool],[data-prompt],[data-resource],[data-form]')).filter(shown).map(key),
      bars: Array.from(document.querySelectorAll('#chart [data-bar]')).filter(shown).map((el) => el.dataset.bar),
    };
  });
}

async function checkSearch(tab, want) {
  await tab.keyboard.press('/');
  const focused = await tab.evaluate(() => document.activeElement && document.activeElement.id);
  if (focused !== 'search') fail(want, `"/" focused ${focused || 'nothing'}, not the search box`);
  await tab.keyboard.type(want.search);
  let seen = await visibleKeys(tab);
  sameSet(want, `entries visible after searching ${JSON.stringify(want.search)}`, seen.entries, want.matches);
  sameSet(want, `chart bars visible after searching ${JSON.stringify(want.search)}`, seen.bars, Object.keys(want.tools));
  await tab.keyboard.press('Escape');
  seen = await visibleKeys(tab);
  const all = [...Object.keys(want.tools), ...(want.prompts ?? []), ...(want.resources ?? []), ...(want.forms ?? [])];
  sameSet(want, 'entries visible after Escape', seen.entries, all);
}

// checkToolsets chooses each toolset in the toolset filter: exactly its
// tools stay visible; choosing every toolset again shows every entry. A
// page whose tools have no toolset has no filter.
async function checkToolsets(tab, want) {
  const toolsets = Object.keys(want.toolsets ?? {});
  const hasFilter = await tab.evaluate(() => document.getElementById('toolset') !== null);
  if (hasFilter !== toolsets.length > 0) fail(want, `toolset filter shown: ${hasFilter}, want ${toolsets.length > 0}`);
  if (!hasFilter) return;
  for (const set of toolsets) {
    await tab.selectOption('#toolset', set);
    sameSet(want, `entries visible in toolset ${set}`, (await visibleKeys(tab)).entries, want.toolsets[set]);
  }
  await tab.selectOption('#toolset', '');
  const all = [...Object.keys(want.tools), ...(want.prompts ?? []), ...(want.resources ?? []), ...(want.forms ?? [])];
  sameSet(want, 'entries visible in every toolset', (await visibleKeys(tab)).entries, all);
}

// timeSearch types q into the search box at once and measures the filter
// script, the time until the next frame is drawn, and the CPU time the
// page's main thread spent on it all (from a trace: the wall times grow
// with whatever else the machine runs, the CPU time much less); then it
// clears the search.
async function timeSearch(tab, q) {
  const cdp = await tab.context().newCDPSession(tab);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const times = await tab.evaluate(async (query) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const box = document.getElementById('search');
    await frame();
    const t0 = performance.now();
    box.value = query;
    box.dispatchEvent(new Event('input'));
    const t1 = performance.now();
    await frame();
    const shown = Array.from(document.querySelectorAll('[data-entry]')).filter((el) => !el.hidden).length;
    return { shown, scriptMs: t1 - t0, frameMs: performance.now() - t0 };
  }, q);
  await cdp.send('Tracing.end');
  await complete;
  await tab.evaluate(() => {
    const box = document.getElementById('search');
    box.value = '';
    box.dispatchEvent(new Event('input'));
  });
  await cdp.detach();
  return { query: q, ...times, cpuMs: mainThreadCPU(events) };
}

// mainThreadCPU sums the CPU time of the tasks of a trace's busiest
// thread, the page's main one, in milliseconds.
function mainThreadCPU(events) {
  const busy = new Map();
  for (const e of events) {
    if (e.ph === 'X' && e.name === 'RunTask' && typeof e.tdur === 'number') busy.set(e.tid, (busy.get(e.tid) ?? 0) + e.tdur);
  }
  return Math.max(0, ...busy.values()) / 1000;
}

// checkHostile checks that markup in names and descriptions stayed text,
// and measures the elements a long description could blow up.
async function checkHostile(tab, want) {
  const got = await tab.evaluate(() => ({
    pwned: window.__pwned ?? null,
    scripts: document.scripts.length,
    injected: document.querySelectorAll('img[src="x"], [onerror], [onclick], iframe, object, embed, form').length,
    literal: Array.from(document.querySelectorAll('.desc, .arg-desc, .node-desc, .title')).some((el) => el.textContent.includes('<script>')),
    longest: Math.max(...Array.from(document.querySelectorAll('.desc'), (el) => el.textContent.length)),
    sizes: Array.from(document.querySelectorAll('.desc.long'), (el) => ({ what: el.closest('[data-entry]').id, height: el.getBoundingClientRect().height })),
  }));
  if (got.pwned !== null) fail(want, `injected script ran: window.__pwned = ${got.pwned}`);
  if (got.scripts !== 1) fail(want, `${got.scripts} script elements, want the page's own one`);
  if (got.injected !== 0) fail(want, `${got.injected} injected elements`);
  if (!got.literal) fail(want, 'no description shows "<script>" as text');
  if (got.longest < 100_000) fail(want, `the longest description has ${got.longest} characters, want 100,000 or more`);
  for (const s of got.sizes) {
    if (s.height > 600) fail(want, `the long description of ${s.what} is ${s.height}px high, want it boxed`);
  }
  return got.sizes;
}

function sameSet(page, what, got, want) {
  const g = [...got].sort(), w = [...want].sort();
  if (g.length !== w.length || g.some((x, i) => x !== w[i])) {
    fail(page, `${what}: got [${g.join(', ')}], want [${w.join(', ')}]`);
  }
}
