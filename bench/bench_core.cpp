// SPDX-License-Identifier: MIT
// Core throughput and memory. Run: build/bench/bench_core --benchmark_repetitions=5
//   --benchmark_report_aggregates_only=true
//
// Targets (the reference's Performance page): >= 20 M deltas/s; the 100,000-message history
// within 1.2x of the 10-message one; within 6x of raw std::string append; <= 650 bytes per message
// for a 10,000-message conversation of 500-character messages. BM_TokenDelta times reduce() alone;
// BM_TokenDeltaLogged adds the DebugLog::record a runtime with a debug log makes per delta;
// BM_TokenDeltaContextMeter has a context window set (the meter counts and compares per delta).
// BM_RuntimeToken/n: a token through Runtime::dispatch (no observer) to the shown conversation
// while n others stream in the background; BM_RuntimeBackgroundToken/n: a token to one of those.
// BM_SwitchVersion: switching between two versions of a reply with a 3-row tail costs the same
// on a 1,000- and a 100,000-message history (O(changed tail), not O(history)).
#include "koder/agent/debuglog.h"
#include "koder/agent/reducer.h"
#include "koder/agent/runtime.h"

#include <benchmark/benchmark.h>

#include <malloc.h>

#include <map>
#include <string>
#include <vector>

using namespace koder::agent;

