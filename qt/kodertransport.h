// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/input.h"
#include "koder/agent/outcome.h"

#include <QtCore/QJsonObject>
#include <QtCore/QList>
#include <QtCore/QObject>

#include <functional>
#include <string_view>

namespace koder::wire {
struct Limits;
}

// The agent role: sends a turn's history to a model and reports what comes back through the
// sink the controller sets. Documented in kodertransport.cpp.
class KoderTransport : public QObject {
    Q_OBJECT
    // The largest SSE line or event, NDJSON line or WebSocket message, in bytes (8 MiB).
    Q_PROPERTY(qint64 maxEventBytes READ maxEventBytes WRITE setMaxEventBytes NOTIFY
                   maxEventBytesChanged FINAL)
    // The most text, reasoning and tool-call bytes one request may bring (32 MiB).
    Q_PROPERTY(qint64 maxReplyBytes READ maxReplyBytes WRITE setMaxReplyBytes NOTIFY
                   maxReplyBytesChanged FINAL)
    // The most tool calls one step may ask for (64).
    Q_PROPERTY(int maxToolCallsPerStep READ maxToolCallsPerStep WRITE setMaxToolCallsPerStep NOTIFY
                   maxToolCallsPerStepChanged FINAL)
    // The largest attachment a message may carry to the model, in bytes (20 MiB).
    Q_PROPERTY(qint64 maxAttachmentBytes READ maxAttachmentBytes WRITE setMaxAttachmentBytes NOTIFY
                   maxAttachmentBytesChanged FINAL)
    // The model's context window in tokens as the server reported it (requestContextWindow());
    // 0 while unknown.
    Q_PROPERTY(int contextWindow READ contextWindow NOTIFY contextWindowChanged FINAL)

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

    /// Whether a message with these attachments (JSON text of a list of {name, mimeType, url})
    /// can be sent: KoderAgentController::send() refuses one with \a error otherwise. Transports
    /// that send attachments to a model check them; the default accepts any.
    virtual bool checkAttachments(std::string_view attachments, QString* error) const;

    /// A question this transport's server asked (a RequestInput it delivered, e.g. an AG-UI
    /// interrupt) stopped waiting: \a valueJson is the answer when \a decision is Answered.
    /// Nothing by default.
    virtual void settleInput(const koder::agent::PendingInput& input,
                             koder::agent::InputDecision decision, const std::string& valueJson);
    /// A call its server asked a decision for (CallRunner::ServerAfterApproval) was decided.
    /// Nothing by default.
    virtual void settleApproval(const koder::agent::SettleApproval& decision);

    /// Whether the transport takes a compaction's summary request (RequestKind::Summary) beside a
    /// turn of the same conversation. True by default; an agent that keeps its own thread and
    /// context (WebSocket aichat.v1, AG-UI) says false, and the controller's compact() then ends
    /// with the error "unsupported".
    virtual bool summarises() const { return true; }

    /// The controller that uses this transport shows the conversation \a conversationId now
    /// (empty: one not created yet). Nothing by default.
    virtual void showConversation(const std::string& conversationId);

    /// Asks the server for the model's context window; contextWindow changes when it answers.
    /// Nothing by default.
    Q_INVOKABLE virtual void requestContextWindow();

    /// Set by the controller that uses this transport.
    void setSink(Sink sink) { m_sink = std::move(sink); }

    qint64 maxEventBytes() const { return m_maxEventBytes; }
    void setMaxEventBytes(qint64 bytes);
    qint64 maxReplyBytes() const { return m_maxReplyBytes; }
    void setMaxReplyBytes(qint64 bytes);
    int maxToolCallsPerStep() const { return m_maxToolCallsPerStep; }
    void setMaxToolCallsPerStep(int calls);
    qint64 maxAttachmentBytes() const { return m_maxAttachmentBytes; }
    void setMaxAttachmentBytes(qint64 bytes);
    int contextWindow() const { return m_contextWindow; }

Q_SIGNALS:
    void maxEventBytesChanged();
    void maxReplyBytesChanged();
    void maxToolCallsPerStepChanged();
    void maxAttachmentBytesChanged();
    void contextWindowChanged();

protected:
    void deliver(koder::agent::Input&& input);
    /// Sets contextWindow (values below 0 are taken as 0).
    void setContextWindow(qint64 tokens);
    /// The three limits above, for the wire decoders.
    koder::wire::Limits limits() const;

private:
    Sink m_sink;
    qint64 m_maxEventBytes = qint64{8} << 20;
    qint64 m_maxReplyBytes = qint64{32} << 20;
    int m_maxToolCallsPerStep = 64;
    qint64 m_maxAttachmentBytes = qint64{20} << 20;
    int m_contextWindow = 0;
};
