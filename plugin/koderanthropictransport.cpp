// SPDX-License-Identifier: MIT
#include "koderanthropictransport.h"

#include "anthropicstream.h"
#include "attachments.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtNetwork/QNetworkRequest>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
const QString typeKey = QStringLiteral("type");

QJsonObject textBlock(const QString& text)
{
    return {{typeKey, QStringLiteral("text")}, {QStringLiteral("text"), text}};
}

QJsonObject imageBlock(const LoadedAttachment& image)
{
    const QJsonObject source =
        image.remoteUrl.isEmpty()
            ? QJsonObject{{typeKey, QStringLiteral("base64")},
                          {QStringLiteral("media_type"), image.mimeType},
                          {QStringLiteral("data"), QString::fromLatin1(image.bytes.toBase64())}}
            : QJsonObject{{typeKey, QStringLiteral("url")},
                          {QStringLiteral("url"), image.remoteUrl.toString()}};
    return {{typeKey, QStringLiteral("image")}, {QStringLiteral("source"), source}};
}

// The thinking blocks a reply came with (kept in its metadata by finishing()), to send back
// unchanged: the API checks their signatures, so one without is left out.
QJsonArray thinkingBlocksOf(const Message& m)
{
    if (m.metadata().empty())
        return {};
    const QJsonObject metadata =
        QJsonDocument::fromJson(QByteArray::fromStdString(m.metadata())).object();
    QJsonArray blocks;
    const QJsonArray kept = metadata.value(QStringLiteral("anthropic"))
                                .toObject()
                                .value(QStringLiteral("thinking"))
                                .toArray();
    for (const QJsonValue& block : kept) {
        const QJsonObject o = block.toObject();
        const bool redacted = o.value(typeKey).toString() == QLatin1String("redacted_thinking");
        if (!o.value(redacted ? QStringLiteral("data") : QStringLiteral("signature"))
                 .toString()
                 .isEmpty())
            blocks.append(o);
    }
    return blocks;
}

bool isThinking(const QJsonValue& block)
{
    const QString type = block.toObject().value(typeKey).toString();
    return type == QLatin1String("thinking") || type == QLatin1String("redacted_thinking");
}

// Anthropic wants user and assistant turns to alternate: consecutive messages of one role (a
// user message after tool results, several tool results, two replies of an imported
// conversation) become one message. Thinking may only open a message, so a later one's is left
// out.
void appendTurn(QJsonArray& messages, const QString& role, const QJsonArray& content)
{
    if (content.isEmpty())
        return;
    if (!messages.isEmpty()) {
        QJsonObject last = messages.last().toObject();
        if (last.value(QStringLiteral("role")).toString() == role) {
            QJsonArray merged = last.value(QStringLiteral("content")).toArray();
            for (const QJsonValue& block : content)
                if (!isThinking(block))
                    merged.append(block);
            last.insert(QStringLiteral("content"), merged);
            messages.replace(messages.size() - 1, last);
            return;
        }
    }
    messages.append(
        QJsonObject{{QStringLiteral("role"), role}, {QStringLiteral("content"), content}});
}
} // namespace

KoderAnthropicTransport::KoderAnthropicTransport(QObject* parent)
    : KoderHttpTransport(QUrl(QStringLiteral("https://api.anthropic.com")), parent)
{
}

KoderAnthropicTransport::~KoderAnthropicTransport() = default;

QUrl KoderAnthropicTransport::endpoint() const
{
    return urlWithPath(QStringLiteral("v1/messages"));
}

void KoderAnthropicTransport::addHeaders(QNetworkRequest& request) const
{
    request.setRawHeader("anthropic-version", "2023-06-01");
    if (!apiKey().isEmpty())
        request.setRawHeader("x-api-key", apiKey().toUtf8());
}

std::unique_ptr<koder::wire::StreamDecoder>
KoderAnthropicTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                                 const koder::wire::Limits& limits) const
{
    return std::make_unique<koder::wire::AnthropicStreamDecoder>(requestId, std::move(report),
                                                                 limits);
}

