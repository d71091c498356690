// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

// The OpenAI Responses API (POST /v1/responses) over HTTP with SSE streaming, stateless.
// Documented in koderresponsestransport.cpp.
class KoderResponsesTransport : public KoderHttpTransport {
    Q_OBJECT
    // How hard a reasoning model thinks ("minimal", "low", "medium", "high"); empty: not sent.
    Q_PROPERTY(QString reasoningEffort READ reasoningEffort WRITE setReasoningEffort NOTIFY
                   reasoningEffortChanged FINAL)
    // Whether and how the reasoning is summarised ("auto", "concise", "detailed"); empty: not sent.
    Q_PROPERTY(QString reasoningSummary READ reasoningSummary WRITE setReasoningSummary NOTIFY
                   reasoningSummaryChanged FINAL)
    // Upper bound of a request's output tokens, reasoning included; 0 (the default) leaves it to
    // the server.
    Q_PROPERTY(int maxOutputTokens READ maxOutputTokens WRITE setMaxOutputTokens NOTIFY
                   maxOutputTokensChanged FINAL)

public:
    explicit KoderResponsesTransport(QObject* parent = nullptr);
    ~KoderResponsesTransport() override;

    QString reasoningEffort() const { return m_reasoningEffort; }
    void setReasoningEffort(const QString& effort);
    QString reasoningSummary() const { return m_reasoningSummary; }
    void setReasoningSummary(const QString& summary);
    int maxOutputTokens() const { return m_maxOutputTokens; }
    void setMaxOutputTokens(int n);

Q_SIGNALS:
    void reasoningEffortChanged();
    void reasoningSummaryChanged();
    void maxOutputTokensChanged();

protected:
    QUrl endpoint() const override;
    void addHeaders(QNetworkRequest& request) const override;
    QJsonObject body(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools,
                     koder::agent::qt::AttachmentLoader& attachments) const override;
    std::unique_ptr<koder::wire::StreamDecoder>
    decoder(koder::agent::RequestId requestId, std::function<void(koder::agent::Input&&)> report,
            const koder::wire::Limits& limits) const override;
    void finishing(koder::wire::StreamDecoder& decoder, koder::agent::Input& input) const override;
    bool takesDocuments() const override { return true; }

private:
    QString m_reasoningEffort;
    QString m_reasoningSummary;
    int m_maxOutputTokens = 0;
};
