// SPDX-License-Identifier: MIT
#pragma once

#include "kodertransport.h"

#include <QtCore/QJsonObject>
#include <QtCore/QSet>
#include <QtCore/QStringList>
#include <QtCore/QTimer>
#include <QtCore/QUrl>
#include <QtWebSockets/QWebSocket>

#include <memory>
#include <vector>

namespace koder::wire {
struct AichatFrame;
class AichatFrameParser;
} // namespace koder::wire

// Speaks the aichat.v1 JSON protocol (PROTOCOL.md) over a WebSocket, a connection per running
// turn, resuming a turn after a dropped connection. Documented in koderwebsockettransport.cpp.
class KoderWebSocketTransport : public KoderTransport {
    Q_OBJECT
    // The server, e.g. ws://127.0.0.1:8765. Changing it closes the connections.
    Q_PROPERTY(QUrl url READ url WRITE setUrl NOTIFY urlChanged FINAL)
    // The model to ask for; empty leaves it to the server.
    Q_PROPERTY(QString model READ model WRITE setModel NOTIFY modelChanged FINAL)
    // Milliseconds between pings (15000).
    Q_PROPERTY(
        int pingInterval READ pingInterval WRITE setPingInterval NOTIFY pingIntervalChanged FINAL)
    // Milliseconds without a pong before the connection counts as dropped (30000).
    Q_PROPERTY(
        int pongTimeout READ pongTimeout WRITE setPongTimeout NOTIFY pongTimeoutChanged FINAL)
    // Token counts of the last finished turn.
    Q_PROPERTY(QVariantMap usage READ usage NOTIFY usageChanged FINAL)
    // Milliseconds to keep reconnecting after a drop (30000; 0 never resumes).
    Q_PROPERTY(int reconnectBudget READ reconnectBudget WRITE setReconnectBudget NOTIFY
                   reconnectBudgetChanged FINAL)
    // How long the server waits for a tool result, as its hello said; 0 until a server says.
    Q_PROPERTY(int serverToolTimeout READ serverToolTimeout NOTIFY serverToolTimeoutChanged FINAL)

public:
    explicit KoderWebSocketTransport(QObject* parent = nullptr);
    ~KoderWebSocketTransport() override;

    void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) override;
    void cancel(koder::agent::RequestId requestId) override;
    /// An agent keeps its own context: a summary request would run in its thread (false).
    bool summarises() const override { return false; }

    QUrl url() const { return m_url; }
    void setUrl(const QUrl& url);
    QString model() const { return m_model; }
    void setModel(const QString& model);
    int pingInterval() const { return m_pingInterval; }
    void setPingInterval(int ms);
    int pongTimeout() const { return m_pongTimeout; }
    void setPongTimeout(int ms);
    QVariantMap usage() const { return m_usage; }
    int reconnectBudget() const { return m_reconnectBudget; }
    void setReconnectBudget(int ms);
    int serverToolTimeout() const { return m_serverToolTimeout; }

Q_SIGNALS:
    void urlChanged();
    void modelChanged();
    void pingIntervalChanged();
    void pongTimeoutChanged();
    void usageChanged();
    void reconnectBudgetChanged();
    void serverToolTimeoutChanged();

private:
    struct Turn;
    struct Connection;

    Connection& connectionForNewTurn();
    Connection* connectionOf(koder::agent::RequestId requestId) const;
    Connection* connectionOf(const QString& conversationId) const;
    void open(Connection& c);
    void sendFrame(Connection& c, QJsonObject frame);
    void onConnected(Connection& c);
    void onDisconnected(Connection& c);
    void onSocketError(Connection& c);
    void onText(Connection& c, const QString& text);
    void onTurnFrame(Connection& c, koder::wire::AichatFrame& frame);
    void onHello(const koder::wire::AichatFrame& frame, Connection& c);
    void applyLimits(Connection& c) const;
    void failTurn(Connection& c, koder::agent::ErrorInfo error);
    void endTurn(Connection& c);
    void closeWithError(Connection& c, QWebSocketProtocol::CloseCode code,
                        koder::agent::ErrorInfo error);
    void checkLiveness(Connection& c);
    koder::agent::ErrorInfo errorFromClose(const Connection& c) const;
    bool mayResume(const Connection& c) const;
    void reconnectLater(Connection& c);
    void budgetSpent(Connection& c);
    void resume(Connection& c);
    void pruneLater();
    void dropDeadConnections();
    bool recentlyClosed(const QString& turn) const;
    QString nextRid();

    QUrl m_url;
    QString m_model;
    int m_pingInterval = 15'000;
    int m_pongTimeout = 30'000;
    int m_reconnectBudget = 30'000;
    int m_serverToolTimeout = 0;
    QVariantMap m_usage;
    quint64 m_rids = 0;

    std::vector<std::unique_ptr<Connection>> m_connections;
    QStringList m_closedTurns; ///< recently closed turn ids, bounded
    bool m_pruneQueued = false;
};
