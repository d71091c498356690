// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QString>

class QQuickWindow;

/// Sends \a text through the window's controller (its `agent` property), waits until the reply
/// has finished (or stopped to ask for a permission), then saves a picture of the window to
/// \a screenshot. Returns the process exit code; says what happened on stdout / stderr.
int runHeadless(QQuickWindow* window, const QString& text, const QString& screenshot);
