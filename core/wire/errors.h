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
/// (`rate_limit_exceeded`, `server_error`, ...), not otherwise (`insufficient_quota`, ...).
koder::agent::ErrorInfo errorFromServerCode(std::string_view code, std::string_view message);

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
