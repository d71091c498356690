// SPDX-License-Identifier: MIT
#include "toolresulttext.h"

#include <QtCore/QCoreApplication>

namespace koder::agent::qt {

namespace {
// The core's fixed answers (core/src/reduce_tools.cpp, reduce_turn.cpp, reduce_conversation.cpp,
// turn.cpp): the English the core writes is the source text of the translation.
// tst_toolcallstate fails when the core says one of the common ones differently.
constexpr const char* known[] = {
    QT_TRANSLATE_NOOP("KoderToolResult", "Denied by the tool's policy: it was not run."),
    QT_TRANSLATE_NOOP("KoderToolResult", "The user denied this tool call."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Not completed: the app closed while the tool ran."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Not run: the app closed before the call was decided."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Not run: the user added a message first."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Not run: the turn reached its step limit."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Denied: the user sent a new message instead."),
    QT_TRANSLATE_NOOP("KoderToolResult",
                      "Cancelled: the user sent a new message while the tool ran."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Not run: the turn ended before the call was decided."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Not completed: the turn ended while the tool ran."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Cancelled: the turn was stopped."),
    QT_TRANSLATE_NOOP("KoderToolResult", "Cancelled: the turn was stopped while the tool ran."),
    QT_TRANSLATE_NOOP("KoderToolResult", "The user declined to answer."), // question.h
};

QString translated(const char* text)
{
    return QCoreApplication::translate("KoderToolResult", text);
}
} // namespace

QString shownToolResultText(const QString& text)
{
    for (const char* core : known) {
        if (text == QLatin1String(core))
            return translated(core);
    }
    // The two that carry a part of their own: the user's reason, the tool's name.
    const QLatin1String deniedWithReason("The user denied this tool call. Reason: ");
    if (text.startsWith(deniedWithReason))
        return QCoreApplication::translate("KoderToolResult",
                                           "The user denied this tool call. Reason: %1")
            .arg(text.mid(deniedWithReason.size()));
    const QLatin1String unknownStart("Unknown tool \"");
    const QLatin1String unknownEnd("\": it was not run.");
    if (text.startsWith(unknownStart) && text.endsWith(unknownEnd) &&
        text.size() > unknownStart.size() + unknownEnd.size())
        return QCoreApplication::translate("KoderToolResult",
                                           "Unknown tool \"%1\": it was not run.")
            .arg(text.mid(unknownStart.size(),
                          text.size() - unknownStart.size() - unknownEnd.size()));
    return text;
}

} // namespace koder::agent::qt
