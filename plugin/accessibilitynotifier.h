// SPDX-License-Identifier: MIT
// The one place the module raises accessibility events. Tests observe them here, without
// private Qt API and without an active accessibility backend.
#pragma once

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>

#include <functional>

namespace koder::agent::qt {

struct AccessibilityRecord {
    enum class Kind { TextInserted, Announcement };
    Kind kind;
    QPointer<QObject> object;
    int position = 0; ///< TextInserted: where the text starts
    QString text;     ///< the inserted text, or the announcement
    bool assertive = false;
};

class AccessibilityNotifier {
public:
    /// Text appended to a live item (a QAccessibleTextInsertEvent).
    static void textInserted(QObject* object, int position, const QString& text);
    /// A boundary announcement: QAccessibleAnnouncementEvent on Qt >= 6.8; before that an
    /// Alert event (assertive) or nothing (polite): screen readers hear the name change and the
    /// focus moving to the permission prompt instead.
    static void announce(QObject* object, const QString& text, bool assertive);

    /// Sees every event raised (for tests). Pass {} to stop.
    static void setObserver(std::function<void(const AccessibilityRecord&)> observer);
};

} // namespace koder::agent::qt
