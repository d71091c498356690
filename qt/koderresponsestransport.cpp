// SPDX-License-Identifier: MIT
#include "koderresponsestransport.h"

#include "attachments.h"
#include "qtconvert.h"
#include "requestjson.h"
#include "responsesstream.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtNetwork/QNetworkRequest>

/*!
    \class KoderResponsesTransport
    \inmodule KoderAgent
    \inheaderfile koderresponsestransport.h
    \brief Streams from the OpenAI Responses API over HTTP and SSE, statelessly.

    Posts to \c{<baseUrl>/responses} (KoderHttpTransport::baseUrl defaults to
    \c{https://api.openai.com/v1}) with the key as \c{Authorization: Bearer <key>}. Every
    request carries the whole history and asks the server to store nothing. The errors and
    limits are KoderHttpTransport's.

    In QML: \l [QML] {KoderResponsesTransport}{the KoderResponsesTransport QML type}.

    \sa {Transports}
*/

/*!
    \qmltype KoderResponsesTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderResponsesTransport
    \inherits KoderHttpTransport
    \brief Streams from the OpenAI Responses API over HTTP and SSE, statelessly.

    Each request is a POST to \c{<baseUrl>/responses} with \c{"stream": true}; \c baseUrl
    defaults to \c{https://api.openai.com/v1}. \l {KoderHttpTransport::apiKey}{apiKey} is sent
    as \c{Authorization: Bearer <key>}. The Responses API is what OpenAI's reasoning and tool
    models are used through, and other servers speak it too:

    \table
    \header \li Server \li \c baseUrl \li Notes
    \row \li OpenAI \li \c{https://api.openai.com/v1} (the default) \li \c apiKey required.
    \row \li xAI \li \c{https://api.x.ai/v1} \li \c apiKey required.
    \row \li Ollama \li \c{http://127.0.0.1:11434/v1} \li Tool calls come whole; reasoning
         as a summary.
    \row \li LM Studio \li \c{http://127.0.0.1:1234/v1} \li Reasoning as \c reasoning_text.
    \row \li llama.cpp \c llama-server \li \c{http://127.0.0.1:8080/v1} \li
    \row \li vLLM \li \c{http://127.0.0.1:8000/v1} \li
    \row \li OpenRouter \li \c{https://openrouter.ai/api/v1} \li \c apiKey required.
    \endtable

    \snippet Main.qml responses-transport

    \section1 What is sent

    Requests are stateless: \c{"store": false}, the whole history as \c input items, and
    \c{"include": ["reasoning.encrypted_content"]}, so that a reasoning model's reasoning
    comes back encrypted and goes with the next request of the turn (a tool loop keeps its
    chain of thought without the server keeping anything). The system prompt is sent as
    \c instructions (the summary of a compacted conversation is the first user message); user
    messages as \c message items with \c input_text, \c input_image
    (images as data URLs, or the address of an \c{http(s):} image) and \c input_file (PDF
    documents) parts, text files inlined in the text; a reply as a \c message item with its
    text and a \c function_call item per call the history answers, each after the reasoning
    items that led to it (those the server gave \c encrypted_content, sent without their ids);
    each tool's result as a \c function_call_output. Tools
    are \c function tools with their JSON schema, \c{"strict": false}. \l reasoningEffort,
    \l reasoningSummary and \l maxOutputTokens are sent when set. To continue a reply cut by
    \c length (\l [QML] {KoderAgentController::continueReply()}{continueReply()}), the input
    ends with that reply and a user message asking the model to go on from where it stopped
    without repeating itself.

    \section1 What comes back

    Output items are followed by their \c output_index (servers rotate item ids mid-stream).
    Text parts and message items are joined as they come, with nothing added; where a
    \c{.done} event restates a part differently from its deltas, the \c{.done} text is the
    reply's. The reasoning summary (\c reasoning_summary_text) and reasoning text
    (\c reasoning_text) stream as the reply's reasoning, a blank line between parts. A
    \c function_call item is a tool call, its arguments from the deltas or only from the
    finished item (servers that send calls whole); calls run only when the response completed.
    A \c refusal part is shown as the reply, with \c finishReason \c{"refusal"}.

    Items the server ran itself (\c web_search_call, \c file_search_call, \c mcp_call,
    \c mcp_list_tools, \c mcp_approval_request, \c code_interpreter_call,
    \c custom_tool_call, and types unknown to the library) never become the application's
    tool calls: each is an entry of the reply's \c{metadata.serverTools}, in output order, a
    map with \c type (as on the wire), and when the item has them \c status, \c name (the
    tool's, or the MCP server's label), \c input (the query, arguments or code, as text),
    \c output (what it returned that is text) and \c error. \l Bubble shows them as cards
    marked \e{Run by the server}. An \c mcp_approval_request ends the reply normally.

    The reply's row keeps its reasoning items under \c{metadata.responses.reasoning}, each
    with what it led to, to send them back; reasoning that led to nothing (a reply cut while
    the model thought) is not kept, since the API refuses it back without the item it led to.

    \c response.completed ends the reply: \c finishReason \c{"tool_calls"} when the output
    has a function call, else \c{"stop"}; \c response.incomplete ends it with \c{"length"}
    (\c max_output_tokens) or \c{"content_filter"}. The usage is the response's:
    \c input_tokens as \c promptTokens, \c output_tokens as \c completionTokens, with
    \c cachedTokens and \c reasoningTokens from their details.

    \section1 Errors

    The errors and limits are \l [QML] {KoderHttpTransport}{KoderHttpTransport's}. An
    \c error event or \c response.failed inside the stream ends the turn with the server's own
    \c code and message in \l {KoderAgentController::lastError}{lastError}:
    \c rate_limit_exceeded and \c server_error are retryable, \c insufficient_quota and other
    codes are not. \c context_length_exceeded (or a message saying the input exceeds the
    context window) is \c{"context_length"}, not retryable, as on every transport. A stream that ends without \c response.completed, \c response.incomplete
    or \c response.failed fails with code \c{"incomplete"} (retryable).

    \sa {Transports}, KoderOpenAiTransport
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
const QString typeKey = QStringLiteral("type");
const QString textKey = QStringLiteral("text");

QJsonObject inputText(const QString& text)
{
    return {{typeKey, QStringLiteral("input_text")}, {textKey, text}};
}

// A document's name as the API shows it to the model: its own, when it has one that looks like
// a file name.
QString fileNameOf(const LoadedAttachment& document)
{
    const QString& name = document.name;
    const bool usable = !name.isEmpty() && name.size() <= 200 && !name.contains(QLatin1Char('/'));
    return usable ? name : QStringLiteral("document.pdf");
}

QJsonObject userMessage(const Message& m, const QList<LoadedAttachment>& attachments)
{
    QJsonArray content;
    if (const QString text = textWithAttachedFiles(m, attachments); !text.isEmpty())
        content.append(inputText(text));
    for (const LoadedAttachment& a : attachments) {
        if (a.kind == LoadedAttachment::Kind::Image)
            content.append(
                QJsonObject{{typeKey, QStringLiteral("input_image")},
                            {QStringLiteral("image_url"),
                             a.remoteUrl.isEmpty() ? dataUrl(a) : a.remoteUrl.toString()}});
        else if (a.kind == LoadedAttachment::Kind::Document)
            content.append(QJsonObject{{typeKey, QStringLiteral("input_file")},
                                       {QStringLiteral("filename"), fileNameOf(a)},
                                       {QStringLiteral("file_data"), dataUrl(a)}});
    }
    if (content.isEmpty())
        content.append(inputText(QString()));
    return {{typeKey, QStringLiteral("message")},
            {QStringLiteral("role"), QStringLiteral("user")},
            {QStringLiteral("content"), content}};
}

// A reasoning item a reply came with (kept in its metadata by finishing()), as it goes back:
// before the message or the call it led to (the API refuses one without it), and without its
// id (with store off the server reads it from its encrypted content; Azure refuses the id).
struct KeptReasoning {
    QJsonObject item;
    QString before; ///< the call it led to; empty: the reply's message
};

QList<KeptReasoning> reasoningOf(const Message& m)
{
    const QJsonArray kept =
        keptInMetadata(m, QStringLiteral("responses"), QStringLiteral("reasoning"));
    QList<KeptReasoning> items;
    for (const QJsonValue& v : kept) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("encrypted_content")).toString().isEmpty())
            continue;
        items.append(
            {QJsonObject{{typeKey, QStringLiteral("reasoning")},
                         {QStringLiteral("summary"), o.value(QStringLiteral("summary")).toArray()},
                         {QStringLiteral("encrypted_content"),
                          o.value(QStringLiteral("encrypted_content"))}},
             o.value(QStringLiteral("before")).toString()});
    }
    return items;
}

void appendReasoningBefore(QJsonArray& input, const QList<KeptReasoning>& reasoning,
                           const QString& before)
{
    for (const KeptReasoning& r : reasoning)
        if (r.before == before)
            input.append(r.item);
}
} // namespace

/*!
    Constructs a Responses API transport with \a parent; its baseUrl is
    \c{https://api.openai.com/v1}.
*/
KoderResponsesTransport::KoderResponsesTransport(QObject* parent)
    : KoderHttpTransport(QUrl(QStringLiteral("https://api.openai.com/v1")), parent)
{
}

