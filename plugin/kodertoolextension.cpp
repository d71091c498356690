// SPDX-License-Identifier: MIT
#include "kodertoolextension.h"

#include <QtCore/QPointer>
#include <QtQml/QJSEngine>

/*!
    \qmlproperty var KoderTool::handler

    The JS function that runs the tool: \c{function(args)}, called with the parsed arguments
    object. It returns the result: a string (sent to the model as it is), any other JSON value
    (sent as JSON text), or a Promise of one, whose settled value is the result. A throw or a
    rejected Promise gives the error result \c{"The tool failed: <message>"}; a Promise that
    does not settle within \l timeoutMs gives a timeout. Setting \c null or \c undefined
    removes the handler: a call then gets the error result \c{"The tool has no handler."}.

    \qml
    handler: function(args) { return notes.save(args.text) }
    \endqml

    The default is \c undefined (no handler).
*/

/*!
    \class KoderToolExtension
    \inmodule KoderAgent
    \internal
    \brief The JS side of KoderTool: its \c handler property (QML_EXTENDED).
*/

/*!
    \class KoderPromiseCallbacks
    \inmodule KoderAgent
    \internal
    \brief The \c resolve and \c reject pair handed to a handler's Promise.
*/

namespace {

// A JS value as the runner takes a result: a string as it is (not as JSON text); anything else
// stays a QJSValue, opened by the converter of jsvalueconverter.cpp when the runner reads it.
QVariant resultOf(const QJSValue& value)
{
    if (value.isString())
        return value.toString();
    return QVariant::fromValue(value);
}

QString failure(const QString& reason)
{
    return QStringLiteral("The tool failed: ") + reason;
}

} // namespace

KoderToolExtension::KoderToolExtension(QObject* tool)
    : QObject(tool)
    , m_tool(qobject_cast<KoderTool*>(tool))
{
    Q_ASSERT(m_tool);
}

void KoderToolExtension::setHandler(const QJSValue& handler)
{
    m_handler = handler;
    if (m_handler.isUndefined() || m_handler.isNull()) {
        m_tool->setAsyncCallable({});
    } else {
        // Not callable: the call is still made, and answers "The tool has no handler."
        m_tool->setAsyncCallable([self = QPointer<KoderToolExtension>(this)](
                                     const QJsonObject& args, KoderTool::Done done) {
            if (self)
                self->call(args, done);
            else
                done(QStringLiteral("The tool has no handler."), true);
        });
    }
    Q_EMIT handlerChanged();
}

void KoderToolExtension::call(const QJsonObject& args, const KoderTool::Done& done)
{
    QJSEngine* engine = qjsEngine(m_tool);
    if (!m_handler.isCallable() || !engine) {
        done(QStringLiteral("The tool has no handler."), true);
        return;
    }
    const QJSValue result = m_handler.call({engine->toScriptValue(args)});
    if (result.isError()) {
        done(failure(result.toString()), true);
        return;
    }
    const QJSValue then = result.property(QStringLiteral("then"));
    if (result.isObject() && then.isCallable()) {
        auto* callbacks = new KoderPromiseCallbacks(done, this);
        const QJSValue cb = engine->newQObject(callbacks);
        // newQObject hands ownership to JS; keep it C++-owned so we decide when it goes.
        QJSEngine::setObjectOwnership(callbacks, QJSEngine::CppOwnership);
        then.callWithInstance(result, {cb.property(QStringLiteral("resolve")),
                                       cb.property(QStringLiteral("reject"))});
        return;
    }
    done(resultOf(result), false);
}

KoderPromiseCallbacks::KoderPromiseCallbacks(KoderTool::Done done, QObject* parent)
    : QObject(parent)
    , m_done(std::move(done))
{
}

void KoderPromiseCallbacks::resolve(const QJSValue& value)
{
    if (!m_done)
        return;
    const KoderTool::Done done = std::exchange(m_done, {});
    deleteLater();
    done(resultOf(value), false);
}

void KoderPromiseCallbacks::reject(const QJSValue& reason)
{
    if (!m_done)
        return;
    const KoderTool::Done done = std::exchange(m_done, {});
    deleteLater();
    done(failure(reason.isError() ? reason.property(QStringLiteral("message")).toString()
                                  : reason.toString()),
         true);
}
