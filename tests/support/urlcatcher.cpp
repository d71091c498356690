// SPDX-License-Identifier: MIT
#include "urlcatcher.h"

#include <QtGui/QDesktopServices>

const QStringList UrlCatcher::schemes{QStringLiteral("http"),   QStringLiteral("https"),
                                      QStringLiteral("mailto"), QStringLiteral("file"),
                                      QStringLiteral("data"),   QStringLiteral("javascript"),
                                      QStringLiteral("custom"), QStringLiteral("qrc")};

UrlCatcher::UrlCatcher()
{
    for (const QString& scheme : schemes)
        QDesktopServices::setUrlHandler(scheme, this, "open");
}

UrlCatcher::~UrlCatcher()
{
    for (const QString& scheme : schemes)
        QDesktopServices::unsetUrlHandler(scheme);
}