/*!
    Destroys the transport; requests still running are aborted.
*/
KoderResponsesTransport::~KoderResponsesTransport() = default;

/*!
    \reimp

    Returns \c{<baseUrl>/responses}.
*/
QUrl KoderResponsesTransport::endpoint() const
{
    return urlWithPath(QStringLiteral("responses"));
}

/*!
    \reimp

    Adds apiKey, when set, to \a request as \c{Authorization: Bearer <key>}.
*/
void KoderResponsesTransport::addHeaders(QNetworkRequest& request) const
{
    addBearerKey(request);
}

/*!
    \reimp

    Returns a Responses API SSE decoder for request \a requestId, reporting through \a report
    within \a limits.
*/
std::unique_ptr<koder::wire::StreamDecoder>
KoderResponsesTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                                 const koder::wire::Limits& limits) const
{
    return std::make_unique<koder::wire::ResponsesStreamDecoder>(requestId, std::move(report),
                                                                 limits);
}

/*!
    \reimp

    When \a input ends the stream, stores what \a decoder kept in the reply's metadata: the
    items the server ran itself under \c serverTools, and the reasoning items (with their
    encrypted content, to be sent back) under \c{responses.reasoning}.
*/
void KoderResponsesTransport::finishing(koder::wire::StreamDecoder& decoder, Input& input) const
{
    auto* ended = std::get_if<StreamEnded>(&input);
    const auto* responses = dynamic_cast<koder::wire::ResponsesStreamDecoder*>(&decoder);
    if (!ended || !responses)
        return;
    QJsonObject metadata;
    QJsonArray serverTools;
    for (const koder::wire::ServerTool& t : responses->serverTools()) {
        QJsonObject o{{typeKey, toQString(t.type)}};
        const std::pair<QString, const std::string*> fields[] = {
            {QStringLiteral("status"), &t.status}, {QStringLiteral("name"), &t.name},
            {QStringLiteral("input"), &t.input},   {QStringLiteral("output"), &t.output},
            {QStringLiteral("error"), &t.error},
        };
        for (const auto& [key, value] : fields)
            if (!value->empty())
                o.insert(key, toQString(*value));
        serverTools.append(o);
    }
    if (!serverTools.isEmpty())
        metadata.insert(QStringLiteral("serverTools"), serverTools);
    QJsonArray reasoning;
    for (const koder::wire::ResponsesReasoning& r : responses->reasoningItems()) {
        // Nothing the next request could send back: no encrypted content, or nothing it led to.
        if (r.encryptedContent.empty() || !r.followed)
            continue;
        QJsonArray summary;
        for (const std::string& s : r.summary)
            if (!s.empty())
                summary.append(QJsonObject{{typeKey, QStringLiteral("summary_text")},
                                           {textKey, toQString(s)}});
        QJsonObject kept{{QStringLiteral("id"), toQString(r.id)},
                         {QStringLiteral("summary"), summary},
                         {QStringLiteral("encrypted_content"), toQString(r.encryptedContent)}};
        if (!r.followedBy.empty())
            kept.insert(QStringLiteral("before"), toQString(r.followedBy));
        reasoning.append(kept);
    }
    if (!reasoning.isEmpty())
        metadata.insert(QStringLiteral("responses"),
                        QJsonObject{{QStringLiteral("reasoning"), reasoning}});
    if (!metadata.isEmpty())
        ended->metadata = QJsonDocument(metadata).toJson(QJsonDocument::Compact).toStdString();
}

