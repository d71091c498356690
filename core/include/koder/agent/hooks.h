// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/input.h"
#include "koder/agent/outcome.h"
#include "koder/agent/retry.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace koder::agent {

/// One set of agent-loop hooks. Every member is optional.
struct HookSet {
    std::string name{}; ///< for failure reports
    /// A turn begins (its first request is about to go out).
    std::function<void(const StartTurn&)> onStart{};
    /// May change an outgoing request; receives what the previous set returned.
    std::function<StartTurn(StartTurn)> prepareStep{};
    std::function<void(const StepFinishEvent&)> onStepFinish{};
    std::function<void(const ToolCall&)> onToolExecutionStart{};
    std::function<void(const ToolCall&, const ToolResult&)> onToolExecutionEnd{};
    /// The turn's terminal event (streamEnd, error or aborted).
    std::function<void(const Event&)> onFinish{};
    /// `attempt` = retries already spent on this step.
    std::function<ErrorVerdict(const ErrorInfo&, int attempt)> onError{};
};

/// A hook that threw; the chain went on without it.
struct HookFailure {
    std::string hookSet;
    std::string_view hook;
    std::string what;

    friend bool operator==(const HookFailure&, const HookFailure&) = default;
};

/// Composition of hook sets, in the order they were added. Sequential and deterministic:
/// void hooks run one after the other and a throwing one is reported and skipped; prepareStep
/// is chained (a throwing one leaves the request as it was); for onError any Retry wins, else any
/// Abort, else Default.
class Hooks {
public:
    void add(HookSet set) { sets_.push_back(std::move(set)); }
    void clear() { sets_.clear(); }
    std::size_t size() const { return sets_.size(); }

    std::vector<HookFailure> onStart(const StartTurn& request) const;
    StartTurn prepareStep(StartTurn request, std::vector<HookFailure>& failures) const;
    std::vector<HookFailure> onStepFinish(const StepFinishEvent& step) const;
    std::vector<HookFailure> onToolExecutionStart(const ToolCall& call) const;
    std::vector<HookFailure> onToolExecutionEnd(const ToolCall& call,
                                                const ToolResult& result) const;
    std::vector<HookFailure> onFinish(const Event& terminal) const;
    ErrorVerdict onError(const ErrorInfo& error, int attempt,
                         std::vector<HookFailure>& failures) const;

private:
    std::vector<HookSet> sets_;
};

} // namespace koder::agent
