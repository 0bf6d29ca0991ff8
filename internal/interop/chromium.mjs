// chromium.mjs launches the headless Chromium that catalog.mjs and
// apphost.mjs drive: Debian's, through playwright-core, which downloads
// no browser.
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
