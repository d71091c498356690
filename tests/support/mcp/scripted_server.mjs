#!/usr/bin/env node
// A small stdio MCP server written by hand (no SDK), so the MCP client's tests and benchmark get
// exact, repeatable behaviour and exact faults. Newline-delimited JSON-RPC 2.0 on stdin/stdout;
// every message it writes is one line. Exits 0 once stdin closes (unless --fault linger).
//
//   node tests/support/mcp/scripted_server.mjs [flags]
//
// Normal behaviour: initialize (protocolVersion 2025-11-25, capabilities tools.listChanged,
// prompts, resources; serverInfo {name: "scripted", version: "1.0"}; instructions "Scripted test
// server."), ping, tools/list (paged with nextCursor), tools/call, prompts/list, prompts/get,
// resources/list, resources/read, resources/templates/list; any other method → -32601.
// Tools:
//   noop                    no arguments, returns "ok"; annotations readOnlyHint true
//   echo {text}             returns text
//   write_file {path, content}  destructiveHint true; returns "written" (writes nothing)
//   slow                    sends notifications/progress 3 times (progress 1..3, total 3) with the
//                           call's _meta.progressToken, then never answers; a notifications/cancelled
//                           for it is logged on stderr ("scripted: cancelled <id>")
//   ask                     sends elicitation/create (ids "s1", "s2", ...) with a form asking for
//                           colour (enum red, green; required) and returns `accepted {"colour":"red"}`,
//                           `declined` or `cancelled` (an error answer → isError "elicitation failed: ...")
//   add_tool                adds the tool `added` (returns "added"), sends
//                           notifications/tools/list_changed, then returns "added tool"
//   unknown tool            JSON-RPC error -32602 "Unknown tool: <name>"
// Prompt `greet` {name} → [{role: user, content: {type: text, text: "Hello, <name>"}}].
// Resource file:///hello.txt (text "hello"); template file:///{path}.
//
// Flags:
//   --page-size N    tools per tools/list page (default 100; 1000 with --fault many-tools)
//   --tools N        N extra no-op tools named t0000, t0001, ... (no arguments, return "ok")
//   --log FILE       append every line received to FILE (one JSON message a line), written before
//                    the message is handled
//   --noop-timing    each noop result also carries _meta: {serverMs: <float ms from receiving the
//                    line to answering>}
//   --fault X        (may be repeated)
//     die-after-init   exit(3) on notifications/initialized
//     die-on-call      exit(3) on any tools/call, before answering
//     hang             never answer initialize
//     hang-call        answer everything but tools/call
//     huge-line        answer tools/list with a single 20 MiB line (one tool `huge`, long description)
//     unknown-ids      before each answer, send a response with id 99999 and one with id "nope"
//     garbage          print non-JSON-RPC lines on stdout at start and before each answer
//     stderr-chatter   write lines to stderr at start and for every message received
//     many-tools       10,000 tools in all (the six above, t0000..t9993) in pages of 1000
//     bad-result       tools/call answers result: "not an object"
//     is-error         tools/call answers {content: [{type: text, text: "boom"}], isError: true}
//     rpc-error        tools/call answers error {code: -32000, message: "Tool exploded"}
//     linger           ignore stdin closing and SIGTERM (only SIGKILL ends it)
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

// ---- arguments ----
const opts = { pageSize: null, tools: 0, log: null, noopTiming: false, faults: new Set() };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const value = () => {
    if (i + 1 >= argv.length) usage(`${argv[i]} needs a value`);
    return argv[++i];
  };
  switch (argv[i]) {
    case '--page-size': opts.pageSize = positive(value()); break;
    case '--tools': opts.tools = positive(value(), true); break;
    case '--log': opts.log = value(); break;
    case '--noop-timing': opts.noopTiming = true; break;
    case '--fault': opts.faults.add(value()); break;
    default: usage(`unknown argument ${argv[i]}`);
  }
}
const FAULTS = ['die-after-init', 'die-on-call', 'hang', 'hang-call', 'huge-line', 'unknown-ids',
  'garbage', 'stderr-chatter', 'many-tools', 'bad-result', 'is-error', 'rpc-error', 'linger'];
for (const f of opts.faults) if (!FAULTS.includes(f)) usage(`unknown fault ${f}`);
const fault = (name) => opts.faults.has(name);
const pageSize = opts.pageSize ?? (fault('many-tools') ? 1000 : 100);

