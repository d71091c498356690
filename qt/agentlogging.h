// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QLoggingCategory>

// Debug output of the module: enable with QT_LOGGING_RULES="koder.agent.debug=true".
Q_DECLARE_LOGGING_CATEGORY(lcAgent)
/// What a stream decoder did not understand and skipped (an unknown content shape).
Q_DECLARE_LOGGING_CATEGORY(lcWire)
/// What MCP servers say on stderr and in their log notifications, and what the client skipped
/// of what they sent: never shown in the chat.
Q_DECLARE_LOGGING_CATEGORY(lcMcp)
