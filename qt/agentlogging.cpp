// SPDX-License-Identifier: MIT
#include "agentlogging.h"

Q_LOGGING_CATEGORY(lcAgent, "koder.agent", QtWarningMsg)
Q_LOGGING_CATEGORY(lcWire, "koder.wire", QtWarningMsg)
Q_LOGGING_CATEGORY(lcMcp, "koder.mcp", QtInfoMsg)
