// SPDX-License-Identifier: MIT
#pragma once

#include "kodertransport.h"

#include <QtCore/QHash>
#include <QtCore/QJsonObject>
#include <QtCore/QPointer>
#include <QtCore/QUrl>
#include <QtCore/QVariantMap>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;
namespace koder::wire {
class StreamDecoder;
}
namespace koder::agent::qt {
class AttachmentLoader;
}

// What the HTTP streaming transports share: one POST per request, its stream decoded as it
// arrives. Documented in koderhttptransport.cpp.
class KoderHttpTransport : public KoderTransport {
    Q_OBJECT
    // The API root; each transport has its default and appends its path.
    Q_PROPERTY(QUrl baseUrl READ baseUrl WRITE setBaseUrl NOTIFY baseUrlChanged FINAL)
    // Sent in the provider's header when not empty; never logged, never sent to another origin.
    Q_PROPERTY(QString apiKey READ apiKey WRITE setApiKey NOTIFY apiKeyChanged FINAL)
    // The model name the server knows.
    Q_PROPERTY(QString model READ model WRITE setModel NOTIFY modelChanged FINAL)
    // Extra request headers (name to value), sent to the origin of baseUrl only.
    Q_PROPERTY(QVariantMap extraHeaders READ extraHeaders WRITE setExtraHeaders NOTIFY
                   extraHeadersChanged FINAL)
    // Milliseconds without a new event before the request fails (120000; 0 disables).
    Q_PROPERTY(int transferTimeout READ transferTimeout WRITE setTransferTimeout NOTIFY
                   transferTimeoutChanged FINAL)
    // Token counts of the last finished request.
    Q_PROPERTY(QVariantMap usage READ usage NOTIFY usageChanged FINAL)

public:
    ~KoderHttpTransport() override;

    void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) override;
    void cancel(koder::agent::RequestId requestId) override;

    /// The request body for \a request, as it would be sent (for tests and debugging).
    QByteArray requestBody(const koder::agent::StartTurn& request,
                           const QList<ToolSpec>& tools) const;

    bool checkAttachments(std::string_view attachments, QString* error) const override;

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
    int transferTimeout() const { return m_transferTimeout; }
    void setTransferTimeout(int ms);
    QVariantMap usage() const { return m_usage; }

Q_SIGNALS:
    void baseUrlChanged();
    void apiKeyChanged();
    void modelChanged();
    void extraHeadersChanged();
    void transferTimeoutChanged();
    void usageChanged();

protected:
    KoderHttpTransport(const QUrl& defaultBaseUrl, QObject* parent);

    /// The URL a request is posted to, from \l baseUrl.
    virtual QUrl endpoint() const = 0;
    /// Adds the provider's headers (authentication, version) to \a request.
    virtual void addHeaders(QNetworkRequest& request) const = 0;
    /// The provider's JSON body; \a attachments reads each message's attachments.
    virtual QJsonObject body(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools,
                             koder::agent::qt::AttachmentLoader& attachments) const = 0;
    /// A decoder for one request's stream that reports through \a report.
    virtual std::unique_ptr<koder::wire::StreamDecoder>
    decoder(koder::agent::RequestId requestId, std::function<void(koder::agent::Input&&)> report,
            const koder::wire::Limits& limits) const = 0;
    /// Whether the provider takes an image by its http(s): URL (else only as data).
    virtual bool takesImageUrls() const { return true; }
    /// Whether the provider takes PDF documents as files (else they are refused).
    virtual bool takesDocuments() const { return false; }
    /// The Accept header's value.
    virtual QByteArray acceptedType() const { return QByteArrayLiteral("text/event-stream"); }
    /// Called with each terminal input before it is delivered, with the request's decoder: a
    /// subclass may add what the decoder kept (Anthropic's thinking signatures).
    virtual void finishing(koder::wire::StreamDecoder& decoder, koder::agent::Input& input) const;

    /// Sends \l apiKey, when set, as \c{Authorization: Bearer <key>}.
    void addBearerKey(QNetworkRequest& request) const;
    /// POSTs the JSON \a payload to \a url (under baseUrl) with the provider's headers and
    /// extraHeaders, as start() posts a request: redirects followed within the origin only, TLS
    /// errors never ignored, a bounded read buffer. For a subclass's requests beside the
    /// stream's (KoderOllamaTransport's /api/show); the caller reads and deletes the reply.
    QNetworkReply* postJson(const QUrl& url, const QByteArray& payload,
                            const QByteArray& accept = QByteArrayLiteral("application/json"));
    /// \a path appended to \l baseUrl's path.
    QUrl urlWithPath(const QString& path) const;

private:
    struct Request;
    void onReadyRead(const std::shared_ptr<Request>& r);
    void onFinished(const std::shared_ptr<Request>& r);
    void forget(const std::shared_ptr<Request>& r);
    QNetworkAccessManager* manager();
    QNetworkRequest prepared(const QUrl& url, const QByteArray& accept) const;

    QUrl m_baseUrl;
    QString m_apiKey;
    QString m_model;
    QVariantMap m_extraHeaders;
    int m_transferTimeout = 120'000;
    QVariantMap m_usage;
    QPointer<QNetworkAccessManager> m_manager;
    QHash<koder::agent::RequestId, std::shared_ptr<Request>> m_requests;
};
