#!/usr/bin/env node
// Interop harness: drives an MCP server over stdio with the strict TypeScript
// client (@modelcontextprotocol/sdk, pinned in package.json).
//
// Usage: node client.mjs CALLS.json -- COMMAND [ARGS...]
//
// CALLS.json is an array of calls, tools/call by default:
//   [{"name": "get_weather", "arguments": {"city": "London"}, "expectError": false}]
// or, with "method", a prompts/get, resources/read or completion/complete:
//   {"method": "prompts/get", "name": "plan_trip", "arguments": {"city": "Cairo"}}
//   {"method": "resources/read", "uri": "weather://cities"}
//   {"method": "completion/complete", "ref": {"type": "ref/prompt", "name": "plan_trip"},
//    "argument": {"name": "city", "value": "Ca"}}
//
// The script spawns COMMAND, connects, calls tools/list (the client rejects the
// whole list if any outputSchema root is not {"type":"object"} or a property
// schema is not an object), and prompts/list, resources/list and
// resources/templates/list when the server has prompts or resources, then
// calls every entry of CALLS.json. callTool validates structuredContent against
// the tool's outputSchema (ajv) and throws on mismatch; every other result is
// validated against the protocol's schema (zod).
//
// A tools/call entry may say how the client's user answers the forms the
// server asks for during the call (elicitation/create, which the client
// validates, as it validates the answer against the requested schema):
//   {"name": "forget_city", "arguments": {...}, "elicit": {"action": "accept", "content": {"forget": true}}}
// The client declares the form elicitation capability; a form asked during a
// call without "elicit" is a failure. A tools/call entry with "progress": true
// asks for progress (the client gives the request a progress token) and keeps
// the notifications, which the client validates.
//
// stdout: one line {"tools":[...names...]}, with "prompts", "resources" and
// "resourceTemplates" (names, URIs, URI templates) when the server lists them,
// and "inputSchemas" (by tool name) when INTEROP_INPUT_SCHEMAS is set,
// then one JSON line per call: for tools/call
//   {"name":..., "isError":..., "structuredContent":..., "content":[...]}
// with "elicited": [{"message":..., "requestedSchema":...}] when the server
// asked for forms during the call, and "progress": [{"progress":..., "total":...,
// "message":...}] when it asked for progress,
// and for the others
//   {"method":..., "result":...} or, when the call was answered with an error,
//   {"method":..., "error":{"code":..., "message":...}}
//
// Exit status 1 (with a message on stderr) if a list throws, any callTool
// throws, a call's isError differs from its expectError, another call throws
// unless expectError is set (or does not throw when it is), a call names a tool
// or prompt that was not listed, or a listed tool, prompt or static resource has
// no entry in CALLS.json.
// Exit status 2 on usage errors. Exit status 0 otherwise.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { finish, readCalls } from './calls.mjs';

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

const calls = readCalls(callsPath, '{"name","arguments","expectError"}', usage);
const methods = ['tools/call', 'prompts/get', 'resources/read', 'completion/complete'];
calls.forEach((c, i) => {
  if (c === null || typeof c !== 'object') {
    usage(`${callsPath}: entry ${i} must be an object`);
  }
  c.method ??= 'tools/call';
  if (!methods.includes(c.method)) {
    usage(`${callsPath}: entry ${i}: "method" must be one of ${methods.join(', ')}`);
  }
  const needs = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' }[c.method];
  if (needs !== undefined && typeof c[needs] !== 'string') {
    usage(`${callsPath}: entry ${i} must be an object with a string "${needs}"`);
  }
  if (c.method === 'completion/complete' && (typeof c.ref !== 'object' || typeof c.argument !== 'object')) {
    usage(`${callsPath}: entry ${i}: completion/complete needs "ref" and "argument" objects`);
  }
  if (c.arguments !== undefined && (c.arguments === null || typeof c.arguments !== 'object' || Array.isArray(c.arguments))) {
    usage(`${callsPath}: entry ${i} (${c.name}): "arguments" must be an object`);
  }
  if (c.expectError !== undefined && typeof c.expectError !== 'boolean') {
    usage(`${callsPath}: entry ${i} (${c.name}): "expectError" must be a boolean`);
  }
  if (c.elicit !== undefined && (c.method !== 'tools/call' || c.elicit === null || typeof c.elicit.action !== 'string')) {
    usage(`${callsPath}: entry ${i} (${c.name}): "elicit" must be an object with a string "action", on a tools/call`);
  }
});

const transport = new StdioClientTransport({
  command,
  args,
  env: { ...process.env },
  stderr: 'inherit', // server logs go to our stderr
});
const client = new Client({ name: 'mcptag-interop', version: '0.0.0' }, { capabilities: { elicitation: { form: {} } } });

