// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/input.h"
#include "koder/agent/outcome.h"

#include <QtCore/QJsonObject>
#include <QtCore/QList>
#include <QtCore/QObject>
#include <QtQml/qqmlregistration.h>

#include <functional>

/*!
    \class KoderTransport
    \brief The agent role: sends a turn's history to a model and reports what comes back.

    Subclasses implement start() and cancel() and report through deliver(): stream started, text
    and reasoning deltas, complete tool calls, stream end with its finish reason, failure,
    handoff — each tagged with the request id from start(). After cancel(requestId) nothing of
    that request may be delivered; deliver() never runs the controller reentrantly, so a
    transport may call it from anywhere on the controller's thread.
*/
class KoderTransport : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("KoderTransport is abstract: use KoderLocalAgent, KoderOpenAiTransport or "
                    "KoderWebSocketTransport.")

public:
    /// What a transport may tell the model about a tool.
    struct ToolSpec {
        QString name;
        QString description;
        QJsonObject parameters;
        bool readOnly = false;
    };
    using Sink = std::function<void(koder::agent::Input&&)>;

    explicit KoderTransport(QObject* parent = nullptr);

    virtual void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) = 0;
    virtual void cancel(koder::agent::RequestId requestId) = 0;

    /// Set by the controller that uses this transport.
    void setSink(Sink sink) { m_sink = std::move(sink); }

protected:
    void deliver(koder::agent::Input&& input);

private:
    Sink m_sink;
};
