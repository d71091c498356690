// SPDX-License-Identifier: MIT
#include "koderollamatransport.h"

#include "attachments.h"
#include "ollamastream.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonArray>
#include <QtNetwork/QNetworkRequest>

using namespace koder::agent;
using namespace koder::agent::qt;

KoderOllamaTransport::KoderOllamaTransport(QObject* parent)
    : KoderHttpTransport(QUrl(QStringLiteral("http://127.0.0.1:11434")), parent)
{
}

KoderOllamaTransport::~KoderOllamaTransport() = default;

QUrl KoderOllamaTransport::endpoint() const
{
    return urlWithPath(QStringLiteral("api/chat"));
}

void KoderOllamaTransport::addHeaders(QNetworkRequest& request) const
{
    addBearerKey(request);
}

std::unique_ptr<koder::wire::StreamDecoder>
KoderOllamaTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                              const koder::wire::Limits& limits) const
{
    return std::make_unique<koder::wire::OllamaStreamDecoder>(requestId, std::move(report), limits);
}

QJsonObject KoderOllamaTransport::body(const StartTurn& request, const QList<ToolSpec>& tools,
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
            o.insert(QStringLiteral("content"), textWithAttachedFiles(m, loaded));
            QJsonArray images;
            for (const LoadedAttachment& a : loaded)
                if (a.kind == LoadedAttachment::Kind::Image)
                    images.append(QString::fromLatin1(a.bytes.toBase64()));
            if (!images.isEmpty())
                o.insert(QStringLiteral("images"), images);
            break;
        }
        case Role::Assistant: {
            const std::vector<ToolCall> calls = answered.of(m);
            if (m.text.empty() && calls.empty())
                continue; // a reply that failed or was stopped before its first token
            o.insert(QStringLiteral("role"), QStringLiteral("assistant"));
            o.insert(QStringLiteral("content"), toQString(m.text));
            if (!calls.empty()) {
                QJsonArray array;
                for (const ToolCall& c : calls)
                    array.append(
                        QJsonObject{{QStringLiteral("function"),
                                     QJsonObject{{QStringLiteral("name"), toQString(c.name)},
                                                 {QStringLiteral("arguments"),
                                                  argumentsObject(c.arguments)}}}});
                o.insert(QStringLiteral("tool_calls"), array);
            }
            break;
        }
        case Role::Tool:
            o.insert(QStringLiteral("role"), QStringLiteral("tool"));
            o.insert(QStringLiteral("tool_name"), toQString(m.toolName()));
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
        {QStringLiteral("think"), m_think},
    };
    if (!tools.isEmpty())
        body.insert(QStringLiteral("tools"), functionTools(tools));
    if (!m_options.isEmpty())
        body.insert(QStringLiteral("options"), QJsonObject::fromVariantMap(m_options));
    if (!m_keepAlive.isEmpty()) {
        bool number = false;
        const qint64 seconds = m_keepAlive.toLongLong(&number);
        body.insert(QStringLiteral("keep_alive"),
                    number ? QJsonValue(seconds) : QJsonValue(m_keepAlive));
    }
    return body;
}

void KoderOllamaTransport::setThink(bool think)
{
    if (m_think == think)
        return;
    m_think = think;
    Q_EMIT thinkChanged();
}

void KoderOllamaTransport::setOptions(const QVariantMap& options)
{
    if (m_options == options)
        return;
    m_options = options;
    Q_EMIT optionsChanged();
}

void KoderOllamaTransport::setKeepAlive(const QString& keepAlive)
{
    if (m_keepAlive == keepAlive)
        return;
    m_keepAlive = keepAlive;
    Q_EMIT keepAliveChanged();
}
