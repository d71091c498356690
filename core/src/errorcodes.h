// SPDX-License-Identifier: MIT
// Error codes the core makes itself, where more than one file needs them.
#pragma once

#include <string_view>

namespace koder::agent::detail {

/// `lastError.code` of a stream that ended without a finish reason (retryable).
inline constexpr std::string_view incompleteStream = "incomplete";

} // namespace koder::agent::detail
