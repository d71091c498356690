// SPDX-License-Identifier: MIT
#include "agentlogging.h"

Q_LOGGING_CATEGORY(lcAgent, "koder.agent", QtWarningMsg)
