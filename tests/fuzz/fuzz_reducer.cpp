// SPDX-License-Identifier: MIT
// The reducer driven by a sequence of inputs decoded from the fuzz bytes (the random walk of
// tests/core/tst_property.cpp, with the fuzzer choosing every step). After each step the state's
// invariants hold, the same checker as the property test's (tests/core/invariants.h), which also
// feeds a debug log. Every other input is reduced as an rvalue, so the log also records inputs
// the reducer moved from.
#include "../core/invariants.h"
#include "fuzzcheck.h"
#include "koder/agent/reducer.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using namespace koder::agent;
using namespace koder::agent::test;

/// The fuzz bytes as a source of choices; zeros once they run out.
class Choices {
public:
    Choices(const std::uint8_t* data, std::size_t size)
        : data_(data)
        , size_(size)
    {
    }
    bool empty() const { return at_ >= size_; }
    int pick(int n) { return empty() ? 0 : data_[at_++] % n; }
    bool chance(int percent) { return pick(100) < percent; }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

class Walker {
public:
    explicit Walker(Choices& c)
        : c_(c)
    {
        s_.settings.tools = {{"read_file", true}, {"write_file", false}, askUser()};
        s_.context.settled = settledContextTokens(s_, noRow); // as SetTools would count
    }

    static ToolInfo askUser() { return {"ask_user", true, {}, true}; }

    std::optional<ToolPolicy> anyToolPolicy()
    {
        return c_.chance(40) ? std::nullopt
                             : std::optional<ToolPolicy>(static_cast<ToolPolicy>(c_.pick(3)));
    }

    std::string anyInputId()
    {
        const auto& inputs = s_.pendingInputs;
        if (inputs.empty() || c_.chance(5))
            return "input-none";
        return inputs[static_cast<std::size_t>(
                          c_.pick(static_cast<int>(std::min<std::size_t>(inputs.size(), 256))))]
            .id;
    }

    // A question from outside a tool call (RequestInput): mostly one the core takes, sometimes a
    // repeated id, the core's own source, a schema it refuses, or a call that does not run.
    PendingInput externalQuestion()
    {
        PendingInput input;
        input.id = "ext-" + std::to_string(c_.pick(4));
        input.message = "Which?";
        input.schema = c_.chance(90) ? R"({"type":"object","properties":{"answer":{"type":)"
                                       R"("string","enum":["a","b"]},"n":{"type":"integer",)"
                                       R"("default":1}},"required":["answer"]})"
                                     : R"({"type":"object","properties":{"a":{"type":"object"}}})";
        input.source = c_.chance(95) ? (c_.chance(50) ? "mcp" : "agui") : "tool";
        if (c_.chance(40))
            input.callId = anyCallId();
        return input;
    }

    std::string anyMessageId()
    {
        if (s_.conversation.messages.empty() || c_.chance(5))
            return "missing";
        return s_.conversation
            .messages[static_cast<std::size_t>(c_.pick(
                static_cast<int>(std::min<std::size_t>(s_.conversation.messages.size(), 256))))]
            .id;
    }

    std::string anyCallId()
    {
        if (s_.turn && !s_.turn->stepCalls.empty() && !c_.chance(5)) {
            const auto& calls = s_.turn->stepCalls;
            return calls[static_cast<std::size_t>(
                             c_.pick(static_cast<int>(std::min<std::size_t>(calls.size(), 256))))]
                .id;
        }
        return "call-" + std::to_string(c_.pick(4));
    }

    std::string anyQueuedId()
    {
        if (s_.conversation.queued.empty())
            return "q-none";
        return s_.conversation
            .queued[static_cast<std::size_t>(c_.pick(
                static_cast<int>(std::min<std::size_t>(s_.conversation.queued.size(), 256))))]
            .id;
    }

    RequestId request() const { return s_.turn ? s_.turn->requestId : 0; }

    RequestId someRequest()
    {
        // Mostly the live request, sometimes a compaction's, a stale or an unknown one.
        if (s_.compaction && c_.chance(30))
            return s_.compaction->requestId;
        if (c_.chance(85))
            return request();
        return static_cast<RequestId>(c_.pick(256)) % (s_.nextRequestId + 2);
    }

