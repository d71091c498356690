// SPDX-License-Identifier: MIT
// Seeded random walk over every input, checking the state machine's invariants after each step.
#include "driver.h"
#include "invariants.h"

#include <map>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace koder::agent::test {
namespace {

// The name of every kind of input, found by type (the variant's order plays no part).
template<class... Inputs>
std::vector<std::string_view> allActionNames(std::variant<Inputs...>*)
{
    return {actionName(Input(Inputs{}))...};
}

class Walker {
public:
    explicit Walker(std::uint32_t seed)
        : rng_(seed)
    {
        d_.s.settings.tools = {
            {"read_file", true}, {"write_file", false}, {"ask_user", true, {}, true}};
        d_.s.context.settled = settledContextTokens(d_.s, noRow); // as SetTools would count
    }

    std::string anyInputId()
    {
        const auto& inputs = d_.s.pendingInputs;
        if (inputs.empty() || chance(5))
            return "input-none";
        return inputs[static_cast<std::size_t>(pick(static_cast<int>(inputs.size())))].id;
    }

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

    std::optional<ToolPolicy> anyToolPolicy()
    {
        return chance(40) ? std::nullopt
                          : std::optional<ToolPolicy>(static_cast<ToolPolicy>(pick(3)));
    }

    // A question from outside a tool call: mostly one the core takes (answered by "a", with a
    // default to fill in), sometimes a repeated id, the core's own source, a schema it refuses,
    // or a call that does not run.
    PendingInput externalQuestion()
    {
        PendingInput input;
        input.id = "ext-" + std::to_string(pick(4));
        input.message = "Which?";
        input.schema =
            chance(90)
                ? R"({"type":"object","properties":{"answer":{"type":"string","enum":["a","b"]},)"
                  R"("n":{"type":"integer","default":1}},"required":["answer"]})"
                : R"({"type":"object","properties":{"a":{"type":"object"}}})";
        input.source = chance(95) ? (chance(50) ? "mcp" : "agui") : "tool";
        if (chance(40))
            input.callId = anyCallId();
        return input;
    }
    bool chance(int percent) { return pick(100) < percent; }

    std::string anyMessageId()
    {
        if (d_.s.conversation.messages.empty() || chance(5))
            return "missing";
        return d_.s.conversation
            .messages[static_cast<std::size_t>(
                pick(static_cast<int>(d_.s.conversation.messages.size())))]
            .id;
    }

    std::string anyCallId()
    {
        if (d_.s.turn && !d_.s.turn->stepCalls.empty() && !chance(5)) {
            const auto& calls = d_.s.turn->stepCalls;
            return calls[static_cast<std::size_t>(pick(static_cast<int>(calls.size())))].id;
        }
        return "call-" + std::to_string(pick(4));
    }

    std::string anyQueuedId()
    {
        const auto& queued = d_.s.conversation.queued;
        if (queued.empty())
            return "q-none";
        return queued[static_cast<std::size_t>(pick(static_cast<int>(queued.size())))].id;
    }

    RequestId someRequest()
    {
        // Mostly the live request, sometimes a compaction's, a stale or an unknown one.
        if (d_.s.compaction && chance(30))
            return d_.s.compaction->requestId;
        if (chance(85))
            return d_.request();
        return static_cast<RequestId>(pick(static_cast<int>(d_.s.nextRequestId) + 2));
    }

