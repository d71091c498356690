// SPDX-License-Identifier: MIT
// Search: 100,000 messages in 10,000 conversations (ten each, user and assistant in turn, about
// 60 words each from a 20,000-word vocabulary drawn with Zipf's law, as natural text is), in a
// store on a file. Targets: a query answers in under 50 ms, typed into KoderSearchModel and
// back in its rows (worker thread included); indexing adds under 10 % to a message write (the
// same write to a store whose index triggers were dropped).
// Run: build/bench/bench_search --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "benchmarkmain.h"
#include "conversationsearch.h"
#include "koderconversationstore.h"
#include "kodersearchmodel.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>
#include <set>

#include <benchmark/benchmark.h>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {

constexpr int conversations = 10'000;
constexpr int perConversation = 10;
constexpr int vocabulary = 20'000;

// Pronounceable made-up words, the same every run.
const std::vector<std::string>& words()
{
    static const std::vector<std::string> all = [] {
        static const char* syllables[] = {"ka",  "lo",  "mi",  "ne",  "ru",  "sa",  "te",  "vo",
                                          "zi",  "bra", "dun", "fel", "gor", "hin", "jup", "kel",
                                          "lum", "mor", "nat", "pel", "quo", "rin", "sul", "tor"};
        std::mt19937 rng(7);
        std::vector<std::string> out;
        out.reserve(vocabulary);
        std::set<std::string> seen;
        while (out.size() < static_cast<std::size_t>(vocabulary)) {
            std::string w;
            const int n = 1 + static_cast<int>(rng() % 4);
            for (int i = 0; i < n; ++i)
                w += syllables[rng() % std::size(syllables)];
            if (seen.insert(w).second)
                out.push_back(w);
        }
        return out;
    }();
    return all;
}

// A word of rank r (0 the most common) with probability proportional to 1 / (r + 1).
const std::string& zipfWord(std::mt19937& rng)
{
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const auto rank = static_cast<std::size_t>(std::exp(u(rng) * std::log(double(vocabulary)))) - 1;
    return words()[std::min<std::size_t>(rank, vocabulary - 1)];
}

std::string sentence(std::mt19937& rng, int n)
{
    std::string s;
    for (int i = 0; i < n; ++i) {
        if (i)
            s += ' ';
        s += zipfWord(rng);
    }
    return s;
}

std::vector<Message> conversationOf(int c, std::mt19937& rng)
{
    std::vector<Message> messages;
    for (int i = 0; i < perConversation; ++i)
        messages.emplace_back("c" + std::to_string(c) + "m" + std::to_string(i),
                              i % 2 ? Role::Assistant : Role::User, sentence(rng, 60),
                              1'700'000'000'000 + c * 100 + i);
    return messages;
}

struct Fixture {
    QTemporaryDir dir;
    KoderConversationStore store;
    Fixture()
    {
        store.setPath(dir.filePath(QStringLiteral("search.sqlite")));
        QElapsedTimer clock;
        clock.start();
        std::mt19937 rng(11);
        for (int c = 0; c < conversations; ++c)
            if (!store.save(QStringLiteral("c%1").arg(c), conversationOf(c, rng), 0))
                std::abort();
        const double stored = static_cast<double>(clock.restart()) / 1000.0;
        // The index takes in what the saves queued (the store would, two seconds after them).
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fill"));
            db.setDatabaseName(store.path());
            if (!db.open() || !updateSearchIndex(db, nullptr))
                std::abort();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("fill"));
        std::fprintf(stderr,
                     "stored %d messages in %d conversations in %.1f s, indexed in %.1f s\n",
                     conversations * perConversation, conversations, stored,
                     static_cast<double>(clock.elapsed()) / 1000.0);
    }
};

// Made on first use and gone with the application (its store needs the SQL driver, which goes
// with the application).
std::unique_ptr<Fixture> theFixture;

Fixture& fixture()
{
    if (!theFixture) {
        theFixture = std::make_unique<Fixture>();
        qAddPostRoutine([] { theFixture.reset(); });
    }
    return *theFixture;
}

// Typed into the model; timed until its rows hold the answer.
void searchThroughTheModel(benchmark::State& bench, const QString& typed)
{
    Fixture& f = fixture();
    KoderSearchModel model;
    model.setStore(&f.store);
    int results = 0;
    for (auto _ : bench) {
        model.setQuery(QString());
        QElapsedTimer clock;
        clock.start();
        QEventLoop loop;
        QObject::connect(&model, &KoderSearchModel::searchingChanged, &loop, [&] {
            if (!model.searching())
                loop.quit();
        });
        model.setQuery(typed);
        if (model.searching())
            loop.exec();
        bench.SetIterationTime(static_cast<double>(clock.nsecsElapsed()) / 1e9);
        results = model.count();
    }
    bench.counters["results"] = results;
    if (results == 0)
        bench.SkipWithError("no results");
}

