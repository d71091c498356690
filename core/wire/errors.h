// SPDX-License-Identifier: MIT
// Maps what servers say about failures (HTTP statuses, error bodies, Retry-After) to the core's
// ErrorInfo with stable codes (the aichat.v1 codes of PROTOCOL.md) and an authoritative
// `retryable`. Plain C++.
#pragma once

#include "koder/agent/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace koder::wire {

/// An error body as OpenAI-compatible servers send it (`{"error":{"message","type","code"}}`,
/// `{"error":"text"}`, or anything else, HTML included), with the HTTP status (0 inside a
/// stream). `retryAfterMs` < 0 when the server gave no hint.
koder::agent::ErrorInfo errorFromResponse(int httpStatus, std::string_view body,
                                          std::int64_t retryAfterMs);

/// An error a server reported by its own code inside a stream (the Responses API's `error`
/// event and `response.failed`): the code is kept as the server said it (`"upstream_error"`
/// when it gave none), retryable when it is a rate limit, a server error or an overload
/// (`rate_limit_exceeded`, `server_error`, ...), not otherwise (`insufficient_quota`, ...). A
/// prompt too long for the model (see saysContextLength()) is `"context_length"`.
koder::agent::ErrorInfo errorFromServerCode(std::string_view code, std::string_view message);

/// The code of every "the prompt does not fit the model's context window" error, whatever the
/// wire (not retryable: the same request fails the same way).
inline constexpr std::string_view contextLengthCode = "context_length";

/// Whether an error a server reported says the prompt is too long for the model's context
/// window: by its name (`code` or `type`: OpenAI's `context_length_exceeded`, llama.cpp's
/// `exceed_context_size_error`, ...) or, when the name says nothing else we know (a bad request,
/// a server error, a name of the server's own), by its message ("maximum context length",
/// "prompt is too long", "context window", ..., case-insensitive: vLLM, Ollama, Anthropic).
bool saysContextLength(std::string_view name, std::string_view message);

/// `error` with code `"context_length"` (not retryable, no retry hint) when saysContextLength()
/// of its code and message; else `error` unchanged. For errors whose code a server chose (an
/// aichat.v1 `error` frame, an AG-UI RUN_ERROR).
koder::agent::ErrorInfo recognizeContextLength(koder::agent::ErrorInfo error);

/// The longest wait a server may ask for unless the caller says otherwise: one hour.
inline constexpr std::int64_t maxRetryAfterMs = 3'600'000;

/// The server's retry hint: `retry-after-ms` (float ms) first, then `retry-after` as seconds
/// (floats tolerated) or as an HTTP-date relative to `nowMs`, clamped to `maxMs`. Negative when
/// absent or unusable.
std::int64_t retryAfterMs(std::string_view retryAfterMsHeader, std::string_view retryAfterHeader,
                          std::int64_t nowMs, std::int64_t maxMs = maxRetryAfterMs);

/// Parses an RFC 9110 IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT") to ms since the epoch.
std::optional<std::int64_t> parseHttpDate(std::string_view text);

} // namespace koder::wire
