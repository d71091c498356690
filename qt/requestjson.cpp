// SPDX-License-Identifier: MIT
#include "requestjson.h"

#include "qtconvert.h"

#include "koder/agent/message.h"

#include <QtCore/QJsonDocument>

namespace koder::agent::qt {

QString textWithAttachedFiles(const Message& message, const QList<LoadedAttachment>& attachments)
{
    QString text = toQString(message.text);
    for (const LoadedAttachment& a : attachments) {
        if (a.kind == LoadedAttachment::Kind::Image || a.kind == LoadedAttachment::Kind::Document)
            continue; // a part of its own
        if (!text.isEmpty())
            text += QLatin1String("\n\n");
        const QString name = a.name.isEmpty() ? QStringLiteral("(unnamed)") : a.name;
        if (a.kind == LoadedAttachment::Kind::Text)
            text += QStringLiteral("Attached file %1:\n```\n%2\n```")
                        .arg(name, QString::fromUtf8(a.bytes));
        else
            text += QStringLiteral("(An attachment, %1, is not available any more.)").arg(name);
    }
    return text;
}

QJsonArray keptInMetadata(const Message& reply, const QString& provider, const QString& key)
{
    if (reply.metadata().empty())
        return {};
    return QJsonDocument::fromJson(QByteArray::fromStdString(reply.metadata()))
        .object()
        .value(provider)
        .toObject()
        .value(key)
        .toArray();
}

QString dataUrl(const LoadedAttachment& image)
{
    return QStringLiteral("data:%1;base64,%2")
        .arg(image.mimeType, QString::fromLatin1(image.bytes.toBase64()));
}

QJsonObject parametersOf(const KoderTransport::ToolSpec& tool)
{
    if (!tool.parameters.isEmpty())
        return tool.parameters;
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"), QJsonObject{}}};
}

QJsonObject functionCall(const ToolCall& call)
{
    return {{QStringLiteral("id"), toQString(call.id)},
            {QStringLiteral("type"), QStringLiteral("function")},
            {QStringLiteral("function"),
             QJsonObject{{QStringLiteral("name"), toQString(call.name)},
                         {QStringLiteral("arguments"), toQString(call.arguments)}}}};
}

QJsonArray functionTools(const QList<KoderTransport::ToolSpec>& tools)
{
    QJsonArray array;
    for (const KoderTransport::ToolSpec& t : tools)
        array.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("function")},
                                 {QStringLiteral("function"),
                                  QJsonObject{{QStringLiteral("name"), t.name},
                                              {QStringLiteral("description"), t.description},
                                              {QStringLiteral("parameters"), parametersOf(t)}}}});
    return array;
}

AnsweredCalls::AnsweredCalls(const std::vector<Message>& history)
{
    for (const Message& m : history)
        if (m.role == Role::Tool)
            m_ids.insert(m.toolCallId());
}

std::vector<ToolCall> AnsweredCalls::of(const Message& assistant) const
{
    std::vector<ToolCall> calls;
    for (const ToolCall& c : assistant.toolCalls())
        if (m_ids.count(c.id))
            calls.push_back(c);
    return calls;
}

QJsonObject argumentsObject(const std::string& arguments)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(arguments)).object();
}

} // namespace koder::agent::qt
