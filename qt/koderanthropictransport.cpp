// SPDX-License-Identifier: MIT
#include "koderanthropictransport.h"

#include "anthropicstream.h"
#include "attachments.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtNetwork/QNetworkRequest>

/*!
    \class KoderAnthropicTransport
    \inmodule KoderAgent
    \inheaderfile koderanthropictransport.h
    \brief Streams from the Anthropic Messages API (Claude) over HTTP and SSE.

    Posts to \c{<baseUrl>/v1/messages} (KoderHttpTransport::baseUrl defaults to
    \c{https://api.anthropic.com}) with the key as \c{x-api-key} and
    \c{anthropic-version: 2023-06-01}. The errors and limits are KoderHttpTransport's.

    In QML: \l [QML] {KoderAnthropicTransport}{the KoderAnthropicTransport QML type}.

    \sa {Transports}
*/

/*!
    \qmltype KoderAnthropicTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderAnthropicTransport
    \inherits KoderHttpTransport
    \brief Streams from the Anthropic Messages API (Claude) over HTTP and SSE.

    Each request is a POST to \c{<baseUrl>/v1/messages} with \c{"stream": true}; \c baseUrl
    defaults to \c{https://api.anthropic.com}. \l {KoderHttpTransport::apiKey}{apiKey} is sent
    as \c{x-api-key}, with \c{anthropic-version: 2023-06-01}.

    \snippet Main.qml anthropic-transport

    \section1 What is sent and what comes back

    The system prompt goes as \c system (the summary of a compacted conversation is the first
    user message, joined with the one after it), the tools as tools with an \c input_schema, tool
    calls as \c tool_use blocks and their results as \c tool_result blocks (consecutive
    messages of one role are merged into one turn, as the API wants). \l maxTokens is always
    sent. A user message's images go as \c image blocks (base64 data, or the address of an
    \c{http(s):} image) before its text; text files are inlined in the text.

    A reply cut by \c length goes on
    (\l [QML] {KoderAgentController::continueReply()}{continueReply()}) by a prefill: the
    request ends with that reply as the last assistant message, its text only, without its
    trailing whitespace (the API refuses it), and the model writes what follows. The API takes
    no prefill with thinking on, so that request is sent without \l thinkingBudget.

    The stream gives text (several text blocks are joined as they come), thinking (with
    \l thinkingBudget set) and \c tool_use blocks assembled from their \c input_json_delta
    fragments. Each thinking block's signature is kept in the reply row's
    \c{metadata.anthropic.thinking} and sent back with the reply in the next request, as the
    API requires for a tool loop with thinking. Usage is the last the server reported, with
    \c cachedTokens (cache reads) and \c cacheWriteTokens. Anthropic's \c input_tokens leave
    out the tokens read from the prompt cache and written to it, so the reply's
    \c promptTokens is \c input_tokens + \c cache_read_input_tokens +
    \c cache_creation_input_tokens: every token of the prompt, as the other transports count
    it. Blocks the server ran itself (web search, citations) never become client tool calls;
    \c ping and unknown events are ignored.

    A \c tool_use cut off by \c max_tokens is never run: the reply ends with \c finishReason
    \c{"length"}. \c{stop_reason: "model_context_window_exceeded"} (the reply filled the
    context window) ends the turn with the error \c{"context_length"}, the text so far kept:
    only a shorter history lets the model go on. \c{stop_reason: "refusal"}
    shows what the model said, else the API's explanation, else "The model declined to
    answer.", with \c finishReason \c{"refusal"}.

    \section1 Errors

    The errors and limits are \l [QML] {KoderHttpTransport}{KoderHttpTransport's}. Anthropic's
    own error types map to these codes, whether they come as an HTTP error body or as an
    \c error event inside the stream:

    \table
    \header \li Error type \li \c code \li Retryable
    \row \li \c overloaded_error (also HTTP 529) \li \c{"overloaded"} \li yes
    \row \li \c rate_limit_error \li \c{"rate_limit"} \li yes (\c retry-after honoured)
    \row \li \c api_error \li \c{"upstream_error"} \li yes
    \row \li \c authentication_error \li \c{"unauthorized"} \li no
    \row \li \c permission_error \li \c{"forbidden"} \li no
    \row \li \c not_found_error \li \c{"not_found"} \li no
    \row \li \c invalid_request_error \li \c{"bad_request"} \li no
    \row \li \c invalid_request_error saying \c{prompt is too long: N tokens > M maximum},
         or HTTP 413 (\c request_too_large) \li \c{"context_length"} \li no
    \endtable

    A stream that ends before its stop reason fails with code \c{"incomplete"} (retryable).

    \sa {Transports}
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
// A tool result's content: its text, and the images an MCP tool returned (kept in the tool
// message's metadata.content), which Anthropic's tool_result takes as image blocks.
QJsonValue toolResultContent(const Message& m)
{
    const QJsonArray parts = QJsonDocument::fromJson(QByteArray::fromStdString(m.metadata()))
                                 .object()
                                 .value(QStringLiteral("content"))
                                 .toArray();
    QJsonArray images;
    for (const QJsonValue& part : parts) {
        const QJsonObject p = part.toObject();
        // Only what Anthropic takes, within its size: anything else would fail every retry of
        // the conversation's next request.
        static const QStringList accepted{QStringLiteral("image/png"), QStringLiteral("image/jpeg"),
                                          QStringLiteral("image/gif"),
                                          QStringLiteral("image/webp")};
        constexpr qsizetype maxImageBase64 = 5 * 1024 * 1024 * 4 / 3;
        if (p.value(QStringLiteral("type")) != QLatin1String("image") ||
            !p.value(QStringLiteral("data")).isString() ||
            !accepted.contains(p.value(QStringLiteral("mimeType")).toString()) ||
            p.value(QStringLiteral("data")).toString().size() > maxImageBase64)
            continue;
        images.append(QJsonObject{
            {QStringLiteral("type"), QStringLiteral("image")},
            {QStringLiteral("source"),
             QJsonObject{{QStringLiteral("type"), QStringLiteral("base64")},
                         {QStringLiteral("media_type"), p.value(QStringLiteral("mimeType"))},
                         {QStringLiteral("data"), p.value(QStringLiteral("data"))}}}});
    }
    if (images.isEmpty())
        return toQString(m.text);
    QJsonArray content;
    if (!m.text.empty())
        content.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                   {QStringLiteral("text"), toQString(m.text)}});
    for (const QJsonValue& image : std::as_const(images))
        content.append(image);
    return content;
}

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
    QJsonArray blocks;
    const QJsonArray kept =
        keptInMetadata(m, QStringLiteral("anthropic"), QStringLiteral("thinking"));
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

// A continuation (RequestKind::Continuation): the reply cut by `length` is the last message, and
// the API goes on from a final assistant message (a prefill). That message keeps its text only
// (the API takes no thinking in a prefill) and loses its trailing whitespace (the API refuses
// it). Returns whether the messages end with a prefill; without text to go on from, the cut
// reply is left out and the model answers anew.
bool prefillWith(QJsonArray& messages)
{
    if (messages.isEmpty())
        return false;
    QJsonObject last = messages.last().toObject();
    if (last.value(QStringLiteral("role")).toString() != QLatin1String("assistant"))
        return false;
    QJsonArray content;
    for (const QJsonValue& block : last.value(QStringLiteral("content")).toArray())
        if (!isThinking(block))
            content.append(block);
    while (!content.isEmpty()) {
        QJsonObject tail = content.last().toObject();
        if (tail.value(typeKey).toString() != QLatin1String("text"))
            break;
        QString text = tail.value(QStringLiteral("text")).toString();
        while (!text.isEmpty() && text.back().isSpace())
            text.chop(1);
        if (!text.isEmpty()) {
            tail.insert(QStringLiteral("text"), text);
            content.replace(content.size() - 1, tail);
            break;
        }
        content.removeLast(); // nothing but whitespace
    }
    if (content.isEmpty() ||
        content.last().toObject().value(typeKey).toString() != QLatin1String("text")) {
        messages.removeLast();
        return false;
    }
    last.insert(QStringLiteral("content"), content);
    messages.replace(messages.size() - 1, last);
    return true;
}
} // namespace

/*!
    Constructs an Anthropic transport with \a parent; its baseUrl is
    \c{https://api.anthropic.com}.
*/
KoderAnthropicTransport::KoderAnthropicTransport(QObject* parent)
    : KoderHttpTransport(QUrl(QStringLiteral("https://api.anthropic.com")), parent)
{
}