void KoderAnthropicTransport::finishing(koder::wire::StreamDecoder& decoder, Input& input) const
{
    auto* ended = std::get_if<StreamEnded>(&input);
    if (!ended)
        return;
    const auto* anthropic = dynamic_cast<koder::wire::AnthropicStreamDecoder*>(&decoder);
    if (!anthropic || anthropic->thinkingBlocks().empty())
        return;
    const auto& blocks = anthropic->thinkingBlocks();
    QJsonArray thinking;
    for (const auto& b : blocks) {
        if (b.redacted)
            thinking.append(QJsonObject{{typeKey, QStringLiteral("redacted_thinking")},
                                        {QStringLiteral("data"), toQString(b.data)}});
        else
            thinking.append(QJsonObject{{typeKey, QStringLiteral("thinking")},
                                        {QStringLiteral("thinking"), toQString(b.thinking)},
                                        {QStringLiteral("signature"), toQString(b.signature)}});
    }
    const QJsonObject metadata{
        {QStringLiteral("anthropic"), QJsonObject{{QStringLiteral("thinking"), thinking}}}};
    ended->metadata = QJsonDocument(metadata).toJson(QJsonDocument::Compact).toStdString();
}

QJsonObject KoderAnthropicTransport::body(const StartTurn& request, const QList<ToolSpec>& tools,
                                          AttachmentLoader& attachments) const
{
    const AnsweredCalls answered(request.history);
    QStringList system;
    QJsonArray messages;
    for (const Message& m : request.history) {
        switch (m.role) {
        case Role::System:
            system.append(toQString(m.text));
            break;
        case Role::User: {
            QList<LoadedAttachment> loaded;
            attachments.load(m.attachments(), &loaded);
            QJsonArray content;
            for (const LoadedAttachment& a : loaded) // images first, as the API suggests
                if (a.kind == LoadedAttachment::Kind::Image)
                    content.append(imageBlock(a));
            const QString text = textWithAttachedFiles(m, loaded);
            if (!text.isEmpty())
                content.append(textBlock(text));
            appendTurn(messages, QStringLiteral("user"), content);
            break;
        }
        case Role::Assistant: {
            QJsonArray content = thinkingBlocksOf(m);
            if (!m.text.empty())
                content.append(textBlock(toQString(m.text)));
            for (const ToolCall& c : answered.of(m))
                content.append(
                    QJsonObject{{typeKey, QStringLiteral("tool_use")},
                                {QStringLiteral("id"), toQString(c.id)},
                                {QStringLiteral("name"), toQString(c.name)},
                                {QStringLiteral("input"), argumentsObject(c.arguments)}});
            appendTurn(messages, QStringLiteral("assistant"), content);
            break;
        }
        case Role::Tool:
            appendTurn(messages, QStringLiteral("user"),
                       {QJsonObject{{typeKey, QStringLiteral("tool_result")},
                                    {QStringLiteral("tool_use_id"), toQString(m.toolCallId())},
                                    {QStringLiteral("content"), toQString(m.text)},
                                    {QStringLiteral("is_error"), m.isError}}});
            break;
        case Role::Checkpoint:
            break;
        }
    }
    QJsonObject body{
        {QStringLiteral("model"), model()},
        {QStringLiteral("max_tokens"), m_maxTokens},
        {QStringLiteral("messages"), messages},
        {QStringLiteral("stream"), true},
    };
    if (!system.isEmpty())
        body.insert(QStringLiteral("system"), system.join(QStringLiteral("\n\n")));
    if (!tools.isEmpty()) {
        QJsonArray array;
        for (const ToolSpec& t : tools)
            array.append(QJsonObject{{QStringLiteral("name"), t.name},
                                     {QStringLiteral("description"), t.description},
                                     {QStringLiteral("input_schema"), parametersOf(t)}});
        body.insert(QStringLiteral("tools"), array);
    }
    if (m_thinkingBudget > 0)
        body.insert(QStringLiteral("thinking"),
                    QJsonObject{{typeKey, QStringLiteral("enabled")},
                                {QStringLiteral("budget_tokens"), m_thinkingBudget}});
    return body;
}

void KoderAnthropicTransport::setMaxTokens(int n)
{
    n = qMax(1, n);
    if (m_maxTokens == n)
        return;
    m_maxTokens = n;
    Q_EMIT maxTokensChanged();
}

void KoderAnthropicTransport::setThinkingBudget(int n)
{
    n = qMax(0, n);
    if (m_thinkingBudget == n)
        return;
    m_thinkingBudget = n;
    Q_EMIT thinkingBudgetChanged();
}