// The most common word: matches nearly every message, so every one is ranked.
void BM_SearchCommonWord(benchmark::State& bench)
{
    searchThroughTheModel(bench, QString::fromStdString(words()[0]));
}
BENCHMARK(BM_SearchCommonWord)->Unit(benchmark::kMillisecond)->UseManualTime();

// Two words of middling frequency, the last as typed so far (a prefix).
void BM_SearchTwoWordsWithPrefix(benchmark::State& bench)
{
    const QString last = QString::fromStdString(words()[40]);
    searchThroughTheModel(bench, QString::fromStdString(words()[25]) + QLatin1Char(' ') +
                                     last.left(std::max<qsizetype>(2, last.size() - 2)));
}
BENCHMARK(BM_SearchTwoWordsWithPrefix)->Unit(benchmark::kMillisecond)->UseManualTime();

// The first two letters of a word: the widest prefix a user types.
void BM_SearchTwoLetterPrefix(benchmark::State& bench)
{
    searchThroughTheModel(bench, QString::fromStdString(words()[3]).left(2));
}
BENCHMARK(BM_SearchTwoLetterPrefix)->Unit(benchmark::kMillisecond)->UseManualTime();

// A quoted phrase of two common words.
void BM_SearchPhrase(benchmark::State& bench)
{
    searchThroughTheModel(
        bench, QStringLiteral("\"%1 %2\"")
                   .arg(QString::fromStdString(words()[0]), QString::fromStdString(words()[1])));
}
BENCHMARK(BM_SearchPhrase)->Unit(benchmark::kMillisecond)->UseManualTime();

// A rare word: one of the last in the vocabulary.
void BM_SearchRareWord(benchmark::State& bench)
{
    searchThroughTheModel(bench, QString::fromStdString(words()[vocabulary / 2]));
}
BENCHMARK(BM_SearchRareWord)->Unit(benchmark::kMillisecond)->UseManualTime();

// ---- the cost of indexing a write ---------------------------------------------------------------

// A store with ten conversations; `indexed` false drops the index's triggers, so its writes
// are the same writes without the index.
struct WriteFixture {
    QTemporaryDir dir;
    KoderConversationStore store;
    std::vector<Message> messages;
    explicit WriteFixture(bool indexed)
    {
        const QString path = dir.filePath(QStringLiteral("write.sqlite"));
        store.setPath(path);
        std::mt19937 rng(5);
        for (int c = 0; c < 10; ++c)
            store.save(QStringLiteral("w%1").arg(c), conversationOf(c, rng), 0);
        messages = conversationOf(0, rng);
        if (!indexed) {
            const QString name = QStringLiteral("drop-triggers");
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
                db.setDatabaseName(path);
                db.open();
                QSqlQuery q(db);
                for (const char* table : {"messages", "other_versions"})
                    for (const char* what : {"indexed", "unindexed", "reindexed"})
                        q.exec(QStringLiteral("DROP TRIGGER %1_%2")
                                   .arg(QLatin1String(table), QLatin1String(what)));
            }
            QSqlDatabase::removeDatabase(name);
        }
    }
};

// What a turn's end writes: the reply's row (about 60 words), replacing the one before.
void saveReply(benchmark::State& bench, bool indexed)
{
    WriteFixture f(indexed);
    std::mt19937 rng(3);
    for (auto _ : bench) {
        f.messages.back().text = sentence(rng, 60);
        if (!f.store.save(QStringLiteral("w0"), f.messages, f.messages.size() - 1))
            bench.SkipWithError("save failed");
    }
}

void BM_SaveReplyIndexed(benchmark::State& bench)
{
    saveReply(bench, true);
}
BENCHMARK(BM_SaveReplyIndexed)->Unit(benchmark::kMicrosecond);

void BM_SaveReplyWithoutIndex(benchmark::State& bench)
{
    saveReply(bench, false);
}
BENCHMARK(BM_SaveReplyWithoutIndex)->Unit(benchmark::kMicrosecond);

} // namespace

int main(int argc, char** argv)
{
    return runBenchmarksWith<QCoreApplication>(argc, argv);
}
