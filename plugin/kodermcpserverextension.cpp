// SPDX-License-Identifier: MIT
#include "kodermcpserverextension.h"

#include "kodermcpserver.h"

#include <QtCore/QPointer>
#include <QtQml/QJSEngine>

/*!
    \class KoderMcpServerExtension
    \inmodule KoderAgent
    \internal
    \brief The JS side of KoderMcpServer: getPrompt() and readResource() with a JS callback
    (QML_EXTENDED).
*/

namespace {
// A JS callback as the server's C++ callback: called on the server's thread, once.
KoderMcpServer::Callback jsCallback(QObject* context, const QJSValue& callback)
{
    // The engine is read now: a server made in C++ may lose its JS wrapper before the answer.
    return [engine = QPointer<QJSEngine>(qjsEngine(context)), callback](const QVariant& result,
                                                                        const QString& error) {
        if (!engine || !callback.isCallable())
            return;
        QJSValue(callback).call(
            {error.isEmpty() ? engine->toScriptValue(result) : QJSValue(), QJSValue(error)});
    };
}

QVariantMap argumentsOf(const QVariant& arguments)
{
    QVariant value = arguments;
    if (value.canConvert<QJSValue>())
        value = value.value<QJSValue>().toVariant();
    return value.toMap();
}
} // namespace

KoderMcpServerExtension::KoderMcpServerExtension(QObject* server)
    : QObject(server)
    , m_server(qobject_cast<KoderMcpServer*>(server))
{
    Q_ASSERT(m_server);
}

void KoderMcpServerExtension::getPrompt(const QString& name, const QVariant& arguments,
                                        const QJSValue& callback)
{
    m_server->getPrompt(name, argumentsOf(arguments), jsCallback(m_server, callback));
}

void KoderMcpServerExtension::readResource(const QString& uri, const QJSValue& callback)
{
    m_server->readResource(uri, jsCallback(m_server, callback));
}