/*!
    \reimp

    Returns the Responses API body for \a request with \a tools; \a attachments reads each user
    message's attachments.
*/
QJsonObject KoderResponsesTransport::body(const StartTurn& request, const QList<ToolSpec>& tools,
                                          AttachmentLoader& attachments) const
{
    const AnsweredCalls answered(request.history);
    QStringList instructions;
    QJsonArray input;
    for (const Message& m : request.history) {
        switch (m.role) {
        case Role::System:
            instructions.append(toQString(m.text));
            break;
        case Role::User: {
            QList<LoadedAttachment> loaded;
            attachments.load(m.attachments(), &loaded);
            input.append(userMessage(m, loaded));
            break;
        }
        case Role::Assistant: {
            const QList<KeptReasoning> reasoning = reasoningOf(m);
            if (!m.text.empty()) {
                appendReasoningBefore(input, reasoning, {});
                input.append(
                    QJsonObject{{typeKey, QStringLiteral("message")},
                                {QStringLiteral("role"), QStringLiteral("assistant")},
                                {QStringLiteral("content"),
                                 QJsonArray{QJsonObject{{typeKey, QStringLiteral("output_text")},
                                                        {textKey, toQString(m.text)}}}}});
            }
            for (const ToolCall& c : answered.of(m)) {
                appendReasoningBefore(input, reasoning, toQString(c.id));
                input.append(QJsonObject{{typeKey, QStringLiteral("function_call")},
                                         {QStringLiteral("call_id"), toQString(c.id)},
                                         {QStringLiteral("name"), toQString(c.name)},
                                         {QStringLiteral("arguments"), toQString(c.arguments)}});
            }
            break;
        }
        case Role::Tool:
            input.append(QJsonObject{{typeKey, QStringLiteral("function_call_output")},
                                     {QStringLiteral("call_id"), toQString(m.toolCallId())},
                                     {QStringLiteral("output"), toQString(m.text)}});
            break;
        case Role::Checkpoint:
        case Role::Summary: // never in a request: the core sends a summary as a user message
            break;
        }
    }
    if (continues(request)) // the reply cut by `length` is the last item: ask for the rest
        input.append(
            QJsonObject{{typeKey, QStringLiteral("message")},
                        {QStringLiteral("role"), QStringLiteral("user")},
                        {QStringLiteral("content"),
                         QJsonArray{inputText(QString::fromLatin1(continuationInstruction))}}});
    QJsonObject body{
        {QStringLiteral("model"), model()},
        {QStringLiteral("input"), input},
        {QStringLiteral("stream"), true},
        {QStringLiteral("store"), false},
        {QStringLiteral("include"), QJsonArray{QStringLiteral("reasoning.encrypted_content")}},
    };
    if (!instructions.isEmpty())
        body.insert(QStringLiteral("instructions"), instructions.join(QStringLiteral("\n\n")));
    if (!tools.isEmpty()) {
        QJsonArray array;
        for (const ToolSpec& t : tools)
            array.append(QJsonObject{{typeKey, QStringLiteral("function")},
                                     {QStringLiteral("name"), t.name},
                                     {QStringLiteral("description"), t.description},
                                     {QStringLiteral("parameters"), parametersOf(t)},
                                     {QStringLiteral("strict"), false}});
        body.insert(QStringLiteral("tools"), array);
    }
    QJsonObject reasoning;
    if (!m_reasoningEffort.isEmpty())
        reasoning.insert(QStringLiteral("effort"), m_reasoningEffort);
    if (!m_reasoningSummary.isEmpty())
        reasoning.insert(QStringLiteral("summary"), m_reasoningSummary);
    if (!reasoning.isEmpty())
        body.insert(QStringLiteral("reasoning"), reasoning);
    if (m_maxOutputTokens > 0)
        body.insert(QStringLiteral("max_output_tokens"), m_maxOutputTokens);
    return body;
}

