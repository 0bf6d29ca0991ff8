#!/usr/bin/env node
// Tasks harness: drives the tasks extension (io.modelcontextprotocol/tasks)
// of a streamable HTTP MCP server at protocol 2026-07-28 with the official
// TypeScript tasks client, @modelcontextprotocol/ext-tasks, on the
// TypeScript SDK's client (@modelcontextprotocol/client, the one ext-tasks
// is built for; both pinned in package.json).
//
// Usage: node tasks.mjs URL CALLS.json
//
// CALLS.json is an array of tool calls, made one after the other:
//   [{"name": "slow_compute", "arguments": {"seconds": 1, "label": "x"}},
//    {"name": "confirm_delete", "arguments": {"filename": "a.txt"},
//     "elicit": {"action": "accept", "content": {"confirm": true}}},
//    {"name": "slow_compute", "arguments": {"seconds": 60, "label": "y"}, "cancel": true}]
// A call's "elicit" is how the user answers the forms the server asks for
// while the call runs, whether the call asks (an input_required result)
// or its task does (input_required, answered with tasks/update); with
// "cancel": true the call is cancelled (tasks/cancel) as soon as it is a
// task.
//
// The client pins protocol 2026-07-28 (server/discover must offer it) and
// needs the server to advertise the extension. ext-tasks sends tools/call
// and the task methods below the SDK (rawDispatch): this script sends
// them on the SDK's own transport, with the SDK's per-request headers, and
// takes their responses before the SDK sees them, as the MCP Inspector does.
//
// stdout: one JSON line per call,
//   {"name", "kind": "task"|"immediate", "status": "completed"|"failed"|"cancelled",
//    "result" (completed), "error": {"message","code"} (failed),
//    "serverStatus" (cancelled: the task's status on the server after),
//    "statuses": [task statuses seen, in order, without repeats],
//    "elicited": [{"message","requestedSchema","delivery"}],
//    "threw" (the call threw)}
// ext-tasks validates every result, task and input request it gets
// against the schemas of protocol 2026-07-28 and its extension: a
// completed task whose result is not a valid CallToolResult is "failed"
// here, with ext-tasks' reason.
// Exit status 1 (with a message on stderr) if connecting fails, the server
// does not advertise the extension, or a call throws; 2 on usage errors.

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createApplicationInputHandler, createTaskSessionFromClient, DispatchError } from '@modelcontextprotocol/ext-tasks/client';
import { finish, readCalls } from './calls.mjs';

const protocolVersion = '2026-07-28';
const clientInfo = { name: 'mcptag-interop-tasks', version: '0.0.0' };
const clientCapabilities = { elicitation: { form: {} } };

function usage(msg) {
  process.stderr.write(`tasks.mjs: ${msg}\nusage: node tasks.mjs URL CALLS.json\n`);
  process.exit(2);
}

function fail(msg) {
  process.stderr.write(`tasks.mjs: FAIL: ${msg}\n`);
  process.exitCode = 1;
}

// errText is err's message with its causes' (a schema's complaints, say)
// that it does not already say.
function errText(err) {
  if (!(err instanceof Error)) {
    return String(err);
  }
  const cause = err.cause === undefined ? '' : errText(err.cause);
  if (err.message.includes(cause)) {
    return err.message;
  }
  return cause.startsWith(err.message) ? cause : `${err.message}: ${cause}`;
}

const [url, callsPath] = process.argv.slice(2);
if (url === undefined || callsPath === undefined) {
  usage('bad arguments');
}
const calls = readCalls(callsPath, '{"name","arguments"}', usage);
calls.forEach((c, i) => {
  if (c === null || typeof c !== 'object' || typeof c.name !== 'string') {
    usage(`${callsPath}: entry ${i} must be an object with a string "name"`);
  }
  if (c.arguments !== undefined && (c.arguments === null || typeof c.arguments !== 'object' || Array.isArray(c.arguments))) {
    usage(`${callsPath}: entry ${i} (${c.name}): "arguments" must be an object`);
  }
  if (c.elicit !== undefined && (c.elicit === null || typeof c.elicit.action !== 'string')) {
    usage(`${callsPath}: entry ${i} (${c.name}): "elicit" must be an object with a string "action"`);
  }
  if (c.cancel !== undefined && typeof c.cancel !== 'boolean') {
    usage(`${callsPath}: entry ${i} (${c.name}): "cancel" must be a boolean`);
  }
});

// RawChannel sends requests on transport itself and hands their responses
// to the caller, not to the SDK: ext-tasks' rawDispatch, for the wire
// shapes (CreateTaskResult, the task methods) the SDK's codecs refuse.
class RawChannel {
  pending = new Map();
  counter = 0;

  constructor(transport) {
    this.transport = transport;
  }

