#!/usr/bin/env node
// A scripted AG-UI agent for the AG-UI transport's tests: a Node http server bound to 127.0.0.1
// only that answers each run with a fixed, named sequence of events. No model, no randomness.
//
//   node tests/support/agui/scripted_agent.mjs [--port N] [--ignore-stdin]
//
// Prints one line "LISTENING <port>" on stdout when ready (port 0, the default, picks a free
// one). Exits when its stdin closes (keep stdin a pipe: QProcess's is; --ignore-stdin turns this
// off for a manual run in the background), on SIGTERM or SIGINT. Nothing else is written to
// stdout; diagnostics go to stderr.
//
// Wire (AG-UI 1.0, @ag-ui/core and @ag-ui/encoder 1.0.0, see package.json):
//   POST /agent/<scenario>   body: a RunAgentInput (threadId, runId, messages, state?, tools?,
//                            context?, forwardedProps?, resume?, parentRunId?). Answer 200
//                            text/event-stream, each event one "data: <json>\n\n" made by
//                            EventEncoder.encodeSSE (protobuf is never sent, whatever Accept says).
//                            Every event is checked against @ag-ui/core's EventSchema before the
//                            first byte goes out (a scenario that fails it answers 500): the
//                            scenarios that break the protocol's ORDER still send schema-valid
//                            events; only the FUTURE_EVENT of `unknown-events` is not checked.
//     The body is checked with RunAgentInputSchema: not JSON, or not a valid RunAgentInput → 400
//     {"error": {"message", "issues"?}}. Note what 1.0.0 requires: tools[].description is a
//     string, forwardedProps / rawEvent / payload are never null, message ids are strings, user
//     content parts are text | image | audio | video | document with a `source`.
//     ?lenient=1 only asks for a JSON object with string threadId and runId and a messages array.
//     Unknown scenario → 404, another method on /agent/... → 405, any other path → 404.
//     ?split=N  write the body N bytes at a time (UTF-8 bytes: "°C" is cut in two too), waiting
//               ?delay=MS (default 2) between writes, so the client sees split reads. Keep N
//               large for `large-raw` (240 KB / N writes). Default: one write per event, no wait
//               (or ?delay=MS between events).
//   GET  /requests           JSON array of every POST to /agent/... so far, oldest first:
//                            {path (no query), query (the "?..." part or ""), scenario, accept,
//                            contentType, authorization (null when absent), headers (lower-cased
//                            names), body (the parsed JSON as sent, null when it did not parse),
//                            rawBody (only when it did not parse), status (HTTP status answered),
//                            run (1-based run number on the thread; 0 when rejected),
//                            clientClosed (true once the client closed the connection before the
//                            body ended: aborts)}
//   GET  /threads            {<threadId>: {runs, lastScenario, lastRequest, pendingInterrupts}}
//   POST /reset              clears the requests and every thread's state → {"ok": true}
//
// Run state per threadId: how many runs it had, the last request, and the interrupt ids the last
// run ended with (pendingInterrupts). A scenario with a second run (approval, input,
// two-interrupts, custom-reason) treats a run as the second when the request has a non-empty
// `resume` or the thread's last run ended with an interrupt; after it the thread starts over.
//
// AG-UI 1.0.0 schema facts the scenarios follow (node_modules/@ag-ui/core/dist/schemas.mjs):
//   RUN_FINISHED {threadId, runId, result?, outcome?, usage?}
//     outcome: {type: "success", pendingToolCallIds?} | {type: "interrupt", interrupts: [...]}
//              | {type: "cancelled"}
//     interrupts[]: {id, reason, message?, toolCallId?, responseSchema?, expiresAt?, metadata?}
//     usage: an ARRAY of {provider?, model?, inputTokens?, outputTokens?, totalTokens?,
//            reasoningTokens?, cachedInputTokens?, cacheWriteInputTokens?} (RUN_ERROR has it too)
//   resume[] (request): {interruptId, status: "resolved" | "cancelled", payload?, metadata?}
//   REASONING_MESSAGE_START {messageId, role: "reasoning"} (role required, the literal);
//   REASONING_START / REASONING_END {messageId}. There are no THINKING_* events in 1.0.0.
//   TEXT_MESSAGE_START.role is one of developer/system/assistant/user (optional).
//
// Scenarios (ids and texts are what the tests assert on). "text ID "T"" below means
// TEXT_MESSAGE_START {messageId ID, role assistant}, TEXT_MESSAGE_CONTENT T, TEXT_MESSAGE_END.
// Every run starts with RUN_STARTED {threadId, runId} echoed from the request unless said.
//   text               text msg-text-1 "Hello" + ", world." (two CONTENT events), RUN_FINISHED
//   two-messages       text msg-one "First.", text msg-two "Second.", RUN_FINISHED
//   chunks             TEXT_MESSAGE_CHUNK {msg-chunk, role assistant, "Chunked "}, CHUNK
//                      {msg-chunk, "text."}; TOOL_CALL_CHUNK {call-chunk, lookup, '{"q":'},
//                      TOOL_CALL_CHUNK {call-chunk, '"x"}'}; TOOL_CALL_RESULT {msg-chunk-result,
//                      call-chunk, "found"}; RUN_FINISHED
//   reasoning          REASONING_START r-1, REASONING_MESSAGE_START {r-1, role reasoning},
//                      REASONING_MESSAGE_CONTENT "Thinking it over.", REASONING_MESSAGE_END,
//                      REASONING_END r-1; text msg-answer "The answer is 4."; RUN_FINISHED
//   reasoning-chunks   REASONING_START r-2, REASONING_MESSAGE_CHUNK {r-2, "Chunked "},
//                      REASONING_MESSAGE_CHUNK {r-2, "thought."}, REASONING_END r-2,
//                      REASONING_ENCRYPTED_VALUE {subtype message, entityId r-2, "opaque=="};
//                      text msg-rc "Chunked reasoning done."; RUN_FINISHED
//   backend-tool       TOOL_CALL_START {call-weather, get_weather, parentMessageId msg-w},
//                      ARGS '{"city":' + '"Oslo"}', END; TOOL_CALL_RESULT {msg-weather-result,
//                      call-weather, "Sunny, 21 °C", role tool}; text msg-w2 "It is sunny in
//                      Oslo."; RUN_FINISHED
//   frontend-tool      run 1 (no role "tool" message for call-front in the request):
//                      TOOL_CALL_START {call-front, tools[0].name or "missing_tool"}, ARGS
//                      '{"colour":"blue"}', END, RUN_FINISHED. Run 2 (a tool message for
//                      call-front with content C; parts: their texts joined): text
//                      msg-front-done "Tool said: " + C, RUN_FINISHED
//   parallel-tools     run 1: START call-a, START call-b (both tools[0].name or "missing_tool"),
//                      ARGS call-a '{"n":1}', ARGS call-b '{"n":2}', END call-b, END call-a;
//                      START call-srv server_tool, ARGS '{}', END, TOOL_CALL_RESULT
//                      {msg-srv-result, call-srv, "server done"}; RUN_FINISHED. Run 2 (a tool
//                      message for call-a or call-b; a missing one reads "(missing)"): text
//                      msg-results "Results: " + A + " and " + B, RUN_FINISHED
//   approval           run 1: TOOL_CALL_START {call-delete, delete_file}, ARGS
//                      '{"path":"notes.txt"}', END, RUN_FINISHED outcome {type interrupt,
//                      interrupts [{id int-approve, reason tool_call, toolCallId call-delete,
//                      message "Delete notes.txt?"}]}. Run 2, resume for int-approve:
//                      resolved + payload.approved === true → TOOL_CALL_RESULT {msg-deleted,
//                      call-delete, "Deleted notes.txt"}, text msg-after-approve "Deleted.";
//                      resolved otherwise (approved false or absent) → text msg-after-deny "Kept
//                      the file."; cancelled or no entry → text msg-no-resume "Nothing was
//                      decided."; RUN_FINISHED
//   input              run 1: text msg-ask "I need one detail.", RUN_FINISHED interrupt {id
//                      int-colour, reason input_required, message "Which colour?",
//                      responseSchema {type object, properties {colour {type string, enum [red,
//                      green, blue]}}, required [colour]}}. Run 2: resolved → text msg-colour
//                      "You chose " + payload.colour + "."; cancelled → msg-colour "No colour.";
//                      no entry → msg-no-resume "Nothing was decided."
//   two-interrupts     run 1: TOOL_CALL call-rm delete_file '{"path":"a.txt"}', RUN_FINISHED
//                      interrupts [{int-a, tool_call, toolCallId call-rm, "Delete a.txt?"},
//                      {int-b, input_required, "Which colour?", the schema of `input`}].
//                      Run 2: text msg-two-answers "approval=<A> colour=<C>" where A is
//                      approved | denied | cancelled | missing and C is the colour | cancelled |
//                      missing
//   custom-reason      run 1: RUN_FINISHED interrupt {id int-plan, reason "acme:pick_plan",
//                      message "Pick a plan.", responseSchema {type object, properties {plan
//                      {type string}}}}. Run 2: resolved → text msg-plan "Plan: " + payload.plan;
//                      cancelled → msg-plan "No plan."; no entry → msg-no-resume
//   state              STATE_SNAPSHOT {count 0, items []}, STATE_DELTA [replace /count 1],
//                      STATE_DELTA [add /items/- "a"], text msg-state "State updated.",
//                      RUN_FINISHED
//   state-echo         text msg-state-echo "state=<json> props=<json>" (JSON.stringify of the
//                      request's state and forwardedProps as sent; absent → null), RUN_FINISHED
//   bad-patch          STATE_SNAPSHOT {count 0}, STATE_DELTA [replace /count 1], STATE_DELTA
//                      [test /count 99] (fails: count is 1), text msg-after-bad-patch "Never
//                      reached.", RUN_FINISHED
//   run-error          TEXT_MESSAGE_START msg-crash, CONTENT "Working" (no END), RUN_ERROR
//                      {message "The agent crashed.", code AGENT_CRASH}
//   messages-snapshot  text msg-snap "Snapshot reply.", MESSAGES_SNAPSHOT [every request
//                      message as sent, {msg-snap, assistant, "Snapshot reply."}, {msg-extra,
//                      assistant, "Added by the server."}], RUN_FINISHED
//   custom             STEP_STARTED plan, CUSTOM {progress, {pct 50}}, RAW {event {vendor x,
//                      n 1}, source test}, STEP_FINISHED plan, text msg-custom "Custom done.",
//                      RUN_FINISHED
//   activity           ACTIVITY_SNAPSHOT {act-1, activityType progress, content {pct 0}},
//                      ACTIVITY_DELTA {act-1, progress, patch [replace /pct 100]}, text
//                      msg-activity "Activity done.", RUN_FINISHED
//   large-raw          RAW {event {blob: 245,760 ASCII characters (240 KiB)}, source test}, text
//                      msg-big "Big raw passed.", RUN_FINISHED
//   large-raw-event    text msg-big-raw "Big rawEvent passed." whose CONTENT carries rawEvent
//                      {blob: the same 240 KiB string}, RUN_FINISHED
//   order-error        RUN_STARTED, TEXT_MESSAGE_CONTENT {msg-x, "orphan"} (no START),
//                      RUN_FINISHED
//   after-finish       text msg-f "Done.", RUN_FINISHED, TEXT_MESSAGE_START msg-late
//   no-run-started     (no RUN_STARTED) text msg-early "Too early.", RUN_FINISHED
//   unknown-events     RUN_STARTED (+ futureField), {type FUTURE_EVENT, payload {...}} (not
//                      schema-checked), text msg-unknown "Still fine." with unknown fields on
//                      START/CONTENT/END, RUN_FINISHED (+ futureField). The unknown fields are
//                      schema-valid (1.0.0's objects are loose), so only FUTURE_EVENT bypasses
//                      the check.
//   usage              text msg-usage "Counted.", RUN_FINISHED usage [{provider scripted,
//                      model scripted-1, inputTokens 120, outputTokens 30, totalTokens 150,
//                      reasoningTokens 10, cachedInputTokens 20}]
//   echo               text msg-echo-<run> "You said: " + the last user message's text (<run>
//                      = the thread's run number, so each turn has a new id), RUN_FINISHED
//   slow               text START msg-slow + CONTENT "Partial", then nothing until the client
//                      disconnects (logged on stderr, clientClosed in /requests)
//   status-500         HTTP 500 {"error": {"message": "Scripted failure.", "code":
//                      "SCRIPTED_500"}} (after the body is checked)
import { createServer } from 'node:http';
import { EventEncoder } from '@ag-ui/encoder';
import { EventSchema, RunAgentInputSchema } from '@ag-ui/core/schemas';

