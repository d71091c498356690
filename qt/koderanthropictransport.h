// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

// The Anthropic Messages API over HTTP with SSE streaming. Documented in
// koderanthropictransport.cpp.
class KoderAnthropicTransport : public KoderHttpTransport {
    Q_OBJECT
    // The most tokens a reply may have; always sent, as the API requires (4096).
    Q_PROPERTY(int maxTokens READ maxTokens WRITE setMaxTokens NOTIFY maxTokensChanged FINAL)
    // Extended thinking's token budget; 0 (the default) turns thinking off.
    Q_PROPERTY(int thinkingBudget READ thinkingBudget WRITE setThinkingBudget NOTIFY
                   thinkingBudgetChanged FINAL)

public:
    explicit KoderAnthropicTransport(QObject* parent = nullptr);
    ~KoderAnthropicTransport() override;

    int maxTokens() const { return m_maxTokens; }
    void setMaxTokens(int n);
    int thinkingBudget() const { return m_thinkingBudget; }
    void setThinkingBudget(int n);

Q_SIGNALS:
    void maxTokensChanged();
    void thinkingBudgetChanged();

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
    int m_maxTokens = 4096;
    int m_thinkingBudget = 0;
};
