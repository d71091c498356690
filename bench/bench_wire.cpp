// SPDX-License-Identifier: MIT
// SSE parse + assembly: a 200,000-event OpenAI stream (4-character content deltas, 179 bytes per
// event, fed in 16 KiB reads) through the real path (SseDecoder -> OpenAiStreamDecoder ->
// KoderAgentController -> core -> model), against a naive baseline (split + QJsonDocument per
// event), plus the per-event cost of three JSON parsers, which is how the parser was chosen.
// BM_SseToModelTokens/N and BM_SseDecodeOnly/N stream N = 50,000 and 800,000 events through the
// real path and through the SSE + OpenAI decoding alone (the floor); BM_SseToModelScaling runs
// both sizes and the floor in each iteration and reports the ratios as counters: `x16N` is the
// time of 16N events over the time of N (linear: at most 17), `overDecoding` the time of the real
// path over the decoding alone for 16N events.
// BM_DecoderEvents/<dialect> decodes 200,000 four-character text deltas of each HTTP dialect
// (0 OpenAI Chat Completions, 1 Anthropic Messages, 2 Ollama /api/chat NDJSON, 3 OpenAI Responses
// API `response.output_text.delta` events as OpenAI sends them, 4 the same at the Chat
// Completions event's 179 bytes, 5 Chat Completions chunks as OpenAI sends them, 6 AG-UI
// TEXT_MESSAGE_CONTENT events as Pydantic AI sends them (a UUID message id, 105 bytes), 7 the same
// at 179 bytes (a timestamp and a small rawEvent, as LangGraph adds), 8 AG-UI TEXT_MESSAGE_CHUNK
// events (the Microsoft Agent Framework's and ADK's shape)) in 16 KiB reads, decoder alone: items/s
// is each decoder's events per second (AG-UI's through its chunk expansion and its verifier).
// BM_ResponsesOverChatCompletions times dialects 0, 3 and 4 in each iteration and reports the
// Responses decoder's events/s over the Chat Completions decoder's; BM_AgUiOverChatCompletions
// does the same for dialects 0, 6, 7 and 8. BM_AgUiVerifier checks 200,000 parsed
// TEXT_MESSAGE_CONTENT events with the verifier alone.
// Run: build/bench/bench_wire --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "aguistream.h"
#include "aguiverify.h"
#include "anthropicstream.h"
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"
#include "kodertransport.h"
#include "ollamastream.h"
#include "openaistream.h"
#include "responsesstream.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <chrono>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace koder::agent;
using koder::wire::StreamDecoder;

namespace {

constexpr int events = 200'000;
constexpr std::size_t readSize = 16 * 1024;
const std::string event =
    R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"bench-model","choices":[{"index":0,"delta":{"content":"abc "},"finish_reason":null}]})"
    "\n\n";
const std::string eventJson = event.substr(6, event.size() - 8);
const std::string streamEnd =
    R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"bench-model","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})"
    "\n\ndata: [DONE]\n\n";
static_assert(
    sizeof(
        R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"bench-model","choices":[{"index":0,"delta":{"content":"abc "},"finish_reason":null}]})") -
            1 + 2 ==
        179,
    "the peers' workload: 179 bytes per event");

const std::string& stream()
{
    static const std::string bytes = [] {
        std::string s;
        s.reserve(event.size() * events + 512);
        for (int i = 0; i < events; ++i)
            s += event;
        s += streamEnd;
        return s;
    }();
    return bytes;
}

// A transport whose bytes come from the benchmark instead of a socket.
class FeedTransport : public KoderTransport {
public:
    using KoderTransport::KoderTransport;
    void start(const StartTurn& request, const QList<ToolSpec>&) override
    {
        decoder = std::make_unique<koder::wire::OpenAiStreamDecoder>(
            request.requestId, [this](Input&& in) { deliver(std::move(in)); });
    }
    void cancel(RequestId) override {}
    std::unique_ptr<koder::wire::OpenAiStreamDecoder> decoder;
};

