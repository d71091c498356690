// SPDX-License-Identifier: MIT
// SSE parse + assembly: a 200,000-event OpenAI stream (4-character content deltas, 179 bytes per
// event, fed in 16 KiB reads) through the real path (SseDecoder -> OpenAiStreamDecoder ->
// KoderAgentController -> core -> model), against a naive baseline (split + QJsonDocument per
// event), plus the per-event cost of three JSON parsers, which is how the parser was chosen.
// Run: build/bench/bench_wire --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"
#include "kodertransport.h"
#include "openaistream.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <memory>
#include <string>
#include <vector>

using namespace koder::agent;

namespace {

constexpr int events = 200'000;
constexpr std::size_t readSize = 16 * 1024;
const std::string event =
    R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"bench-model","choices":[{"index":0,"delta":{"content":"abc "},"finish_reason":null}]})"
    "\n\n";
const std::string eventJson = event.substr(6, event.size() - 8);
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
        s +=
            R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"bench-model","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})"
            "\n\ndata: [DONE]\n\n";
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
