// chromium.mjs launches the headless Chromium that catalog.mjs,
// apphost.mjs and preview.mjs drive: Debian's, through playwright-core,
// which downloads no browser; and ends each of those scripts alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

// The flags keep a closed network quiet: without the background-networking
// ones Chromium reaches out to Google's services at start.
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// withChromium runs fn with a browser context of the Chromium at
// executablePath, in a light colour scheme with a window of viewport
// ({width, height}), on a fresh profile that it removes afterwards.
export async function withChromium(executablePath, viewport, fn) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mcptag-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath, headless: true, args: flags, viewport, colorScheme: 'light',
    });
    return await fn(context);
  } finally {
    if (context) await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// report runs browse, which adds what it finds wrong to failures, and
// ends the script: with the failures on stderr and exit status 1, or
// with what browse returned, as JSON, on stdout. An error browse throws
// is a failure of the script named name.
export async function report(name, failures, browse) {
  let found;
  try {
    found = await browse();
  } catch (err) {
    failures.push(`${name}: ${err && err.stack ? err.stack : err}`);
  }
  if (failures.length > 0) {
    process.stderr.write(failures.join('\n') + '\n');
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(found) + '\n');
}
