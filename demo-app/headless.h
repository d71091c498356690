// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QString>

class QQuickWindow;

/// Waits until the controller's MCP servers (its `agent` property's) are ready or failed and
/// says how each is, then sends \a text through the controller, waits until the reply has
/// finished (or stopped to ask for a permission), and saves a picture of the window to
/// \a screenshot. Returns the process exit code; says what happened on stdout / stderr.
int runHeadless(QQuickWindow* window, const QString& text, const QString& screenshot);
