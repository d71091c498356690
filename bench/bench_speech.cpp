// SPDX-License-Identifier: MIT
// Read-aloud latency: a KoderAgentController fed by a scripted transport (tests/support), and a
// KoderSpeech reading its replies aloud through a recording engine (FakeSpeechEngine, whose
// utterances end on the next turn of the event loop). Each iteration streams one phrase of a
// reply in tokens (cut mid-word, with Markdown in it: emphasis, code spans, a link whose target
// the core cuts at its dots) and times from pushing the token that ends the phrase into the
// controller (the transport's input) to the engine's say() of it, the event loop running in
// between, so that a timer (the controller's flushIntervalMs, kept at its default) would count.
// The engine is idle when the phrase ends (the one before was said): the time is what the
// library adds, not the voice's. Target: under 20 ms. Reports the median and the 95th
// percentile, and the flush interval the controller ran with.
// Run: build/bench/bench_speech --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "koderspeech.h"
#include "scriptedtransport.h"
#include "voicetesting.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto at = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1));
    return values[at];
}

// The tokens of a phrase: the last ends it (the ones before may end a phrase of the core too:
// a link's target is cut at its colon and dots, its text held until it closes).
struct Phrase {
    std::vector<std::string> tokens;
    QString said; ///< what the engine is told when the last token comes
};

std::vector<Phrase> phrases()
{
    return {
        {{" The qu", "ick brown", " fox jum", "ps over the", " lazy dog."},
         QStringLiteral("The quick brown fox jumps over the lazy dog.")},
        {{" Use **bo", "ld** and `co", "de` in", " the same", " line;"},
         QStringLiteral("Use bold and code in the same line;")},
        {{" Read the [do", "cs](https:", "//example.", "com/a.", "b) first!"},
         QStringLiteral("docs first!")},
        {{" Is it", " _really_", " that fa", "st?"}, QStringLiteral("Is it really that fast?")},
    };
}

void BM_PhraseEndToSay(benchmark::State& bench)
{
    const auto perReply = static_cast<int>(bench.range(0));
    KoderAgentController agent;
    auto* transport = new ScriptedTransport(&agent);
    agent.setTransport(transport);
    KoderSpeech speech;
    auto* engine = new FakeSpeechEngine;
    speech.setEngine(engine);
    speech.setController(&agent);
    speech.setReadAloud(true);

    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    qint64 saidAt = -1;
    QString said;
    engine->onSay = [&](const QString& text) {
        saidAt = clock.nsecsElapsed();
        said = text;
        loop.quit();
    };
    QTimer guard; // a broken run ends instead of hanging
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    const auto push = [&](const std::string& token) {
        transport->push(koder::agent::TextDelta{transport->last(), token});
    };
    // Runs the event loop until the engine said everything queued.
    const auto settle = [&] {
        for (int turns = 0; speech.speaking() && turns < 10'000; ++turns)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
        return !speech.speaking();
    };

    const std::vector<Phrase> all = phrases();
    std::vector<double> micros;
    int inReply = perReply; // a new reply at the first iteration
    std::size_t next = 0;
    for (auto _ : bench) {
        if (inReply == perReply) {
            if (agent.streaming()) {
                transport->push(koder::agent::StreamEnded{transport->last(), "stop"});
                agent.clear();
            }
            if (!settle() || !agent.send(QStringLiteral("Tell me a story."))) {
                bench.SkipWithError("the reply could not start");
                return;
            }
            inReply = 0;
        }
        ++inReply;
        const Phrase& phrase = all[next++ % all.size()];
        for (std::size_t i = 0; i + 1 < phrase.tokens.size(); ++i)
            push(phrase.tokens[i]);
        if (!settle()) {
            bench.SkipWithError("the engine did not finish");
            return;
        }
        saidAt = -1;
        const qint64 pushedAt = clock.nsecsElapsed();
        push(phrase.tokens.back());
        if (saidAt < 0) {
            guard.start(1000);
            loop.exec();
            guard.stop();
        }
        if (saidAt < 0) {
            bench.SkipWithError("the phrase was not said within a second");
            return;
        }
        const double seconds = static_cast<double>(saidAt - pushedAt) / 1e9;
        bench.SetIterationTime(seconds);
        micros.push_back(seconds * 1e6);
        if (said != phrase.said) {
            bench.SkipWithError(
                qPrintable(QStringLiteral("said \"%1\", not \"%2\"").arg(said, phrase.said)));
            return;
        }
        saidAt = -1;
        if (!settle()) {
            bench.SkipWithError("the engine did not finish");
            return;
        }
    }
    bench.counters["say_median_us"] = percentile(micros, 0.5);
    bench.counters["say_p95_us"] = percentile(micros, 0.95);
    bench.counters["say_max_us"] = percentile(micros, 1.0);
    bench.counters["flush_interval_ms"] = agent.flushIntervalMs();
    if (percentile(micros, 0.5) > 20'000)
        bench.SkipWithError("the median is over the 20 ms target");
}
// 20 phrases a reply, and 400 (the phrase ends 16 KB into the reply).
BENCHMARK(BM_PhraseEndToSay)
    ->Arg(20)
    ->Arg(400)
    ->Unit(benchmark::kMicrosecond)
    ->UseManualTime()
    ->Iterations(4000);

} // namespace

int main(int argc, char** argv)
{
    return runBenchmarksWith<QCoreApplication>(argc, argv);
}
