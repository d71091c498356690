// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

/*!
    \qmltype KoderOpenAiTransport
    \inqmlmodule Koder.Agent
    \brief OpenAI-compatible Chat Completions over HTTP with SSE streaming.

    Works with any server that speaks the dialect, by \l baseUrl alone: OpenAI
    (\c{https://api.openai.com/v1}), Ollama (\c{http://127.0.0.1:11434/v1}; KoderOllamaTransport
    speaks its native API), llama.cpp's llama-server (\c{http://127.0.0.1:8080/v1}), vLLM
    (\c{http://127.0.0.1:8000/v1}), LM Studio (\c{http://127.0.0.1:1234/v1}). Sends the
    history, the system prompt, the tools and the user's attachments (images as \c image_url
    parts, text files inlined), asks for usage, and streams text, reasoning and tool calls back.
    A \c{delta.refusal} is shown as the reply with \c{finishReason} \c{"refusal"}. The common
    properties and errors are KoderHttpTransport's; the key is sent as
    \c{Authorization: Bearer <key>}.
*/
class KoderOpenAiTransport : public KoderHttpTransport {
    Q_OBJECT
    /*! Sampling temperature; negative (the default) leaves it to the server. */
    Q_PROPERTY(
        double temperature READ temperature WRITE setTemperature NOTIFY temperatureChanged FINAL)
    /*! Upper bound of generated tokens; 0 (the default) leaves it to the server. */
    Q_PROPERTY(int maxTokens READ maxTokens WRITE setMaxTokens NOTIFY maxTokensChanged FINAL)

public:
    explicit KoderOpenAiTransport(QObject* parent = nullptr);
    ~KoderOpenAiTransport() override;

    double temperature() const { return m_temperature; }
    void setTemperature(double t);
    int maxTokens() const { return m_maxTokens; }
    void setMaxTokens(int n);

Q_SIGNALS:
    void temperatureChanged();
    void maxTokensChanged();

protected:
    QUrl endpoint() const override;
    void addHeaders(QNetworkRequest& request) const override;
    QJsonObject body(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools,
                     koder::agent::qt::AttachmentLoader& attachments) const override;
    std::unique_ptr<koder::wire::StreamDecoder>
    decoder(koder::agent::RequestId requestId, std::function<void(koder::agent::Input&&)> report,
            const koder::wire::Limits& limits) const override;

private:
    double m_temperature = -1;
    int m_maxTokens = 0;
};