    Input next()
    {
        static const char* tokens[] = {"a", "bc ", "def.", " ", "\n", "\xC3\xA9", "long token "};
        static const char* tools[] = {"read_file", "write_file", "unknown_tool", "ask_user"};
        // Transport events dominate, as in real use.
        switch (pick(36)) {
        case 0:
            return Send{"q" + std::to_string(pick(100)), chance(10) ? "[{\"n\":1}]" : ""};
        case 1:
            return Regenerate{anyMessageId()};
        case 2:
            return Edit{anyMessageId(), chance(5) ? "" : "edited"};
        case 3:
            return chance(50) ? Input{Branch{anyMessageId()}}
                              : Input{SwitchVersion{anyMessageId(), pick(4) - 1}};
        case 4:
            return Abort{};
        case 5:
            return chance(30) ? Input{Clear{}} : Input{SetMaxRetries{pick(3) - 1}};
        case 6:
            return chance(20) ? Input{DeleteConversation{}} : Input{Reset{}};
        case 7:
        case 8:
            switch (pick(5)) {
            case 0:
                return ApproveAll{static_cast<ApprovalScope>(pick(3))};
            case 1:
                return ApproveToolCall{anyCallId(), static_cast<ApprovalScope>(pick(3)),
                                       chance(50) ? "{\"path\":\"x\"}" : "[1]"};
            default:
                return ApproveToolCall{anyCallId(), static_cast<ApprovalScope>(pick(3)), {}};
            }
        case 9:
            return chance(20) ? Input{DenyAll{"all"}}
                              : Input{DenyToolCall{anyCallId(), chance(50) ? "no" : ""}};
        case 10:
            switch (pick(5)) {
            case 0:
                return SetBusyPolicy{static_cast<BusyPolicy>(pick(4))};
            case 1:
                return SendQueued{};
            case 2:
                return CancelQueued{chance(50) ? anyQueuedId() : "q-none"};
            default:
                return AddUserMessage{"note"};
            }
        case 11: {
            std::vector<Message> ms;
            for (int i = pick(3); i > 0; --i)
                ms.emplace_back(chance(30) ? anyMessageId() : "", Role::Assistant, "added");
            return chance(50) ? Input{AddMessages{ms}} : Input{SetMessages{ms}};
        }
        case 12:
            if (chance(40)) {
                ToolPolicies policies;
                for (const char* name : tools)
                    if (chance(50))
                        policies[name] = static_cast<ToolPolicy>(pick(3));
                return SetToolPolicies{std::move(policies)};
            }
            return SetAutoAccept{static_cast<AutoAccept>(pick(3))};
        case 13:
            switch (pick(3)) {
            case 0:
                return SetMaxSteps{pick(4)};
            case 1:
                return SetSystemPrompt{"sys"};
            default:
                return SetTools{
                    chance(80)
                        ? std::vector<ToolInfo>{{"read_file", true},
                                                {"write_file", false, {}, false, anyToolPolicy()},
                                                {"ask_user", true, {}, true}}
                        : std::vector<ToolInfo>{}};
            }
        case 14:
            return chance(50) ? Input{AddCheckpoint{"{}"}}
                              : Input{RestoreCheckpoint{anyMessageId()}};
        case 15:
            switch (pick(4)) {
            case 0:
                return OpenConversation{"conv" + std::to_string(pick(3))};
            case 1:
                return BackgroundEnded{
                    d_.s.background.empty() || chance(20) ? "conv9" : d_.s.background.front()};
            case 2:
                return SetMaxBackgroundTurns{pick(4) - 1};
            default:
                return SwitchConversation{
                    "conv" + std::to_string(pick(3)), {Message("s1", Role::User, "loaded")}, {}};
            }
        case 16:
            return StreamStarted{someRequest()};
        case 17:
            return ReasoningDelta{someRequest(), "think"};
        case 18:
        case 19: {
            const char* tool = tools[pick(4)];
            const bool asks = std::string_view(tool) == "ask_user" && chance(80);
            return ToolCallRequested{someRequest(),
                                     {chance(20) ? "" : "call-" + std::to_string(pick(4)), tool,
                                      asks ? R"({"question":"q","options":["a","b"]})" : "{}",
                                      false}};
        }
        case 26:
            switch (pick(4)) {
            case 0:
                return DeclineInput{anyInputId()};
            case 1:
                return CancelInput{anyInputId()};
            default:
                return AnswerInput{anyInputId(),
                                   chance(80) ? R"({"answer":"a"})" : R"({"answer":"c"})"};
            }
        case 20:
        case 21:
            return StreamEnded{someRequest(),
                               chance(10) ? "" : (chance(50) ? "stop" : "tool_calls"),
                               {},
                               {},
                               chance(10) ? std::optional<std::string>("final") : std::nullopt};
        case 22:
            return StreamFailed{someRequest(),
                                {"transport", "x", chance(50), chance(50) ? -1 : 10},
                                static_cast<ErrorVerdict>(pick(3))};
        case 23:
            return Handoff{someRequest(), "human"};
        case 24:
        case 25:
            return ToolResult{anyCallId(), "result", chance(20),
                              chance(30) ? R"({"structuredContent":{"n":1},"approval":"x"})" : ""};
        case 27:
            if (chance(30))
                return WithdrawInput{anyInputId()};
            return RequestInput{externalQuestion(), chance(50) ? someRequest() : 0};
        case 28:
            return ToolProgress{anyCallId(), static_cast<double>(pick(10)),
                                chance(50) ? std::optional<double>(10) : std::nullopt, "step"};
        // A server that drives its own loop (AG-UI): its messages, its calls, its view.
        case 29:
            switch (pick(4)) {
            case 0:
                return MessageStarted{someRequest(), chance(50) ? anyMessageId()
                                                                : "srv-" + std::to_string(pick(4))};
            case 1:
                return ServerToolResult{someRequest(), anyCallId(),
                                        chance(50) ? anyMessageId()
                                                   : "res-" + std::to_string(pick(4)),
                                        "server result", chance(20)};
            case 2:
                return ServerActivity{someRequest(), "stepStarted", "plan"};
            default:
                return ReconcileMessages{
                    someRequest(),
                    {Message(chance(50) ? anyMessageId() : "snap-" + std::to_string(pick(4)),
                             static_cast<Role>(pick(4)), "snapshot")}};
            }
        case 30:
            return ToolCallRequested{
                someRequest(),
                {chance(30) ? anyCallId() : "srv-call-" + std::to_string(pick(3)),
                 chance(50) ? "remote" : tools[pick(4)], "{}", false},
                chance(50) ? CallRunner::Server : CallRunner::ServerAfterApproval};
        // The context budget: a window, compaction and its undo, continuing a cut reply.
        case 34:
            switch (pick(5)) {
            case 0:
                return SetContextWindow{chance(50) ? 0 : 40 + pick(200)};
            case 1:
                return SetAutoCompact{chance(50) ? 0.0 : 0.5};
            case 2:
                return UndoCompaction{anyMessageId()};
            case 3:
                return ContinueReply{anyMessageId()};
            default:
                return Compact{};
            }
        case 35:
            return StreamEnded{someRequest(), chance(50) ? "length" : "stop"};
        default:
            return TextDelta{someRequest(), tokens[pick(7)]};
        }
    }