// current is the tools/call under way, whose "elicit" answers the forms the
// server asks for; elicited lists them.
let current;
let elicited = [];
client.setRequestHandler(ElicitRequestSchema, async (req) => {
  elicited.push({ message: req.params.message, requestedSchema: req.params.requestedSchema });
  if (current?.elicit === undefined) {
    fail(`the server asked for a form during ${current ? `tools/call ${JSON.stringify(current.name)}` : 'no tools/call'}, which has no "elicit" answer`);
    return { action: 'cancel' };
  }
  return current.elicit;
});

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
  const lists = { tools: listed };
  if (process.env.INTEROP_INPUT_SCHEMAS) {
    // as the client parsed them, for tests of what a tool's arguments say
    lists.inputSchemas = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema]));
  }
  let features;
  try {
    features = await listFeatures();
  } catch (err) {
    fail(`listing prompts and resources: ${errText(err)}`);
    return;
  }
  Object.assign(lists, features);
  process.stdout.write(JSON.stringify(lists) + '\n');

  const called = new Set(calls.filter((c) => c.method === 'tools/call').map((c) => c.name));
  for (const name of listed) {
    if (!called.has(name)) {
      fail(`tool ${JSON.stringify(name)} is listed but has no entry in ${callsPath} (every listed tool must be called)`);
    }
  }
  const got = new Set(calls.filter((c) => c.method === 'prompts/get').map((c) => c.name));
  const read = new Set(calls.filter((c) => c.method === 'resources/read').map((c) => c.uri));
  for (const name of features.prompts ?? []) {
    if (!got.has(name)) {
      fail(`prompt ${JSON.stringify(name)} is listed but has no entry in ${callsPath} (every listed prompt must be got)`);
    }
  }
  for (const uri of features.resources ?? []) {
    if (!read.has(uri)) {
      fail(`resource ${JSON.stringify(uri)} is listed but has no entry in ${callsPath} (every listed resource must be read)`);
    }
  }
  const listedSet = new Set(listed);
  const promptSet = new Set(features.prompts ?? []);

  for (const c of calls) {
    if (c.method !== 'tools/call') {
      if (c.method === 'prompts/get' && !promptSet.has(c.name)) {
        fail(`${callsPath} gets ${JSON.stringify(c.name)}, which prompts/list did not return`);
        continue;
      }
      await request(c);
      continue;
    }
    if (!listedSet.has(c.name)) {
      fail(`${callsPath} calls ${JSON.stringify(c.name)}, which tools/list did not return`);
      continue;
    }
    let res;
    current = c;
    elicited = [];
    const progress = [];
    const options = c.progress === true ? { onprogress: (p) => progress.push(p) } : undefined;
    try {
      res = await client.callTool({ name: c.name, arguments: c.arguments ?? {} }, undefined, options);
    } catch (err) {
      fail(`tools/call ${JSON.stringify(c.name)} threw: ${errText(err)}`);
      continue;
    } finally {
      current = undefined;
    }
    const isError = res.isError === true;
    const line = {
      name: c.name,
      isError,
      structuredContent: res.structuredContent ?? null,
      content: res.content ?? [],
    };
    if (elicited.length > 0) {
      line.elicited = elicited;
    }
    if (c.progress === true) {
      line.progress = progress;
    }
    process.stdout.write(JSON.stringify(line) + '\n');
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

// listAll calls a paginated list method until it has every page, and
// returns the items under key.
async function listAll(list, key) {
  const items = [];
  let cursor;
  do {
    const res = await list(cursor === undefined ? undefined : { cursor });
    items.push(...res[key]);
    cursor = res.nextCursor;
  } while (cursor !== undefined);
  return items;
}

// listFeatures lists the server's prompts, resources and resource templates,
// each validated by the client, if the server has them.
async function listFeatures() {
  const caps = client.getServerCapabilities() ?? {};
  const out = {};
  if (caps.prompts) {
    out.prompts = (await listAll((p) => client.listPrompts(p), 'prompts')).map((p) => p.name);
  }
  if (caps.resources) {
    out.resources = (await listAll((p) => client.listResources(p), 'resources')).map((r) => r.uri);
    out.resourceTemplates = (await listAll((p) => client.listResourceTemplates(p), 'resourceTemplates')).map((t) => t.uriTemplate);
  }
  return out;
}

// request makes one prompts/get, resources/read or completion/complete call,
// whose result the client validates, and prints its result or error.
async function request(c) {
  const what = `${c.method} ${JSON.stringify(c.name ?? c.uri ?? c.ref)}`;
  let line;
  try {
    let result;
    switch (c.method) {
      case 'prompts/get':
        result = await client.getPrompt({ name: c.name, arguments: c.arguments ?? {} });
        break;
      case 'resources/read':
        result = await client.readResource({ uri: c.uri });
        break;
      case 'completion/complete':
        result = await client.complete({ ref: c.ref, argument: c.argument });
        break;
    }
    line = { method: c.method, result };
    if (c.expectError === true) {
      fail(`${what}: answered, want an error`);
    }
  } catch (err) {
    line = { method: c.method, error: { code: err.code ?? null, message: errText(err) } };
    if (c.expectError !== true) {
      fail(`${what} threw: ${errText(err)}`);
    }
  }
  process.stdout.write(JSON.stringify(line) + '\n');
}

await finish(main, client, fail);