/*!
    \fn bool KoderResponsesTransport::takesDocuments() const
    \reimp

    Returns \c true: PDF documents go as \c input_file parts.
*/

void KoderResponsesTransport::setReasoningEffort(const QString& effort)
{
    if (m_reasoningEffort == effort)
        return;
    m_reasoningEffort = effort;
    Q_EMIT reasoningEffortChanged();
}

void KoderResponsesTransport::setReasoningSummary(const QString& summary)
{
    if (m_reasoningSummary == summary)
        return;
    m_reasoningSummary = summary;
    Q_EMIT reasoningSummaryChanged();
}

void KoderResponsesTransport::setMaxOutputTokens(int n)
{
    n = qMax(0, n);
    if (m_maxOutputTokens == n)
        return;
    m_maxOutputTokens = n;
    Q_EMIT maxOutputTokensChanged();
}

/*!
    \qmlproperty string KoderResponsesTransport::reasoningEffort

    How much a reasoning model thinks before it answers, sent as \c{reasoning.effort}:
    \c{"minimal"}, \c{"low"}, \c{"medium"} or \c{"high"} (what a model accepts varies; the
    server refuses a value it does not know, \c{"bad_request"}). Empty leaves it out, so the
    server's default applies.

    The default is empty.
*/

/*!
    \property KoderResponsesTransport::reasoningEffort
    \brief How much a reasoning model thinks; empty leaves it to the server.

    Sent as \c{reasoning.effort} when not empty. The default is empty.
*/

/*!
    \qmlproperty string KoderResponsesTransport::reasoningSummary

    Asks a reasoning model for a summary of its reasoning, sent as \c{reasoning.summary}:
    \c{"auto"}, \c{"concise"} or \c{"detailed"}. The summary streams as the reply's
    reasoning. Empty leaves it out: OpenAI's models then stream no reasoning at all (other
    servers may send theirs anyway).

    The default is empty.
*/

/*!
    \property KoderResponsesTransport::reasoningSummary
    \brief Whether and how a reasoning model's reasoning is summarised; empty leaves it out.

    Sent as \c{reasoning.summary} when not empty. The default is empty.
*/

/*!
    \qmlproperty int KoderResponsesTransport::maxOutputTokens

    The most tokens one request may generate, reasoning included, sent as
    \c max_output_tokens. A reply that reaches it ends with \c finishReason \c{"length"} and
    runs none of its tool calls. 0 leaves it out of the request, so the server's limit applies.

    The default is 0. Values below 0 are taken as 0.
*/

/*!
    \property KoderResponsesTransport::maxOutputTokens
    \brief The most tokens one request may generate; 0 leaves it to the server.

    Sent as \c max_output_tokens when above 0. The default is 0.
*/
