// SPDX-License-Identifier: MIT
#include "koder/agent/hooks.h"

#include <exception>

namespace koder::agent {

namespace {

// Runs `call` and turns an exception into a failure report; returns whether it completed.
template<class Call>
bool guarded(const HookSet& set, std::string_view hook, std::vector<HookFailure>& failures,
             Call&& call)
{
    try {
        call();
        return true;
    } catch (const std::exception& e) {
        failures.push_back({set.name, hook, e.what()});
    } catch (...) {
        failures.push_back({set.name, hook, "unknown exception"});
    }
    return false;
}

template<class Member, class... Args>
std::vector<HookFailure> runVoid(const std::vector<HookSet>& sets, Member member,
                                 std::string_view hook, const Args&... args)
{
    std::vector<HookFailure> failures;
    for (const HookSet& set : sets) {
        const auto& fn = set.*member;
        if (fn)
            guarded(set, hook, failures, [&] { fn(args...); });
    }
    return failures;
}

} // namespace

std::vector<HookFailure> Hooks::onStart(const StartTurn& request) const
{
    return runVoid(sets_, &HookSet::onStart, "onStart", request);
}

StartTurn Hooks::prepareStep(StartTurn request, std::vector<HookFailure>& failures) const
{
    for (const HookSet& set : sets_) {
        if (!set.prepareStep)
            continue;
        StartTurn next;
        if (guarded(set, "prepareStep", failures, [&] { next = set.prepareStep(request); }))
            request = std::move(next);
    }
    return request;
}

std::vector<HookFailure> Hooks::onStepFinish(const StepFinishEvent& step) const
{
    return runVoid(sets_, &HookSet::onStepFinish, "onStepFinish", step);
}

std::vector<HookFailure> Hooks::onToolExecutionStart(const ToolCall& call) const
{
    return runVoid(sets_, &HookSet::onToolExecutionStart, "onToolExecutionStart", call);
}

std::vector<HookFailure> Hooks::onToolExecutionEnd(const ToolCall& call,
                                                   const ToolResult& result) const
{
    return runVoid(sets_, &HookSet::onToolExecutionEnd, "onToolExecutionEnd", call, result);
}

std::vector<HookFailure> Hooks::onFinish(const Event& terminal) const
{
    return runVoid(sets_, &HookSet::onFinish, "onFinish", terminal);
}

ErrorVerdict Hooks::onError(const ErrorInfo& error, int attempt,
                            std::vector<HookFailure>& failures) const
{
    bool retry = false;
    bool abort = false;
    for (const HookSet& set : sets_) {
        if (!set.onError)
            continue;
        ErrorVerdict v = ErrorVerdict::Default;
        if (!guarded(set, "onError", failures, [&] { v = set.onError(error, attempt); }))
            continue;
        retry = retry || v == ErrorVerdict::Retry;
        abort = abort || v == ErrorVerdict::Abort;
    }
    return retry ? ErrorVerdict::Retry : abort ? ErrorVerdict::Abort : ErrorVerdict::Default;
}

} // namespace koder::agent