void BM_SseToModel(benchmark::State& bench)
{
    const std::string& bytes = stream();
    KoderAgentController agent;
    auto* transport = new FeedTransport(&agent);
    agent.setTransport(transport);
    for (auto _ : bench) {
        agent.send(QStringLiteral("go"));
        for (std::size_t at = 0; at < bytes.size(); at += readSize)
            transport->decoder->feed(std::string_view(bytes).substr(at, readSize));
        transport->decoder->endOfStream();
        bench.PauseTiming();
        const QString text = agent.messages()->get(1).value(QStringLiteral("text")).toString();
        if (text.size() != events * 4 || agent.status() != QStringLiteral("idle"))
            bench.SkipWithError("the assembled message is wrong");
        agent.clear();
        bench.ResumeTiming();
    }
    bench.SetItemsProcessed(bench.iterations() * events);
    bench.SetBytesProcessed(bench.iterations() * static_cast<std::int64_t>(bytes.size()));
}
BENCHMARK(BM_SseToModel)->Unit(benchmark::kMillisecond)->UseRealTime();

// ---- each dialect's decoder on its own ---------------------------------------------------------

struct Dialect {
    const char* name;
    std::string head;  ///< what comes before the deltas
    std::string delta; ///< one four-character text delta
    std::string tail;  ///< the end of the stream
    std::function<std::unique_ptr<koder::wire::StreamDecoder>(StreamDecoder::Emit)> make;
};

// The Responses API's stream as OpenAI sends it: the response created, a message item and its
// text part opened, the deltas, then the part, the item and the response closed, each restating
// the whole text. Its deltas carry a six-digit sequence number, the item id, the indexes and,
// with `realistic`, OpenAI's long item id, `logprobs` and the `obfuscation` padding it adds by
// default (263 bytes an event); without, an 11-character id and nothing else (179 bytes, the
// Chat Completions event's size).
struct ResponsesStream {
    std::string head, delta, tail;
};

ResponsesStream responsesStream(bool realistic)
{
    const std::string id =
        realistic ? "msg_67ccf18f64008190a39b619f4c8455ef087bb177ab789d5c" : "msg_bench01";
    const std::string response =
        R"("response":{"id":"resp_bench","object":"response","created_at":1741484430,"status":"in_progress","error":null,"incomplete_details":null,"model":"bench-model","output":[],"usage":null})";
    ResponsesStream s;
    s.head =
        "event: response.created\ndata: "
        R"({"type":"response.created","sequence_number":0,)" +
        response +
        "}\n\nevent: response.in_progress\ndata: "
        R"({"type":"response.in_progress","sequence_number":1,)" +
        response +
        "}\n\nevent: response.output_item.added\ndata: "
        R"({"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":")" +
        id +
        R"(","type":"message","status":"in_progress","role":"assistant","content":[]}})"
        "\n\nevent: response.content_part.added\ndata: "
        R"({"type":"response.content_part.added","sequence_number":3,"item_id":")" +
        id +
        R"(","output_index":0,"content_index":0,"part":{"type":"output_text","annotations":[],"logprobs":[],"text":""}})"
        "\n\n";
    s.delta = "event: response.output_text.delta\ndata: "
              R"({"type":"response.output_text.delta","sequence_number":104857,"item_id":")" +
              id + R"(","output_index":0,"content_index":0,"delta":"abc ")" +
              (realistic ? R"(,"logprobs":[],"obfuscation":"b3QlVwdDFcqf")" : "") + "}\n\n";
    std::string text;
    text.reserve(std::size_t{4} * events);
    for (int i = 0; i < events; ++i)
        text += "abc ";
    const std::string part =
        R"({"type":"output_text","annotations":[],"logprobs":[],"text":")" + text + "\"}";
    const std::string item =
        R"({"id":")" + id +
        R"(","type":"message","status":"completed","role":"assistant","content":[)" + part + "]}";
    s.tail =
        "event: response.output_text.done\ndata: "
        R"({"type":"response.output_text.done","sequence_number":200004,"item_id":")" +
        id + R"(","output_index":0,"content_index":0,"text":")" + text +
        R"(","logprobs":[]})"
        "\n\nevent: response.content_part.done\ndata: "
        R"({"type":"response.content_part.done","sequence_number":200005,"item_id":")" +
        id + R"(","output_index":0,"content_index":0,"part":)" + part +
        "}\n\nevent: response.output_item.done\ndata: "
        R"({"type":"response.output_item.done","sequence_number":200006,"output_index":0,"item":)" +
        item +
        "}\n\nevent: response.completed\ndata: "
        R"({"type":"response.completed","sequence_number":200007,"response":{"id":"resp_bench","object":"response","created_at":1741484430,"status":"completed","error":null,"incomplete_details":null,"model":"bench-model","output":[)" +
        item +
        R"(],"usage":{"input_tokens":10,"input_tokens_details":{"cached_tokens":0},"output_tokens":200000,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":200010}}})"
        "\n\n";
    return s;
}

