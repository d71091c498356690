// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QString>
#include <QtCore/QUrl>

namespace koder::agent::qt {

/// Whether a link from untrusted text may be followed: an http: or https: address with a host,
/// or a mailto: address with a recipient. Read as QDesktopServices and Qt.openUrlExternally()
/// read the string (tolerant mode, not trimmed), so what is checked is what would be opened.
/// KoderText::isSafeLink() and the HTML export share it.
inline bool isSafeLink(const QString& url)
{
    const QUrl parsed(url);
    if (!parsed.isValid())
        return false;
    const QString scheme = parsed.scheme();
    if (scheme.compare(QLatin1String("http"), Qt::CaseInsensitive) == 0 ||
        scheme.compare(QLatin1String("https"), Qt::CaseInsensitive) == 0)
        return !parsed.host().isEmpty();
    if (scheme.compare(QLatin1String("mailto"), Qt::CaseInsensitive) == 0)
        return !parsed.path().isEmpty();
    return false; // javascript:, file:, data:, custom schemes, relative links
}

} // namespace koder::agent::qt
