// apphost.mjs shows a page of an MCP App the way a web host does, in
// headless Chromium (playwright-core, pinned in package.json, driving the
// system's Chromium): testdata/apphost/host.html, bundled with the
// ext-apps host-side bridge (AppBridge, PostMessageTransport), loads the
// sandbox proxy testdata/apphost/sandbox.html from another origin, served
// with the Content-Security-Policy the page's _meta.ui.csp asks for; the
// proxy loads the page into its own sandboxed iframe; the bridge hands it
// the tool call's input and result.
//
//	node apphost.mjs CONFIG.json
//
// CONFIG is {chromium, html, csp, prefersBorder, tool, input, result,
// ready, marks, want, texts, screenshot}: the page's text and its
// _meta.ui, the tool as tools/list gave it, the call's arguments and
// result; ready selects what the page shows once it has taken the
// result, marks the elements that stand for its values, want is how many
// of them it should draw, texts select elements whose text to report;
// screenshot is a PNG file to write.
//
// It prints what the page shows: {marks: [{data, height}], texts,
// origins}. It fails on a console error or uncaught exception in any
// frame, a request for anything but the host page and the sandbox proxy,
// or a page that never shows ready or draws other than want marks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineModule } from './bundle.mjs';
import { readView, watchErrors } from './appview.mjs';
import { report, withChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

// The host and its sandbox proxy, on two origins that Chromium never
// looks up: every request is answered here.
const hostURL = 'http://host.apps.test/host.html';
const sandboxURL = 'http://sandbox.apps.test/sandbox.html';

const failures = [];
const fail = (msg) => failures.push(msg);
await report('apphost.mjs', failures, async () => {
  const hostPage = await inlineModule(fs.readFileSync(path.join(here, 'testdata/apphost/host.html'), 'utf8'), 'host.html');
  const sandboxPage = fs.readFileSync(path.join(here, 'testdata/apphost/sandbox.html'), 'utf8');
  return withChromium(config.chromium, { width: 800, height: 560 }, async (context) => {
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.href === hostURL) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: hostPage });
      if (url.origin + url.pathname === sandboxURL) {
        return route.fulfill({
          contentType: 'text/html; charset=utf-8', body: sandboxPage,
          headers: { 'Content-Security-Policy': contentSecurityPolicy(JSON.parse(url.searchParams.get('csp') ?? '{}')) },
        });
      }
      fail(`requested ${url.href.slice(0, 200)}`);
      return route.abort();
    });
    return show(await context.newPage());
  });
});

// show opens the host in tab, has it show the page, waits for the page to
// draw its marks and reports what it shows.
async function show(tab) {
  watchErrors(tab, fail);
  await tab.goto(hostURL, { waitUntil: 'load', timeout: 60_000 });
  const sandbox = `${sandboxURL}?csp=${encodeURIComponent(JSON.stringify(config.csp ?? {}))}`;
  await tab.evaluate((c) => window.showApp(c), {
    sandboxURL: sandbox, tool: config.tool, input: config.input, result: config.result,
    html: config.html, csp: config.csp, prefersBorder: config.prefersBorder,
  });
  const view = await viewFrame(tab);
  return readView(tab, view, config, fail);
}

// viewFrame waits for the frame the sandbox proxy writes the page into.
async function viewFrame(tab) {
  for (let i = 0; i < 300; i++) {
    const f = tab.frames().find((f) => f.parentFrame() && f.parentFrame().url().startsWith(sandboxURL));
    if (f) return f;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the sandbox proxy made no frame for the page');
}

// contentSecurityPolicy is the policy of the sandbox proxy, which the page
// it loads inherits: the MCP Apps specification's restrictive default,
// widened only by the origins the page's _meta.ui.csp declares.
function contentSecurityPolicy(csp) {
  const list = (xs) => (xs ?? []).join(' ');
  const resources = list(csp.resourceDomains);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src ${list(csp.connectDomains) || "'none'"}`,
    `frame-src ${list(csp.frameDomains) || "'none'"}`,
    `base-uri ${list(csp.baseUriDomains) || "'self'"}`,
    "object-src 'none'",
  ].map((d) => d.trim()).join('; ');
}