  // wrap puts the channel in front of the SDK's handler of transport's
  // messages: call it after connecting.
  wrap() {
    const sdk = this.transport.onmessage;
    this.transport.onmessage = (message, extra) => {
      if (!this.take(message)) {
        sdk?.(message, extra);
      }
    };
  }

  dispatch = async (request, options = {}) => {
    const id = `tasks-mjs-${++this.counter}`;
    const message = { jsonrpc: '2.0', id, method: request.method, ...(request.params === undefined ? {} : { params: request.params }) };
    const response = new Promise((resolve) => this.pending.set(id, resolve));
    try {
      await this.transport.send(message, {
        ...(options.context?.headers === undefined ? {} : { headers: options.context.headers }),
        ...(options.signal === undefined ? {} : { requestSignal: options.signal }),
      });
    } catch (err) {
      this.pending.delete(id);
      throw new DispatchError(`sending ${request.method}: ${errText(err)}`, false, { cause: err });
    }
    return response;
  };

  // take settles the request message answers, if this channel sent it.
  take(message) {
    const resolve = typeof message?.id === 'string' ? this.pending.get(message.id) : undefined;
    if (resolve === undefined) {
      return false;
    }
    this.pending.delete(message.id);
    if ('error' in message) {
      const { code, message: text, data } = message.error;
      resolve({ kind: 'error', error: { code, message: text, ...(data === undefined ? {} : { data }) } });
    } else {
      resolve({ kind: 'result', result: message.result });
    }
    return true;
  }
}

// current is the call under way, whose "elicit" answers the forms the
// server asks for; elicited lists them.
let current;
let elicited = [];

const onInputRequest = createApplicationInputHandler({
  elicitation: async (request, context) => {
    elicited.push({ message: request.params.message, requestedSchema: request.params.requestedSchema, delivery: context.delivery });
    if (current?.elicit === undefined) {
      fail(`the server asked for a form during ${current ? `tools/call ${JSON.stringify(current.name)}` : 'no call'}, which has no "elicit" answer`);
      return { action: 'cancel' };
    }
    return current.elicit;
  },
  sampling: async () => {
    throw new Error('this client does not sample');
  },
  roots: async () => ({ roots: [] }),
});

const transport = new StreamableHTTPClientTransport(new URL(url));
const raw = new RawChannel(transport);
const client = new Client(clientInfo, {
  capabilities: clientCapabilities,
  versionNegotiation: { mode: { pin: protocolVersion } },
});

async function main() {
  try {
    await client.connect(transport);
  } catch (err) {
    fail(`connecting to ${url}: ${errText(err)}`);
    return;
  }
  raw.wrap();
  const era = client.getProtocolEra();
  const extension = client.getServerCapabilities()?.extensions?.['io.modelcontextprotocol/tasks'];
  if (era !== 'modern' || extension === undefined) {
    fail(`the server (protocol era ${era}) does not advertise io.modelcontextprotocol/tasks: capabilities ${JSON.stringify(client.getServerCapabilities())}`);
    return;
  }
  const session = createTaskSessionFromClient(client, {
    endpointId: url,
    rawDispatch: raw.dispatch,
    v2RequestFraming: { protocolVersion, clientInfo, clientCapabilities },
    onInputRequest,
    onError: (err) => fail(`ext-tasks: ${errText(err)}`),
  });
  try {
    for (const c of calls) {
      await call(session, c);
    }
  } finally {
    await session.close();
  }
}

// call makes the tool call c through session, settles it, and prints what
// came of it.
async function call(session, c) {
  current = c;
  elicited = [];
  const statuses = [];
  const line = { name: c.name };
  try {
    const execution = await session.callTool(c.name, c.arguments ?? {});
    line.kind = execution.kind;
    if (c.cancel === true && execution.kind === 'task') {
      await execution.cancel();
    }
    const { outcome } = await execution.settle({
      onEvent: (event) => {
        const status = event.type === 'task' ? event.task.status : event.outcome.task?.status;
        if (status !== undefined && statuses.at(-1) !== status) {
          statuses.push(status);
        }
      },
    });
    line.status = outcome.status;
    if (outcome.status === 'completed') {
      line.result = outcome.result;
    } else if (outcome.status === 'failed') {
      line.error = { message: errText(outcome.error), code: outcome.error.code ?? null };
    }
    if (c.cancel === true && execution.kind === 'task') {
      // what the server says of the task now (tasks/get), not what the
      // client concluded from the acknowledgement of tasks/cancel
      line.serverStatus = (await session.task(execution.handle.taskId).snapshot()).status;
    }
  } catch (err) {
    fail(`tools/call ${JSON.stringify(c.name)} threw: ${errText(err)}`);
    line.threw = errText(err);
  } finally {
    current = undefined;
  }
  line.statuses = statuses;
  line.elicited = elicited;
  process.stdout.write(JSON.stringify(line) + '\n');
}

await finish(main, client, fail);