function positive(text, zeroOk = false) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < (zeroOk ? 0 : 1)) usage(`bad number ${text}`);
  return n;
}
function usage(message) {
  process.stderr.write(`scripted_server: ${message}\n`);
  process.exit(2);
}

// ---- tools, prompts, resources ----
const noArgs = { type: 'object', properties: {} };
const text = (t) => ({ content: [{ type: 'text', text: t }] });
const tools = [
  { name: 'noop', description: 'Does nothing.', inputSchema: noArgs,
    annotations: { readOnlyHint: true } },
  { name: 'echo', description: 'Returns its text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
  { name: 'write_file', description: 'Pretends to write a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'] },
    annotations: { destructiveHint: true } },
  { name: 'slow', description: 'Reports progress, then runs until cancelled.', inputSchema: noArgs },
  { name: 'ask', description: 'Asks the user for a colour.', inputSchema: noArgs },
  { name: 'add_tool', description: 'Adds the tool "added".', inputSchema: noArgs },
];
// many-tools: 10,000 tools in all (the six above and t0000..t9993), ten pages of 1000.
const extraTools = fault('many-tools') ? Math.max(opts.tools, 10000 - tools.length) : opts.tools;
for (let i = 0; i < extraTools; i++) {
  tools.push({ name: `t${String(i).padStart(4, '0')}`, description: 'Extra no-op tool.', inputSchema: noArgs });
}
const extraTool = { name: 'added', description: 'Added by add_tool.', inputSchema: noArgs };

const greet = { name: 'greet', description: 'Greets someone.',
  arguments: [{ name: 'name', description: 'Who to greet', required: true }] };
const hello = { uri: 'file:///hello.txt', name: 'hello.txt', mimeType: 'text/plain' };
const template = { uriTemplate: 'file:///{path}', name: 'file', description: 'A file by path.',
  mimeType: 'text/plain' };

// ---- output ----
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const chatter = (line) => { if (fault('stderr-chatter')) process.stderr.write(`${line}\n`); };
let garbageCount = 0;
function answer(id, body) { // body: {result} or {error}
  if (fault('garbage')) process.stdout.write(`garbage line ${++garbageCount}\n{"not":"jsonrpc"}\n`);
  if (fault('unknown-ids')) {
    send({ id: 99999, result: {} });
    send({ id: 'nope', result: {} });
  }
  send({ id, ...body });
}
const result = (id, r) => answer(id, { result: r });
const error = (id, code, message) => answer(id, { error: { code, message } });

// ---- state ----
const running = new Map(); // request id (as JSON) → {method, name} of calls answered later or never
const waiting = new Map(); // our request id → function(response) for elicitation answers
let nextServerId = 1;
const key = (id) => JSON.stringify(id);

// ---- requests ----
function callTool(id, params, started) {
  if (fault('die-on-call')) process.exit(3);
  if (fault('hang-call')) { running.set(key(id), { name: params?.name }); return; }
  if (fault('bad-result')) return result(id, 'not an object');
  if (fault('is-error')) return result(id, { content: [{ type: 'text', text: 'boom' }], isError: true });
  if (fault('rpc-error')) return error(id, -32000, 'Tool exploded');
  const name = params?.name;
  const args = params?.arguments ?? {};
  if (!tools.some((t) => t.name === name)) return error(id, -32602, `Unknown tool: ${name}`);
  switch (name) {
    case 'echo':
      return result(id, text(String(args.text ?? '')));
    case 'write_file':
      return result(id, text('written'));
    case 'slow': {
      running.set(key(id), { name });
      const token = params?._meta?.progressToken;
      if (token === undefined) return;
      for (let step = 1; step <= 3; step++) {
        setTimeout(() => {
          if (running.has(key(id))) {
            send({ method: 'notifications/progress',
              params: { progressToken: token, progress: step, total: 3, message: `step ${step} of 3` } });
          }
        }, 10 * step);
      }
      return;
    }
    case 'ask': {
      const askId = `s${nextServerId++}`;
      running.set(key(id), { name });
      waiting.set(askId, (response) => {
        if (!running.delete(key(id))) return; // cancelled meanwhile
        if (response.error) return result(id, { ...text(`elicitation failed: ${response.error.message}`), isError: true });
        const { action, content } = response.result ?? {};
        if (action === 'accept') return result(id, text(`accepted ${JSON.stringify(content ?? {})}`));
        return result(id, text(action === 'decline' ? 'declined' : 'cancelled'));
      });
      send({ id: askId, method: 'elicitation/create', params: {
        message: 'Pick a colour.',
        requestedSchema: { type: 'object',
          properties: { colour: { type: 'string', enum: ['red', 'green'] } }, required: ['colour'] } } });
      return;
    }
    case 'add_tool':
      if (!tools.includes(extraTool)) tools.push(extraTool);
      send({ method: 'notifications/tools/list_changed' });
      return result(id, text('added tool'));
    case 'added':
      return result(id, text('added'));
    default: { // noop and the extra tools
      const r = text('ok');
      if (name === 'noop' && opts.noopTiming) r._meta = { serverMs: performance.now() - started };
      return result(id, r);
    }
  }
}

