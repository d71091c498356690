// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

/*!
    \qmltype KoderAnthropicTransport
    \inqmlmodule Koder.Agent
    \brief The Anthropic Messages API over HTTP with SSE streaming (Claude).

    POSTs to \c{<baseUrl>/v1/messages} with \c{stream: true}, the key as \c{x-api-key} and
    \c{anthropic-version: 2023-06-01}. The system prompt goes as \c system, tools as
    \c{input_schema} tools, tool results as \c tool_result blocks, images as \c image blocks
    (base64, or by URL for an \c{http(s):} one), text files inlined. Streams text, thinking
    (extended thinking when \l thinkingBudget is set; each thinking block's signature is kept in
    the row's \c{metadata.anthropic} and sent back with the reply, as the API requires) and
    \c tool_use blocks. \c{stop_reason: "refusal"} shows the model's words, else the API's
    explanation, with \c finishReason \c{"refusal"}; a \c tool_use cut off by \c max_tokens is
    never run (the reply ends with \c finishReason \c{"length"}). \c overloaded_error ends the
    turn with code \c{"overloaded"} and \c rate_limit_error with \c{"rate_limit"}, both
    retryable. The common properties and errors are KoderHttpTransport's.
*/
class KoderAnthropicTransport : public KoderHttpTransport {
    Q_OBJECT
    /*! The most tokens a reply may have; always sent, as the API requires. Default 4096. */
    Q_PROPERTY(int maxTokens READ maxTokens WRITE setMaxTokens NOTIFY maxTokensChanged FINAL)
    /*! Extended thinking's token budget; 0 (the default) turns thinking off. The API wants at
        least 1024 and less than \l maxTokens. */
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
