// SPDX-License-Identifier: MIT
#include "koderollamatransport.h"

#include "agentlogging.h"
#include "attachments.h"
#include "errors.h"
#include "ollamastream.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QTimer>
#include <QtNetwork/QNetworkReply>
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
    is a tool step) and the usage (\c prompt_eval_count, which counts the cached prompt tokens
    too, as \c promptTokens, \c eval_count as \c completionTokens, and
    \c prompt_eval_cached_count as \c cachedTokens when the server sends it).

    A summary of a compacted conversation goes as the first \c user message after the system
    prompt. To continue a reply cut by \c length
    (\l [QML] {KoderAgentController::continueReply()}{continueReply()}), the request ends with
    that reply and a user message asking the model to go on from where it stopped without
    repeating itself.

    \section1 Context window

    \l requestContextWindow() asks Ollama for the model's context window and sets
    \l [QML] {KoderTransport::contextWindow}{contextWindow}, which a controller without a
    \l [QML] {KoderAgentController::contextWindow}{contextWindow} of its own uses. The window
    is, first to last: \c num_ctx in \l options (what this transport sends, so Ollama uses
    it; no request is made); the \c num_ctx line of the model's \c parameters (its
    Modelfile); the model's trained length, the \c model_info entry ending in
    \c{.context_length}, as \c{POST <baseUrl>/api/show} reports them. Note that Ollama runs a
    model without \c num_ctx at a context of its own choosing (4096 tokens on small machines),
    often below the trained length, and cuts a longer prompt silently: set \c num_ctx in
    \l options to use the window the meter shows.

    Once asked, the transport follows: a change of
    \l [QML] {KoderHttpTransport::model}{model},
    \l [QML] {KoderHttpTransport::baseUrl}{baseUrl} or \l options asks again (contextWindow is 0
    meanwhile). A request that fails (Ollama unreachable, an unknown model, an answer larger
    than \l [QML] {KoderTransport::maxEventBytes}{maxEventBytes} or without a context length,
    nothing for \l [QML] {KoderHttpTransport::transferTimeout}{transferTimeout} ms) leaves
    contextWindow at 0 and logs a warning under the \c koder.agent category; calling
    \l requestContextWindow() again retries.

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
KoderOllamaTransport::~KoderOllamaTransport()
{
    if (m_show) {
        m_show->disconnect(this);
        m_show->abort();
        m_show->deleteLater();
    }
}

/*!
    \qmlmethod void KoderOllamaTransport::requestContextWindow()

    Asks for the model's context window and sets
    \l [QML] {KoderTransport::contextWindow}{contextWindow}: \c num_ctx in \l options at
    once when it is set, else what \c{POST <baseUrl>/api/show} says of
    \l [QML] {KoderHttpTransport::model}{model} (its \c num_ctx parameter, else its trained
    \c context_length). From then on a change of \l [QML] {KoderHttpTransport::model}{model},
    \l [QML] {KoderHttpTransport::baseUrl}{baseUrl} or \l options asks again. A failure
    leaves contextWindow at 0 and logs a warning (\c koder.agent); calling it again retries.
*/

/*!
    \reimp

    Sets contextWindow to \c num_ctx of options when it is set (before returning), else asks
    \c{POST <baseUrl>/api/show} about model and sets it to the \c num_ctx line of the model's
    \c parameters, else to the \c model_info entry ending in \c{.context_length}. From then
    on, a change of model, baseUrl or options asks again. A failure leaves contextWindow at 0
    and logs a warning under the \c koder.agent category; calling it again retries.
*/
void KoderOllamaTransport::requestContextWindow()
{
    if (!m_contextWindowWanted) {
        m_contextWindowWanted = true;
        const auto refresh = [this] {
            if (m_refreshQueued)
                return;
            m_refreshQueued = true;
            QMetaObject::invokeMethod(
                this, [this] { refreshContextWindow(); }, Qt::QueuedConnection);
        };
        connect(this, &KoderHttpTransport::modelChanged, this, refresh);
        connect(this, &KoderHttpTransport::baseUrlChanged, this, refresh);
        connect(this, &KoderOllamaTransport::optionsChanged, this, refresh);
    }
    if (numCtx() <= 0)
        m_shownFor.clear(); // asked again: a failure is retried, a change on the server seen
    refreshContextWindow();
}

// num_ctx of options, when it is a positive number.
qint64 KoderOllamaTransport::numCtx() const
{
    bool ok = false;
    const qint64 n = m_options.value(QStringLiteral("num_ctx")).toLongLong(&ok);
    return ok && n > 0 ? n : 0;
}

