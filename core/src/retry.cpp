// SPDX-License-Identifier: MIT
#include "koder/agent/retry.h"

#include <algorithm>

/*!
    \enum koder::agent::ErrorVerdict
    \relates koder::agent::RetryPolicy

    What the \c onError hooks decided about a failed request (see
    \l {koder::agent::HookSet::onError}).

    \value Default Nothing: the retry policy decides.
    \value Retry Retry, even an error that is not retryable, within
           \l {koder::agent::RetryPolicy::hookRetryLimit}{hookRetryLimit}.
    \value Abort Give up: the turn ends with the error, even when the policy would retry.
*/

/*!
    \class koder::agent::RetryPolicy
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/retry.h
    \brief How many times a failed request is retried, and after how long.

    The reducer uses one with the state's \c maxRetries and the defaults below: a retryable
    error (a dropped connection, an overloaded server, a stream that ended without a finish
    reason) is retried up to \c maxRetries times, waiting 500 ms, then 1 s, 2 s, ... up to 30 s,
    or what the server's Retry-After said. See \l {koder::agent::decideRetry()}{decideRetry()}.

    \sa {Turn Lifecycle}
*/

/*!
    \variable koder::agent::RetryPolicy::maxRetries

    Retries of a retryable error without a hook asking, per step. Default 0: errors are retried
    only when the application asks.
*/

/*!
    \variable koder::agent::RetryPolicy::hookRetryLimit

    Retries an \c onError hook may ask for, per step, when higher than \c maxRetries.
    Default 3.
*/

/*!
    \variable koder::agent::RetryPolicy::baseDelayMs

    The first backoff, in milliseconds; it doubles with each retry of the step. Default 500.
*/

/*!
    \variable koder::agent::RetryPolicy::maxDelayMs

    The longest wait, in milliseconds, backoff and Retry-After alike. Default 30000.
*/

/*!
    \class koder::agent::RetryDecision
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/retry.h
    \brief Whether to retry a failed request, and after how long.

    Returned by \l {koder::agent::decideRetry()}{decideRetry()}.
*/

/*!
    \variable koder::agent::RetryDecision::retry

    Whether to retry. Default \c false.
*/

/*!
    \variable koder::agent::RetryDecision::delayMs

    How long to wait before the retry, in milliseconds; 0 when \c retry is \c false.
*/

/*!
    \fn bool koder::agent::RetryDecision::operator==(const koder::agent::RetryDecision &a, const koder::agent::RetryDecision &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

namespace koder::agent {

/*!
    \relates koder::agent::RetryPolicy

    Decides whether to retry after \a error, when \a attemptsSoFar retries of the current step
    have been made, under \a policy and the \c onError hooks' \a verdict:

    \list
    \li \c Abort: no retry.
    \li \c Retry: a retry while \a attemptsSoFar is below the higher of \c maxRetries and
        \c hookRetryLimit, even for an error that is not retryable.
    \li \c Default: a retry while the error is \c retryable and \a attemptsSoFar is below
        \c maxRetries.
    \endlist

    The delay is the server's Retry-After when it sent one (\c {error.retryAfterMs} >= 0),
    otherwise \c baseDelayMs doubled for each retry made so far (500, 1000, 2000 ms, ...
    with the defaults); either is capped at \c maxDelayMs.
*/
RetryDecision decideRetry(const RetryPolicy& policy, const ErrorInfo& error, int attemptsSoFar,
                          ErrorVerdict verdict)
{
    if (verdict == ErrorVerdict::Abort)
        return {};
    const int limit = verdict == ErrorVerdict::Retry
                          ? std::max(policy.maxRetries, policy.hookRetryLimit)
                          : (error.retryable ? policy.maxRetries : 0);
    if (attemptsSoFar >= limit)
        return {};

    std::int64_t delay = 0;
    if (error.retryAfterMs >= 0) {
        delay = error.retryAfterMs;
    } else {
        delay = policy.baseDelayMs;
        for (int i = 0; i < attemptsSoFar && delay < policy.maxDelayMs; ++i)
            delay *= 2;
    }
    return {true, std::clamp<std::int64_t>(delay, 0, policy.maxDelayMs)};
}

} // namespace koder::agent
