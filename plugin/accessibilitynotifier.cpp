// SPDX-License-Identifier: MIT
#include "accessibilitynotifier.h"

#include <QtGui/QAccessible>

namespace koder::agent::qt {

namespace {
std::function<void(const AccessibilityRecord&)>& observer()
{
    static std::function<void(const AccessibilityRecord&)> instance;
    return instance;
}
} // namespace

void AccessibilityNotifier::setObserver(std::function<void(const AccessibilityRecord&)> o)
{
    observer() = std::move(o);
}

void AccessibilityNotifier::textInserted(QObject* object, int position, const QString& text)
{
    if (observer())
        observer()({AccessibilityRecord::Kind::TextInserted, object, position, text, false});
    if (!object || !QAccessible::isActive())
        return;
    QAccessibleTextInsertEvent event(object, position, text);
    QAccessible::updateAccessibility(&event);
}

void AccessibilityNotifier::announce(QObject* object, const QString& text, bool assertive)
{
    if (observer())
        observer()({AccessibilityRecord::Kind::Announcement, object, 0, text, assertive});
    if (!object || !QAccessible::isActive())
        return;
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    QAccessibleAnnouncementEvent event(object, text);
    event.setPoliteness(assertive ? QAccessible::AnnouncementPoliteness::Assertive
                                  : QAccessible::AnnouncementPoliteness::Polite);
    QAccessible::updateAccessibility(&event);
#else
    if (assertive) {
        QAccessibleEvent event(object, QAccessible::Alert);
        QAccessible::updateAccessibility(&event);
    }
#endif
}

} // namespace koder::agent::qt
