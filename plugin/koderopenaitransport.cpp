// SPDX-License-Identifier: MIT
#include "koderopenaitransport.h"

#include "attachments.h"
#include "openaistream.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonArray>
#include <QtNetwork/QNetworkRequest>

using namespace koder::agent;
using namespace koder::agent::qt;

KoderOpenAiTransport::KoderOpenAiTransport(QObject* parent)
    : KoderHttpTransport(QUrl(), parent)
{
}

KoderOpenAiTransport::~KoderOpenAiTransport() = default;

QUrl KoderOpenAiTransport::endpoint() const
{
    return urlWithPath(QStringLiteral("chat/completions"));
}

void KoderOpenAiTransport::addHeaders(QNetworkRequest& request) const
{
    addBearerKey(request);
}

std::unique_ptr<koder::wire::StreamDecoder>
KoderOpenAiTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                              const koder::wire::Limits& limits) const
{
    return std::make_unique<koder::wire::OpenAiStreamDecoder>(requestId, std::move(report), limits);
}

namespace {
// A user message with attachments: a text part (its text and any text files) unless there is no
// text at all, then one image_url part per image.
QJsonValue userContent(const Message& m, const QList<LoadedAttachment>& attachments)
{
    if (attachments.isEmpty())
        return toQString(m.text);
    QJsonArray parts;
    if (const QString text = textWithAttachedFiles(m, attachments); !text.isEmpty())
        parts.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                 {QStringLiteral("text"), text}});
    for (const LoadedAttachment& a : attachments) {
        if (a.kind != LoadedAttachment::Kind::Image)
            continue;
        const QString url = a.remoteUrl.isEmpty() ? dataUrl(a) : a.remoteUrl.toString();
        parts.append(
            QJsonObject{{QStringLiteral("type"), QStringLiteral("image_url")},
                        {QStringLiteral("image_url"), QJsonObject{{QStringLiteral("url"), url}}}});
    }
    return parts;
}
} // namespace

QJsonObject KoderOpenAiTransport::body(const StartTurn& request, const QList<ToolSpec>& tools,
                                       AttachmentLoader& attachments) const
{
    const AnsweredCalls answered(request.history);
    QJsonArray messages;
    for (const Message& m : request.history) {
        QJsonObject o;
        switch (m.role) {
        case Role::System:
            o.insert(QStringLiteral("role"), QStringLiteral("system"));
            o.insert(QStringLiteral("content"), toQString(m.text));
            break;
        case Role::User: {
            QList<LoadedAttachment> loaded;
            attachments.load(m.attachments(), &loaded);
            o.insert(QStringLiteral("role"), QStringLiteral("user"));
            o.insert(QStringLiteral("content"), userContent(m, loaded));
            break;
        }
        case Role::Assistant: {
            const std::vector<ToolCall> calls = answered.of(m);
            if (m.text.empty() && calls.empty())
                continue; // a reply that failed or was stopped before its first token
            o.insert(QStringLiteral("role"), QStringLiteral("assistant"));
            o.insert(QStringLiteral("content"),
                     m.text.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(toQString(m.text)));
            if (!calls.empty()) {
                QJsonArray array;
                for (const ToolCall& c : calls)
                    array.append(QJsonObject{
                        {QStringLiteral("id"), toQString(c.id)},
                        {QStringLiteral("type"), QStringLiteral("function")},
                        {QStringLiteral("function"),
                         QJsonObject{{QStringLiteral("name"), toQString(c.name)},
                                     {QStringLiteral("arguments"), toQString(c.arguments)}}}});
                o.insert(QStringLiteral("tool_calls"), array);
            }
            break;
        }
        case Role::Tool:
            o.insert(QStringLiteral("role"), QStringLiteral("tool"));
            o.insert(QStringLiteral("tool_call_id"), toQString(m.toolCallId()));
            o.insert(QStringLiteral("content"), toQString(m.text));
            break;
        case Role::Checkpoint:
            continue;
        }
        messages.append(o);
    }
    QJsonObject body{
        {QStringLiteral("model"), model()},
        {QStringLiteral("messages"), messages},
        {QStringLiteral("stream"), true},
        {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
    };
    if (!tools.isEmpty())
        body.insert(QStringLiteral("tools"), functionTools(tools));
    if (m_temperature >= 0)
        body.insert(QStringLiteral("temperature"), m_temperature);
    if (m_maxTokens > 0)
        body.insert(QStringLiteral("max_tokens"), m_maxTokens);
    return body;
}

void KoderOpenAiTransport::setTemperature(double t)
{
    if (qFuzzyCompare(m_temperature + 2, t + 2))
        return;
    m_temperature = t;
    Q_EMIT temperatureChanged();
}

void KoderOpenAiTransport::setMaxTokens(int n)
{
    n = qMax(0, n);
    if (m_maxTokens == n)
        return;
    m_maxTokens = n;
    Q_EMIT maxTokensChanged();
}
