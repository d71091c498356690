// SPDX-License-Identifier: MIT
#pragma once

#include "koderhttptransport.h"

#include <QtCore/QPointer>

// Ollama's native chat API (/api/chat, an NDJSON stream). Documented in
// koderollamatransport.cpp.
class KoderOllamaTransport : public KoderHttpTransport {
    Q_OBJECT
    // Whether a thinking model thinks before it answers (sent as think).
    Q_PROPERTY(bool think READ think WRITE setThink NOTIFY thinkChanged FINAL)
    // Model options (temperature, num_ctx, seed, ...), sent as options when not empty.
    Q_PROPERTY(QVariantMap options READ options WRITE setOptions NOTIFY optionsChanged FINAL)
    // How long the model stays loaded after the request; empty leaves it to the server.
    Q_PROPERTY(QString keepAlive READ keepAlive WRITE setKeepAlive NOTIFY keepAliveChanged FINAL)

public:
    explicit KoderOllamaTransport(QObject* parent = nullptr);
    ~KoderOllamaTransport() override;

    void requestContextWindow() override;

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
    qint64 numCtx() const;
    void refreshContextWindow();
    void askContextWindow();
    void onShowFinished(QNetworkReply* reply);

    bool m_think = false;
    QVariantMap m_options;
    QString m_keepAlive;
    bool m_contextWindowWanted = false; ///< requestContextWindow() was called: follow the model
    bool m_refreshQueued = false;
    qint64 m_shownWindow = 0;       ///< what /api/show said for m_shownFor; 0 unknown
    QString m_shownFor;             ///< the model and baseUrl /api/show answered for
    QPointer<QNetworkReply> m_show; ///< the /api/show request under way
    QByteArray m_showBody;
    bool m_showTooLarge = false;
};