    // Returns the first violated invariant, or an empty string.
    std::string step()
    {
        const Input input = next();
        checker_.before(d_.s);
        d_.dispatch(input);
        if (auto broken = checker_.after(d_.s, d_.out, input))
            return *broken;
        steps_[actionName(input)]++;
        return {};
    }

    const std::map<std::string_view, int>& coverage() const { return steps_; }
    std::size_t historySize() const { return d_.s.conversation.messages.size(); }

private:
    Driver d_;
    std::mt19937 rng_;
    InvariantChecker checker_;
    std::map<std::string_view, int> steps_; ///< steps per kind of input, by name
};

TEST(Property, InvariantsHoldOverRandomWalks)
{
    constexpr int seeds = 10;
    constexpr int stepsPerSeed = 12'000; // 120,000 steps in all
    std::map<std::string_view, int> coverage;
    for (std::uint32_t seed = 1; seed <= seeds; ++seed) {
        Walker w(seed);
        for (int i = 0; i < stepsPerSeed; ++i) {
            const std::string violation = w.step();
            ASSERT_EQ(violation, "") << "seed " << seed << ", step " << i;
        }
        for (const auto& [kind, count] : w.coverage())
            coverage[kind] += count;
    }
    // Every kind of input was exercised.
    for (std::string_view kind : allActionNames(static_cast<Input*>(nullptr)))
        EXPECT_GT(coverage[kind], 100) << "input kind " << kind;
}

} // namespace
} // namespace koder::agent::test