/*!
    Destroys the transport; requests still running are aborted.
*/
KoderAnthropicTransport::~KoderAnthropicTransport() = default;

/*!
    \reimp

    Returns \c{<baseUrl>/v1/messages}.
*/
QUrl KoderAnthropicTransport::endpoint() const
{
    return urlWithPath(QStringLiteral("v1/messages"));
}

/*!
    \reimp

    Adds \c{anthropic-version: 2023-06-01} and apiKey, when set, as \c{x-api-key} to
    \a request.
*/
void KoderAnthropicTransport::addHeaders(QNetworkRequest& request) const
{
    request.setRawHeader("anthropic-version", "2023-06-01");
    if (!apiKey().isEmpty())
        request.setRawHeader("x-api-key", apiKey().toUtf8());
}

/*!
    \reimp

    Returns a Messages API SSE decoder for request \a requestId, reporting through \a report
    within \a limits.
*/
std::unique_ptr<koder::wire::StreamDecoder>
KoderAnthropicTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                                 const koder::wire::Limits& limits) const
{
    return std::make_unique<koder::wire::AnthropicStreamDecoder>(requestId, std::move(report),
                                                                 limits);
}

/*!
    \reimp

    When \a input ends the stream, stores the thinking blocks \a decoder kept (with their
    signatures; redacted ones with their data) in the reply's metadata under
    \c{anthropic.thinking}, to be sent back with the reply.
*/
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

