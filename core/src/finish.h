// SPDX-License-Identifier: MIT
// How a step's end is recorded on its row: the normalised finish reason, the refusal mark.
#pragma once

#include "koder/agent/message.h"

#include <string>
#include <string_view>

namespace koder::agent::detail {

/// `metadata` (JSON text of an object, or empty) with the members of `patch` (the same) and,
/// when `refusal`, `"refusal": true` added.
std::string mergedMetadata(std::string_view metadata, std::string_view patch, bool refusal);
/// `metadata` (JSON text of an object, or empty) without the members the context budget keeps
/// (`boundary`, `earlierUsage`): what a server sends must not set them.
std::string withoutBudgetKeys(std::string_view metadata);
/// `metadata` with the member `key` set to the string `value`.
std::string withMember(std::string_view metadata, const std::string& key, const std::string& value);
/// `metadata` with `usage` added to its `earlierUsage` (the requests of a continued reply
/// before the last one, which the row's usage holds).
std::string withEarlierUsage(std::string_view metadata, const Usage& usage);

} // namespace koder::agent::detail
