// SPDX-License-Identifier: MIT
#include "koder/agent/retry.h"

#include <gtest/gtest.h>

namespace koder::agent {
namespace {

struct RetryCase {
    const char* name;
    int maxRetries;
    bool retryable;
    std::int64_t retryAfterMs;
    int attempts;
    ErrorVerdict verdict;
    RetryDecision expected;
};

class RetryDecisions : public ::testing::TestWithParam<RetryCase> {};

TEST_P(RetryDecisions, Decide)
{
    const RetryCase& c = GetParam();
    RetryPolicy policy;
    policy.maxRetries = c.maxRetries;
    const ErrorInfo error{"e", "m", c.retryable, c.retryAfterMs};
    EXPECT_EQ(decideRetry(policy, error, c.attempts, c.verdict), c.expected) << c.name;
}

constexpr RetryDecision no{false, 0};

INSTANTIATE_TEST_SUITE_P(
    Table, RetryDecisions,
    ::testing::Values(
        RetryCase{"default policy never retries", 0, true, -1, 0, ErrorVerdict::Default, no},
        RetryCase{
            "first retry waits the base delay", 3, true, -1, 0, ErrorVerdict::Default, {true, 500}},
        RetryCase{"backoff doubles", 3, true, -1, 2, ErrorVerdict::Default, {true, 2000}},
        RetryCase{"bounded by maxRetries", 3, true, -1, 3, ErrorVerdict::Default, no},
        RetryCase{"non-retryable is not retried", 3, false, -1, 0, ErrorVerdict::Default, no},
        RetryCase{
            "Retry-After replaces backoff", 3, true, 2500, 2, ErrorVerdict::Default, {true, 2500}},
        RetryCase{"Retry-After 0 retries at once", 3, true, 0, 0, ErrorVerdict::Default, {true, 0}},
        RetryCase{
            "Retry-After is capped", 3, true, 3'600'000, 0, ErrorVerdict::Default, {true, 30'000}},
        RetryCase{"backoff is capped", 20, true, -1, 10, ErrorVerdict::Default, {true, 30'000}},
        RetryCase{
            "hook retry beats non-retryable", 0, false, -1, 0, ErrorVerdict::Retry, {true, 500}},
        RetryCase{"hook retries are bounded too", 0, false, -1, 3, ErrorVerdict::Retry, no},
        RetryCase{"hook abort beats policy", 5, true, -1, 0, ErrorVerdict::Abort, no}),
    [](const auto& p) {
        std::string n = p.param.name;
        for (char& ch : n)
            if (!std::isalnum(static_cast<unsigned char>(ch)))
                ch = '_';
        return n;
    });

} // namespace
} // namespace koder::agent
