// SPDX-License-Identifier: MIT
// The conversation store: load a 10,000-message conversation (500-character messages) from
// SQLite into the model, save a finished reply, and the memory the loaded conversation costs in
// the core and the model together. Targets: < 100 ms; <= 700 bytes per message, text included.
// Run: build/bench/bench_store --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "koderconversationstore.h"
#include "kodermessagemodel.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QTemporaryDir>

#include <benchmark/benchmark.h>

#include <malloc.h>

using namespace koder::agent;

namespace {

constexpr int count = 10'000;

std::string text(int i)
{
    std::string t(500, ' ');
    for (std::size_t k = 0; k < t.size(); ++k)
        t[k] = static_cast<char>('a' + (static_cast<std::size_t>(i) * 7 + k * 13) % 26);
    return t;
}

struct Fixture {
    QTemporaryDir dir;
    KoderConversationStore store;
    Fixture()
    {
        store.setPath(dir.filePath(QStringLiteral("bench.sqlite")));
        std::vector<Message> messages;
        for (int i = 0; i < count; ++i)
            messages.emplace_back("h" + std::to_string(i), i % 2 ? Role::Assistant : Role::User,
                                  text(i), i);
        store.save(QStringLiteral("big"), messages, 0);
    }
};

Fixture& fixture()
{
    static Fixture f;
    return f;
}

void BM_LoadIntoModel(benchmark::State& bench)
{
    Fixture& f = fixture();
    for (auto _ : bench) {
        KoderAgentController agent;
        agent.setStore(&f.store);
        QElapsedTimer clock; // only the load: not the controller's construction or destruction
        clock.start();
        agent.setConversationId(QStringLiteral("big"));
        bench.SetIterationTime(static_cast<double>(clock.nsecsElapsed()) / 1e9);
        if (agent.messages()->count() != count)
            bench.SkipWithError("wrong count");
    }
    bench.SetItemsProcessed(bench.iterations() * count);
}
BENCHMARK(BM_LoadIntoModel)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(5);

void BM_SaveFinishedReply(benchmark::State& bench)
{
    Fixture& f = fixture();
    // The benchmark runs this function more than once: the reply replaces the previous run's.
    auto messages = *f.store.load(QStringLiteral("big"));
    messages.resize(count, Message("", Role::User, ""));
    messages.emplace_back("reply", Role::Assistant, text(1));
    for (auto _ : bench) {
        // What a turn's end writes: the reply's row (the user message is already stored).
        if (!f.store.save(QStringLiteral("big"), messages, messages.size() - 1))
            bench.SkipWithError("save failed");
    }
}
BENCHMARK(BM_SaveFinishedReply)->Unit(benchmark::kMillisecond);

void BM_MemoryPerMessage(benchmark::State& bench)
{
    Fixture& f = fixture();
    double perMessage = 0;
    for (auto _ : bench) {
        auto* agent = new KoderAgentController;
        agent->setStore(&f.store);
        // Heap in use, small chunks and mmapped ones (the history vector is one of those).
        auto inUse = [] {
            const auto info = mallinfo2();
            return static_cast<double>(info.uordblks + info.hblkhd);
        };
        malloc_trim(0);
        const double before = inUse();
        agent->setConversationId(QStringLiteral("big"));
        malloc_trim(0);
        const double after = inUse();
        // The save benchmark may have added its reply: divide by what was loaded.
        const int loaded = agent->messages()->count();
        if (loaded < count)
            bench.SkipWithError("wrong count");
        perMessage = (after - before) / loaded;
        delete agent;
    }
    bench.counters["bytes_per_message"] = perMessage;
}
BENCHMARK(BM_MemoryPerMessage)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

int main(int argc, char** argv)
{
    return runBenchmarksWith<QCoreApplication>(argc, argv);
}