// ---- arguments ----
let listenPort = 0;
let watchStdin = true;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  switch (argv[i]) {
    case '--port': {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0 || n > 65535) usage(`bad port ${argv[i]}`);
      listenPort = n;
      break;
    }
    case '--ignore-stdin': watchStdin = false; break;
    case '--help': case '-h':
      process.stderr.write('usage: node scripted_agent.mjs [--port N] [--ignore-stdin]\n');
      process.exit(0);
      break;
    default: usage(`unknown argument ${argv[i]}`);
  }
}
function usage(message) {
  process.stderr.write(`scripted_agent: ${message}\n`);
  process.exit(2);
}

// ---- state ----
let requests = []; // every POST to /agent/..., see the header
let threads = new Map(); // threadId → {runs, lastScenario, lastRequest, pendingInterrupts}

function threadOf(threadId) {
  let t = threads.get(threadId);
  if (!t) {
    t = { runs: 0, lastScenario: null, lastRequest: null, pendingInterrupts: [] };
    threads.set(threadId, t);
  }
  return t;
}

// ---- event helpers ----
const UNCHECKED = Symbol('unchecked'); // not checked against EventSchema (JSON.stringify skips it)
const unchecked = (event) => Object.assign(event, { [UNCHECKED]: true });

const runStarted = (input) => ({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
const runFinished = (input, extra = {}) =>
  ({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, ...extra });
const interrupted = (input, interrupts) => runFinished(input, { outcome: { type: 'interrupt', interrupts } });
const textStart = (messageId, extra = {}) => ({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', ...extra });
const textContent = (messageId, delta, extra = {}) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta, ...extra });
const textEnd = (messageId, extra = {}) => ({ type: 'TEXT_MESSAGE_END', messageId, ...extra });
const text = (messageId, ...deltas) =>
  [textStart(messageId), ...deltas.map((d) => textContent(messageId, d)), textEnd(messageId)];
const toolStart = (toolCallId, toolCallName, extra = {}) =>
  ({ type: 'TOOL_CALL_START', toolCallId, toolCallName, ...extra });
const toolArgs = (toolCallId, delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId, delta });
const toolEnd = (toolCallId) => ({ type: 'TOOL_CALL_END', toolCallId });
const toolCall = (toolCallId, toolCallName, argDeltas, extra = {}) =>
  [toolStart(toolCallId, toolCallName, extra), ...argDeltas.map((d) => toolArgs(toolCallId, d)), toolEnd(toolCallId)];
const toolResult = (messageId, toolCallId, content, extra = {}) =>
  ({ type: 'TOOL_CALL_RESULT', messageId, toolCallId, content, ...extra });

// ---- request helpers ----
function contentText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.filter((p) => p?.type === 'text').map((p) => p.text).join('');
  return JSON.stringify(content ?? null);
}
function toolMessage(input, toolCallId) {
  return (input.messages ?? []).find((m) => m?.role === 'tool' && m.toolCallId === toolCallId);
}
function firstToolName(input) {
  const name = Array.isArray(input.tools) ? input.tools[0]?.name : undefined;
  return typeof name === 'string' ? name : 'missing_tool';
}
function resumeEntry(input, interruptId) {
  return Array.isArray(input.resume) ? input.resume.find((r) => r?.interruptId === interruptId) : undefined;
}
function isResumeRun(input, thread) {
  return (Array.isArray(input.resume) && input.resume.length > 0) || thread.pendingInterrupts.length > 0;
}

