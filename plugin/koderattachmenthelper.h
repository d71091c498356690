// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtCore/QUrl>
#include <QtCore/QVariantMap>
#include <QtQml/qqmlregistration.h>

// What the message input needs to attach files that QML cannot do by itself: a file's size
// and type, the checks of a file the models can take, and an image on the clipboard (the
// KoderAttachmentHelper singleton). Documented in koderattachmenthelper.cpp.
class KoderAttachmentHelper : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit KoderAttachmentHelper(QObject* parent = nullptr);

    Q_INVOKABLE static QVariantMap inspect(const QUrl& url, double max,
                                           const QString& name = QString());
    Q_INVOKABLE static QVariantMap clipboardImage(double max);
    Q_INVOKABLE static bool copyImageToClipboard(const QUrl& url);
};
