// SPDX-License-Identifier: MIT
#pragma once

#include "kodertransport.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QStringList>
#include <QtCore/QTimer>
#include <QtCore/QVariantList>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// An offline, deterministic agent for demos and tests: no network. Documented in
// koderlocalagent.cpp.
class KoderLocalAgent : public KoderTransport {
    Q_OBJECT
    // The text to stream; empty: echo the user's last message.
    Q_PROPERTY(QString reply READ reply WRITE setReply NOTIFY replyChanged FINAL)
    // Tokens per second; 0 streams one token per event-loop turn.
    Q_PROPERTY(double tokensPerSecond READ tokensPerSecond WRITE setTokensPerSecond NOTIFY
                   tokensPerSecondChanged FINAL)
    // A list of {name, arguments} requested in the first step of every turn.
    Q_PROPERTY(
        QVariantList toolCalls READ toolCalls WRITE setToolCalls NOTIFY toolCallsChanged FINAL)
    // -1: never fail; n: the stream fails (code "transport") after n tokens.
    Q_PROPERTY(int failAfterTokens READ failAfterTokens WRITE setFailAfterTokens NOTIFY
                   failAfterTokensChanged FINAL)
    // Whether each reply reports an estimated usage (a token per four bytes); off by default.
    Q_PROPERTY(bool estimateUsage READ estimateUsage WRITE setEstimateUsage NOTIFY
                   estimateUsageChanged FINAL)

public:
    explicit KoderLocalAgent(QObject* parent = nullptr);

    void start(const koder::agent::StartTurn& request, const QList<ToolSpec>& tools) override;
    void cancel(koder::agent::RequestId requestId) override;

    QString reply() const { return m_reply; }
    void setReply(const QString& reply);
    double tokensPerSecond() const { return m_tokensPerSecond; }
    void setTokensPerSecond(double tps);
    QVariantList toolCalls() const { return m_toolCalls; }
    void setToolCalls(const QVariantList& calls);
    int failAfterTokens() const { return m_failAfterTokens; }
    void setFailAfterTokens(int n);
    bool estimateUsage() const { return m_estimateUsage; }
    void setEstimateUsage(bool estimate);

    /// The reply cut into tokens: each word with the whitespace before it.
    static QStringList tokenize(const QString& text);
    /// The token of UTF-8 \a text starting at \a offset: ASCII whitespace, then a word.
    static std::string_view nextToken(std::string_view text, std::size_t offset);

Q_SIGNALS:
    void replyChanged();
    void tokensPerSecondChanged();
    void toolCallsChanged();
    void failAfterTokensChanged();
    void estimateUsageChanged();

private:
    struct Stream {
        koder::agent::RequestId requestId = 0;
        std::string conversationId; ///< one stream per conversation; several conversations at once
        std::string text;           ///< the whole reply, UTF-8; cut into tokens as it streams
        std::size_t offset = 0;     ///< where the next token starts
        qsizetype next = 0;         ///< tokens streamed so far
        bool toolStep = false;
        bool summary = false; ///< a compaction's request: streams beside the conversation's turn
        bool started = false;
        std::string finishReason = "stop";
        std::int64_t promptTokens = -1; ///< the estimate; -1 when usage is not reported
        QElapsedTimer clock;
    };
    void tick();
    void tickStream(koder::agent::RequestId id);
    void emitToolStep(koder::agent::RequestId id);
    Stream* find(koder::agent::RequestId id);
    void remove(koder::agent::RequestId id);

    QString m_reply;
    double m_tokensPerSecond = 0;
    QVariantList m_toolCalls;
    int m_failAfterTokens = -1;
    bool m_estimateUsage = false;
    std::vector<Stream> m_streams; ///< by start order; a deliver() may add or remove any
    QTimer m_timer;
};