const colourSchema = {
  type: 'object',
  properties: { colour: { type: 'string', enum: ['red', 'green', 'blue'] } },
  required: ['colour'],
};
const noResume = () => text('msg-no-resume', 'Nothing was decided.');
const BLOB = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(240 * 1024 / 36)).slice(0, 240 * 1024);

// ---- scenarios ----
// Each takes (input: the request body as sent, ctx: {thread, run}) and returns
// {events, hang?, interrupts?} or {status, body} for a plain HTTP answer.
const scenarios = {
  'text': (input) => ({
    events: [runStarted(input), ...text('msg-text-1', 'Hello', ', world.'), runFinished(input)],
  }),

  'two-messages': (input) => ({
    events: [runStarted(input), ...text('msg-one', 'First.'), ...text('msg-two', 'Second.'), runFinished(input)],
  }),

  'chunks': (input) => ({
    events: [
      runStarted(input),
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'msg-chunk', role: 'assistant', delta: 'Chunked ' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'msg-chunk', delta: 'text.' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'call-chunk', toolCallName: 'lookup', delta: '{"q":' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'call-chunk', delta: '"x"}' },
      toolResult('msg-chunk-result', 'call-chunk', 'found'),
      runFinished(input),
    ],
  }),

  'reasoning': (input) => ({
    events: [
      runStarted(input),
      { type: 'REASONING_START', messageId: 'r-1' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r-1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r-1', delta: 'Thinking it over.' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r-1' },
      { type: 'REASONING_END', messageId: 'r-1' },
      ...text('msg-answer', 'The answer is 4.'),
      runFinished(input),
    ],
  }),

  'reasoning-chunks': (input) => ({
    events: [
      runStarted(input),
      { type: 'REASONING_START', messageId: 'r-2' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r-2', delta: 'Chunked ' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r-2', delta: 'thought.' },
      { type: 'REASONING_END', messageId: 'r-2' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'r-2', encryptedValue: 'opaque==' },
      ...text('msg-rc', 'Chunked reasoning done.'),
      runFinished(input),
    ],
  }),

  'backend-tool': (input) => ({
    events: [
      runStarted(input),
      ...toolCall('call-weather', 'get_weather', ['{"city":', '"Oslo"}'], { parentMessageId: 'msg-w' }),
      toolResult('msg-weather-result', 'call-weather', 'Sunny, 21 °C', { role: 'tool' }),
      ...text('msg-w2', 'It is sunny in Oslo.'),
      runFinished(input),
    ],
  }),

  'frontend-tool': (input) => {
    const answered = toolMessage(input, 'call-front');
    if (answered) {
      return { events: [runStarted(input), ...text('msg-front-done', `Tool said: ${contentText(answered.content)}`),
        runFinished(input)] };
    }
    return { events: [runStarted(input), ...toolCall('call-front', firstToolName(input), ['{"colour":"blue"}']),
      runFinished(input)] };
  },

  'parallel-tools': (input) => {
    const a = toolMessage(input, 'call-a');
    const b = toolMessage(input, 'call-b');
    if (a || b) {
      const said = (m) => (m ? contentText(m.content) : '(missing)');
      return { events: [runStarted(input), ...text('msg-results', `Results: ${said(a)} and ${said(b)}`),
        runFinished(input)] };
    }
    const name = firstToolName(input);
    return {
      events: [
        runStarted(input),
        toolStart('call-a', name), toolStart('call-b', name),
        toolArgs('call-a', '{"n":1}'), toolArgs('call-b', '{"n":2}'),
        toolEnd('call-b'), toolEnd('call-a'),
        ...toolCall('call-srv', 'server_tool', ['{}']),
        toolResult('msg-srv-result', 'call-srv', 'server done'),
        runFinished(input),
      ],
    };
  },

  'approval': (input, { thread }) => {
    if (isResumeRun(input, thread)) {
      const r = resumeEntry(input, 'int-approve');
      let events;
      if (!r || r.status !== 'resolved') events = noResume();
      else if (r.payload?.approved === true) {
        events = [toolResult('msg-deleted', 'call-delete', 'Deleted notes.txt'),
          ...text('msg-after-approve', 'Deleted.')];
      } else events = text('msg-after-deny', 'Kept the file.');
      return { events: [runStarted(input), ...events, runFinished(input)] };
    }
    const interrupts = [
      { id: 'int-approve', reason: 'tool_call', toolCallId: 'call-delete', message: 'Delete notes.txt?' }];
    return {
      events: [runStarted(input), ...toolCall('call-delete', 'delete_file', ['{"path":"notes.txt"}']),
        interrupted(input, interrupts)],
      interrupts,
    };
  },

  'input': (input, { thread }) => {
    if (isResumeRun(input, thread)) {
      const r = resumeEntry(input, 'int-colour');
      let events;
      if (!r) events = noResume();
      else if (r.status === 'resolved') events = text('msg-colour', `You chose ${r.payload?.colour}.`);
      else events = text('msg-colour', 'No colour.');
      return { events: [runStarted(input), ...events, runFinished(input)] };
    }
    const interrupts = [
      { id: 'int-colour', reason: 'input_required', message: 'Which colour?', responseSchema: colourSchema }];
    return {
      events: [runStarted(input), ...text('msg-ask', 'I need one detail.'), interrupted(input, interrupts)],
      interrupts,
    };
  },

  'two-interrupts': (input, { thread }) => {
    if (isResumeRun(input, thread)) {
      const a = resumeEntry(input, 'int-a');
      const b = resumeEntry(input, 'int-b');
      const approval = !a ? 'missing' : a.status !== 'resolved' ? 'cancelled'
        : a.payload?.approved === true ? 'approved' : 'denied';
      const colour = !b ? 'missing' : b.status !== 'resolved' ? 'cancelled' : String(b.payload?.colour);
      return { events: [runStarted(input), ...text('msg-two-answers', `approval=${approval} colour=${colour}`),
        runFinished(input)] };
    }
    const interrupts = [
      { id: 'int-a', reason: 'tool_call', toolCallId: 'call-rm', message: 'Delete a.txt?' },
      { id: 'int-b', reason: 'input_required', message: 'Which colour?', responseSchema: colourSchema },
    ];
    return {
      events: [runStarted(input), ...toolCall('call-rm', 'delete_file', ['{"path":"a.txt"}']),
        interrupted(input, interrupts)],
      interrupts,
    };
  },

  'custom-reason': (input, { thread }) => {
    if (isResumeRun(input, thread)) {
      const r = resumeEntry(input, 'int-plan');
      let events;
      if (!r) events = noResume();
      else if (r.status === 'resolved') events = text('msg-plan', `Plan: ${r.payload?.plan}`);
      else events = text('msg-plan', 'No plan.');
      return { events: [runStarted(input), ...events, runFinished(input)] };
    }
    const interrupts = [{ id: 'int-plan', reason: 'acme:pick_plan', message: 'Pick a plan.',
      responseSchema: { type: 'object', properties: { plan: { type: 'string' } } } }];
    return { events: [runStarted(input), interrupted(input, interrupts)], interrupts };
  },

  'state': (input) => ({
    events: [
      runStarted(input),
      { type: 'STATE_SNAPSHOT', snapshot: { count: 0, items: [] } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 1 }] },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/items/-', value: 'a' }] },
      ...text('msg-state', 'State updated.'),
      runFinished(input),
    ],
  }),

  'state-echo': (input) => ({
    events: [
      runStarted(input),
      ...text('msg-state-echo',
        `state=${JSON.stringify(input.state ?? null)} props=${JSON.stringify(input.forwardedProps ?? null)}`),
      runFinished(input),
    ],
  }),

  'bad-patch': (input) => ({
    events: [
      runStarted(input),
      { type: 'STATE_SNAPSHOT', snapshot: { count: 0 } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 1 }] },
      { type: 'STATE_DELTA', delta: [{ op: 'test', path: '/count', value: 99 }] },
      ...text('msg-after-bad-patch', 'Never reached.'),
      runFinished(input),
    ],
  }),

  'run-error': (input) => ({
    events: [
      runStarted(input),
      textStart('msg-crash'),
      textContent('msg-crash', 'Working'),
      { type: 'RUN_ERROR', message: 'The agent crashed.', code: 'AGENT_CRASH' },
    ],
  }),

  'messages-snapshot': (input) => ({
    events: [
      runStarted(input),
      ...text('msg-snap', 'Snapshot reply.'),
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          ...(input.messages ?? []),
          { id: 'msg-snap', role: 'assistant', content: 'Snapshot reply.' },
          { id: 'msg-extra', role: 'assistant', content: 'Added by the server.' },
        ],
      },
      runFinished(input),
    ],
  }),

  'custom': (input) => ({
    events: [
      runStarted(input),
      { type: 'STEP_STARTED', stepName: 'plan' },
      { type: 'CUSTOM', name: 'progress', value: { pct: 50 } },
      { type: 'RAW', event: { vendor: 'x', n: 1 }, source: 'test' },
      { type: 'STEP_FINISHED', stepName: 'plan' },
      ...text('msg-custom', 'Custom done.'),
      runFinished(input),
    ],
  }),

  'activity': (input) => ({
    events: [
      runStarted(input),
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'act-1', activityType: 'progress', content: { pct: 0 } },
      { type: 'ACTIVITY_DELTA', messageId: 'act-1', activityType: 'progress',
        patch: [{ op: 'replace', path: '/pct', value: 100 }] },
      ...text('msg-activity', 'Activity done.'),
      runFinished(input),
    ],
  }),

  'large-raw': (input) => ({
    events: [
      runStarted(input),
      { type: 'RAW', event: { blob: BLOB }, source: 'test' },
      ...text('msg-big', 'Big raw passed.'),
      runFinished(input),
    ],
  }),

  'large-raw-event': (input) => ({
    events: [
      runStarted(input),
      textStart('msg-big-raw'),
      textContent('msg-big-raw', 'Big rawEvent passed.', { rawEvent: { blob: BLOB } }),
      textEnd('msg-big-raw'),
      runFinished(input),
    ],
  }),

  'order-error': (input) => ({
    events: [runStarted(input), textContent('msg-x', 'orphan'), runFinished(input)],
  }),

  'after-finish': (input) => ({
    events: [runStarted(input), ...text('msg-f', 'Done.'), runFinished(input), textStart('msg-late')],
  }),

  'no-run-started': (input) => ({
    events: [...text('msg-early', 'Too early.'), runFinished(input)],
  }),

  'unknown-events': (input) => ({
    events: [
      { ...runStarted(input), futureField: { level: 2 } },
      unchecked({ type: 'FUTURE_EVENT', payload: { hello: 'future', list: [1, 2, 3] } }),
      textStart('msg-unknown', { sparkle: true }),
      textContent('msg-unknown', 'Still fine.', { futureField: 'x', tone: { warm: true } }),
      textEnd('msg-unknown', { extra: [null, 1] }),
      runFinished(input, { futureField: 'done' }),
    ],
  }),

  'usage': (input) => ({
    events: [
      runStarted(input),
      ...text('msg-usage', 'Counted.'),
      runFinished(input, {
        usage: [{ provider: 'scripted', model: 'scripted-1', inputTokens: 120, outputTokens: 30, totalTokens: 150,
          reasoningTokens: 10, cachedInputTokens: 20 }],
      }),
    ],
  }),

  'echo': (input, { run }) => {
    const lastUser = [...(input.messages ?? [])].reverse().find((m) => m?.role === 'user');
    const said = lastUser ? contentText(lastUser.content) : '';
    return { events: [runStarted(input), ...text(`msg-echo-${run}`, `You said: ${said}`), runFinished(input)] };
  },

  'slow': (input) => ({
    events: [runStarted(input), textStart('msg-slow'), textContent('msg-slow', 'Partial')],
    hang: true,
  }),

  'status-500': () => ({ status: 500, body: { error: { message: 'Scripted failure.', code: 'SCRIPTED_500' } } }),
};

