// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/environment.h"
#include "koder/agent/message.h"
#include "koder/agent/serialization.h"

#include <string_view>
#include <vector>

namespace koder::agent {

/// Messages an application hands over (addChatMessages, setChatMessages): a JSON array in the
/// stored message format, except that `id` and `createdAt` may be left out; the missing ones are
/// made here, once, with `env` (the runtime's). Validated like any load: the first bad field is
/// reported by its path.
Loaded<std::vector<Message>> importMessages(std::string_view json, Environment& env);

} // namespace koder::agent
