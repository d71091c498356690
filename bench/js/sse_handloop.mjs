// SPDX-License-Identifier: MIT
// The plain-JS reference for bench_wire's SSE -> model figure: a hand-written JavaScript loop,
// synchronous over an array of chunks already in memory, the fastest way plain JavaScript turns
// the stream into a message (bench/js/README.md); measured on the machine that runs bench_wire.
//
// What it measures: one OpenAI-compatible stream of 200,000 `chat.completion.chunk` events, each
// with the 4-character content delta "abc " (179 bytes per event including the blank line), then
// one `finish_reason:"stop"` event and `data: [DONE]` -- 35,800,179 bytes, byte for byte what
// bench/bench_wire.cpp builds in stream() for BM_SseToModel -- prebuilt as 2,186 Uint8Array
// views of 16 KiB. (--anchors adds `"role":"assistant",` to the first event's delta, as a
// server's first event usually carries: 35,800,198 bytes, 19 more.)
// The loop decodes each chunk with TextDecoder.decode(chunk, {stream: true}), cuts events at
// indexOf('\n\n'), keeps `data: ` lines, JSON.parses each payload except [DONE] and appends
// choices[0].delta.content to the message text with +=. Time runs from the first
// chunk to the fully assembled text; the text is checked after the clock stops.
//
// Method: one warm-up run, then 5 timed runs in the same process (gc before
// each when --expose-gc is given); each run repeats the whole stream until >= 100 ms have passed
// and reports per-stream throughput. Prints events/s (content events, 200,000 per stream) and
// MB/s (all bytes, 10^6) as median (min-max).
//
// Run:  node bench/js/sse_handloop.mjs            (or: node --expose-gc bench/js/sse_handloop.mjs)
// Options: --events=N (default 200000), --runs=N (default 5), --min-ms=N (default 100),
//          --varied (a deterministic varying 3-alphanumeric + space token per event instead of
//          bench_wire's constant "abc ", as real replies have; same byte count),
//          --anchors (--varied plus `"role":"assistant",` in the first delta: 35,800,198 bytes).

import { createHash } from 'node:crypto';

const args = Object.fromEntries(
    process.argv.slice(2).map((a) => {
        const [k, v] = a.replace(/^--/, '').split('=');
        return [k, v === undefined ? true : v];
    }));
const EVENTS = Number(args.events ?? 200_000);
const RUNS = Number(args.runs ?? 5);
const MIN_MS = Number(args['min-ms'] ?? 100);
const ANCHORS = Boolean(args.anchors);
const VARIED = Boolean(args.varied) || ANCHORS;
const READ_SIZE = 16 * 1024;

// ---- the stream: byte for byte what bench_wire.cpp's stream() builds ---------------------------

const PREFIX =
    'data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,' +
    '"model":"bench-model","choices":[{"index":0,"delta":{"content":"';
const SUFFIX = '"},"finish_reason":null}]}\n\n';
const STREAM_END =
    'data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,' +
    '"model":"bench-model","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
    'data: [DONE]\n\n';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function token(i) {
    if (!VARIED)
        return 'abc ';
    const n = ALNUM.length;
    return ALNUM[i % n] + ALNUM[Math.floor(i / n) % n] + ALNUM[Math.floor(i / (n * n)) % n] + ' ';
}

function buildStream() {
    const parts = new Array(EVENTS + 1);
    let expected = '';
    for (let i = 0; i < EVENTS; ++i) {
        const t = token(i);
        parts[i] = (ANCHORS && i === 0 ? PREFIX.replace('{"content"', '{"role":"assistant","content"')
                                        : PREFIX) + t + SUFFIX;
        expected += t;
    }
    parts[EVENTS] = STREAM_END;
    const bytes = new TextEncoder().encode(parts.join(''));
    if ((PREFIX + 'abc ' + SUFFIX).length !== 179)
        throw new Error('event is not 179 bytes');
    const chunks = [];
    for (let at = 0; at < bytes.length; at += READ_SIZE)
        chunks.push(bytes.subarray(at, Math.min(at + READ_SIZE, bytes.length)));
    return { bytes, chunks, expected };
}

