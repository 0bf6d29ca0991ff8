#!/usr/bin/env node
// Counts tokens with the o200k_base BPE (the GPT-4o and later vocabulary),
// as gpt-tokenizer (pinned in package.json) encodes them.
//
// Usage: node tokens.mjs < STRINGS.json
//
// stdin is a JSON array of strings; stdout is a JSON array of their token
// counts, in the same order. Special-token text such as "<|endoftext|>" is
// counted as ordinary text, as it would be inside a tools/list response.
// Exit status 1 (with a message on stderr) if stdin is not an array of
// strings.

import { readFileSync } from 'node:fs';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

function fail(msg) {
  process.stderr.write(`tokens.mjs: ${msg}\n`);
  process.exit(1);
}

let input;
try {
  input = JSON.parse(readFileSync(0, 'utf8'));
} catch (err) {
  fail(`stdin is not JSON: ${err instanceof Error ? err.message : err}`);
}
if (!Array.isArray(input) || input.some((s) => typeof s !== 'string')) {
  fail('stdin must be a JSON array of strings');
}
const plain = { disallowedSpecial: new Set() };
process.stdout.write(JSON.stringify(input.map((s) => countTokens(s, plain))) + '\n');
