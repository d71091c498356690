// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QJsonObject>
#include <QtCore/QObject>
#include <QtCore/QVariant>

#include <functional>

// A tool the model may call, run only with the permission the policy requires. This class has
// no Qt Qml: the QML module adds the JS `handler` (kodertoolextension.h). Documented in
// kodertool.cpp.
class KoderTool : public QObject {
    Q_OBJECT
    // The name the model calls the tool by.
    Q_PROPERTY(QString name READ name WRITE setName NOTIFY nameChanged FINAL)
    // What the tool does, for the model and the permission prompt.
    Q_PROPERTY(
        QString description READ description WRITE setDescription NOTIFY descriptionChanged FINAL)
    // JSON schema of the arguments object.
    Q_PROPERTY(
        QVariantMap parameters READ parameters WRITE setParameters NOTIFY parametersChanged FINAL)
    // A read-only tool changes nothing; autoAccept "onlyRead" runs it without asking.
    Q_PROPERTY(bool readOnly READ readOnly WRITE setReadOnly NOTIFY readOnlyChanged FINAL)
    // Milliseconds a call may take before it fails; 0 waits forever (30000).
    Q_PROPERTY(int timeoutMs READ timeoutMs WRITE setTimeoutMs NOTIFY timeoutMsChanged FINAL)

public:
    /// The C++ alternative to a JS handler: returns the result (a string or any JSON-able
    /// QVariant); throwing gives an error result.
    using Callable = std::function<QVariant(const QJsonObject& arguments)>;
    /// Reports an asynchronous call's outcome: the result (as for Callable), or with `isError`
    /// the error text the model reads (a string). Call it once, on the tool's thread; calls after
    /// the first, after a timeout or after the call was cancelled are ignored.
    using Done = std::function<void(const QVariant& result, bool isError)>;
    /// An asynchronous handler: starts the call and reports through `done`, now or later. A
    /// throw before it returns gives an error result. (The QML module runs JS handlers and their
    /// Promises through one.)
    using AsyncCallable = std::function<void(const QJsonObject& arguments, Done done)>;

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
    /// The synchronous handler; when set, it is used before the async one.
    Callable callable() const { return m_callable; }
    void setCallable(Callable callable);
    AsyncCallable asyncCallable() const { return m_asyncCallable; }
    void setAsyncCallable(AsyncCallable callable);
    /// Whether a call of this tool asks the user a question instead of running (see
    /// KoderAskUserTool): the core makes its arguments a pending input.
    bool asksUser() const { return m_asksUser; }

Q_SIGNALS:
    void nameChanged();
    void descriptionChanged();
    void parametersChanged();
    void readOnlyChanged();
    void timeoutMsChanged();
    /// The callable or the async callable changed.
    void callableChanged();
    /// name, readOnly or existence changed: what the core must know of the tool.
    void definitionChanged();

protected:
    void setAsksUser(bool asks) { m_asksUser = asks; }

private:
    bool m_asksUser = false;
    QString m_name;
    QString m_description;
    QVariantMap m_parameters;
    bool m_readOnly = false;
    int m_timeoutMs = 30'000;
    Callable m_callable;
    AsyncCallable m_asyncCallable;
};
