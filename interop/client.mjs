#!/usr/bin/env node
// Interop harness: drives an MCP server over stdio with the strict TypeScript
// client (@modelcontextprotocol/sdk, pinned in package.json).
//
// Usage: node client.mjs CALLS.json -- COMMAND [ARGS...]
//
// CALLS.json is an array of calls:
//   [{"name": "get_weather", "arguments": {"city": "London"}, "expectError": false}]
//
// The script spawns COMMAND, connects, calls tools/list (the client rejects the
// whole list if any outputSchema root is not {"type":"object"} or a property
// schema is not an object), then calls every entry of CALLS.json. callTool
// validates structuredContent against the tool's outputSchema (ajv) and throws
// on mismatch.
//
// stdout: one line {"tools":[...names...]}, then one JSON line per call:
//   {"name":..., "isError":..., "structuredContent":..., "content":[...]}
//
// Exit status 1 (with a message on stderr) if listTools throws, any callTool
// throws, a call's isError differs from its expectError, a call names a tool
// that was not listed, or a listed tool has no entry in CALLS.json.
// Exit status 2 on usage errors. Exit status 0 otherwise.

import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

function usage(msg) {
  process.stderr.write(`client.mjs: ${msg}\nusage: node client.mjs CALLS.json -- COMMAND [ARGS...]\n`);
  process.exit(2);
}

function fail(msg) {
  process.stderr.write(`client.mjs: FAIL: ${msg}\n`);
  process.exitCode = 1;
}

function errText(err) {
  if (err instanceof Error) {
    return err.message;
  }
  return String(err);
}

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
if (sep !== 1 || argv.length < 3) {
  usage('bad arguments');
}
const callsPath = argv[0];
const [command, ...args] = argv.slice(sep + 1);

let calls;
try {
  calls = JSON.parse(readFileSync(callsPath, 'utf8'));
} catch (err) {
  usage(`reading ${callsPath}: ${errText(err)}`);
}
if (!Array.isArray(calls)) {
  usage(`${callsPath}: want a JSON array of {"name","arguments","expectError"} objects`);
}
calls.forEach((c, i) => {
  if (c === null || typeof c !== 'object' || typeof c.name !== 'string') {
    usage(`${callsPath}: entry ${i} must be an object with a string "name"`);
  }
  if (c.arguments !== undefined && (c.arguments === null || typeof c.arguments !== 'object' || Array.isArray(c.arguments))) {
    usage(`${callsPath}: entry ${i} (${c.name}): "arguments" must be an object`);
  }
  if (c.expectError !== undefined && typeof c.expectError !== 'boolean') {
    usage(`${callsPath}: entry ${i} (${c.name}): "expectError" must be a boolean`);
  }
});

const transport = new StdioClientTransport({
  command,
  args,
  env: { ...process.env },
  stderr: 'inherit', // server logs go to our stderr
});
const client = new Client({ name: 'mcptag-interop', version: '0.0.0' });

async function main() {
  try {
    await client.connect(transport);
  } catch (err) {
    fail(`connecting to ${JSON.stringify([command, ...args])}: ${errText(err)}`);
    return;
  }

  // tools/list: the client validates every tool against its zod schema here.
  const tools = [];
  try {
    let cursor;
    let pages = 0;
    do {
      const res = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...res.tools);
      cursor = res.nextCursor;
      pages++;
    } while (cursor !== undefined);
    if (pages > 1) {
      // listTools caches output validators per page (and clears the cache each
      // time); re-cache with the full list so every tool's output is validated.
      client.cacheToolMetadata(tools);
    }
  } catch (err) {
    fail(`tools/list rejected by the strict client: ${errText(err)}`);
    return;
  }
  const listed = tools.map((t) => t.name);
  process.stdout.write(JSON.stringify({ tools: listed }) + '\n');

  const called = new Set(calls.map((c) => c.name));
  for (const name of listed) {
    if (!called.has(name)) {
      fail(`tool ${JSON.stringify(name)} is listed but has no entry in ${callsPath} (every listed tool must be called)`);
    }
  }
  const listedSet = new Set(listed);

  for (const c of calls) {
    if (!listedSet.has(c.name)) {
      fail(`${callsPath} calls ${JSON.stringify(c.name)}, which tools/list did not return`);
      continue;
    }
    let res;
    try {
      res = await client.callTool({ name: c.name, arguments: c.arguments ?? {} });
    } catch (err) {
      fail(`tools/call ${JSON.stringify(c.name)} threw: ${errText(err)}`);
      continue;
    }
    const isError = res.isError === true;
    process.stdout.write(
      JSON.stringify({
        name: c.name,
        isError,
        structuredContent: res.structuredContent ?? null,
        content: res.content ?? [],
      }) + '\n',
    );
    const expectError = c.expectError === true;
    if (isError !== expectError) {
      const text = (res.content ?? [])
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join(' ');
      fail(`tools/call ${JSON.stringify(c.name)}: isError=${isError}, want ${expectError}` + (text ? ` (content: ${JSON.stringify(text)})` : ''));
    }
  }
}

try {
  await main();
} catch (err) {
  fail(`unexpected error: ${err instanceof Error && err.stack ? err.stack : errText(err)}`);
}
try {
  await client.close();
} catch (err) {
  fail(`closing client: ${errText(err)}`);
}
process.exit(process.exitCode ?? 0);
