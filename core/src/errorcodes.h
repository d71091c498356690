// SPDX-License-Identifier: MIT
// Error codes the core makes itself, where more than one file needs them.
#pragma once

#include <string_view>

namespace koder::agent::detail {

/// `lastError.code` of a stream that ended without a finish reason (retryable).
inline constexpr std::string_view incompleteStream = "incomplete";
/// `lastError.code` of a request the server refused because its prompt was longer than the
/// model's context window (every transport maps its server's error to it).
inline constexpr std::string_view contextLengthCode = "context_length";

} // namespace koder::agent::detail
