// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

/*!
    \qmltype KoderOllamaTransport
    \inqmlmodule Koder.Agent
    \brief Ollama's native chat API (\c{/api/chat}, an NDJSON stream).

    POSTs to \c{<baseUrl>/api/chat}. Unlike Ollama's OpenAI-compatible \c{/v1} (which
    KoderOpenAiTransport speaks), the native API controls thinking (\l think), takes model
    \l options and \l keepAlive, and gives tool calls whole, with object arguments.
    \c{message.thinking} becomes the reply's reasoning, \c{message.content} its text,
    \c{message.tool_calls} its tool calls; \c done_reason its finish reason (a \c stop with tool
    calls is a tool step); \c prompt_eval_count and \c eval_count its usage. Images go as
    \c images (base64) on the message: an \c{http(s):} image is refused when it is sent
    (Ollama takes image data only). A line \c{{"error": ...}} ends the turn with that error.
    The common properties and errors are KoderHttpTransport's; \l apiKey, when set, is sent as
    \c{Authorization: Bearer <key>} (for a proxy in front of Ollama).
*/
class KoderOllamaTransport : public KoderHttpTransport {
    Q_OBJECT
    /*! Whether a thinking model thinks before it answers (sent as \c think). Default false. */
    Q_PROPERTY(bool think READ think WRITE setThink NOTIFY thinkChanged FINAL)
    /*! Model options (\c temperature, \c num_ctx, \c seed, ...), sent as \c options when not
        empty. */
    Q_PROPERTY(QVariantMap options READ options WRITE setOptions NOTIFY optionsChanged FINAL)
    /*! How long the model stays loaded after the request (\c{"5m"}, \c{"1h"}, seconds as a
        number, \c{"-1"} for ever); empty (the default) leaves it to the server. */
    Q_PROPERTY(QString keepAlive READ keepAlive WRITE setKeepAlive NOTIFY keepAliveChanged FINAL)

public:
    explicit KoderOllamaTransport(QObject* parent = nullptr);
    ~KoderOllamaTransport() override;

    bool think() const { return m_think; }
    void setThink(bool think);
    QVariantMap options() const { return m_options; }
    void setOptions(const QVariantMap& options);
    QString keepAlive() const { return m_keepAlive; }
    void setKeepAlive(const QString& keepAlive);

Q_SIGNALS:
    void thinkChanged();
    void optionsChanged();
    void keepAliveChanged();

protected:
    QUrl endpoint() const override;
    void addHeaders(QNetworkRequest& request) const override;
    QJsonObject body(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools,
                     koder::agent::qt::AttachmentLoader& attachments) const override;
    std::unique_ptr<koder::wire::StreamDecoder>
    decoder(koder::agent::RequestId requestId, std::function<void(koder::agent::Input&&)> report,
            const koder::wire::Limits& limits) const override;
    bool takesImageUrls() const override { return false; }
    QByteArray acceptedType() const override { return QByteArrayLiteral("application/x-ndjson"); }

private:
    bool m_think = false;
    QVariantMap m_options;
    QString m_keepAlive;
};
