// SPDX-License-Identifier: MIT
// The origin rule every HTTP client of the library follows: keys and extra headers go to the
// configured URL's origin only, and a redirect to another origin is never followed.
#pragma once

#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QUrl>
#include <QtNetwork/QNetworkReply>

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

/// Follows a redirect of `reply` (its request has QNetworkRequest::UserVerifiedRedirectPolicy)
/// only within the origin of `from`. A redirect to another origin is never followed: `refused`
/// is called with its target, then the reply is aborted. The connection lives while `context`
/// does.
template<typename Refused>
void followWithinOrigin(QNetworkReply* reply, const QUrl& from, const QObject* context,
                        Refused refused)
{
    QObject::connect(reply, &QNetworkReply::redirected, context,
                     [reply, from, refused](const QUrl& target) {
                         if (sameOrigin(target, from)) {
                             Q_EMIT reply->redirectAllowed();
                             return;
                         }
                         refused(target);
                         reply->abort();
                     });
}

} // namespace koder::agent::qt
