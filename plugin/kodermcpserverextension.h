// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtCore/QVariant>
#include <QtQml/QJSValue>
#include <QtQml/qqmlregistration.h>

class KoderMcpServer;

/// What KoderMcpServer has in QML only: getPrompt() and readResource() with a JS callback
/// (QML_EXTENDED in foreigntypes.h). The callback is called exactly once, with the result and
/// an empty error, or an undefined result and the error sentence.
class KoderMcpServerExtension : public QObject {
    Q_OBJECT
    QML_ANONYMOUS

public:
    explicit KoderMcpServerExtension(QObject* server);

    Q_INVOKABLE void getPrompt(const QString& name, const QVariant& arguments,
                               const QJSValue& callback);
    Q_INVOKABLE void readResource(const QString& uri, const QJSValue& callback);

private:
    KoderMcpServer* m_server;
};