    Input next()
    {
        static const char* tokens[] = {"a", "bc ", "def.", " ", "\n", "\xC3\xA9", "long token "};
        static const char* tools[] = {"read_file", "write_file", "unknown_tool", "ask_user"};
        switch (c_.pick(37)) {
        case 0:
            return Send{"q" + std::to_string(c_.pick(100)), c_.chance(10) ? "[{\"n\":1}]" : ""};
        case 1:
            return Regenerate{anyMessageId()};
        case 2:
            return Edit{anyMessageId(), c_.chance(5) ? "" : "edited"};
        case 3:
            return c_.chance(50) ? Input{Branch{anyMessageId()}}
                                 : Input{SwitchVersion{anyMessageId(), c_.pick(4) - 1}};
        case 4:
            return Abort{};
        case 5:
            return c_.chance(30) ? Input{Clear{}} : Input{SetMaxRetries{c_.pick(3) - 1}};
        case 6:
            return c_.chance(20) ? Input{DeleteConversation{}} : Input{Reset{}};
        case 7:
        case 8:
            switch (c_.pick(5)) {
            case 0:
                return ApproveAll{static_cast<ApprovalScope>(c_.pick(3))};
            case 1:
                return ApproveToolCall{anyCallId(), static_cast<ApprovalScope>(c_.pick(3)),
                                       c_.chance(50) ? "{\"path\":\"x\"}" : "not json"};
            default:
                return ApproveToolCall{anyCallId(), static_cast<ApprovalScope>(c_.pick(3)), {}};
            }
        case 9:
            return c_.chance(20) ? Input{DenyAll{"all"}}
                                 : Input{DenyToolCall{anyCallId(), c_.chance(50) ? "no" : ""}};
        case 10:
            switch (c_.pick(5)) {
            case 0:
                return SetBusyPolicy{static_cast<BusyPolicy>(c_.pick(4))};
            case 1:
                return SendQueued{};
            case 2:
                return CancelQueued{c_.chance(50) ? anyQueuedId() : "q-none"};
            default:
                return AddUserMessage{"note"};
            }
        case 11: {
            std::vector<Message> ms;
            for (int i = c_.pick(4); i > 0; --i) {
                const auto role = static_cast<Role>(c_.pick(5));
                ms.emplace_back(c_.chance(30) ? anyMessageId() : "", role, "added");
            }
            return c_.chance(50) ? Input{AddMessages{ms}} : Input{SetMessages{ms}};
        }
        case 12:
            if (c_.chance(40)) {
                ToolPolicies policies;
                for (const char* name : tools)
                    if (c_.chance(50))
                        policies[name] = static_cast<ToolPolicy>(c_.pick(3));
                return SetToolPolicies{std::move(policies)};
            }
            return SetAutoAccept{static_cast<AutoAccept>(c_.pick(3))};
        case 13:
            switch (c_.pick(3)) {
            case 0:
                return SetMaxSteps{c_.pick(4)};
            case 1:
                return SetSystemPrompt{c_.chance(50) ? "sys" : ""};
            default:
                return SetTools{
                    c_.chance(80)
                        ? std::vector<ToolInfo>{{"read_file", true},
                                                {"write_file", false, {}, false, anyToolPolicy()},
                                                askUser()}
                        : std::vector<ToolInfo>{}};
            }
        case 14:
            return c_.chance(50) ? Input{AddCheckpoint{"{}"}}
                                 : Input{RestoreCheckpoint{anyMessageId()}};
        case 15: {
            std::vector<Message> ms;
            for (int i = c_.pick(3); i > 0; --i)
                ms.emplace_back("s" + std::to_string(i), static_cast<Role>(c_.pick(5)), "loaded");
            // Sometimes a conversation that failed to load (shown empty and read-only).
            const bool damaged = c_.chance(10);
            // Sometimes with a stored tool phase: an assistant message asking for calls, some
            // of them pending or running (or ids the history does not bear out).
            ApprovalState approvals;
            if (c_.chance(30)) {
                Message ask("s-ask", Role::Assistant, "");
                for (int i = c_.pick(3); i >= 0; --i)
                    ask.extras().toolCalls.push_back(
                        {"call-" + std::to_string(i), tools[c_.pick(3)], "{}", false});
                ms.push_back(std::move(ask));
                for (int i = c_.pick(4); i > 0; --i)
                    approvals.pending.push_back("call-" + std::to_string(c_.pick(4)));
                if (c_.chance(30))
                    approvals.running.push_back({"call-" + std::to_string(c_.pick(4)),
                                                 Decision::Approved,
                                                 ApprovalScope::Once,
                                                 DecidedBy::User,
                                                 0,
                                                 false,
                                                 {}});
                if (c_.chance(30))
                    approvals.grantedTools.push_back(tools[c_.pick(3)]);
                // A stored question: of a tool call, or (crafted) one from outside, which must
                // never come back.
                if (c_.chance(20)) {
                    PendingInput input = externalQuestion();
                    input.callId = "call-" + std::to_string(c_.pick(4));
                    input.toolName = "ask_user";
                    approvals.inputs.push_back(std::move(input));
                }
            }
            return SwitchConversation{"conv" + std::to_string(c_.pick(3)),
                                      damaged ? std::vector<Message>{} : ms,
                                      damaged ? "cannot load" : "",
                                      {},
                                      approvals};
        }
        case 16:
            return StreamStarted{someRequest()};
        case 17:
            return ReasoningDelta{someRequest(), "think"};
        case 18:
        case 19: {
            const char* tool = tools[c_.pick(4)];
            const bool asks = std::string_view(tool) == "ask_user" && c_.chance(80);
            return ToolCallRequested{someRequest(),
                                     {c_.chance(20) ? "" : "call-" + std::to_string(c_.pick(4)),
                                      tool,
                                      asks            ? R"({"question":"q","options":["a","b"]})"
                                      : c_.chance(90) ? "{}"
                                                      : "not json",
                                      false}};
        }
        case 20:
        case 21:
            return StreamEnded{someRequest(),
                               c_.chance(10) ? "" : (c_.chance(50) ? "stop" : "tool_calls")};
        case 22:
            return StreamFailed{someRequest(),
                                {"transport", "x", c_.chance(50), c_.chance(50) ? -1 : 10},
                                static_cast<ErrorVerdict>(c_.pick(3))};
        case 23:
            return Handoff{someRequest(), "human"};
        case 24:
        case 25:
            return ToolResult{anyCallId(), "result", c_.chance(20),
                              c_.chance(30) ? R"({"structuredContent":{"n":1},"approval":"x"})"
                                            : ""};
        case 26:
            switch (c_.pick(4)) {
            case 0:
                return DeclineInput{anyInputId()};
            case 1:
                return CancelInput{anyInputId()};
            default:
                return AnswerInput{anyInputId(),
                                   c_.chance(80) ? R"({"answer":"a"})" : R"({"answer":"c"})"};
            }
        case 27:
            if (c_.chance(30))
                return WithdrawInput{anyInputId()};
            return RequestInput{externalQuestion(), c_.chance(50) ? someRequest() : 0};
        case 28:
            return ToolProgress{anyCallId(), static_cast<double>(c_.pick(10)),
                                c_.chance(50) ? std::optional<double>(10) : std::nullopt, "step"};
        // A server that drives its own loop (AG-UI): its messages, its calls, its view.
        case 29:
            switch (c_.pick(4)) {
            case 0:
                return MessageStarted{someRequest(), c_.chance(50)
                                                         ? anyMessageId()
                                                         : "srv-" + std::to_string(c_.pick(4))};
            case 1:
                return ServerToolResult{someRequest(), anyCallId(),
                                        c_.chance(50) ? anyMessageId()
                                                      : "res-" + std::to_string(c_.pick(4)),
                                        "server result", c_.chance(20)};
            case 2:
                return ServerActivity{someRequest(), "stepStarted", "plan"};
            default:
                return ReconcileMessages{
                    someRequest(),
                    {Message(c_.chance(50) ? anyMessageId() : "snap-" + std::to_string(c_.pick(4)),
                             static_cast<Role>(c_.pick(4)), "snapshot")}};
            }
        case 30:
            return ToolCallRequested{
                someRequest(),
                {c_.chance(30) ? anyCallId() : "srv-call-" + std::to_string(c_.pick(3)),
                 c_.chance(50) ? "remote" : tools[c_.pick(4)], "{}", false},
                c_.chance(50) ? CallRunner::Server : CallRunner::ServerAfterApproval};
        // The context budget: a window, compaction and its undo, continuing a cut reply.
        case 35:
            switch (c_.pick(5)) {
            case 0:
                return SetContextWindow{c_.chance(50) ? 0 : 40 + c_.pick(200)};
            case 1:
                return SetAutoCompact{c_.chance(50) ? 0.0 : 0.5};
            case 2:
                return UndoCompaction{anyMessageId()};
            case 3:
                return ContinueReply{anyMessageId()};
            default:
                return Compact{};
            }
        case 36:
            return StreamEnded{someRequest(), c_.chance(50) ? "length" : "stop"};
        default:
            return TextDelta{someRequest(), tokens[c_.pick(7)]};
        }
    }

    /// One step; returns the first violated invariant, or an empty string.
    std::string step()
    {
        Input input = next();
        checker_.before(s_);
        if (++steps_ % 2 == 0)
            reduce(s_, std::move(input), out_, env_); // `input` is checked moved-from
        else
            reduce(s_, input, out_, env_);
        return checker_.after(s_, out_, input).value_or(std::string());
    }

private:
    Choices& c_;
    State s_;
    Environment env_ = Environment::deterministic();
    Outcome out_;
    InvariantChecker checker_;
    std::uint64_t steps_ = 0;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Choices choices(data, size);
    Walker walker(choices);
    for (int step = 0; step < 10'000 && !choices.empty(); ++step) {
        const std::string violation = walker.step();
        KODER_FUZZ_CHECK(violation.empty(), "step " + std::to_string(step) + ": " + violation);
    }
    return 0;
}
