#!/usr/bin/env node
// Counts tokens with the o200k_base BPE (the GPT-4o and later vocabulary),
// as gpt-tokenizer (pinned in package.json) encodes them.
//
// Usage: node tokens.mjs [--split] < STRINGS.json
//
// stdin is a JSON array of strings; stdout is a JSON array of their token
// counts, in the same order. Special-token text such as "<|endoftext|>" is
// counted as ordinary text, as it would be inside a tools/list response.
// With --split, each string's entry is instead the array of pieces that
// o200k's pre-tokenizer cuts it into before byte-pair encoding.
// Exit status 1 (with a message on stderr) if stdin is not an array of
// strings, 2 on usage errors.

import { readFileSync } from 'node:fs';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

function fail(msg, status = 1) {
  process.stderr.write(`tokens.mjs: ${msg}\n`);
  process.exit(status);
}

const args = process.argv.slice(2);
if (args.length > 1 || (args.length === 1 && args[0] !== '--split')) {
  fail('usage: node tokens.mjs [--split] < STRINGS.json', 2);
}
const split = args.length === 1;

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
const out = input.map((s) => (split ? s.match(O200K_TOKEN_SPLIT_REGEX) ?? [] : countTokens(s, plain)));
process.stdout.write(JSON.stringify(out) + '\n');
