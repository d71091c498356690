// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"

#include <QtCore/QHash>
#include <QtCore/QObject>

#include <functional>
#include <memory>
#include <string>

class KoderTool;

/// Runs tool calls: a KoderTool's callable, or its async callable (the QML module's JS handlers,
/// Promises included, come through that one), with the tool's timeout. Reports each call exactly
/// once, never synchronously from run(), and never after cancel().
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

private:
    struct Running;
    /// Reports `running`'s call on a later event-loop turn, unless it ended meanwhile.
    void finishLater(const std::shared_ptr<Running>& running, std::string result, bool isError);
    void finish(const Running* running, std::string result, bool isError);

    Done m_done;
    QHash<QString, std::shared_ptr<Running>> m_running;
};