// An AG-UI run of `events` text deltas: RUN_STARTED, a message opened (unless chunks open it),
// the deltas, the message closed and RUN_FINISHED with its usage.
struct AgUiStream {
    std::string head, delta, tail;
};

AgUiStream agUiStream(std::string_view delta, bool chunks)
{
    const std::string id = "b9f4e1a2-7c3d-4e8f-9a61-2f5d8c0e3b47";
    AgUiStream s;
    s.head =
        "data: "
        R"({"type":"RUN_STARTED","threadId":"8a1d2c3e-0f4b-4c5d-8e6f-7a8b9c0d1e2f","runId":"0c9e8d7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f"})"
        "\n\n";
    if (!chunks)
        s.head += "data: "
                  R"({"type":"TEXT_MESSAGE_START","messageId":")" +
                  id + R"(","role":"assistant"})" + "\n\n";
    s.delta = std::string(delta);
    s.tail =
        (chunks ? std::string()
                : "data: "
                  R"({"type":"TEXT_MESSAGE_END","messageId":")" +
                      id + "\"}\n\n") +
        "data: "
        R"({"type":"RUN_FINISHED","threadId":"8a1d2c3e-0f4b-4c5d-8e6f-7a8b9c0d1e2f","runId":"0c9e8d7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f","outcome":{"type":"success"},"usage":[{"provider":"openai","model":"gpt-4o","inputTokens":10,"outputTokens":200000}]})"
        "\n\n";
    return s;
}

constexpr std::string_view agUiDelta =
    "data: "
    R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"b9f4e1a2-7c3d-4e8f-9a61-2f5d8c0e3b47","delta":"abc "})"
    "\n\n";
constexpr std::string_view agUiDelta179 =
    "data: "
    R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"b9f4e1a2-7c3d-4e8f-9a61-2f5d8c0e3b47","delta":"abc ","timestamp":1741570283123,"rawEvent":{"event":"on_llm_stream","run":"r1"}})"
    "\n\n";
constexpr std::string_view agUiChunk =
    "data: "
    R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"b9f4e1a2-7c3d-4e8f-9a61-2f5d8c0e3b47","delta":"abc "})"
    "\n\n";
static_assert(agUiDelta.size() == 105 && agUiDelta179.size() == 179,
              "AG-UI's events as sent, and at the peers' 179 bytes");

std::unique_ptr<StreamDecoder> agUiDecoder(StreamDecoder::Emit sink)
{
    return std::make_unique<koder::wire::AgUiStreamDecoder>(1, std::move(sink));
}

