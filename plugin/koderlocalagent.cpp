// SPDX-License-Identifier: MIT
#include "koderlocalagent.h"

#include "qtconvert.h"

#include <QtCore/QJsonDocument>

using namespace koder::agent;
using namespace koder::agent::qt;

KoderLocalAgent::KoderLocalAgent(QObject* parent)
    : KoderTransport(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &KoderLocalAgent::tick);
}

namespace {
constexpr bool isAsciiSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
} // namespace

std::string_view KoderLocalAgent::nextToken(std::string_view text, std::size_t offset)
{
    std::size_t i = offset;
    while (i < text.size() && isAsciiSpace(text[i]))
        ++i;
    while (i < text.size() && !isAsciiSpace(text[i]))
        ++i;
    return text.substr(offset, i - offset);
}

QStringList KoderLocalAgent::tokenize(const QString& text)
{
    const std::string utf8 = toStd(text);
    QStringList tokens;
    for (std::size_t at = 0; at < utf8.size();) {
        const std::string_view token = nextToken(utf8, at);
        tokens.append(toQString(token));
        at += token.size();
    }
    return tokens;
}

void KoderLocalAgent::start(const StartTurn& request, const QList<ToolSpec>&)
{
    Stream s;
    s.requestId = request.requestId;
    s.toolStep = !m_toolCalls.isEmpty() && request.step == 1;
    if (!s.toolStep) {
        QString text = m_reply;
        if (text.isEmpty()) {
            QString last;
            for (auto it = request.history.rbegin(); it != request.history.rend(); ++it) {
                if (it->role == Role::User) {
                    last = toQString(it->text);
                    break;
                }
            }
            text = QStringLiteral("You said: \"%1\"").arg(last);
        }
        s.text = toStd(text);
    }
    s.clock.start();
    m_stream = std::move(s);
    m_timer.setInterval(m_tokensPerSecond > 0 ? qMax(1, qRound(1000.0 / m_tokensPerSecond)) : 0);
    m_timer.start();
}

void KoderLocalAgent::cancel(RequestId requestId)
{
    if (m_stream && m_stream->requestId == requestId) {
        m_stream.reset();
        m_timer.stop();
    }
}

void KoderLocalAgent::tick()
{
    if (!m_stream) {
        m_timer.stop();
        return;
    }
    const RequestId id = m_stream->requestId;
    // The controller may cancel or replace this stream from inside any deliver().
    auto alive = [this, id] { return m_stream && m_stream->requestId == id; };

    if (!m_stream->started) {
        m_stream->started = true;
        deliver(StreamStarted{id});
        if (!alive())
            return;
    }
    if (m_stream->toolStep) {
        emitToolStep(*m_stream);
        return;
    }
    qsizetype due = m_stream->next + 1;
    if (m_tokensPerSecond > 0) {
        const double elapsed = static_cast<double>(m_stream->clock.nsecsElapsed()) / 1e9;
        due = qMax<qsizetype>(m_stream->next,
                              static_cast<qsizetype>(elapsed * m_tokensPerSecond) + 1);
    }
    while (alive() && m_stream->next < due) {
        if (m_failAfterTokens >= 0 && m_stream->next >= m_failAfterTokens) {
            m_stream.reset();
            m_timer.stop();
            deliver(StreamFailed{
                id,
                {"transport", "The local agent simulated a transport failure.", true, -1},
                ErrorVerdict::Default});
            return;
        }
        if (m_stream->offset >= m_stream->text.size()) {
            m_stream.reset();
            m_timer.stop();
            deliver(StreamEnded{id, "stop"});
            return;
        }
        const std::string_view token = nextToken(m_stream->text, m_stream->offset);
        m_stream->offset += token.size();
        ++m_stream->next;
        deliver(TextDelta{id, std::string(token)});
    }
}

void KoderLocalAgent::emitToolStep(Stream& s)
{
    const RequestId id = s.requestId;
    const QVariantList calls = m_toolCalls;
    m_stream.reset();
    m_timer.stop();
    int i = 0;
    for (const QVariant& v : calls) {
        const QVariantMap call = v.toMap();
        ToolCall tc;
        tc.id = "local-" + std::to_string(id) + "-" + std::to_string(i++);
        tc.name = toStd(call.value(QStringLiteral("name")).toString());
        tc.arguments = variantToJsonText(call.value(QStringLiteral("arguments")));
        if (tc.arguments.empty())
            tc.arguments = "{}";
        deliver(ToolCallRequested{id, std::move(tc)});
    }
    deliver(StreamEnded{id, "tool_calls"});
}

void KoderLocalAgent::setReply(const QString& reply)
{
    if (m_reply == reply)
        return;
    m_reply = reply;
    Q_EMIT replyChanged();
}

void KoderLocalAgent::setTokensPerSecond(double tps)
{
    tps = qMax(0.0, tps);
    if (qFuzzyCompare(m_tokensPerSecond + 1, tps + 1))
        return;
    m_tokensPerSecond = tps;
    Q_EMIT tokensPerSecondChanged();
}

void KoderLocalAgent::setToolCalls(const QVariantList& calls)
{
    if (m_toolCalls == calls)
        return;
    m_toolCalls = calls;
    Q_EMIT toolCallsChanged();
}

void KoderLocalAgent::setFailAfterTokens(int n)
{
    n = qMax(-1, n);
    if (m_failAfterTokens == n)
        return;
    m_failAfterTokens = n;
    Q_EMIT failAfterTokensChanged();
}
