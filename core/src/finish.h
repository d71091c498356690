// SPDX-License-Identifier: MIT
// How a step's end is recorded on its row: the normalised finish reason, the refusal mark.
#pragma once

#include <string>
#include <string_view>

namespace koder::agent::detail {

/// `metadata` (JSON text of an object, or empty) with the members of `patch` (the same) and,
/// when `refusal`, `"refusal": true` added.
std::string mergedMetadata(std::string_view metadata, std::string_view patch, bool refusal);

} // namespace koder::agent::detail
