// SPDX-License-Identifier: MIT
// Stands in for the desktop for every scheme a link could have: what Qt.openUrlExternally (or
// QDesktopServices::openUrl) would have opened ends up in `opened`, and nothing leaves the test.
#pragma once

#include <QtCore/QList>
#include <QtCore/QObject>
#include <QtCore/QStringList>
#include <QtCore/QUrl>

class UrlCatcher : public QObject {
    Q_OBJECT
public:
    static const QStringList schemes;

    UrlCatcher();
    ~UrlCatcher() override;

    QList<QUrl> opened;

public Q_SLOTS:
    void open(const QUrl& url) { opened.append(url); }
};
