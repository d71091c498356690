// SPDX-License-Identifier: MIT
// The conversation store: load a 10,000-message conversation (500-character messages) from
// SQLite into the model, save a finished reply, and the memory the loaded conversation costs in
// the core and the model together. Targets: < 100 ms; <= 700 bytes per message, text included.
// Trees: load a 10,000-message path whose every reply has three versions (10,000 more messages
// off the path), < 100 ms; a version switch writes only the tail it changes: the same cost on a
// 1,000- and a 10,000-row history.
// Run: build/bench/bench_store --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "koderagentcontroller.h"
#include "koderconversationstore.h"
#include "kodermessagemodel.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QTemporaryDir>

#include <cstdlib>
#include <map>

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

// Opens conversation `id` of `store` in a fresh controller, timing the load alone (not the
// controller's construction or destruction); the model must show `count` rows.
void loadIntoModel(benchmark::State& bench, KoderConversationStore& store, const QString& id)
{
    for (auto _ : bench) {
        KoderAgentController agent;
        agent.setStore(&store);
        QElapsedTimer clock;
        clock.start();
        agent.setConversationId(id);
        bench.SetIterationTime(static_cast<double>(clock.nsecsElapsed()) / 1e9);
        if (agent.messages()->count() != count)
            bench.SkipWithError("wrong count");
    }
}

void BM_LoadIntoModel(benchmark::State& bench)
{
    loadIntoModel(bench, fixture().store, QStringLiteral("big"));
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

// ---- trees ------------------------------------------------------------------------------------

// A path of `rows` messages (user, assistant, ...) whose every reply has three versions, the
// newest shown: rows more messages off the path. Replies are "a<i>v<k>", k = 0..2.
Conversation treeOf(int rows, const std::string& prefix = "t")
{
    Conversation c;
    c.messages.reserve(static_cast<std::size_t>(rows));
    for (int i = 0; i < rows; i += 2) {
        const std::string user = prefix + "u" + std::to_string(i);
        c.messages.emplace_back(user, Role::User, text(i), i);
        std::vector<std::string>& versions = c.versions.siblings[user];
        for (int k = 0; k < 3; ++k) {
            const std::string reply = prefix + "a" + std::to_string(i) + "v" + std::to_string(k);
            versions.push_back(reply);
            Message m(reply, Role::Assistant, text(i + 1 + k), i + 1);
            if (k == 2)
                c.messages.push_back(std::move(m));
            else
                c.versions.offPath.emplace(reply, OtherVersion{std::move(m), user, {}});
        }
    }
    return c;
}

struct TreeFixture {
    QTemporaryDir dir;
    KoderConversationStore store;
    TreeFixture()
    {
        store.setPath(dir.filePath(QStringLiteral("tree.sqlite")));
        const Conversation tree = treeOf(count);
        if (!store.save(Persist{"tree", 0, {}, {}, true}, tree.messages, tree.versions))
            std::abort();
    }
};

TreeFixture& treeFixture()
{
    static TreeFixture f;
    return f;
}

void BM_LoadTree(benchmark::State& bench)
{
    TreeFixture& f = treeFixture();
    for (auto _ : bench) {
        QElapsedTimer clock;
        clock.start();
        auto loaded = f.store.loadConversation(QStringLiteral("tree"));
        bench.SetIterationTime(static_cast<double>(clock.nsecsElapsed()) / 1e9);
        if (!loaded || loaded->messages.size() != count || loaded->versions.offPath.size() != count)
            bench.SkipWithError("wrong tree");
        benchmark::DoNotOptimize(loaded);
    }
    bench.SetItemsProcessed(bench.iterations() * 2 * count);
}
BENCHMARK(BM_LoadTree)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(5);

void BM_LoadTreeIntoModel(benchmark::State& bench)
{
    loadIntoModel(bench, treeFixture().store, QStringLiteral("tree"));
    bench.SetItemsProcessed(bench.iterations() * 2 * count);
}
BENCHMARK(BM_LoadTreeIntoModel)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(5);

// A history of `rows` rows (a tree as above) whose last four rows are one of two versions of an
// edited question with its answer and a follow-up: switching writes those four rows and the
// four that leave the path, whatever the length of the history.
struct SwitchFixture {
    QString id;
    std::vector<Message> paths[2];
    Versions versions[2];
    Persist writes[2]; ///< to paths[k] from the other one
};

SwitchFixture& switchFixture(int rows)
{
    static std::map<int, SwitchFixture> fixtures;
    auto [it, made] = fixtures.try_emplace(rows);
    SwitchFixture& f = it->second;
    if (!made)
        return f;
    f.id = QStringLiteral("switch-%1").arg(rows);
    constexpr std::size_t tail = 4;
    Conversation prefix = treeOf(rows - static_cast<int>(tail), "p");
    const std::string parent = prefix.messages.back().id;
    std::vector<Message> tails[2];
    for (int k = 0; k < 2; ++k)
        for (int i = 0; i < static_cast<int>(tail); ++i)
            tails[k].emplace_back("x" + std::to_string(k) + "-" + std::to_string(i),
                                  i % 2 ? Role::Assistant : Role::User, text(rows + i + k),
                                  rows + i);
    for (int k = 0; k < 2; ++k) {
        const int other = 1 - k;
        f.paths[k] = prefix.messages;
        f.paths[k].insert(f.paths[k].end(), tails[k].begin(), tails[k].end());
        f.versions[k] = prefix.versions;
        f.versions[k].siblings[parent] = {tails[0][0].id, tails[1][0].id};
        std::string up = parent;
        for (std::size_t i = 0; i < tail; ++i) {
            const Message& m = tails[other][i];
            const std::string next = i + 1 < tail ? tails[other][i + 1].id : std::string();
            f.versions[k].offPath.emplace(m.id, OtherVersion{m, up, next});
            up = m.id;
            f.writes[k].versionsWritten.push_back(m.id);
            f.writes[k].versionsDropped.push_back(tails[k][i].id);
        }
        f.writes[k].conversationId = f.id.toStdString();
        f.writes[k].fromRow = static_cast<std::size_t>(rows) - tail;
    }
    if (!treeFixture().store.save(Persist{f.id.toStdString(), 0, {}, {}, true}, f.paths[0],
                                  f.versions[0]))
        std::abort();
    return f;
}

void BM_SwitchVersionSave(benchmark::State& bench)
{
    const int rows = static_cast<int>(bench.range(0));
    SwitchFixture& f = switchFixture(rows);
    KoderConversationStore& store = treeFixture().store;
    int shown = 0;
    for (auto _ : bench) {
        shown = 1 - shown;
        if (!store.save(f.writes[shown], f.paths[shown], f.versions[shown]))
            bench.SkipWithError("save failed");
    }
    // The last switch must have left the tree as it is in memory.
    const auto loaded = store.loadConversation(f.id);
    if (!loaded || loaded->messages != f.paths[shown] || !(loaded->versions == f.versions[shown]))
        bench.SkipWithError("the stored tree differs");
}
BENCHMARK(BM_SwitchVersionSave)->Unit(benchmark::kMillisecond)->Arg(1'000)->Arg(10'000);

} // namespace

int main(int argc, char** argv)
{
    return runBenchmarksWith<QCoreApplication>(argc, argv);
}
