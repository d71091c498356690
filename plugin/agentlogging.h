// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QLoggingCategory>

// Debug output of the module: enable with QT_LOGGING_RULES="koder.agent.debug=true".
Q_DECLARE_LOGGING_CATEGORY(lcAgent)