namespace {

// The peers' workload: 4-byte tokens ("abc "), one string per 1 M tokens.
constexpr std::int64_t tokensPerReply = 1'000'000;
constexpr std::size_t messageLength = 500;

// Distinct 500-character texts, like a real conversation (no shared buffers).
std::string messageText(std::size_t i)
{
    std::string text(messageLength, ' ');
    for (std::size_t k = 0; k < messageLength; ++k)
        text[k] = static_cast<char>('a' + (i * 7 + k * 13) % 26);
    return text;
}

std::vector<Message> history(std::size_t count)
{
    std::vector<Message> messages;
    messages.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        messages.emplace_back("h" + std::to_string(i), i % 2 ? Role::Assistant : Role::User,
                              messageText(i), static_cast<std::int64_t>(i));
    return messages;
}

// reduce() alone, or (`logged`) followed by DebugLog::record as a runtime with a debug log does.
// With a `window` the meter compares each count with its thresholds.
void tokenDeltas(benchmark::State& bench, bool logged, std::int64_t window = 0)
{
    Environment env = Environment::deterministic();
    State state;
    Outcome out;
    DebugLog log;
    reduce(state, Input{SetMessages{history(static_cast<std::size_t>(bench.range(0)))}}, out, env);
    reduce(state, SetContextWindow{window}, out, env);
    reduce(state, Send{"go", {}}, out, env);
    out.clear();
    Input delta = TextDelta{state.turn->requestId, "abc "};
    std::int64_t inReply = 0;
    for (auto _ : bench) {
        std::get<TextDelta>(delta).requestId = state.turn->requestId;
        reduce(state, delta, out, env);
        if (logged)
            log.record(delta, out, state);
        benchmark::DoNotOptimize(out.events.data());
        if (++inReply == tokensPerReply) {
            // A fresh reply every 1 M tokens, as in the peers' workload; not timed.
            bench.PauseTiming();
            reduce(state, Abort{}, out, env);
            if (logged)
                log.record(Abort{}, out, state);
            reduce(state, Regenerate{state.conversation.messages.back().id}, out, env);
            state.conversation
                .versions = {}; // the peers' workload replaces the reply: keep no versions
            out.clear(); // drops the StartTurn's copy of the history outside the timed region
            inReply = 0;
            bench.ResumeTiming();
        }
    }
    bench.SetItemsProcessed(bench.iterations());
}

void BM_TokenDelta(benchmark::State& bench)
{
    tokenDeltas(bench, false);
}
BENCHMARK(BM_TokenDelta)->Arg(10)->Arg(1'000)->Arg(100'000);

void BM_TokenDeltaLogged(benchmark::State& bench)
{
    tokenDeltas(bench, true);
}
BENCHMARK(BM_TokenDeltaLogged)->Arg(10)->Arg(1'000)->Arg(100'000);

// The context meter on the token path: a window far larger than the history (no threshold is
// crossed, each delta is counted and compared): O(1) per token, the 100,000-message history
// within 1.2x of the 10-message one, like BM_TokenDelta.
void BM_TokenDeltaContextMeter(benchmark::State& bench)
{
    tokenDeltas(bench, false, std::int64_t{1} << 40);
}
BENCHMARK(BM_TokenDeltaContextMeter)->Arg(10)->Arg(100'000);

// Flips one reply between its two versions: the old one has two more rows under it (a question
// and its answer), the new one none, so each switch removes and inserts a tail of 1 or 3 rows at
// the end of a `range(0)`-message history.
void BM_SwitchVersion(benchmark::State& bench)
{
    Environment env = Environment::deterministic();
    State state;
    Outcome out;
    const auto count = static_cast<std::size_t>(bench.range(0));
    reduce(state, Input{SetMessages{history(count)}}, out, env);
    const std::string oldReply = state.conversation.messages[count - 3].id;
    reduce(state, Regenerate{oldReply}, out, env);
    const RequestId request = state.turn->requestId;
    reduce(state, TextDelta{request, "a new answer"}, out, env);
    reduce(state, StreamEnded{request, "stop"}, out, env);
    const std::string newReply = state.conversation.messages.back().id;
    bool showingNew = true;
    for (auto _ : bench) {
        reduce(state, SwitchVersion{showingNew ? newReply : oldReply, showingNew ? 0 : 1}, out,
               env);
        showingNew = !showingNew;
        benchmark::DoNotOptimize(out.changes.data());
    }
    if (state.conversation.messages.size() != (showingNew ? count - 2 : count))
        bench.SkipWithError("the switch did not happen");
    bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_SwitchVersion)->Arg(1'000)->Arg(100'000);

// The hardware reference: std::string::append of the same tokens, no reserve.
void BM_RawAppend(benchmark::State& bench)
{
    std::string text;
    std::int64_t inReply = 0;
    for (auto _ : bench) {
        text.append("abc ", 4);
        benchmark::DoNotOptimize(text.data());
        if (++inReply == tokensPerReply) {
            bench.PauseTiming();
            std::string().swap(text);
            inReply = 0;
            bench.ResumeTiming();
        }
    }
    bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_RawAppend);

// An executor that does nothing but remember each conversation's latest request.
class RequestsOnly : public Executor {
public:
    std::map<std::string, RequestId> latest;
    void startRequest(const StartTurn& r) override { latest[r.conversationId] = r.requestId; }
    void cancelRequest(RequestId) override {}
    void runTool(const ToolCall&) override {}
    void cancelTool(const std::string&) override {}
    bool hasStore() const override { return false; }
    void saveConversation(const Persist&, const std::vector<Message>&, const Versions&,
                          const ApprovalState&, const std::vector<QueuedMessage>&,
                          std::size_t) override
    {
    }
    void loadConversation(const std::string&) override {}
    void removeConversation(const std::string&) override {}
    void startTimer(Timer, std::int64_t) override {}
    void stopTimer(Timer) override {}
};

// Opens `id` and sends in it (the conversation left keeps streaming in the background).
RequestId streamIn(Runtime& rt, RequestsOnly& exec, const std::string& id)
{
    rt.openConversation(id);
    rt.dispatch(Send{"go", {}});
    return exec.latest[id];
}

void BM_RuntimeToken(benchmark::State& bench)
{
    RequestsOnly exec;
    Runtime rt(exec, Environment::deterministic());
    for (std::int64_t i = 0; i < bench.range(0); ++i)
        streamIn(rt, exec, "other" + std::to_string(i));
    RequestId request = streamIn(rt, exec, "shown");
    std::int64_t inReply = 0;
    for (auto _ : bench) {
        rt.dispatch(TextDelta{request, "abc "});
        if (++inReply == tokensPerReply) {
            bench.PauseTiming(); // a fresh reply every 1 M tokens; the old one is let go
            rt.dispatch(Abort{});
            rt.dispatch(Clear{});
            rt.dispatch(Send{"go", {}});
            request = exec.latest[rt.state().conversation.id];
            inReply = 0;
            bench.ResumeTiming();
        }
    }
    bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_RuntimeToken)->Arg(0)->Arg(3);

void BM_RuntimeBackgroundToken(benchmark::State& bench)
{
    RequestsOnly exec;
    Runtime rt(exec, Environment::deterministic());
    for (std::int64_t i = 1; i < bench.range(0); ++i)
        streamIn(rt, exec, "other" + std::to_string(i));
    int round = 0;
    std::string target = "target0";
    RequestId request = streamIn(rt, exec, target);
    streamIn(rt, exec, "shown");
    std::int64_t inReply = 0;
    for (auto _ : bench) {
        rt.dispatch(TextDelta{request, "abc "});
        if (++inReply == tokensPerReply) {
            bench.PauseTiming(); // a fresh background reply every 1 M tokens
            rt.forgetConversation(target);
            target = "target" + std::to_string(++round);
            request = streamIn(rt, exec, target);
            rt.openConversation("shown");
            inReply = 0;
            bench.ResumeTiming();
        }
    }
    bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_RuntimeBackgroundToken)->Arg(1)->Arg(4);

// Heap bytes the core holds per message of a loaded 10,000-message conversation, text included.
void BM_MemoryPerMessage(benchmark::State& bench)
{
    constexpr std::size_t count = 10'000;
    double perMessage = 0;
    for (auto _ : bench) {
        Environment env = Environment::deterministic();
        Outcome out;
        auto* state = new State;
        malloc_trim(0);
        const auto before = mallinfo2().uordblks;
        {
            // The conversation arrives as a loaded document would; only what the state keeps
            // afterwards is counted.
            Input load = SetMessages{history(count)};
            reduce(*state, std::move(load), out, env);
        }
        out = Outcome{};
        const auto after = mallinfo2().uordblks;
        perMessage = static_cast<double>(after - before) / count;
        benchmark::DoNotOptimize(state);
        delete state;
    }
    bench.counters["bytes_per_message"] = perMessage;
    bench.counters["text_bytes_per_message"] = static_cast<double>(messageLength);
}
BENCHMARK(BM_MemoryPerMessage)->Iterations(3)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
