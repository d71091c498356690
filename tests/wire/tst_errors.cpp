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

// Every server's "the prompt does not fit" is "context_length", not retryable, in the shape that
// server sends it.
TEST(Errors, APromptTooLongIsContextLengthInEveryServersShape)
{
    struct Case {
        const char* server;
        int status;
        const char* body;
    };
    const Case cases[] = {
        {"OpenAI", 400,
         R"({"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}})"},
        {"the Responses API", 400,
         R"({"error":{"message":"Your input exceeds the context window of this model. Please adjust your input and try again.","type":"invalid_request_error","param":"input","code":"context_length_exceeded"}})"},
        {"vLLM", 400,
         R"({"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5012 tokens (4012 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","param":null,"code":400})"},
        {"vLLM (OpenAI shape)", 400,
         R"({"error":{"message":"This model's maximum context length is 4096 tokens. However, you requested 5012 tokens.","type":"BadRequestError","param":null,"code":400}})"},
        {"llama.cpp", 400,
         R"({"error":{"code":400,"message":"request (9412 tokens) exceeds the available context size (8192 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":9412,"n_ctx":8192}})"},
        {"Ollama", 400, R"({"error":"the input length exceeds the context length"})"},
        {"Ollama (a server error)", 500,
         R"({"error":"the input length exceeds the context length"})"},
        {"Anthropic", 400,
         R"({"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"},"request_id":"req_011CSHoEeqs5C35K2UUqR7Fy"})"},
        {"Anthropic (request too large)", 413,
         R"({"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}})"},
        {"a gateway's HTML page", 413, "<html><body>413 Request Entity Too Large</body></html>"},
        {"Gemini", 400,
         R"([{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}])"},
    };
    for (const Case& c : cases) {
        const auto e = errorFromResponse(c.status, c.body, 5000);
        EXPECT_EQ(e.code, "context_length") << c.server;
        EXPECT_FALSE(e.retryable) << c.server;
    }
    // Inside a stream (no status): vLLM's error event, OpenAI's.
    auto e = errorFromResponse(
        0,
        R"({"error":{"message":"This model's maximum context length is 2048 tokens.","type":"BadRequestError","param":null,"code":400}})",
        -1);
    EXPECT_EQ(e.code, "context_length");
    e = errorFromResponse(0, R"({"error":{"message":"x","code":"context_length_exceeded"}})", -1);
    EXPECT_EQ(e.code, "context_length");
    EXPECT_EQ(e.message, "x");
}

// A message that mentions tokens does not make a rate limit, a key or a quota a prompt too long.
TEST(Errors, OtherErrorsThatMentionTokensKeepTheirCode)
{
    auto e = errorFromResponse(
        429,
        R"({"type":"error","error":{"type":"rate_limit_error","message":"Too many tokens: this request would exceed the rate limit for your organization of 40,000 input tokens per minute."}})",
        -1);
    EXPECT_EQ(e.code, "rate_limit");
    EXPECT_TRUE(e.retryable);
    e = errorFromResponse(429, R"({"error":"too many tokens per minute"})", -1);
    EXPECT_EQ(e.code, "rate_limited");
    e = errorFromResponse(401, R"({"error":{"message":"context window key invalid"}})", -1);
    EXPECT_EQ(e.code, "unauthorized");
    e = errorFromResponse(400, R"({"error":{"message":"max_tokens is too large: 100000"}})", -1);
    EXPECT_EQ(e.code, "bad_request");

    EXPECT_FALSE(saysContextLength("rate_limited", "too many tokens"));
    EXPECT_FALSE(saysContextLength("overloaded", "context window"));
    EXPECT_TRUE(saysContextLength("upstream_error", "This model's Maximum Context Length is 8k"));
    EXPECT_TRUE(saysContextLength("whatever_the_agent_says", "Prompt is too long"));
    EXPECT_TRUE(saysContextLength("context_length_exceeded", ""));
    EXPECT_FALSE(saysContextLength("agent_error", "The agent failed."));
}

TEST(Errors, ServerCodesAndFramesForAPromptTooLong)
{
    // The Responses API's response.failed / error event.
    auto e = errorFromServerCode("context_length_exceeded",
                                 "Your input exceeds the context window of this model.");
    EXPECT_EQ(e.code, "context_length");
    EXPECT_FALSE(e.retryable);
    e = errorFromServerCode("server_error", "boom");
    EXPECT_EQ(e.code, "server_error");
    EXPECT_TRUE(e.retryable);

    // An aichat.v1 error frame keeps its wire name context_length_exceeded; a server that said
    // it could be retried is overruled.
    e = recognizeContextLength({"context_length_exceeded", "too long", true, 3000});
    EXPECT_EQ(e, (koder::agent::ErrorInfo{"context_length", "too long", false, -1}));
    e = recognizeContextLength({"rate_limited", "too many tokens", true, 3000});
    EXPECT_EQ(e.code, "rate_limited");
    EXPECT_EQ(e.retryAfterMs, 3000);
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