// ---- variant (c): synchronous hand loop over the chunk array -----------------------------------

function assemble(chunks) {
    const decoder = new TextDecoder();
    let buffer = '';
    let text = '';
    let finish = null;
    for (let c = 0; c < chunks.length; ++c) {
        buffer += decoder.decode(chunks[c], { stream: true });
        let start = 0;
        let end;
        while ((end = buffer.indexOf('\n\n', start)) >= 0) {
            const line = buffer.slice(start, end);
            start = end + 2;
            if (!line.startsWith('data: '))
                continue;
            const payload = line.slice(6);
            if (payload === '[DONE]')
                continue;
            const chunk = JSON.parse(payload);
            const choice = chunk.choices[0];
            const content = choice.delta.content;
            if (content !== undefined)
                text += content;
            if (choice.finish_reason)
                finish = choice.finish_reason;
        }
        buffer = buffer.slice(start);
    }
    buffer += decoder.decode();
    return { text, finish, rest: buffer };
}

// ---- timing ------------------------------------------------------------------------------------

function check(result, expected) {
    if (result.text !== expected || result.finish !== 'stop' || result.rest !== '')
        throw new Error('the assembled message is wrong');
}

// One run: the whole stream, again and again, until MIN_MS have passed. Returns ms per stream.
function run(chunks, expected) {
    if (globalThis.gc)
        globalThis.gc();
    const results = [];
    let streams = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    do {
        results.push(assemble(chunks));
        ++streams;
        elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    } while (elapsed < MIN_MS);
    for (const r of results)
        check(r, expected);
    return elapsed / streams;
}

function stats(values) {
    const s = [...values].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
}

const fmt = (x, digits = 0) =>
    x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const { bytes, chunks, expected } = buildStream();
console.log(`node ${process.version}; ${EVENTS.toLocaleString('en-US')} events ` +
            `(${VARIED ? 'varied 3-alphanumeric + space tokens' : 'constant "abc " tokens'}` +
            `${ANCHORS ? ', role in the first delta' : ''}), ` +
            `${bytes.length.toLocaleString('en-US')} bytes, ${chunks.length} chunks of 16 KiB; ` +
            `${RUNS} runs of >= ${MIN_MS} ms after one warm-up; gc ${globalThis.gc ? 'on' : 'off'}`);
console.log(`stream sha256 ${createHash('sha256').update(bytes).digest('hex')}`);

run(chunks, expected); // warm-up
const ms = [];
for (let i = 0; i < RUNS; ++i)
    ms.push(run(chunks, expected));

const eventsPerSec = stats(ms.map((t) => EVENTS / (t / 1e3)));
const mbPerSec = stats(ms.map((t) => bytes.length / 1e6 / (t / 1e3)));
const msStats = stats(ms);
console.log(`per run (ms per stream): ${ms.map((t) => fmt(t, 1)).join(', ')}`);
console.log(`FIGURE js-handloop-sync | events/s: median ${fmt(eventsPerSec.median)} ` +
            `(min ${fmt(eventsPerSec.min)}, max ${fmt(eventsPerSec.max)}) runs=${RUNS}`);
console.log(`FIGURE js-handloop-sync | MB/s: median ${fmt(mbPerSec.median, 1)} ` +
            `(min ${fmt(mbPerSec.min, 1)}, max ${fmt(mbPerSec.max, 1)}) runs=${RUNS}`);
console.log(`FIGURE js-handloop-sync | ms per stream: median ${fmt(msStats.median, 1)} ` +
            `(min ${fmt(msStats.min, 1)}, max ${fmt(msStats.max, 1)}) runs=${RUNS}`);
