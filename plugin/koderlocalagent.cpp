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
    s.conversationId = request.conversationId;
    s.clock.start();
    // A conversation streams one request at a time; other conversations stream beside it.
    std::erase_if(m_streams, [&](const Stream& o) { return o.conversationId == s.conversationId; });
    m_streams.push_back(std::move(s));
    m_timer.setInterval(m_tokensPerSecond > 0 ? qMax(1, qRound(1000.0 / m_tokensPerSecond)) : 0);
    if (!m_timer.isActive())
        m_timer.start();
}

KoderLocalAgent::Stream* KoderLocalAgent::find(RequestId id)
{
    for (Stream& s : m_streams)
        if (s.requestId == id)
            return &s;
    return nullptr;
}

void KoderLocalAgent::remove(RequestId id)
{
    std::erase_if(m_streams, [id](const Stream& s) { return s.requestId == id; });
    if (m_streams.empty())
        m_timer.stop();
}

void KoderLocalAgent::cancel(RequestId requestId)
{
    remove(requestId);
}

void KoderLocalAgent::tick()
{
    std::vector<RequestId> ids;
    ids.reserve(m_streams.size());
    for (const Stream& s : m_streams)
        ids.push_back(s.requestId);
    for (const RequestId id : ids)
        tickStream(id);
    if (m_streams.empty())
        m_timer.stop();
}

// The controller may cancel, replace or add streams from inside any deliver(): the stream is
// looked up again after each one.
void KoderLocalAgent::tickStream(RequestId id)
{
    Stream* s = find(id);
    if (!s)
        return;
    if (!s->started) {
        s->started = true;
        deliver(StreamStarted{id});
        if (!(s = find(id)))
            return;
    }
    if (s->toolStep) {
        emitToolStep(id);
        return;
    }
    qsizetype due = s->next + 1;
    if (m_tokensPerSecond > 0) {
        const double elapsed = static_cast<double>(s->clock.nsecsElapsed()) / 1e9;
        due = qMax<qsizetype>(s->next, static_cast<qsizetype>(elapsed * m_tokensPerSecond) + 1);
    }
    while ((s = find(id)) && s->next < due) {
        if (m_failAfterTokens >= 0 && s->next >= m_failAfterTokens) {
            remove(id);
            deliver(StreamFailed{
                id,
                {"transport", "The local agent simulated a transport failure.", true, -1},
                ErrorVerdict::Default});
            return;
        }
        if (s->offset >= s->text.size()) {
            remove(id);
            deliver(StreamEnded{id, "stop"});
            return;
        }
        const std::string_view token = nextToken(s->text, s->offset);
        s->offset += token.size();
        ++s->next;
        deliver(TextDelta{id, std::string(token)});
    }
}

void KoderLocalAgent::emitToolStep(RequestId id)
{
    const QVariantList calls = m_toolCalls;
    remove(id);
    int i = 0;
    for (const QVariant& v : calls) {
        const QVariantMap call = v.toMap();
        ToolCall tc;
        // Request ids are unique across conversations, so these are too.
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
