// SPDX-License-Identifier: MIT
#pragma once

#include "kodertransport.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QJsonObject>
#include <QtCore/QSet>
#include <QtCore/QStringList>
#include <QtCore/QTimer>
#include <QtCore/QUrl>
#include <QtWebSockets/QWebSocket>

#include <memory>

#include <optional>

namespace koder::wire {
struct AichatFrame;
class AichatFrameParser;
} // namespace koder::wire

/*!
    \qmltype KoderWebSocketTransport
    \inqmlmodule Koder.Agent
    \brief Speaks the \c aichat.v1 JSON protocol over a WebSocket (see PROTOCOL.md).

    One connection, opened on the first turn and kept; one active turn at a time. Client-side
    tool calls are answered with \c tool.result frames inside the same turn. Late frames of an
    aborted turn are dropped; a \c seq gap, a frame of another version, a frame that is not JSON
    or a binary frame is a \c protocol_error; close codes and a silent server (no pong within
    \l pongTimeout) end the turn with an error saying whether a retry may help.
*/
class KoderWebSocketTransport : public KoderTransport {
    Q_OBJECT
    /*! The server, e.g. \c{ws://127.0.0.1:8765}. Changing it closes the connection. */
    Q_PROPERTY(QUrl url READ url WRITE setUrl NOTIFY urlChanged FINAL)
    /*! The model to ask for; empty leaves it to the server. */
    Q_PROPERTY(QString model READ model WRITE setModel NOTIFY modelChanged FINAL)
    /*! Milliseconds between pings. Default 15000. */
    Q_PROPERTY(
        int pingInterval READ pingInterval WRITE setPingInterval NOTIFY pingIntervalChanged FINAL)
    /*! Milliseconds without a pong before the connection counts as dropped. Default 30000. */
    Q_PROPERTY(
        int pongTimeout READ pongTimeout WRITE setPongTimeout NOTIFY pongTimeoutChanged FINAL)
    /*! Token counts of the last finished turn (promptTokens, completionTokens, totalTokens, ...).
     */
    Q_PROPERTY(QVariantMap usage READ usage NOTIFY usageChanged FINAL)

public:
    explicit KoderWebSocketTransport(QObject* parent = nullptr);
    ~KoderWebSocketTransport() override;

    void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) override;
    void cancel(koder::agent::RequestId requestId) override;

    QUrl url() const { return m_url; }
    void setUrl(const QUrl& url);
    QString model() const { return m_model; }
    void setModel(const QString& model);
    int pingInterval() const { return m_pingInterval; }
    void setPingInterval(int ms);
    int pongTimeout() const { return m_pongTimeout; }
    void setPongTimeout(int ms);
    QVariantMap usage() const { return m_usage; }

Q_SIGNALS:
    void urlChanged();
    void modelChanged();
    void pingIntervalChanged();
    void pongTimeoutChanged();
    void usageChanged();

private:
    struct Turn;

    void ensureConnected();
    void sendFrame(QJsonObject frame);
    void onConnected();
    void onDisconnected();
    void onText(const QString& text);
    void onTurnFrame(koder::wire::AichatFrame& frame);
    void applyLimits();
    void failTurn(koder::agent::ErrorInfo error);
    void endTurn();
    void closeWithError(QWebSocketProtocol::CloseCode code, koder::agent::ErrorInfo error);
    void checkLiveness();
    koder::agent::ErrorInfo errorFromClose() const;
    bool recentlyClosed(const QString& turn) const;

    QUrl m_url;
    QString m_model;
    int m_pingInterval = 15'000;
    int m_pongTimeout = 30'000;
    QVariantMap m_usage;

    QWebSocket m_socket;
    QList<QString> m_outbox; ///< frames waiting for the connection
    std::unique_ptr<Turn> m_turn;
    std::unique_ptr<koder::wire::AichatFrameParser> m_frames;
    QStringList m_closedTurns;                                ///< recently closed turn ids, bounded
    std::optional<koder::agent::ErrorInfo> m_connectionError; ///< an `error` frame before a close
    QTimer m_ping;
    QElapsedTimer m_sincePong;
};
