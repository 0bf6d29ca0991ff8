// calls.mjs is what the scripts that make calls of a server with a
// client, client.mjs and tasks.mjs, do alike: read the calls, and end.
import { readFileSync } from 'node:fs';

// readCalls returns the array of calls in the JSON file path, or calls
// usage with what is wrong with it; want says what each call holds.
export function readCalls(path, want, usage) {
  let calls;
  try {
    calls = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    usage(`reading ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(calls)) {
    usage(`${path}: want a JSON array of ${want} objects`);
  }
  return calls;
}

// finish runs main, then closes client; what either throws is reported
// with fail, main's with its stack. It then exits with the status fail
// set, once stdout has taken the last line: process.exit drops what a
// pipe has not yet taken of it (a read of a large page, say).
export async function finish(main, client, fail) {
  try {
    await main();
  } catch (err) {
    fail(`unexpected error: ${err instanceof Error && err.stack ? err.stack : String(err)}`);
  }
  try {
    await client.close();
  } catch (err) {
    fail(`closing client: ${err instanceof Error ? err.message : String(err)}`);
  }
  await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(process.exitCode ?? 0);
}
