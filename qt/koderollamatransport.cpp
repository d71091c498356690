// SPDX-License-Identifier: MIT
#include "koderollamatransport.h"

#include "attachments.h"
#include "ollamastream.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonArray>
#include <QtNetwork/QNetworkRequest>

/*!
    \class KoderOllamaTransport
    \inmodule KoderAgent
    \inheaderfile koderollamatransport.h
    \brief Streams from Ollama's native chat API (\c{/api/chat}, NDJSON).

    Posts to \c{<baseUrl>/api/chat} (KoderHttpTransport::baseUrl defaults to
    \c{http://127.0.0.1:11434}). Unlike Ollama's OpenAI-compatible \c{/v1}, which
    KoderOpenAiTransport speaks, the native API controls thinking, takes model options and a
    keep-alive, and gives tool calls whole. The errors and limits are KoderHttpTransport's.

    In QML: \l [QML] {KoderOllamaTransport}{the KoderOllamaTransport QML type}.

    \sa {Transports}
*/

/*!
    \qmltype KoderOllamaTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderOllamaTransport
    \inherits KoderHttpTransport
    \brief Streams from Ollama's native chat API (\c{/api/chat}, NDJSON).

    Each request is a POST to \c{<baseUrl>/api/chat} with \c{"stream": true}; \c baseUrl
    defaults to \c{http://127.0.0.1:11434}, a local Ollama. Unlike Ollama's OpenAI-compatible
    \c{/v1} (which \l [QML] KoderOpenAiTransport speaks), the native API controls thinking
    (\l think), takes model \l options and \l keepAlive, and gives tool calls whole, with
    object arguments.

    \snippet Main.qml ollama-transport

    \l {KoderHttpTransport::apiKey}{apiKey}, when set, is sent as
    \c{Authorization: Bearer <key>}, for a proxy in front of Ollama; a local Ollama needs
    none.

    \section1 What is sent and what comes back

    The request carries the model, the history, the tools as \c function tools, \c think,
    and \l options and \l keepAlive when set. A user message's images go as \c images (base64)
    on the message; Ollama takes image data only, so an \c{http(s):} image is refused by
    \c{send()}. Text files are inlined in the text.

    Each line of the stream is a JSON object: \c{message.thinking} becomes the reply's
    reasoning, \c{message.content} its text and \c{message.tool_calls} its tool calls (Ollama
    usually gives calls no ids: a call without one gets \c{ollama_<request>_<n>}). The
    \c{"done": true} line brings the finish reason (\c done_reason; a \c stop with tool calls
    is a tool step) and the usage (\c prompt_eval_count as \c promptTokens, \c eval_count as
    \c completionTokens).

    \section1 Errors

    The errors and limits are \l [QML] {KoderHttpTransport}{KoderHttpTransport's}. In
    addition, an \c{{"error": ...}} line ends the turn with that error (its code read as from
    an HTTP error body, else \c{"upstream_error"}, retryable); a line that is not a JSON
    object, or nests deeper than 64 levels, with \c{"protocol_error"}; a line longer than
    \l [QML] {KoderTransport::maxEventBytes}{maxEventBytes} with \c{"too_large"}; and a body
    that ends without its \c done line with \c{"incomplete"} (retryable). A model that is not
    pulled answers HTTP 404: \c{"not_found"}.

    \sa {Transports}
*/

using namespace koder::agent;
using namespace koder::agent::qt;

/*!
    Constructs an Ollama transport with \a parent; its baseUrl is
    \c{http://127.0.0.1:11434}.
*/
KoderOllamaTransport::KoderOllamaTransport(QObject* parent)
    : KoderHttpTransport(QUrl(QStringLiteral("http://127.0.0.1:11434")), parent)
{
}

/*!
    Destroys the transport; requests still running are aborted.
*/
KoderOllamaTransport::~KoderOllamaTransport() = default;

/*!
    \reimp

    Returns \c{<baseUrl>/api/chat}.
*/
QUrl KoderOllamaTransport::endpoint() const
{
    return urlWithPath(QStringLiteral("api/chat"));
}

/*!
    \reimp

    Adds apiKey, when set, to \a request as \c{Authorization: Bearer <key>}.
*/
void KoderOllamaTransport::addHeaders(QNetworkRequest& request) const
{
    addBearerKey(request);
}

/*!
    \reimp

    Returns an \c{/api/chat} NDJSON decoder for request \a requestId, reporting through
    \a report within \a limits.
*/
std::unique_ptr<koder::wire::StreamDecoder>
KoderOllamaTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                              const koder::wire::Limits& limits) const
{
    return std::make_unique<koder::wire::OllamaStreamDecoder>(requestId, std::move(report), limits);
}

/*!
    \reimp

    Returns the \c{/api/chat} body for \a request with \a tools; \a attachments reads each user
    message's attachments.
*/
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

/*!
    \fn bool KoderOllamaTransport::takesImageUrls() const
    \reimp

    Returns \c false: Ollama takes image data only.
*/

/*!
    \fn QByteArray KoderOllamaTransport::acceptedType() const
    \reimp

    Returns \c{application/x-ndjson}.
*/

/*!
    \qmlproperty bool KoderOllamaTransport::think

    Whether a thinking model (qwen3, deepseek-r1, gpt-oss, ...) thinks before it answers; sent
    as \c think with every request. The thinking streams as the reply's reasoning. A model
    that cannot think may refuse the request when it is \c true.

    The default is \c false.
*/

/*!
    \property KoderOllamaTransport::think
    \brief Whether a thinking model thinks before it answers (sent as \c think).

    The default is \c false.
*/

/*!
    \qmlproperty var KoderOllamaTransport::options

    Model options, as a map sent as \c options when not empty: \c temperature, \c num_ctx
    (the context window), \c seed, \c top_p, \c num_predict and the others Ollama documents.

    \snippet qml/tst_docexamples.qml ollama-options

    The default is an empty map (the model's own settings).
*/

/*!
    \property KoderOllamaTransport::options
    \brief Model options (\c temperature, \c num_ctx, \c seed, ...), sent as \c options when
    not empty.

    The default is empty.
*/

/*!
    \qmlproperty string KoderOllamaTransport::keepAlive

    How long Ollama keeps the model loaded after the request, sent as \c keep_alive: a
    duration such as \c{"5m"} or \c{"1h"}, a number of seconds (\c{"300"}, sent as a number),
    \c{"0"} to unload at once or \c{"-1"} to keep it loaded.

    The default is an empty string, which leaves it to the server (five minutes unless Ollama
    is configured otherwise).
*/

/*!
    \property KoderOllamaTransport::keepAlive
    \brief How long the model stays loaded after the request; empty leaves it to the server.

    \c{"5m"}, \c{"1h"}, seconds as a number, \c{"-1"} for ever. The default is empty.
*/
