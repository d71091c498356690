// SPDX-License-Identifier: MIT
#include "koder/agent/hooks.h"

#include <exception>

/*!
    \class koder::agent::HookSet
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/hooks.h
    \brief One set of agent-loop hooks: callbacks a \l {koder::agent::Runtime}{Runtime} calls
    at the moments of a turn.

    Every member is optional: an empty \c std::function is skipped. Add a set with
    \l {koder::agent::Runtime::addHooks()}{Runtime::addHooks()}; several sets compose as
    \l {koder::agent::Hooks}{Hooks} describes. Designated initializers keep a set short:

    \snippet core/tst_runtime.cpp runtime-onerror

    A hook may dispatch to the runtime (say, abort the turn from \c onToolExecutionStart); what
    it dispatches waits until the current dispatch is done. A hook that throws is reported as a
    \l {koder::agent::HookFailure}{HookFailure} and skipped.

    \sa koder::agent::Runtime::addHooks()
*/

/*!
    \variable koder::agent::HookSet::name

    The set's name, for failure reports (\l {koder::agent::HookFailure::hookSet}). Empty by
    default.
*/

/*!
    \variable koder::agent::HookSet::onStart

    Called when a turn begins: its first request is about to go out (before \c prepareStep).
    Not called for retries or for the later steps of the turn.
*/

/*!
    \variable koder::agent::HookSet::prepareStep

    Called for every request of a turn (each step, each retry) with the outgoing request; returns
    the request to send, possibly changed (another history, a trimmed context, an added system
    message). Chained: each set receives what the previous one returned, and the executor sends
    what the last one returned. A throwing link leaves the request as it was.
*/

/*!
    \variable koder::agent::HookSet::onStepFinish

    Called when a model step ends (its stream ended), with the step's message id, number and
    normalised finish reason; before the \c stepFinish event, and before the step's tools run.
*/

/*!
    \variable koder::agent::HookSet::onToolExecutionStart

    Called when an approved tool call is about to run. A hook that ends the turn here (by
    dispatching \c Abort) keeps the tool from running.
*/

/*!
    \variable koder::agent::HookSet::onToolExecutionEnd

    Called with the call and its result when a running tool answered, before the result is
    dispatched. Not called for a result nobody waits for any more.
*/

/*!
    \variable koder::agent::HookSet::onFinish

    Called with the turn's terminal event (\c streamEnd, \c error or \c aborted): exactly once
    per turn, before the observer hears the event.
*/

/*!
    \variable koder::agent::HookSet::onError

    Called when the live request of the shown conversation failed (a background turn's failure
    follows the retry policy), before the core decides whether to retry, with the
    error and the number of retries already spent on this step. Returns
    \l {koder::agent::ErrorVerdict}{ErrorVerdict}: \c Default lets the retry policy decide,
    \c Retry retries even an error that is not retryable (up to
    \l {koder::agent::RetryPolicy::hookRetryLimit}{hookRetryLimit} or \c maxRetries, whichever
    is higher), \c Abort ends the turn with the error even when the policy would retry.
*/

/*!
    \class koder::agent::HookFailure
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/hooks.h
    \brief A hook that threw; the chain went on without it.

    Reported through
    \l {koder::agent::RuntimeObserver::hookFailed()}{RuntimeObserver::hookFailed()}.
*/

/*!
    \variable koder::agent::HookFailure::hookSet

    The \l {koder::agent::HookSet::name}{name} of the set whose hook threw.
*/

/*!
    \variable koder::agent::HookFailure::hook

    Which hook threw: \c "onStart", \c "prepareStep", \c "onStepFinish",
    \c "onToolExecutionStart", \c "onToolExecutionEnd", \c "onFinish" or \c "onError".
*/

/*!
    \variable koder::agent::HookFailure::what

    The exception's \c what(), or \c "unknown exception" for one that is not a
    \c std::exception.
*/

/*!
    \fn bool koder::agent::HookFailure::operator==(const koder::agent::HookFailure &a, const koder::agent::HookFailure &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

/*!
    \class koder::agent::Hooks
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/hooks.h
    \brief The composition of hook sets, in the order they were added.

    A \l {koder::agent::Runtime}{Runtime} keeps one and calls it at the moments of a turn; it
    can also be used on its own. Composition is sequential and deterministic:

    \list
    \li void hooks run one after the other; one that throws is reported and skipped, and the
        rest still run;
    \li \c prepareStep is chained: each set receives what the previous one returned; one that
        throws leaves the request as it was;
    \li for \c onError any \c Retry wins, else any \c Abort, else \c Default; a throwing
        \c onError counts as no answer.
    \endlist

    Each call returns (or fills in) the failures of the hooks that threw, in order.
*/

/*!
    \fn void koder::agent::Hooks::add(koder::agent::HookSet set)

    Adds \a set after the sets added before.
*/

/*!
    \fn void koder::agent::Hooks::clear()

    Removes every set.
*/

/*!
    \fn std::size_t koder::agent::Hooks::size() const

    Returns the number of sets.
*/

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

/*!
    Calls every set's \c onStart with \a request. Returns the failures.
*/
std::vector<HookFailure> Hooks::onStart(const StartTurn& request) const
{
    return runVoid(sets_, &HookSet::onStart, "onStart", request);
}

/*!
    Passes \a request through every set's \c prepareStep, each receiving what the previous one
    returned, and returns the result. The failures are appended to \a failures.
*/
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

/*!
    Calls every set's \c onStepFinish with \a step. Returns the failures.
*/
std::vector<HookFailure> Hooks::onStepFinish(const StepFinishEvent& step) const
{
    return runVoid(sets_, &HookSet::onStepFinish, "onStepFinish", step);
}

/*!
    Calls every set's \c onToolExecutionStart with \a call. Returns the failures.
*/
std::vector<HookFailure> Hooks::onToolExecutionStart(const ToolCall& call) const
{
    return runVoid(sets_, &HookSet::onToolExecutionStart, "onToolExecutionStart", call);
}

/*!
    Calls every set's \c onToolExecutionEnd with \a call and its \a result. Returns the
    failures.
*/
std::vector<HookFailure> Hooks::onToolExecutionEnd(const ToolCall& call,
                                                   const ToolResult& result) const
{
    return runVoid(sets_, &HookSet::onToolExecutionEnd, "onToolExecutionEnd", call, result);
}

/*!
    Calls every set's \c onFinish with the \a terminal event. Returns the failures.
*/
std::vector<HookFailure> Hooks::onFinish(const Event& terminal) const
{
    return runVoid(sets_, &HookSet::onFinish, "onFinish", terminal);
}

/*!
    Asks every set's \c onError about \a error after \a attempt retries of the step, and
    returns the verdict: \c Retry if any set said so, else \c Abort if any did, else
    \c Default. The failures are appended to \a failures.
*/
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