function listTools(id, params) {
  if (fault('huge-line')) {
    return result(id, { tools: [{ name: 'huge', description: 'x'.repeat(20 * 1024 * 1024), inputSchema: noArgs }] });
  }
  let start = 0;
  if (params?.cursor !== undefined) {
    start = /^c\d+$/.test(params.cursor) ? Number(params.cursor.slice(1)) : -1;
    if (start < 0 || start >= tools.length) return error(id, -32602, 'Invalid cursor');
  }
  const page = { tools: tools.slice(start, start + pageSize) };
  if (start + pageSize < tools.length) page.nextCursor = `c${start + pageSize}`;
  return result(id, page);
}

function handleRequest(id, method, params, started) {
  switch (method) {
    case 'initialize':
      if (fault('hang')) return;
      return result(id, {
        protocolVersion: '2025-11-25',
        capabilities: { tools: { listChanged: true }, prompts: {}, resources: {} },
        serverInfo: { name: 'scripted', version: '1.0' },
        instructions: 'Scripted test server.',
      });
    case 'ping': return result(id, {});
    case 'tools/list': return listTools(id, params);
    case 'tools/call': return callTool(id, params, started);
    case 'prompts/list': return result(id, { prompts: [greet] });
    case 'prompts/get':
      if (params?.name !== 'greet') return error(id, -32602, `Unknown prompt: ${params?.name}`);
      if (typeof params?.arguments?.name !== 'string') return error(id, -32602, 'Missing argument: name');
      return result(id, { description: greet.description, messages: [
        { role: 'user', content: { type: 'text', text: `Hello, ${params.arguments.name}` } }] });
    case 'resources/list': return result(id, { resources: [hello] });
    case 'resources/read':
      if (params?.uri !== hello.uri) return error(id, -32002, `Resource not found: ${params?.uri}`);
      return result(id, { contents: [{ uri: hello.uri, mimeType: 'text/plain', text: 'hello' }] });
    case 'resources/templates/list': return result(id, { resourceTemplates: [template] });
    default: return error(id, -32601, `Method not found: ${method}`);
  }
}

function handleNotification(method, params) {
  if (method === 'notifications/initialized' && fault('die-after-init')) process.exit(3);
  if (method === 'notifications/cancelled') {
    const id = params?.requestId;
    if (running.delete(key(id))) {
      process.stderr.write(`scripted: cancelled ${key(id)}${params?.reason ? ` (${params.reason})` : ''}\n`);
    }
  }
}

function handleLine(line) {
  const started = performance.now();
  if (opts.log) appendFileSync(opts.log, `${line}\n`);
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    chatter(`chatter: unparsable line of ${line.length} bytes`);
    return send({ id: null, error: { code: -32700, message: 'Parse error' } });
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    return send({ id: null, error: { code: -32600, message: 'Invalid Request' } });
  }
  chatter(`chatter: received ${message.method ?? `response to ${key(message.id)}`}`);
  if (typeof message.method === 'string') {
    if (message.id === undefined) return handleNotification(message.method, message.params);
    return handleRequest(message.id, message.method, message.params, started);
  }
  const waiter = waiting.get(message.id); // a response to one of our requests
  if (waiter) {
    waiting.delete(message.id);
    waiter(message);
  }
}

// ---- input loop ----
if (fault('garbage')) process.stdout.write('Starting server...\n{"not":"jsonrpc"}\n');
chatter('chatter: scripted server starting');
chatter('chatter: this is stderr, not protocol');
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, end).replace(/\r$/, '');
    buffered = buffered.slice(end + 1);
    if (line.trim() !== '') handleLine(line);
  }
});
if (fault('linger')) {
  process.on('SIGTERM', () => process.stderr.write('scripted: ignoring SIGTERM\n'));
  setInterval(() => {}, 1 << 30);
}
// Otherwise the process ends by itself once stdin has closed and what is written has drained.
