// SPDX-License-Identifier: MIT
// The texts the core writes into a tool message it answers itself (a denial, a call that never
// ran), shown in the user's language.
#pragma once

#include <QtCore/QString>

namespace koder::agent::qt {

// `text` as the user reads it: one of the core's own tool answers (for a call that was denied,
// cancelled or never run) translated, anything else (what a tool returned) as it is. The
// message keeps the core's English, which is what the model reads.
QString shownToolResultText(const QString& text);

} // namespace koder::agent::qt
