// SPDX-License-Identifier: MIT
#pragma once

#include "kodertransport.h"

#include <QtCore/QHash>
#include <QtCore/QPointer>
#include <QtCore/QUrl>
#include <QtCore/QVariantMap>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
namespace koder::wire {
class OpenAiStreamDecoder;
}

/*!
    \qmltype KoderOpenAiTransport
    \inqmlmodule Koder.Agent
    \brief OpenAI-compatible Chat Completions over HTTP with SSE streaming.

    Works with any server that speaks the dialect, by \l baseUrl alone: OpenAI
    (\c{https://api.openai.com/v1}), Ollama (\c{http://127.0.0.1:11434/v1}), llama.cpp's
    llama-server (\c{http://127.0.0.1:8080/v1}), vLLM (\c{http://127.0.0.1:8000/v1}), LM Studio
    (\c{http://127.0.0.1:1234/v1}). Sends the history, the system prompt and the tools, asks for
    usage, and streams text, reasoning and tool calls back. TLS errors are never ignored; the API
    key is never logged. A redirect is followed only within the origin of \l baseUrl: one to
    another origin ends the turn with code \c{"redirect"}, so the key, \c Authorization and
    \l extraHeaders never reach another host.
*/
class KoderOpenAiTransport : public KoderTransport {
    Q_OBJECT
    /*! The API root, up to and including \c{/v1}; \c{/chat/completions} is appended. */
    Q_PROPERTY(QUrl baseUrl READ baseUrl WRITE setBaseUrl NOTIFY baseUrlChanged FINAL)
    /*! Sent as \c{Authorization: Bearer <key>} when not empty. Never logged. */
    Q_PROPERTY(QString apiKey READ apiKey WRITE setApiKey NOTIFY apiKeyChanged FINAL)
    /*! The model name the server knows. */
    Q_PROPERTY(QString model READ model WRITE setModel NOTIFY modelChanged FINAL)
    /*! Extra request headers (name → value). */
    Q_PROPERTY(QVariantMap extraHeaders READ extraHeaders WRITE setExtraHeaders NOTIFY
                   extraHeadersChanged FINAL)
    /*! Sampling temperature; negative (the default) leaves it to the server. */
    Q_PROPERTY(
        double temperature READ temperature WRITE setTemperature NOTIFY temperatureChanged FINAL)
    /*! Upper bound of generated tokens; 0 (the default) leaves it to the server. */
    Q_PROPERTY(int maxTokens READ maxTokens WRITE setMaxTokens NOTIFY maxTokensChanged FINAL)
    /*! Milliseconds without a new event before the request fails (code "upstream_timeout");
        keep-alive comments and blank lines do not count. Default 120000; 0 disables. */
    Q_PROPERTY(int transferTimeout READ transferTimeout WRITE setTransferTimeout NOTIFY
                   transferTimeoutChanged FINAL)
    /*! Token counts of the last finished request: promptTokens, completionTokens, totalTokens,
        reasoningTokens, cachedTokens; empty when the server sent none. */
    Q_PROPERTY(QVariantMap usage READ usage NOTIFY usageChanged FINAL)

public:
    explicit KoderOpenAiTransport(QObject* parent = nullptr);
    ~KoderOpenAiTransport() override;

    void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) override;
    void cancel(koder::agent::RequestId requestId) override;

    /// The request body for \a request, as sent (exposed for tests and debugging).
    QByteArray requestBody(const koder::agent::StartTurn& request,
                           const QList<ToolSpec>& tools) const;

    /// Uses \a manager for requests (e.g. the application's, with its proxy and cache settings).
    void setNetworkAccessManager(QNetworkAccessManager* manager);

    QUrl baseUrl() const { return m_baseUrl; }
    void setBaseUrl(const QUrl& url);
    QString apiKey() const { return m_apiKey; }
    void setApiKey(const QString& key);
    QString model() const { return m_model; }
    void setModel(const QString& model);
    QVariantMap extraHeaders() const { return m_extraHeaders; }
    void setExtraHeaders(const QVariantMap& headers);
    double temperature() const { return m_temperature; }
    void setTemperature(double t);
    int maxTokens() const { return m_maxTokens; }
    void setMaxTokens(int n);
    int transferTimeout() const { return m_transferTimeout; }
    void setTransferTimeout(int ms);
    QVariantMap usage() const { return m_usage; }

Q_SIGNALS:
    void baseUrlChanged();
    void apiKeyChanged();
    void modelChanged();
    void extraHeadersChanged();
    void temperatureChanged();
    void maxTokensChanged();
    void transferTimeoutChanged();
    void usageChanged();

private:
    struct Request;
    void onReadyRead(const std::shared_ptr<Request>& r);
    void onFinished(const std::shared_ptr<Request>& r);
    void forget(const std::shared_ptr<Request>& r);
    QNetworkAccessManager* manager();

    QUrl m_baseUrl;
    QString m_apiKey;
    QString m_model;
    QVariantMap m_extraHeaders;
    double m_temperature = -1;
    int m_maxTokens = 0;
    int m_transferTimeout = 120'000;
    QVariantMap m_usage;
    QPointer<QNetworkAccessManager> m_manager;
    QHash<koder::agent::RequestId, std::shared_ptr<Request>> m_requests;
};