namespace {
QString showKey(const QString& model, const QUrl& baseUrl)
{
    return model + QLatin1Char('\n') + baseUrl.toString();
}

// The context window /api/show gives: the num_ctx line of `parameters` (the Modelfile's), else
// the architecture's `<arch>.context_length` of `model_info` (any `*.context_length` without
// one). 0 when it says none.
qint64 windowOfShow(const QJsonObject& show)
{
    const QStringList lines =
        show.value(QStringLiteral("parameters")).toString().split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        const QStringList words = line.simplified().split(QLatin1Char(' '));
        if (words.size() >= 2 && words.first() == QLatin1String("num_ctx")) {
            bool ok = false;
            const qint64 n = words.at(1).toLongLong(&ok);
            if (ok && n > 0)
                return n;
        }
    }
    const QJsonObject info = show.value(QStringLiteral("model_info")).toObject();
    const QString arch = info.value(QStringLiteral("general.architecture")).toString();
    const QString suffix = QStringLiteral(".context_length");
    if (const qint64 n = info.value(arch + suffix).toInteger(); !arch.isEmpty() && n > 0)
        return n;
    for (auto it = info.constBegin(); it != info.constEnd(); ++it)
        if (it.key().endsWith(suffix) && it.value().toInteger() > 0)
            return it.value().toInteger();
    return 0;
}
} // namespace

// Sets contextWindow from what is known, asking /api/show when it does not know.
void KoderOllamaTransport::refreshContextWindow()
{
    m_refreshQueued = false;
    if (!m_contextWindowWanted)
        return;
    if (const qint64 n = numCtx(); n > 0) {
        setContextWindow(n); // what this transport sends wins: nothing to ask
        return;
    }
    if (m_shownFor == showKey(model(), baseUrl())) {
        if (!m_show) // answered already (0 after a failure: requestContextWindow() retries)
            setContextWindow(m_shownWindow);
        return;
    }
    setContextWindow(0);
    askContextWindow();
}

void KoderOllamaTransport::askContextWindow()
{
    if (m_show) {
        m_show->disconnect(this);
        m_show->abort();
        m_show->deleteLater();
        m_show = nullptr;
    }
    m_shownFor = showKey(model(), baseUrl());
    m_shownWindow = 0;
    m_showBody.clear();
    m_showTooLarge = false;
    if (!baseUrl().isValid() || baseUrl().isEmpty() || model().isEmpty()) {
        qCWarning(lcAgent) << "KoderOllamaTransport: no context window without"
                           << (model().isEmpty() ? "a model" : "a baseUrl");
        return;
    }
    QNetworkReply* reply = postJson(urlWithPath(QStringLiteral("api/show")),
                                    QJsonDocument(QJsonObject{{QStringLiteral("model"), model()}})
                                        .toJson(QJsonDocument::Compact));
    m_show = reply;
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] {
        if (m_show != reply || m_showTooLarge)
            return;
        const QByteArray bytes = reply->readAll();
        if (m_showBody.size() + bytes.size() > maxEventBytes()) {
            m_showTooLarge = true;
            m_showBody.clear();
            reply->abort();
            return;
        }
        m_showBody += bytes;
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onShowFinished(reply); });
    if (transferTimeout() > 0)
        QTimer::singleShot(transferTimeout(), reply, [reply] { reply->abort(); });
}

void KoderOllamaTransport::onShowFinished(QNetworkReply* reply)
{
    reply->deleteLater();
    if (m_show != reply)
        return;
    m_show = nullptr;
    if (!m_showTooLarge && reply->isOpen())
        m_showBody += reply->readAll().left(maxEventBytes() - m_showBody.size());
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    QString failure;
    if (m_showTooLarge) {
        failure = QStringLiteral("the answer is larger than maxEventBytes");
    } else if (status == 0 || reply->error() == QNetworkReply::OperationCanceledError) {
        failure = reply->error() == QNetworkReply::OperationCanceledError
                      ? QStringLiteral("no answer (timed out, or redirected to another origin)")
                      : reply->errorString();
    } else if (status < 200 || status >= 300) {
        failure =
            toQString(koder::wire::errorFromResponse(status, m_showBody.toStdString(), -1).message);
    } else {
        const QJsonDocument doc = QJsonDocument::fromJson(m_showBody);
        m_shownWindow = windowOfShow(doc.object());
        if (m_shownWindow <= 0)
            failure = doc.isObject() ? QStringLiteral("the answer names no context length")
                                     : QStringLiteral("the answer is not a JSON object");
    }
    m_showBody.clear();
    m_showBody.squeeze();
    if (!failure.isEmpty())
        qCWarning(lcAgent).noquote()
            << "KoderOllamaTransport: the context window of" << model() << "is unknown:" << failure;
    if (numCtx() <= 0)
        setContextWindow(m_shownWindow);
}

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
        case Role::Summary: // never in a request: the core sends a summary as a user message
            continue;
        }
        messages.append(o);
    }
    if (continues(request)) // the reply cut by `length` is the last message: ask for the rest
        messages.append(
            QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                        {QStringLiteral("content"), QString::fromLatin1(continuationInstruction)}});
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
