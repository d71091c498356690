// SPDX-License-Identifier: MIT
#include "errors.h"

#include <gtest/gtest.h>

namespace koder::wire {
namespace {

TEST(Errors, HttpStatusesWithJsonBodies)
{
    auto e = errorFromResponse(
        401,
        R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error","param":null,"code":"invalid_api_key"}})",
        -1);
    EXPECT_EQ(e.code, "unauthorized");
    EXPECT_EQ(e.message, "Incorrect API key provided");
    EXPECT_FALSE(e.retryable);

    e = errorFromResponse(
        429,
        R"({"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}})",
        20000);
    EXPECT_EQ(e.code, "rate_limited");
    EXPECT_TRUE(e.retryable);
    EXPECT_EQ(e.retryAfterMs, 20000);

    e = errorFromResponse(
        429,
        R"({"error":{"message":"You exceeded your quota","type":"insufficient_quota","code":"insufficient_quota"}})",
        -1);
    EXPECT_EQ(e.code, "forbidden");
    EXPECT_FALSE(e.retryable) << "an exhausted quota is not fixed by waiting";

    e = errorFromResponse(
        404, R"({"error":{"message":"model \"x\" not found","type":"not_found_error"}})", -1);
    EXPECT_EQ(e.code, "not_found");

    e = errorFromResponse(500, R"({"error":{"message":"boom","type":"server_error"}})", -1);
    EXPECT_EQ(e.code, "upstream_error");
    EXPECT_TRUE(e.retryable);

    e = errorFromResponse(503, R"({"error":"model is loading"})", -1);
    EXPECT_EQ(e.code, "overloaded");
    EXPECT_EQ(e.message, "model is loading");
    EXPECT_TRUE(e.retryable);
}

TEST(Errors, NonJsonBodiesAreKeptAsText)
{
    auto e = errorFromResponse(502, "<html><body>Bad Gateway</body></html>\n", -1);
    EXPECT_EQ(e.code, "upstream_error");
    EXPECT_EQ(e.message, "<html><body>Bad Gateway</body></html>");
    e = errorFromResponse(500, "", -1);
    EXPECT_EQ(e.message, "The server answered with HTTP status 500.");
}

TEST(Errors, InStreamErrorWithNumericCode)
{
    auto e = errorFromResponse(
        0, R"({"error":{"message":"too long","type":"SomethingElse","code":400}})", -1);
    EXPECT_EQ(e.code, "bad_request");
    e = errorFromResponse(0, R"({"error":{"message":"busy","code":503}})", -1);
    EXPECT_EQ(e.code, "overloaded");
    EXPECT_TRUE(e.retryable);
}

TEST(Errors, RetryAfterHeaders)
{
    const std::int64_t now = 784111777000; // Sun, 06 Nov 1994 08:49:37 GMT
    EXPECT_EQ(retryAfterMs("1500.4", "9", now), 1500);
    EXPECT_EQ(retryAfterMs("", "2", now), 2000);
    EXPECT_EQ(retryAfterMs("", "0.5", now), 500);
    EXPECT_EQ(retryAfterMs("", "Sun, 06 Nov 1994 08:49:47 GMT", now), 10000);
    EXPECT_EQ(retryAfterMs("", "Sun, 06 Nov 1994 08:49:27 GMT", now), 0);
    EXPECT_EQ(retryAfterMs("", "soon", now), -1);
    EXPECT_EQ(retryAfterMs("-3", "", now), -1);
    EXPECT_EQ(retryAfterMs("", "", now), -1);
    EXPECT_EQ(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT"), now);
}

TEST(Errors, HugeRetryHintsAreClamped)
{
    // 1e300 seconds overflowed llround (undefined behaviour); now it is the longest wait.
    const std::int64_t now = 784111777000;
    EXPECT_EQ(retryAfterMs("", "1e300", now), maxRetryAfterMs);
    EXPECT_EQ(retryAfterMs("1e300", "", now), maxRetryAfterMs);
    EXPECT_EQ(retryAfterMs("", "86400", now), maxRetryAfterMs);
    EXPECT_EQ(retryAfterMs("", "Fri, 31 Dec 9999 23:59:59 GMT", now), maxRetryAfterMs);
    EXPECT_EQ(retryAfterMs("", "120", now, 60'000), 60'000);
    EXPECT_EQ(retryAfterMs("", "30", now, 60'000), 30'000);
}

} // namespace
} // namespace koder::wire
