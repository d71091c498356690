// SPDX-License-Identifier: MIT
#include "koder/agent/retry.h"

#include <algorithm>

namespace koder::agent {

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