// ---- HTTP ----
const MAX_BODY = 64 * 1024 * 1024;
const encoder = new EventEncoder();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function positiveInt(value, fallback) {
  if (value === null) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

// Checks every event (but the UNCHECKED ones) against EventSchema; returns null or a message.
function checkEvents(events) {
  for (const [index, event] of events.entries()) {
    if (event[UNCHECKED]) continue;
    const parsed = EventSchema.safeParse(event);
    if (!parsed.success) {
      return `event ${index} (${event.type}) is not a valid AG-UI event: ${JSON.stringify(parsed.error.issues)}`;
    }
  }
  return null;
}

function checkInput(body, lenient) {
  if (lenient) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return [{ message: 'the body is not an object' }];
    }
    const issues = [];
    if (typeof body.threadId !== 'string') issues.push({ path: ['threadId'], message: 'not a string' });
    if (typeof body.runId !== 'string') issues.push({ path: ['runId'], message: 'not a string' });
    if (!Array.isArray(body.messages)) issues.push({ path: ['messages'], message: 'not an array' });
    return issues.length ? issues : null;
  }
  const parsed = RunAgentInputSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues;
}

async function runAgent(req, res, url, scenarioName) {
  const record = {
    path: url.pathname,
    query: url.search,
    scenario: scenarioName,
    accept: req.headers.accept ?? null,
    contentType: req.headers['content-type'] ?? null,
    authorization: req.headers.authorization ?? null,
    headers: { ...req.headers },
    body: null,
    status: 0,
    run: 0,
    clientClosed: false,
  };
  requests.push(record);
  let finished = false;
  res.on('finish', () => { finished = true; });
  res.on('close', () => {
    if (!finished && !res.writableFinished) {
      record.clientClosed = true;
      process.stderr.write(`scripted_agent: ${scenarioName}: the client closed the connection\n`);
    }
  });
  const answer = (status, value) => { record.status = status; sendJson(res, status, value); };

  let raw;
  try {
    raw = await readBody(req);
  } catch (error) {
    answer(413, { error: { message: `Could not read the body: ${error.message}` } });
    return;
  }
  try {
    record.body = JSON.parse(raw);
  } catch (error) {
    record.rawBody = raw;
    if (!scenarios[scenarioName]) answer(404, { error: { message: `Unknown scenario: ${scenarioName}` } });
    else answer(400, { error: { message: `The body is not JSON: ${error.message}` } });
    return;
  }
  const scenario = scenarios[scenarioName];
  if (!scenario) {
    answer(404, { error: { message: `Unknown scenario: ${scenarioName}`, scenarios: Object.keys(scenarios) } });
    return;
  }
  const issues = checkInput(record.body, url.searchParams.get('lenient') === '1');
  if (issues) {
    answer(400, { error: { message: 'The body is not a valid RunAgentInput', issues } });
    return;
  }

  const input = record.body;
  const thread = threadOf(input.threadId);
  thread.runs += 1;
  record.run = thread.runs;
  const result = scenario(input, { thread, run: thread.runs });
  thread.lastScenario = scenarioName;
  thread.lastRequest = input;
  thread.pendingInterrupts = (result.interrupts ?? []).map((i) => i.id);
  if (result.status) {
    answer(result.status, result.body);
    return;
  }
  const problem = checkEvents(result.events);
  if (problem) {
    process.stderr.write(`scripted_agent: ${scenarioName}: ${problem}\n`);
    answer(500, { error: { message: problem } });
    return;
  }

  record.status = 200;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  const split = positiveInt(url.searchParams.get('split'), 0);
  const delay = positiveInt(url.searchParams.get('delay'), split > 0 ? 2 : 0);
  const encoded = result.events.map((event) => Buffer.from(encoder.encodeSSE(event), 'utf8'));
  let pieces = encoded;
  if (split > 0) {
    const all = Buffer.concat(encoded);
    pieces = [];
    for (let offset = 0; offset < all.length; offset += split) pieces.push(all.subarray(offset, offset + split));
  }
  for (const [index, piece] of pieces.entries()) {
    if (res.destroyed) return;
    if (index > 0 && delay > 0) {
      await sleep(delay);
      if (res.destroyed) return;
    }
    res.write(piece);
  }
  if (!result.hang) res.end();
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://127.0.0.1');
    const match = /^\/agent\/([^/]+)$/.exec(url.pathname);
    if (match) {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        sendJson(res, 405, { error: { message: 'POST a RunAgentInput here' } });
        return;
      }
      await runAgent(req, res, url, decodeURIComponent(match[1]));
    } else if (url.pathname === '/requests' && req.method === 'GET') {
      sendJson(res, 200, requests);
    } else if (url.pathname === '/threads' && req.method === 'GET') {
      sendJson(res, 200, Object.fromEntries(threads));
    } else if (url.pathname === '/reset' && req.method === 'POST') {
      requests = [];
      threads = new Map();
      sendJson(res, 200, { ok: true });
    } else {
      sendJson(res, 404, { error: { message: `Not found: ${req.method} ${url.pathname}` } });
    }
  } catch (error) {
    process.stderr.write(`scripted_agent: ${error.stack ?? error}\n`);
    if (!res.headersSent) sendJson(res, 500, { error: { message: 'Internal server error' } });
    else res.destroy();
  }
});

function shutdown() {
  server.closeAllConnections?.();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
if (watchStdin) {
  process.stdin.on('end', shutdown);
  process.stdin.on('error', shutdown);
  process.stdin.resume();
}

server.on('error', (error) => {
  process.stderr.write(`scripted_agent: ${error.message}\n`);
  process.exit(1);
});
server.listen(listenPort, '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${server.address().port}\n`);
});
