// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtQml/QJSValue>

#include <functional>
#include <memory>

class KoderTool;
class QTimer;

/// Runs tool calls: a JS handler (value or Promise) or a C++ callable, with a timeout. Reports
/// each call exactly once, never synchronously from run(), and never after cancel().
class ToolRunner : public QObject {
    Q_OBJECT
public:
    using Done = std::function<void(const std::string& callId, std::string result, bool isError)>;

    explicit ToolRunner(Done done, QObject* parent = nullptr);
    ~ToolRunner() override;

    /// `tool` may be null (the tool was removed since the call was approved): an error result.
    void run(KoderTool* tool, const koder::agent::ToolCall& call);
    void cancel(const std::string& callId);
    void cancelAll();
    int runningCount() const { return static_cast<int>(m_running.size()); }

    // Called from JS through PromiseCallbacks.
    void settle(const QString& callId, const QJSValue& value, bool rejected);

private:
    struct Running;
    void finish(const std::string& callId, std::string result, bool isError);
    void finishLater(const std::string& callId, std::string result, bool isError);
    void runJs(KoderTool* tool, const std::string& callId, const QJsonObject& args);

    Done m_done;
    QHash<QString, std::shared_ptr<Running>> m_running;
};

/// The `resolve` / `reject` pair handed to a Promise's then(); forwards to its ToolRunner.
class PromiseCallbacks : public QObject {
    Q_OBJECT
public:
    PromiseCallbacks(ToolRunner* runner, QString callId, QObject* parent)
        : QObject(parent)
        , m_runner(runner)
        , m_callId(std::move(callId))
    {
    }
    Q_INVOKABLE void resolve(const QJSValue& value);
    Q_INVOKABLE void reject(const QJSValue& reason);

private:
    QPointer<ToolRunner> m_runner;
    QString m_callId;
};
