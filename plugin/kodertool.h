// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QJsonObject>
#include <QtCore/QObject>
#include <QtCore/QVariant>
#include <QtQml/QJSValue>
#include <QtQml/qqmlregistration.h>

#include <functional>

/*!
    \qmltype KoderTool
    \inqmlmodule Koder.Agent
    \brief A tool the model may call, run only with the permission the policy requires.

    \qml
    KoderTool {
        name: "get_time"
        description: "The current time in a time zone"
        parameters: ({ type: "object", properties: { tz: { type: "string" } } })
        readOnly: true
        handler: function(args) { return new Date().toLocaleTimeString() }
    }
    \endqml

    The handler receives the parsed arguments object and returns the result: a string, any JSON
    value, or a Promise of one. A handler that throws, rejects or outlasts \l timeoutMs gives an
    error result; it never crashes the application.
*/
class KoderTool : public QObject {
    Q_OBJECT
    QML_ELEMENT
    /*! The name the model calls the tool by. */
    Q_PROPERTY(QString name READ name WRITE setName NOTIFY nameChanged FINAL)
    /*! What the tool does, for the model and the permission prompt. */
    Q_PROPERTY(
        QString description READ description WRITE setDescription NOTIFY descriptionChanged FINAL)
    /*! JSON schema of the arguments object. */
    Q_PROPERTY(
        QVariantMap parameters READ parameters WRITE setParameters NOTIFY parametersChanged FINAL)
    /*! A read-only tool changes nothing; autoAccept "onlyRead" runs it without asking. */
    Q_PROPERTY(bool readOnly READ readOnly WRITE setReadOnly NOTIFY readOnlyChanged FINAL)
    /*! Milliseconds a call may take before it fails; 0 waits forever. Default 30000. */
    Q_PROPERTY(int timeoutMs READ timeoutMs WRITE setTimeoutMs NOTIFY timeoutMsChanged FINAL)
    /*! \c{function(args)} returning the result or a Promise of it. */
    Q_PROPERTY(QJSValue handler READ handler WRITE setHandler NOTIFY handlerChanged FINAL)

public:
    /// The C++ alternative to a JS handler: returns the result (a string or any JSON-able
    /// QVariant); throwing gives an error result.
    using Callable = std::function<QVariant(const QJsonObject& arguments)>;

    explicit KoderTool(QObject* parent = nullptr);

    QString name() const { return m_name; }
    void setName(const QString& name);
    QString description() const { return m_description; }
    void setDescription(const QString& description);
    QVariantMap parameters() const { return m_parameters; }
    void setParameters(const QVariantMap& parameters);
    bool readOnly() const { return m_readOnly; }
    void setReadOnly(bool readOnly);
    int timeoutMs() const { return m_timeoutMs; }
    void setTimeoutMs(int ms);
    QJSValue handler() const { return m_handler; }
    void setHandler(const QJSValue& handler);

    Callable callable() const { return m_callable; }
    void setCallable(Callable callable);

Q_SIGNALS:
    void nameChanged();
    void descriptionChanged();
    void parametersChanged();
    void readOnlyChanged();
    void timeoutMsChanged();
    void handlerChanged();
    /// name, readOnly or existence changed: what the core must know of the tool.
    void definitionChanged();

private:
    QString m_name;
    QString m_description;
    QVariantMap m_parameters;
    bool m_readOnly = false;
    int m_timeoutMs = 30'000;
    QJSValue m_handler;
    Callable m_callable;
};
