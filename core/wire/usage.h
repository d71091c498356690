// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"

namespace koder::wire {

/// Token counts a server reported for a request (the core's type: a reply's row keeps them).
using Usage = koder::agent::Usage;

} // namespace koder::wire