const std::vector<Dialect>& dialects()
{
    using namespace koder::wire;
    static const ResponsesStream realistic = responsesStream(true);
    static const ResponsesStream compact = responsesStream(false);
    static const AgUiStream agUi = agUiStream(agUiDelta, false);
    static const AgUiStream agUi179 = agUiStream(agUiDelta179, false);
    static const AgUiStream agUiChunks = agUiStream(agUiChunk, true);
    static const std::vector<Dialect> all{
        {"openai", "", event, streamEnd,
         [](StreamDecoder::Emit sink) {
             return std::make_unique<OpenAiStreamDecoder>(1, std::move(sink));
         }},
        {"anthropic",
         "event: message_start\ndata: "
         R"({"type":"message_start","message":{"id":"msg_bench","type":"message","role":"assistant","model":"bench-model","content":[],"usage":{"input_tokens":10,"output_tokens":1}}})"
         "\n\nevent: content_block_start\ndata: "
         R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})"
         "\n\n",
         "event: content_block_delta\ndata: "
         R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"abc "}})"
         "\n\n",
         "event: content_block_stop\ndata: "
         R"({"type":"content_block_stop","index":0})"
         "\n\nevent: message_delta\ndata: "
         R"({"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}})"
         "\n\nevent: message_stop\ndata: "
         R"({"type":"message_stop"})"
         "\n\n",
         [](StreamDecoder::Emit sink) {
             return std::make_unique<AnthropicStreamDecoder>(1, std::move(sink));
         }},
        {"ollama", "",
         R"({"model":"bench-model","created_at":"2025-01-01T00:00:00.000000Z","message":{"role":"assistant","content":"abc "},"done":false})"
         "\n",
         R"({"model":"bench-model","created_at":"2025-01-01T00:00:01.000000Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":10,"eval_count":9})"
         "\n",
         [](StreamDecoder::Emit sink) {
             return std::make_unique<OllamaStreamDecoder>(1, std::move(sink));
         }},
        {"responses", realistic.head, realistic.delta, realistic.tail,
         [](StreamDecoder::Emit sink) {
             return std::make_unique<ResponsesStreamDecoder>(1, std::move(sink));
         }},
        {"responses-179B", compact.head, compact.delta, compact.tail,
         [](StreamDecoder::Emit sink) {
             return std::make_unique<ResponsesStreamDecoder>(1, std::move(sink));
         }},
        // Chat Completions chunks as OpenAI sends them: a long id, the model's dated name, the
        // service tier, the fingerprint, logprobs and the obfuscation padding (288 bytes).
        {"openai-as-sent", "",
         "data: "
         R"({"id":"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT","object":"chat.completion.chunk","created":1741570283,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_fc9f1d7035","choices":[{"index":0,"delta":{"content":"abc "},"logprobs":null,"finish_reason":null}],"obfuscation":"b3QlVwdDFc"})"
         "\n\n",
         "data: "
         R"({"id":"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT","object":"chat.completion.chunk","created":1741570283,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_fc9f1d7035","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"obfuscation":"x"})"
         "\n\ndata: "
         R"({"id":"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT","object":"chat.completion.chunk","created":1741570283,"model":"gpt-4o-2024-08-06","choices":[],"usage":{"prompt_tokens":10,"completion_tokens":200000,"total_tokens":200010}})"
         "\n\ndata: [DONE]\n\n",
         [](StreamDecoder::Emit sink) {
             return std::make_unique<OpenAiStreamDecoder>(1, std::move(sink));
         }},
        {"agui", agUi.head, agUi.delta, agUi.tail, agUiDecoder},
        {"agui-179B", agUi179.head, agUi179.delta, agUi179.tail, agUiDecoder},
        {"agui-chunks", agUiChunks.head, agUiChunks.delta, agUiChunks.tail, agUiDecoder},
    };
    return all;
}

// A dialect's stream of `events` text deltas, whole.
std::string streamOf(const Dialect& dialect)
{
    std::string bytes = dialect.head;
    bytes.reserve(dialect.head.size() + dialect.delta.size() * events + dialect.tail.size());
    for (int i = 0; i < events; ++i)
        bytes += dialect.delta;
    return bytes += dialect.tail;
}

// Decodes `bytes` in 16 KiB reads; false unless every delta arrived and the stream ended.
bool decodeStream(const Dialect& dialect, std::string_view bytes)
{
    std::size_t textBytes = 0;
    bool ended = false;
    auto decoder = dialect.make([&](Input&& in) {
        if (const auto* t = std::get_if<TextDelta>(&in))
            textBytes += t->text.size();
        else if (std::holds_alternative<StreamEnded>(in))
            ended = true;
    });
    for (std::size_t at = 0; at < bytes.size(); at += readSize)
        decoder->feed(bytes.substr(at, readSize));
    decoder->endOfStream();
    return ended && textBytes == std::size_t{4} * events;
}

