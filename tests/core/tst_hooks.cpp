// SPDX-License-Identifier: MIT
#include "koder/agent/hooks.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace koder::agent {
namespace {

TEST(Hooks, VoidHooksRunInOrderAndAThrowingOneIsReportedAndSkipped)
{
    std::vector<std::string> order;
    Hooks hooks;
    hooks.add({.name = "a", .onStart = [&](const StartTurn&) { order.push_back("a"); }});
    hooks.add({.name = "boom", .onStart = [&](const StartTurn&) -> void {
                   order.push_back("boom");
                   throw std::runtime_error("kaput");
               }});
    hooks.add({.name = "empty"});
    hooks.add({.name = "c", .onStart = [&](const StartTurn&) { order.push_back("c"); }});
    const auto failures = hooks.onStart(StartTurn{});
    EXPECT_EQ(order, (std::vector<std::string>{"a", "boom", "c"}));
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(failures[0], (HookFailure{"boom", "onStart", "kaput"}));
}

TEST(Hooks, PrepareStepIsChainedAndAThrowingLinkKeepsThePreviousRequest)
{
    Hooks hooks;
    hooks.add({.name = "first", .prepareStep = [](StartTurn r) {
                   r.history.emplace_back("p1", Role::System, "first");
                   return r;
               }});
    hooks.add({.name = "bad",
               .prepareStep = [](StartTurn) -> StartTurn { throw std::logic_error("bad step"); }});
    hooks.add({.name = "second", .prepareStep = [](StartTurn r) {
                   // Sees what "first" returned.
                   r.history.emplace_back("p2", Role::System,
                                          r.history.empty() ? "none" : r.history.back().text + "+");
                   return r;
               }});
    std::vector<HookFailure> failures;
    const StartTurn out = hooks.prepareStep(StartTurn{}, failures);
    ASSERT_EQ(out.history.size(), 2u);
    EXPECT_EQ(out.history[1].text, "first+");
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(failures[0].hookSet, "bad");
    EXPECT_EQ(failures[0].hook, "prepareStep");
}

TEST(Hooks, AnyRetryWinsThenAbortThenDefault)
{
    auto verdict = [](std::vector<ErrorVerdict> verdicts, bool withThrow = false) {
        Hooks hooks;
        for (ErrorVerdict v : verdicts)
            hooks.add({.onError = [v](const ErrorInfo&, int) { return v; }});
        if (withThrow)
            hooks.add({.onError = [](const ErrorInfo&, int) -> ErrorVerdict {
                throw std::runtime_error("x");
            }});
        std::vector<HookFailure> failures;
        return hooks.onError(ErrorInfo{}, 0, failures);
    };
    EXPECT_EQ(verdict({}), ErrorVerdict::Default);
    EXPECT_EQ(verdict({ErrorVerdict::Default}), ErrorVerdict::Default);
    EXPECT_EQ(verdict({ErrorVerdict::Abort, ErrorVerdict::Default}), ErrorVerdict::Abort);
    EXPECT_EQ(verdict({ErrorVerdict::Abort, ErrorVerdict::Retry}), ErrorVerdict::Retry);
    EXPECT_EQ(verdict({ErrorVerdict::Retry, ErrorVerdict::Abort}), ErrorVerdict::Retry);
    EXPECT_EQ(verdict({ErrorVerdict::Abort}, true), ErrorVerdict::Abort);
}

TEST(Hooks, OnErrorSeesTheAttemptAndNonStdExceptionsAreCaught)
{
    int seen = -1;
    Hooks hooks;
    hooks.add({.onError = [&](const ErrorInfo&, int attempt) {
        seen = attempt;
        return ErrorVerdict::Default;
    }});
    hooks.add({.name = "odd", .onFinish = [](const Event&) { throw 42; }});
    std::vector<HookFailure> failures;
    hooks.onError(ErrorInfo{}, 2, failures);
    EXPECT_EQ(seen, 2);
    const auto finish = hooks.onFinish(Event{StreamEndEvent{"m"}});
    ASSERT_EQ(finish.size(), 1u);
    EXPECT_EQ(finish[0].what, "unknown exception");
}

TEST(Hooks, EveryVoidHookIsReachable)
{
    int calls = 0;
    Hooks hooks;
    hooks.add({.onStepFinish = [&](const StepFinishEvent&) { ++calls; },
               .onToolExecutionStart = [&](const ToolCall&) { ++calls; },
               .onToolExecutionEnd = [&](const ToolCall&, const ToolResult&) { ++calls; }});
    hooks.onStepFinish(StepFinishEvent{});
    hooks.onToolExecutionStart(ToolCall{});
    hooks.onToolExecutionEnd(ToolCall{}, ToolResult{});
    EXPECT_EQ(calls, 3);
    EXPECT_EQ(hooks.size(), 1u);
}

} // namespace
} // namespace koder::agent
