// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"

#include <cstdint>

namespace koder::agent {

/// What the onError hooks decided: nothing (the policy decides), retry, or give up.
enum class ErrorVerdict : std::uint8_t { Default, Retry, Abort };

struct RetryPolicy {
    int maxRetries = 0;     ///< retries of retryable errors without a hook asking
    int hookRetryLimit = 3; ///< retries a hook may ask for, when above maxRetries
    std::int64_t baseDelayMs = 500;
    std::int64_t maxDelayMs = 30'000;
};

struct RetryDecision {
    bool retry = false;
    std::int64_t delayMs = 0;

    friend bool operator==(const RetryDecision&, const RetryDecision&) = default;
};

/// Whether to retry after `attemptsSoFar` retries of the current step, and after how long.
/// A hook's Abort always wins over the policy; a hook's Retry retries even a non-retryable error,
/// bounded by max(maxRetries, hookRetryLimit). Backoff doubles from baseDelayMs; a server's
/// Retry-After (`error.retryAfterMs` >= 0) replaces it. Both are capped at maxDelayMs.
RetryDecision decideRetry(const RetryPolicy& policy, const ErrorInfo& error, int attemptsSoFar,
                          ErrorVerdict verdict);

} // namespace koder::agent
