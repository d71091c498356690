// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

#include <QtCore/QHash>
#include <QtCore/QJsonArray>
#include <QtCore/QVariant>

// An AG-UI agent (LangGraph, CrewAI, Mastra, Pydantic AI, Google ADK, ...) over HTTP: one POST of
// a RunAgentInput per run, its events as SSE. Documented in koderaguitransport.cpp.
class KoderAgUiTransport : public KoderHttpTransport {
    Q_OBJECT
    // The agent's endpoint, posted to as it is (the same property as baseUrl).
    Q_PROPERTY(QUrl url READ url WRITE setUrl NOTIFY baseUrlChanged FINAL)
    // The agent's shared state: sent as `state` with each run; STATE_SNAPSHOT and STATE_DELTA
    // change it.
    Q_PROPERTY(
        QVariant agentState READ agentState WRITE setAgentState NOTIFY agentStateChanged FINAL)
    // Sent as `forwardedProps` with each run.
    Q_PROPERTY(QVariant forwardedProps READ forwardedProps WRITE setForwardedProps NOTIFY
                   forwardedPropsChanged FINAL)

public:
    explicit KoderAgUiTransport(QObject* parent = nullptr);
    ~KoderAgUiTransport() override;

    void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) override;
    void cancel(koder::agent::RequestId requestId) override;
    /// An agent keeps its own context: a summary request would run in its thread (false).
    bool summarises() const override { return false; }
    void showConversation(const std::string& conversationId) override;

    QUrl url() const { return baseUrl(); }
    void setUrl(const QUrl& url) { setBaseUrl(url); }
    QVariant agentState() const;
    void setAgentState(const QVariant& state);
    QVariant forwardedProps() const;
    void setForwardedProps(const QVariant& props);

    void settleInput(const koder::agent::PendingInput& input, koder::agent::InputDecision decision,
                     const std::string& valueJson) override;
    void settleApproval(const koder::agent::SettleApproval& decision) override;

Q_SIGNALS:
    void agentStateChanged();
    void forwardedPropsChanged();
    // A CUSTOM event (its name and value), or a RAW one (name "raw", value the event). The
    // contract's name: it hides QObject's event handler customEvent(QEvent*) on purpose, so
    // &KoderAgUiTransport::customEvent names the signal alone.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverloaded-virtual"
    void customEvent(const QString& name, const QVariant& value);
#pragma GCC diagnostic pop

protected:
    QUrl endpoint() const override;
    void addHeaders(QNetworkRequest& request) const override;
    QJsonObject body(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools,
                     koder::agent::qt::AttachmentLoader& attachments) const override;
    std::unique_ptr<koder::wire::StreamDecoder>
    decoder(koder::agent::RequestId requestId, std::function<void(koder::agent::Input&&)> report,
            const koder::wire::Limits& limits) const override;
    void finishing(koder::wire::StreamDecoder& decoder, koder::agent::Input& input) const override;

private:
    struct Private;
    std::unique_ptr<Private> d;
};
