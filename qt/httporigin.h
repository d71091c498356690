// SPDX-License-Identifier: MIT
// The origin rule every HTTP client of the library follows: keys and extra headers go to the
// configured URL's origin only, and a redirect to another origin is never followed.
#pragma once

#include <QtCore/QString>
#include <QtCore/QUrl>

namespace koder::agent::qt {

/// The URL's origin as text (scheme, host, port), for messages.
inline QString origin(const QUrl& url)
{
    return url
        .adjusted(QUrl::RemoveUserInfo | QUrl::RemovePath | QUrl::RemoveQuery |
                  QUrl::RemoveFragment)
        .toString();
}

inline bool sameOrigin(const QUrl& a, const QUrl& b)
{
    return a.scheme() == b.scheme() && a.host() == b.host() && a.port(-1) == b.port(-1);
}

} // namespace koder::agent::qt