void BM_DecoderEvents(benchmark::State& bench)
{
    const Dialect& dialect = dialects().at(static_cast<std::size_t>(bench.range(0)));
    const std::string bytes = streamOf(dialect);
    bench.SetLabel(dialect.name);
    for (auto _ : bench)
        if (!decodeStream(dialect, bytes))
            bench.SkipWithError("the stream was not decoded");
    bench.SetItemsProcessed(bench.iterations() * events);
    bench.SetBytesProcessed(bench.iterations() * static_cast<std::int64_t>(bytes.size()));
}
BENCHMARK(BM_DecoderEvents)->DenseRange(0, 8)->Unit(benchmark::kMillisecond);

// One ratio of two dialects' decoding times: `counter` is the time of dialect `base` over the
// time of dialect `over` (at least 1: `over` is as fast).
struct SpeedRatio {
    const char* counter;
    std::size_t base;
    std::size_t over;
};

// Decodes each dialect the ratios name once per iteration, one after the other, and reports the
// ratios as counters.
void relativeSpeed(benchmark::State& bench, std::initializer_list<SpeedRatio> ratios)
{
    const auto& all = dialects();
    std::map<std::size_t, std::pair<std::string, double>> streams; // dialect: bytes, seconds
    for (const SpeedRatio& r : ratios)
        for (const std::size_t d : {r.base, r.over})
            if (!streams.count(d))
                streams.emplace(d, std::make_pair(streamOf(all.at(d)), 0.0));
    for (auto _ : bench) {
        for (auto& [d, stream] : streams) {
            const auto start = std::chrono::steady_clock::now();
            if (!decodeStream(all.at(d), stream.first))
                bench.SkipWithError("the stream was not decoded");
            stream.second +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
    }
    for (const SpeedRatio& r : ratios)
        bench.counters[r.counter] = streams.at(r.base).second / streams.at(r.over).second;
}

// The Responses decoder's speed over the Chat Completions decoder's, both decoding their stream
// in each iteration, one after the other: a machine whose speed changes between benchmarks
// (this one's swings up to 2x) changes both alike. Counters (events/s of Responses over events/s
// of Chat Completions; at least 1 is as fast): `responses179B` for events of the minimal Chat
// Completions event's 179 bytes, `responses` for OpenAI's Responses events as sent (263 bytes)
// over that minimal event, `asSent` for both as OpenAI sends them (263 over 288 bytes).
void BM_ResponsesOverChatCompletions(benchmark::State& bench)
{
    relativeSpeed(bench, {{"responses", 0, 3}, {"responses179B", 0, 4}, {"asSent", 5, 3}});
}
BENCHMARK(BM_ResponsesOverChatCompletions)->Unit(benchmark::kMillisecond);

// The AG-UI decoder's speed over the Chat Completions decoder's, as above. Counters (events/s of
// AG-UI over events/s of Chat Completions' 179-byte events; at least 1 is as fast): `agui` for
// AG-UI's events as sent (105 bytes), `agui179B` for events of the same 179 bytes, `chunks` for
// TEXT_MESSAGE_CHUNK events (each expanded into a content event the verifier checks).
void BM_AgUiOverChatCompletions(benchmark::State& bench)
{
    relativeSpeed(bench, {{"agui", 0, 6}, {"agui179B", 0, 7}, {"chunks", 0, 8}});
}
BENCHMARK(BM_AgUiOverChatCompletions)->Unit(benchmark::kMillisecond);

// The verifier alone: 200,000 TEXT_MESSAGE_CONTENT events, parsed once beforehand, checked
// against one open message (what the decoder adds to each event on top of parsing it).
void BM_AgUiVerifier(benchmark::State& bench)
{
    const nlohmann::json content = nlohmann::json::parse(agUiDelta.substr(6, agUiDelta.size() - 8));
    for (auto _ : bench) {
        koder::wire::AgUiVerifier verifier;
        verifier.checkId(koder::wire::AgUiEventType::RunStarted, {});
        verifier.checkId(koder::wire::AgUiEventType::TextMessageStart,
                         "b9f4e1a2-7c3d-4e8f-9a61-2f5d8c0e3b47");
        for (int i = 0; i < events; ++i)
            if (!verifier.check(koder::wire::AgUiEventType::TextMessageContent, content).empty())
                bench.SkipWithError("refused");
    }
    bench.SetItemsProcessed(bench.iterations() * events);
}
BENCHMARK(BM_AgUiVerifier)->Unit(benchmark::kMillisecond);

// ---- linearity: N and 16N events through the same path, and the decoding floor -----------------

// A stream of any length is fed in the same 16 KiB reads as a materialised one, from one period
// of 16,384 events: 179 × 16,384 bytes is exactly 179 reads, so the reads repeat period after
// period and 800,000 events need no 143 MB buffer.
constexpr std::size_t periodEvents = readSize;
constexpr std::int64_t fewEvents = 50'000;
constexpr std::int64_t manyEvents = 16 * fewEvents;

std::string_view period()
{
    static const std::string bytes = [] {
        std::string s;
        s.reserve(event.size() * periodEvents);
        for (std::size_t i = 0; i < periodEvents; ++i)
            s += event;
        return s;
    }();
    return bytes;
}

void feedEvents(koder::wire::OpenAiStreamDecoder& decoder, std::int64_t count)
{
    auto left = static_cast<std::size_t>(count);
    while (left > 0) {
        const std::size_t take = std::min(left, periodEvents);
        const std::string_view part = period().substr(0, take * event.size());
        for (std::size_t at = 0; at < part.size(); at += readSize)
            decoder.feed(part.substr(at, readSize));
        left -= take;
    }
    decoder.feed(streamEnd);
    decoder.endOfStream();
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// One reply of `count` events, send to idle, through SSE -> OpenAI decoder -> controller -> core
// -> model. Returns the seconds it took; the check and the clear are not timed.
double streamToModel(KoderAgentController& agent, FeedTransport& transport, std::int64_t count,
                     benchmark::State& bench)
{
    const Clock::time_point start = Clock::now();
    agent.send(QStringLiteral("go"));
    feedEvents(*transport.decoder, count);
    const double seconds = secondsSince(start);
    const QString text = agent.messages()->get(1).value(QStringLiteral("text")).toString();
    if (text.size() != count * 4 || agent.status() != QStringLiteral("idle"))
        bench.SkipWithError("the assembled message is wrong");
    agent.clear();
    return seconds;
}

// The floor: the SSE decoder and the OpenAI decoder over the same bytes, emitting to nowhere.
double decodeOnly(std::int64_t count, benchmark::State& bench)
{
    const Clock::time_point start = Clock::now();
    koder::wire::OpenAiStreamDecoder decoder(1, [](Input&&) {});
    feedEvents(decoder, count);
    const double seconds = secondsSince(start);
    if (decoder.events() != static_cast<std::uint64_t>(count) + 2 ||
        decoder.finishReason() != "stop")
        bench.SkipWithError("the stream was not decoded");
    return seconds;
}

void BM_SseToModelTokens(benchmark::State& bench)
{
    KoderAgentController agent;
    auto* transport = new FeedTransport(&agent);
    agent.setTransport(transport);
    for (auto _ : bench)
        bench.SetIterationTime(streamToModel(agent, *transport, bench.range(0), bench));
    bench.SetItemsProcessed(bench.iterations() * bench.range(0));
}
BENCHMARK(BM_SseToModelTokens)
    ->Arg(fewEvents)
    ->Arg(manyEvents)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime();

void BM_SseDecodeOnly(benchmark::State& bench)
{
    for (auto _ : bench)
        bench.SetIterationTime(decodeOnly(bench.range(0), bench));
    bench.SetItemsProcessed(bench.iterations() * bench.range(0));
}
BENCHMARK(BM_SseDecodeOnly)
    ->Arg(fewEvents)
    ->Arg(manyEvents)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime();

// Both sizes and the floor in every iteration, so the ratios compare runs made under the same
// load. Counters: msN, ms16N and msDecoding16N (per iteration), x16N = ms16N / msN (linear: at
// most 17) and overDecoding = ms16N / msDecoding16N (the cost of the controller, the core and the
// model on top of the decoding).
void BM_SseToModelScaling(benchmark::State& bench)
{
    KoderAgentController agent;
    auto* transport = new FeedTransport(&agent);
    agent.setTransport(transport);
    streamToModel(agent, *transport, fewEvents, bench); // warm up: first allocations
    double few = 0;
    double many = 0;
    double floor = 0;
    for (auto _ : bench) {
        const double t1 = streamToModel(agent, *transport, fewEvents, bench);
        const double t16 = streamToModel(agent, *transport, manyEvents, bench);
        const double d16 = decodeOnly(manyEvents, bench);
        few += t1;
        many += t16;
        floor += d16;
        bench.SetIterationTime(t1 + t16 + d16);
    }
    const auto n = static_cast<double>(bench.iterations());
    bench.counters["msN"] = 1e3 * few / n;
    bench.counters["ms16N"] = 1e3 * many / n;
    bench.counters["msDecoding16N"] = 1e3 * floor / n;
    bench.counters["x16N"] = many / few;
    bench.counters["overDecoding"] = many / floor;
}
BENCHMARK(BM_SseToModelScaling)->Unit(benchmark::kMillisecond)->UseManualTime();

// The baseline: split on blank lines, QJsonDocument per event, append to a QString.
void BM_NaiveQJsonDocument(benchmark::State& bench)
{
    const std::string& bytes = stream();
    for (auto _ : bench) {
        QString text;
        QByteArray carry;
        for (std::size_t at = 0; at < bytes.size(); at += readSize) {
            carry += QByteArray::fromRawData(
                bytes.data() + at, static_cast<qsizetype>(std::min(readSize, bytes.size() - at)));
            qsizetype end;
            while ((end = carry.indexOf("\n\n")) >= 0) {
                const QByteArray line = carry.left(end);
                carry.remove(0, end + 2);
                if (!line.startsWith("data: ") || line == "data: [DONE]")
                    continue;
                const QJsonObject o = QJsonDocument::fromJson(line.mid(6)).object();
                text += o.value(QLatin1String("choices"))
                            .toArray()
                            .at(0)
                            .toObject()
                            .value(QLatin1String("delta"))
                            .toObject()
                            .value(QLatin1String("content"))
                            .toString();
            }
        }
        if (text.size() != events * 4)
            bench.SkipWithError("the assembled message is wrong");
        benchmark::DoNotOptimize(text.data());
    }
    bench.SetItemsProcessed(bench.iterations() * events);
    bench.SetBytesProcessed(bench.iterations() * static_cast<std::int64_t>(bytes.size()));
}
BENCHMARK(BM_NaiveQJsonDocument)->Unit(benchmark::kMillisecond)->UseRealTime();

// ---- one event's JSON, three parsers ------------------------------------------------------------

void BM_ChunkQJsonDocument(benchmark::State& bench)
{
    const QByteArray json = QByteArray::fromStdString(eventJson);
    for (auto _ : bench) {
        const QJsonObject o = QJsonDocument::fromJson(json).object();
        QString content = o.value(QLatin1String("choices"))
                              .toArray()
                              .at(0)
                              .toObject()
                              .value(QLatin1String("delta"))
                              .toObject()
                              .value(QLatin1String("content"))
                              .toString();
        benchmark::DoNotOptimize(content.data());
    }
    bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_ChunkQJsonDocument);

void BM_ChunkNlohmann(benchmark::State& bench)
{
    for (auto _ : bench) {
        const auto o = nlohmann::json::parse(eventJson);
        std::string content = o["choices"][0]["delta"]["content"].get<std::string>();
        benchmark::DoNotOptimize(content.data());
    }
    bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_ChunkNlohmann);

void BM_ChunkSimdjson(benchmark::State& bench)
{
    simdjson::dom::parser parser;
    const simdjson::padded_string json(eventJson);
    for (auto _ : bench) {
        simdjson::dom::element doc;
        std::string_view content;
        if (parser.parse(json).get(doc) ||
            doc["choices"].at(0)["delta"]["content"].get_string().get(content))
            bench.SkipWithError("parse failed");
        benchmark::DoNotOptimize(content.data());
    }
    bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_ChunkSimdjson);

} // namespace

int main(int argc, char** argv)
{
    return runBenchmarksWith<QCoreApplication>(argc, argv);
}
