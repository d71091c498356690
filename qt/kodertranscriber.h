// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>
#include <QtCore/QUrl>
#include <QtNetwork/QNetworkReply> // complete, for QPointer

class QNetworkAccessManager;

// Speech to text through an OpenAI-compatible /audio/transcriptions endpoint (OpenAI,
// whisper.cpp's server, faster-whisper servers). Documented in kodertranscriber.cpp.
class KoderTranscriber : public QObject {
    Q_OBJECT
    Q_PROPERTY(QUrl baseUrl READ baseUrl WRITE setBaseUrl NOTIFY baseUrlChanged FINAL)
    Q_PROPERTY(QString apiKey READ apiKey WRITE setApiKey NOTIFY apiKeyChanged FINAL)
    Q_PROPERTY(QString model READ model WRITE setModel NOTIFY modelChanged FINAL)
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged FINAL)
    Q_PROPERTY(int transferTimeout READ transferTimeout WRITE setTransferTimeout NOTIFY
                   transferTimeoutChanged FINAL)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged FINAL)

public:
    explicit KoderTranscriber(QObject* parent = nullptr);
    ~KoderTranscriber() override;

    QUrl baseUrl() const { return m_baseUrl; }
    void setBaseUrl(const QUrl& url);
    QString apiKey() const { return m_apiKey; }
    void setApiKey(const QString& key);
    QString model() const { return m_model; }
    void setModel(const QString& model);
    QString language() const { return m_language; }
    void setLanguage(const QString& language);
    int transferTimeout() const { return m_transferTimeout; }
    void setTransferTimeout(int ms);
    bool busy() const { return m_reply || m_replyLost; }

    QUrl endpoint() const;
    void setNetworkAccessManager(QNetworkAccessManager* manager);

    Q_INVOKABLE bool transcribe(const QByteArray& audio,
                                const QString& fileName = QStringLiteral("speech.wav"),
                                const QString& mimeType = QStringLiteral("audio/wav"));
    Q_INVOKABLE void cancel();

    /// The largest answer read from the server.
    static constexpr qint64 maxResponseBytes = 1024 * 1024;

Q_SIGNALS:
    void finished(const QString& text);
    void failed(const QString& code, const QString& message);

    void baseUrlChanged();
    void apiKeyChanged();
    void modelChanged();
    void languageChanged();
    void transferTimeoutChanged();
    void busyChanged();

private:
    void onFinished();
    void fail(const QString& code, const QString& message);
    void release();
    void onReplyLost();

    QUrl m_baseUrl;
    QString m_apiKey;
    QString m_model = QStringLiteral("whisper-1");
    QString m_language;
    int m_transferTimeout = 60000;
    QPointer<QNetworkAccessManager> m_manager;
    /// The request running. A QPointer: an application's manager deleted mid-request takes
    /// the reply with it (onReplyLost()).
    QPointer<QNetworkReply> m_reply;
    bool m_replyLost = false; ///< the reply went with its manager; failed() is on its way
    QByteArray m_body;
    QUrl m_refusedRedirect;
    bool m_tooLarge = false;
};