/*!
    \reimp

    Returns the Messages API body for \a request with \a tools; \a attachments reads each user
    message's attachments.
*/
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
                                    {QStringLiteral("content"), toolResultContent(m)},
                                    {QStringLiteral("is_error"), m.isError}}});
            break;
        case Role::Checkpoint:
        case Role::Summary: // never in a request: the core sends a summary as a user message
            break;
        }
    }
    const bool prefill = continues(request) && prefillWith(messages);
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
    // The API refuses a prefill with thinking on: a continuation goes without thinking.
    if (m_thinkingBudget > 0 && !prefill)
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

/*!
    \qmlproperty int KoderAnthropicTransport::maxTokens

    The most tokens a reply may have, sent as \c max_tokens with every request (the API
    requires it). With thinking on, the thinking counts against it. A reply that reaches it
    ends with \c finishReason \c{"length"}, and a tool call it cut off is not run.

    The default is 4096. Values below 1 are taken as 1.
*/

/*!
    \property KoderAnthropicTransport::maxTokens
    \brief The most tokens a reply may have; always sent, as the API requires.

    The default is 4096; values below 1 are taken as 1.
*/

/*!
    \qmlproperty int KoderAnthropicTransport::thinkingBudget

    The token budget of extended thinking, sent as \c{thinking: {type: "enabled",
    budget_tokens}} when above 0. The API wants at least 1024 and less than \l maxTokens, and
    refuses the request otherwise (\c{"bad_request"}). The thinking streams as the reply's
    reasoning.

    The default is 0: thinking off. Values below 0 are taken as 0.
*/

/*!
    \property KoderAnthropicTransport::thinkingBudget
    \brief The token budget of extended thinking; 0 turns thinking off.

    The API wants at least 1024 and less than maxTokens. The default is 0.
*/
