// SPDX-License-Identifier: MIT
// The runtime's retries: a failed request the reducer retries after a backoff waits on the one
// retry timer, set for whichever conversation's retry falls due first.
#include "koder/agent/runtime.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace koder::agent {

void Runtime::delay(Live& live, StartTurn request)
{
    const std::int64_t due = env_.now() + request.delayMs;
    live.delayed = Delayed{std::move(request), due};
    armRetryTimer(false);
}

// One timer serves every conversation's retry: it is set for the one that falls due first.
void Runtime::armRetryTimer(bool stopWhenIdle)
{
    std::optional<std::int64_t> first;
    const auto consider = [&first](const Live& live) {
        if (live.delayed && (!first || live.delayed->due < *first))
            first = live.delayed->due;
    };
    consider(shown_);
    for (const auto& live : background_)
        consider(*live);
    if (first)
        executor_.startTimer(Executor::Timer::Retry,
                             std::max<std::int64_t>(0, *first - env_.now()));
    else if (stopWhenIdle)
        executor_.stopTimer(Executor::Timer::Retry);
}

// The first retry to fall due goes, with every other whose time has come.
void Runtime::fireRetries()
{
    Live* first = shown_.delayed ? &shown_ : nullptr;
    for (const auto& live : background_)
        if (live->delayed && (!first || live->delayed->due < first->delayed->due))
            first = live.get();
    if (!first)
        return;
    const std::int64_t now = env_.now();
    std::vector<StartTurn> due;
    const auto take = [&](Live& live) {
        if (live.delayed && (&live == first || live.delayed->due <= now))
            due.push_back(std::exchange(live.delayed, std::nullopt)->request);
    };
    take(*first);
    take(shown_);
    for (const auto& live : background_)
        take(*live);
    armRetryTimer(false);
    for (StartTurn& request : due)
        startRequest(std::move(request));
}

} // namespace koder::agent
