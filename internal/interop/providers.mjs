#!/usr/bin/env node
// Checks tools' input schemas as model providers' own packages (pinned in
// package.json) take them as a function's parameters:
//
//   - openai: the openai package's toStrictJsonSchema, which throws on a
//     schema strict function calling cannot take, and a check of strict
//     mode as served: the schema needs no rewriting (every object closed,
//     every property required) and uses only the keywords and formats
//     OpenAI's structured-outputs guide lists.
//   - gemini: @google/genai's processJsonSchema, reached as a client
//     reaches it (models.generateContent with the schema as a function
//     declaration's parameters, the request caught before it leaves),
//     then a check of what it produced against the fields of the
//     package's Schema type, and of what it dropped.
//   - anthropic: the root is an object, without oneOf, anyOf or allOf.
//
// The protocol's x-mcp-header keyword is addressed to the MCP client,
// which reads it and does not pass it on: it is taken out before the
// checks (docs/profiles.md).
//
// Usage: node providers.mjs TOOLS.json
//
// TOOLS.json holds a JSON array of {name, inputSchema}; stdout is a JSON array of
// {name, openai: [problems], gemini: [problems], anthropic: [problems]},
// in the same order, where a problem is a string and a clean tool has
// none. Exit status 1 (with a message on stderr) on bad input.

import { readFileSync } from 'node:fs';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { GoogleGenAI } from '@google/genai';

function fail(msg) {
  process.stderr.write(`providers.mjs: ${msg}\n`);
  process.exit(1);
}

// The keywords of OpenAI's structured-outputs guide ("Supported schemas"),
// which function calling's strict mode shares.
const openaiKeywords = new Set([
  'type', 'description', 'title', 'properties', 'required', 'additionalProperties', 'items',
  'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions',
  'pattern', 'format', 'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minItems', 'maxItems',
]);
const openaiFormats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

// The fields of @google/genai's Schema type.
const geminiFields = new Set([
  'anyOf', 'default', 'description', 'enum', 'example', 'format', 'items', 'maxItems', 'maxLength',
  'maxProperties', 'maximum', 'minItems', 'minLength', 'minProperties', 'minimum', 'nullable',
  'pattern', 'properties', 'propertyOrdering', 'required', 'title', 'type',
]);
const geminiTypes = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);

// children calls visit on each subschema of s, with its path.
function children(s, path, visit) {
  for (const k of ['items', 'additionalProperties', 'propertyNames', 'not']) {
    if (s[k] && typeof s[k] === 'object') visit(s[k], `${path}/${k}`);
  }
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    (s[k] ?? []).forEach((c, i) => visit(c, `${path}/${k}/${i}`));
  }
  for (const k of ['properties', '$defs', 'definitions']) {
    for (const [name, c] of Object.entries(s[k] ?? {})) visit(c, `${path}/${k}/${name}`);
  }
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function walk(s, path, visit) {
  if (s === null || typeof s !== 'object') return;
  visit(s, path);
  children(s, path, (c, p) => walk(c, p, visit));
}

function withoutHeaders(s) {
  const copy = structuredClone(s);
  walk(copy, '', (x) => { delete x['x-mcp-header']; });
  return copy;
}

// canonical sorts the members of v's objects, and gives an object schema
// with no properties the empty required list that toStrictJsonSchema adds
// and JSON Schema means by its absence.
function canonical(v) {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    const c = { ...v };
    if (isObject(c.properties) && Object.keys(c.properties).length === 0 && c.required === undefined) c.required = [];
    return Object.fromEntries(Object.keys(c).sort().map((k) => [k, canonical(c[k])]));
  }
  return v;
}

function openai(schema) {
  const problems = [];
  let strict;
  try {
    strict = toStrictJsonSchema(schema);
  } catch (err) {
    return [`toStrictJsonSchema throws: ${err.message}`];
  }
  if (JSON.stringify(canonical(strict)) !== JSON.stringify(canonical(schema))) {
    problems.push('not strict as served: toStrictJsonSchema rewrites it (an object not closed, or a property not required)');
  }
  walk(schema, '', (s, path) => {
    for (const k of Object.keys(s)) {
      if (!openaiKeywords.has(k)) problems.push(`${path || '/'}: keyword ${k} is not supported`);
    }
    if (s.format !== undefined && !openaiFormats.has(s.format)) problems.push(`${path || '/'}: format ${s.format} is not supported`);
    const typed = s.type !== undefined || s.anyOf !== undefined || s.$ref !== undefined || s.enum !== undefined || s.const !== undefined;
    if (!typed) problems.push(`${path || '/'}: no type`);
  });
  return problems;
}

// geminiParameters runs schema through @google/genai as a client sends it:
// processJsonSchema turns a function declaration's parameters into Gemini's
// Schema on the way out; fetch is replaced, to catch the request.
async function geminiParameters(schema) {
  let body;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (_url, init) => {
    body = JSON.parse(init.body);
    return new Response('{"candidates":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  try {
    const ai = new GoogleGenAI({ apiKey: 'not-a-key' });
    await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'hi',
      config: { tools: [{ functionDeclarations: [{ name: 'tool', parameters: schema }] }] },
    });
  } finally {
    globalThis.fetch = realFetch;
  }
  return body.tools[0].functionDeclarations[0].parameters;
}

async function gemini(schema) {
  const problems = [];
  let params;
  try {
    params = await geminiParameters(structuredClone(schema));
  } catch (err) {
    return [`processJsonSchema throws: ${err.message}`];
  }
  // What processJsonSchema drops without a word: a map's value schema.
  walk(schema, '', (s, path) => {
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      problems.push(`${path || '/'}: additionalProperties (a map's values) is dropped`);
    }
  });
  walk(params, '', (s, path) => {
    for (const k of Object.keys(s)) {
      if (!geminiFields.has(k)) problems.push(`${path || '/'}: unknown field ${k}`);
    }
    if (s.anyOf === undefined && !geminiTypes.has(s.type)) problems.push(`${path || '/'}: type ${s.type ?? '(none)'}`);
    if (s.enum !== undefined && (s.type !== 'STRING' || s.enum.some((e) => typeof e !== 'string'))) {
      problems.push(`${path || '/'}: enum of ${s.type} ${JSON.stringify(s.enum)}`);
    }
  });
  return problems;
}

function anthropic(schema) {
  const problems = [];
  if (schema.type !== 'object') problems.push(`root type ${JSON.stringify(schema.type)}`);
  for (const k of ['oneOf', 'anyOf', 'allOf']) {
    if (schema[k] !== undefined) problems.push(`root ${k}`);
  }
  return problems;
}

let tools;
try {
  if (process.argv.length !== 3) fail('usage: node providers.mjs TOOLS.json');
  tools = JSON.parse(readFileSync(process.argv[2], 'utf8'));
} catch (err) {
  fail(`${process.argv[2]} is not JSON: ${err instanceof Error ? err.message : err}`);
}
if (!Array.isArray(tools) || tools.some((t) => typeof t?.name !== 'string' || typeof t.inputSchema !== 'object')) {
  fail('the tools must be a JSON array of {name, inputSchema}');
}
const out = [];
for (const t of tools) {
  const schema = withoutHeaders(t.inputSchema);
  out.push({ name: t.name, openai: openai(schema), gemini: await gemini(schema), anthropic: anthropic(schema) });
}
process.stdout.write(JSON.stringify(out) + '\n');
