// SPDX-License-Identifier: MIT
#include "koderhttptransport.h"

#include "agentlogging.h"
#include "attachments.h"
#include "errors.h"
#include "httporigin.h"
#include "qtconvert.h"
#include "streamdecoder.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonDocument>
#include <QtCore/QTimer>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QNetworkRequest>

/*!
    \class KoderHttpTransport
    \inmodule KoderAgent
    \inheaderfile koderhttptransport.h
    \brief The abstract base of the HTTP streaming transports: one POST per request, its stream
    decoded as it arrives.

    KoderOpenAiTransport, KoderResponsesTransport, KoderAnthropicTransport and
    KoderOllamaTransport derive from it. It
    posts the body a subclass builds to the endpoint the subclass names, feeds the response to
    the subclass's stream decoder as it arrives, and maps what can go wrong to error codes:
    HTTP statuses and error bodies (with \c Retry-After), \c{"upstream_timeout"} after
    transferTimeout without an event, \c{"redirect"} for a redirect to another origin (never
    followed, so apiKey and extraHeaders never reach another host), \c{"tls"} for a failed TLS
    handshake (TLS errors are never ignored) and \c{"transport"} for a dropped connection.
    Several requests (of several conversations) run at once.

    In QML: \l [QML] {KoderHttpTransport}{the KoderHttpTransport QML type}, which lists every
    error code and when it comes.

    The protected virtual functions are the library's own extension points: their parameter
    types (the stream decoders, the attachment loader) are private to the library.

    \sa {Transports}, {Security}
*/

/*!
    \qmltype KoderHttpTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderHttpTransport
    \inherits KoderTransport
    \brief The abstract base of the HTTP streaming transports: endpoint, key, model, timeouts
    and errors.

    \l [QML] KoderOpenAiTransport, \l [QML] KoderResponsesTransport,
    \l [QML] KoderAnthropicTransport and \l [QML] KoderOllamaTransport inherit it; it cannot
    be created itself. Each request of a turn is one POST to the provider's endpoint under \l baseUrl; the response streams (SSE or
    NDJSON) and is decoded as it arrives. Requests of several conversations run at once.

    \section1 Keys, redirects and TLS

    \l apiKey is sent in the provider's header (see each transport), and \l extraHeaders with
    it, to the origin of \l baseUrl only. A redirect within that origin (same scheme, host and
    port) is followed; a redirect to another origin is never followed and ends the turn with
    code \c{"redirect"}, so neither the key nor the extra headers ever reach another host. The
    key is never logged (the URL is logged without its user information). TLS errors are never
    ignored: a failed handshake ends the turn with code \c{"tls"}. The transport uses its own
    QNetworkAccessManager unless the application sets one from C++
    (\c{setNetworkAccessManager()}), for its proxy or cache settings.

    \section1 Errors

    A request that fails ends the turn with an error (the controller's
    \l [QML] {KoderAgentController::lastError}{lastError} and its
    \l [QML] {KoderAgentController::error()}{error()} signal) whose \c code is one of these;
    \c retryable is authoritative, and the controller's retry policy
    (\l [QML] {KoderAgentController::maxRetries}{maxRetries}, \c onError hooks) honours
    \c retryAfterMs.

    \table
    \header \li \c code \li Retryable \li When
    \row \li \c{"bad_request"} \li no \li \l baseUrl is empty or invalid; HTTP 400, any other
         4xx not listed here, or an error body of type \c invalid_request_error. HTTP 409 gives
         this code too, but retryable.
    \row \li \c{"unauthorized"} \li no \li HTTP 401, or an error body saying
         \c invalid_api_key or \c authentication_error.
    \row \li \c{"forbidden"} \li no \li HTTP 403, \c permission_error, or
         \c insufficient_quota (the quota is spent: retrying does not help).
    \row \li \c{"not_found"} \li no \li HTTP 404, \c model_not_found or \c not_found_error
         (usually a wrong \l model or \l baseUrl).
    \row \li \c{"context_length"} \li no \li The prompt does not fit the model's context
         window: HTTP 413; an error body (or an error inside the stream) whose \c code or
         \c type is \c context_length_exceeded (OpenAI, the Responses API's
         \c response.failed) or \c exceed_context_size_error (llama.cpp); a bad request or
         server error whose message says so ("maximum context length", "context length",
         "context window", "context size", "prompt is too long", "too many tokens", "exceeds
         the context", ...: vLLM, Ollama, Anthropic's \c{prompt is too long: N tokens > M
         maximum}); Anthropic's \c{stop_reason: "model_context_window_exceeded"}. Compacting
         the conversation (\l [QML] {KoderAgentController::compact()}{compact()}) is the
         remedy.
    \row \li \c{"rate_limited"} \li yes \li HTTP 429 or \c rate_limit_exceeded;
         \c retryAfterMs from \c retry-after-ms or \c Retry-After (seconds or an HTTP date),
         clamped to one hour.
    \row \li \c{"rate_limit"} \li yes \li Anthropic's \c rate_limit_error (in a 429 body or
         in the stream).
    \row \li \c{"overloaded"} \li yes \li HTTP 503 or 529, or \c overloaded_error.
    \row \li \c{"upstream_error"} \li yes \li Any other 5xx, \c server_error, \c api_error,
         or an error the server reports inside the stream (\c{data: {"error": ...}},
         \c{event: error}, Ollama's \c{{"error": ...}} line) without a code listed here.
    \row \li \c{"upstream_timeout"} \li yes \li Nothing but keep-alives for
         \l transferTimeout milliseconds, or HTTP 408.
    \row \li \c{"transport"} \li yes \li The connection failed or dropped (refused, reset,
         host not found, ...).
    \row \li \c{"tls"} \li no \li The TLS handshake failed (an invalid or untrusted
         certificate, say).
    \row \li \c{"redirect"} \li no \li The server redirected to another origin; the request
         was not sent there.
    \row \li \c{"too_large"} \li no \li An event, the reply or the number of tool calls went
         past \l [QML] {KoderTransport::maxEventBytes}{maxEventBytes},
         \l [QML] {KoderTransport::maxReplyBytes}{maxReplyBytes} or
         \l [QML] {KoderTransport::maxToolCallsPerStep}{maxToolCallsPerStep}.
    \row \li \c{"protocol_error"} \li no \li An event that is not JSON, or tool arguments
         nested deeper than 64 levels or larger than 64 MiB.
    \row \li \c{"incomplete"} \li yes \li The stream ended without a finish reason (the
         server stopped mid-reply); never a success.
    \row \li the server's own \li \c rate_limit_exceeded, \c server_error: yes; others
         (\c insufficient_quota, ...): no
         \li \l [QML] KoderResponsesTransport only: an \c error event or \c response.failed
         inside the stream keeps the code the server gave (but for a prompt too long:
         \c{"context_length"}).
    \endtable

    The message of an HTTP error is the one in the server's error body, else the start of the
    body (an error body is read up to 1 MiB), else the status. An error that a server reports
    in its error body under a known \c code or \c type wins over the HTTP status.

    Refusals are not errors: a refusal or a content filter ends the reply normally with
    \c finishReason \c{"refusal"} or \c{"content_filter"}.

    \sa {Transports}, {Security}
*/

/*!
    \fn QUrl KoderHttpTransport::endpoint() const

    Returns the URL a request is posted to, built from baseUrl (see urlWithPath()).
*/

/*!
    \fn void KoderHttpTransport::addHeaders(QNetworkRequest &request) const

    Adds the provider's headers (authentication, API version) to \a request. The transport
    adds \c Content-Type, \c Accept and extraHeaders itself.
*/

/*!
    \fn QJsonObject KoderHttpTransport::body(const koder::agent::StartTurn &request, const QList<KoderTransport::ToolSpec> &tools, koder::agent::qt::AttachmentLoader &attachments) const

    Returns the provider's JSON body for \a request with \a tools; \a attachments reads the
    attachments of each message.
*/

/*!
    \fn std::unique_ptr<koder::wire::StreamDecoder> KoderHttpTransport::decoder(koder::agent::RequestId requestId, std::function<void (koder::agent::Input &&)> report, const koder::wire::Limits &limits) const

    Returns a decoder for the stream of request \a requestId that reports through \a report and
    enforces \a limits.
*/

/*!
    \fn bool KoderHttpTransport::takesImageUrls() const

    Returns whether the provider takes an image by its \c http(s): URL; when not, only image
    data is sent and such an image is refused. The default returns \c true.
*/

/*!
    \fn bool KoderHttpTransport::takesDocuments() const

    Returns whether the provider takes PDF documents as files (KoderResponsesTransport); when
    not, a PDF attachment is refused. The default returns \c false.
*/

/*!
    \fn QByteArray KoderHttpTransport::acceptedType() const

    Returns the value of the request's \c Accept header. The default is
    \c{text/event-stream}.
*/

/*!
    \qmlproperty url KoderHttpTransport::baseUrl

    The root of the provider's API. Each request is posted to a path under it:
    \c{chat/completions} for \l [QML] KoderOpenAiTransport, \c responses for
    \l [QML] KoderResponsesTransport, \c{v1/messages} for
    \l [QML] KoderAnthropicTransport, \c{api/chat} for \l [QML] KoderOllamaTransport. A path
    in \c baseUrl is kept (\c{http://127.0.0.1:11434/v1} posts to
    \c{http://127.0.0.1:11434/v1/chat/completions}).

    The default depends on the transport: empty for \l [QML] KoderOpenAiTransport (it must be
    set), \c{https://api.openai.com/v1} for \l [QML] KoderResponsesTransport,
    \c{https://api.anthropic.com} for \l [QML] KoderAnthropicTransport and
    \c{http://127.0.0.1:11434} for \l [QML] KoderOllamaTransport. A request without a valid
    \c baseUrl ends the turn with code \c{"bad_request"}.

    The key and \l extraHeaders go to this URL's origin only.
*/

/*!
    \property KoderHttpTransport::baseUrl
    \brief The root of the provider's API; requests are posted to a path under it.

    The default is the subclass's: empty for KoderOpenAiTransport,
    \c{https://api.openai.com/v1} for KoderResponsesTransport,
    \c{https://api.anthropic.com} for KoderAnthropicTransport, \c{http://127.0.0.1:11434} for
    KoderOllamaTransport. Without a valid one a request ends with code \c{"bad_request"}.
*/

/*!
    \qmlproperty string KoderHttpTransport::apiKey

    The API key, sent with each request when not empty: as \c{Authorization: Bearer <key>} by
    \l [QML] KoderOpenAiTransport, \l [QML] KoderResponsesTransport and
    \l [QML] KoderOllamaTransport, as \c{x-api-key} by
    \l [QML] KoderAnthropicTransport. It is never logged and never sent to another origin
    than \l baseUrl's (a redirect elsewhere is refused).

    Keep it out of QML sources: bind it to a value the application reads from a secret store.
    The default is an empty string (no key sent), which local servers accept.
*/

/*!
    \property KoderHttpTransport::apiKey
    \brief The API key, sent in the provider's header when not empty.

    Never logged, never sent to another origin than baseUrl's. The default is empty.
*/

/*!
    \qmlproperty string KoderHttpTransport::model

    The model to ask for, by the name the server knows (\c{"gpt-4o"}, \c{"claude-sonnet-4-5"},
    \c{"qwen3:8b"}, ...); sent as the body's \c model. The default is an empty string, which
    most servers refuse (\c{"bad_request"} or \c{"not_found"}).
*/

/*!
    \property KoderHttpTransport::model
    \brief The model name the server knows, sent with each request.

    The default is empty.
*/

/*!
    \qmlproperty var KoderHttpTransport::extraHeaders

    Extra request headers, as a map of name to value (\c{{"OpenAI-Organization": "org-..."}}),
    sent with every request to the origin of \l baseUrl only. They may override the headers
    the transport sets. Treat them like \l apiKey: they are not logged. The default is an
    empty map.
*/

/*!
    \property KoderHttpTransport::extraHeaders
    \brief Extra request headers (name to value), sent to the origin of baseUrl only.

    The default is empty.
*/

/*!
    \qmlproperty int KoderHttpTransport::transferTimeout

    Milliseconds without a new event before the request fails with code
    \c{"upstream_timeout"} (retryable). The clock starts with the request and restarts at each
    decoded event; SSE keep-alive comments, pings and blank lines do not restart it, so a
    server that only sends keep-alives still times out. Changing it affects the next request.

    The default is 120000 (two minutes); 0 disables the timeout. Values below 0 are taken
    as 0.
*/

/*!
    \property KoderHttpTransport::transferTimeout
    \brief Milliseconds without a new event before a request fails with code
    \c{"upstream_timeout"}.

    Keep-alives do not count as events. The default is 120000; 0 disables it.
*/

/*!
    \qmlproperty var KoderHttpTransport::usage
    \readonly

    The token counts of the last request that finished (or failed), as a map with
    \c promptTokens, \c completionTokens and \c totalTokens, and \c reasoningTokens,
    \c cachedTokens and \c cacheWriteTokens when the server reported them. A count the server
    did not report is left out; the map is empty when it reported none.

    With several conversations running it is whichever finished last: each reply's own counts
    are the \c usage role of its row in the controller's messages, stored with the
    conversation.
*/

/*!
    \property KoderHttpTransport::usage
    \brief The token counts of the last finished request.

    Keys \c promptTokens, \c completionTokens, \c totalTokens, and \c reasoningTokens,
    \c cachedTokens, \c cacheWriteTokens when reported; empty when the server sent none. Each
    reply's own counts are its row's \c usage role.
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
constexpr qsizetype maxErrorBody = 1 << 20; // an error page is kept up to this size
// What Qt's network thread may hold for us before it stops reading the socket: without a bound
// it buffers as fast as a server sends while the GUI thread is busy.
constexpr qint64 readBufferBytes = 1 << 20;
} // namespace

struct KoderHttpTransport::Request {
    RequestId id = 0;
    QPointer<QNetworkReply> reply;
    std::unique_ptr<koder::wire::StreamDecoder> decoder;
    int status = 0;
    QByteArray errorBody;
    bool cancelled = false;
    QUrl refusedRedirect; ///< a redirect to another origin, never followed
    QTimer idle;          ///< the transfer timeout: restarted by events, not by keep-alives
    bool timedOut = false;
    std::uint64_t eventsSeen = 0;
};

/*!
    Constructs an HTTP transport with \a parent, whose baseUrl starts as \a defaultBaseUrl.
*/
KoderHttpTransport::KoderHttpTransport(const QUrl& defaultBaseUrl, QObject* parent)
    : KoderTransport(parent)
    , m_baseUrl(defaultBaseUrl)
{
}

/*!
    Destroys the transport. Requests still running are aborted; nothing more of them is
    delivered.
*/
KoderHttpTransport::~KoderHttpTransport()
{
    for (const auto& r : std::as_const(m_requests)) {
        r->cancelled = true;
        if (r->reply) {
            r->reply->disconnect(this);
            r->reply->abort();
        }
    }
}

QNetworkAccessManager* KoderHttpTransport::manager()
{
    if (!m_manager)
        m_manager = new QNetworkAccessManager(this);
    return m_manager;
}

/*!
    Sends requests through \a manager, for instance the application's, with its proxy and
    cache settings. The transport does not take ownership. Without one, or once \a manager is
    destroyed, the transport creates its own. Requests already running keep theirs.

    Whatever the manager, redirects to another origin are refused and TLS errors are not
    ignored.
*/
void KoderHttpTransport::setNetworkAccessManager(QNetworkAccessManager* manager)
{
    m_manager = manager;
}

/*!
    Returns baseUrl with \a path appended to its path (with one slash between them), as
    subclasses build their endpoint().
*/
QUrl KoderHttpTransport::urlWithPath(const QString& path) const
{
    QUrl url = m_baseUrl;
    QString base = url.path();
    if (!base.endsWith(QLatin1Char('/')))
        base += QLatin1Char('/');
    url.setPath(base + path);
    return url;
}

/*!
    Adds apiKey, when it is set, to \a request as \c{Authorization: Bearer <key>}.
*/
void KoderHttpTransport::addBearerKey(QNetworkRequest& request) const
{
    if (!m_apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
}

/*!
    \fn void KoderHttpTransport::finishing(koder::wire::StreamDecoder &decoder, koder::agent::Input &input) const

    Called with each terminal \a input (the stream's end or failure) before it is delivered,
    with the request's \a decoder: a subclass may add what the decoder kept, as
    KoderAnthropicTransport adds the thinking blocks and their signatures to the reply's
    metadata, and KoderResponsesTransport the server's tools and the reasoning items. The
    default does nothing.
*/
void KoderHttpTransport::finishing(koder::wire::StreamDecoder&, Input&) const {}

/*!
    Returns the JSON body that start() would post for \a request with \a tools, compact, for
    tests and debugging. Attachments are read as they would be for the request.
*/
QByteArray KoderHttpTransport::requestBody(const StartTurn& request,
                                           const QList<ToolSpec>& tools) const
{
    AttachmentLoader attachments(maxAttachmentBytes(), takesImageUrls(), takesDocuments());
    return QJsonDocument(body(request, tools, attachments)).toJson(QJsonDocument::Compact);
}

/*!
    \reimp

    Accepts PNG, JPEG, GIF and WebP images and text files from readable \c file: URLs and
    from \c data: URLs, each up to \l {KoderTransport::maxAttachmentBytes}{maxAttachmentBytes},
    and \c http(s): images when the provider takes images by URL (not KoderOllamaTransport). A
    file accepted here may be read by the later requests of this process; a request never reads
    a local file that was not. Otherwise sets \a error to the reason (naming the attachment)
    and returns \c false. \a attachments is the JSON text of the list.
*/
bool KoderHttpTransport::checkAttachments(std::string_view attachments, QString* error) const
{
    AttachmentLoader loader(maxAttachmentBytes(), takesImageUrls(), takesDocuments());
    if (loader.check(attachments))
        return true;
    if (error)
        *error = loader.error();
    return false;
}

/*!
    \reimp

    Posts \a request with \a tools to endpoint() and decodes the response as it arrives. A
    request with the same id that is still running is cancelled first.
*/
void KoderHttpTransport::start(const StartTurn& request, const QList<ToolSpec>& tools)
{
    cancel(request.requestId);
    auto r = std::make_shared<Request>();
    r->id = request.requestId;
    std::weak_ptr<Request> weak = r;
    r->decoder = decoder(
        request.requestId,
        [this, weak](Input&& input) {
            const auto self = weak.lock();
            if (!self || self->cancelled)
                return;
            if (std::holds_alternative<StreamEnded>(input) ||
                std::holds_alternative<StreamFailed>(input)) {
                finishing(*self->decoder, input);
                const auto* ended = std::get_if<StreamEnded>(&input);
                m_usage = usageToVariant(ended ? ended->usage : self->decoder->usage());
                Q_EMIT usageChanged();
                forget(self);
            }
            deliver(std::move(input));
        },
        limits());
    r->decoder->setDeclinedText(tr("The model declined to answer.").toStdString());
    r->decoder->setWarningSink([id = r->id](std::string_view what) {
        qCWarning(lcWire) << "request" << id << toQString(what);
    });
    m_requests.insert(r->id, r);

    auto failSoon = [this, r](ErrorInfo error) {
        QMetaObject::invokeMethod(
            this, [r, error = std::move(error)] { r->decoder->fail(error); }, Qt::QueuedConnection);
    };
    if (!m_baseUrl.isValid() || m_baseUrl.isEmpty())
        return failSoon({"bad_request",
                         tr("%1 has no baseUrl.")
                             .arg(QString::fromLatin1(metaObject()->className()))
                             .toStdString(),
                         false, -1});
    const QByteArray payload = requestBody(request, tools);

    const QUrl url = endpoint();
    const QNetworkRequest req = prepared(url, acceptedType());
    qCDebug(lcAgent) << "POST" << url.toString(QUrl::RemoveUserInfo) << "request" << r->id;

    QNetworkReply* reply = manager()->post(req, payload);
    reply->setReadBufferSize(readBufferBytes);
    r->reply = reply;
    connect(reply, &QNetworkReply::readyRead, this, [this, r] { onReadyRead(r); });
    connect(reply, &QNetworkReply::finished, this, [this, r] { onFinished(r); });
    followWithinOrigin(reply, url, this, [r](const QUrl& target) { r->refusedRedirect = target; });
    // QNetworkRequest's own transfer timeout restarts on any byte, keep-alive comments included.
    if (m_transferTimeout > 0) {
        r->idle.setSingleShot(true);
        r->idle.setInterval(m_transferTimeout);
        connect(&r->idle, &QTimer::timeout, this, [weak] {
            if (const auto self = weak.lock(); self && self->reply) {
                self->timedOut = true;
                self->reply->abort();
            }
        });
        r->idle.start();
    }
}

// A POST of JSON to \a url with the provider's headers and the extra ones.
QNetworkRequest KoderHttpTransport::prepared(const QUrl& url, const QByteArray& accept) const
{
    QNetworkRequest req(url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    req.setRawHeader("Accept", accept);
    addHeaders(req);
    for (auto it = m_extraHeaders.cbegin(); it != m_extraHeaders.cend(); ++it)
        req.setRawHeader(it.key().toUtf8(), it.value().toString().toUtf8());
    // Every redirect is checked: the key and extra headers go to this origin only.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::UserVerifiedRedirectPolicy);
    // TLS errors are never ignored: no sslErrors handler calls ignoreSslErrors().
    return req;
}

/*!
    POSTs the JSON \a payload to \a url with \a accept as its \c Accept header, the
    provider's headers (addHeaders()) and extraHeaders, as start() posts a request: a redirect
    within the origin of \a url is followed, one to another origin aborts the reply (its error
    is then QNetworkReply::OperationCanceledError), TLS errors are never ignored, and Qt buffers
    at most 1 MiB that was not read. For a subclass's requests beside the stream's, such as
    KoderOllamaTransport's \c{/api/show}. The caller reads the reply and deletes it
    (\c deleteLater()) when it has finished.
*/
QNetworkReply* KoderHttpTransport::postJson(const QUrl& url, const QByteArray& payload,
                                            const QByteArray& accept)
{
    qCDebug(lcAgent) << "POST" << url.toString(QUrl::RemoveUserInfo);
    QNetworkReply* reply = manager()->post(prepared(url, accept), payload);
    reply->setReadBufferSize(readBufferBytes);
    followWithinOrigin(reply, url, reply, [](const QUrl&) {});
    return reply;
}

void KoderHttpTransport::onReadyRead(const std::shared_ptr<Request>& r)
{
    if (r->cancelled || !r->reply || !r->reply->isOpen())
        return;
    if (r->status == 0)
        r->status = r->reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray bytes = r->reply->readAll();
    if (r->status >= 200 && r->status < 300) {
        r->decoder->feed(
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        if (r->decoder->events() != r->eventsSeen) {
            r->eventsSeen = r->decoder->events();
            if (r->idle.isActive())
                r->idle.start();
        }
    } else if (r->errorBody.size() < maxErrorBody) {
        r->errorBody += bytes.left(maxErrorBody - r->errorBody.size());
    }
}

void KoderHttpTransport::onFinished(const std::shared_ptr<Request>& r)
{
    if (r->cancelled || !r->reply || r->decoder->finished()) {
        forget(r);
        return;
    }
    onReadyRead(r); // whatever is still buffered
    if (r->cancelled || r->decoder->finished())
        return;
    QNetworkReply* reply = r->reply;
    if (r->status == 0)
        r->status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();

    if (!r->refusedRedirect.isEmpty()) {
        r->decoder->fail(
            {"redirect",
             tr("The server redirected to another origin (%1); the request was not sent there.")
                 .arg(origin(r->refusedRedirect))
                 .toStdString(),
             false, -1});
    } else if (r->timedOut || error == QNetworkReply::TimeoutError) {
        r->decoder->fail(
            {"upstream_timeout",
             tr("The server sent nothing for %1 ms.").arg(m_transferTimeout).toStdString(), true,
             -1});
    } else if (r->status != 0 && (r->status < 200 || r->status >= 300)) {
        const std::int64_t retry = koder::wire::retryAfterMs(
            reply->rawHeader("retry-after-ms").toStdString(),
            reply->rawHeader("retry-after").toStdString(), QDateTime::currentMSecsSinceEpoch());
        r->decoder->fail(koder::wire::errorFromResponse(
            r->status,
            std::string_view(r->errorBody.constData(),
                             static_cast<std::size_t>(r->errorBody.size())),
            retry));
    } else if (error == QNetworkReply::SslHandshakeFailedError) {
        r->decoder->fail({"tls", reply->errorString().toStdString(), false, -1});
    } else if (error != QNetworkReply::NoError) {
        r->decoder->fail({"transport", reply->errorString().toStdString(), true, -1});
    } else {
        r->decoder->endOfStream();
    }
    forget(r);
}

void KoderHttpTransport::forget(const std::shared_ptr<Request>& r)
{
    r->idle.stop();
    if (m_requests.value(r->id) == r)
        m_requests.remove(r->id);
    if (r->reply) {
        r->reply->disconnect(this);
        if (r->reply->isRunning())
            r->reply->abort();
        r->reply->deleteLater();
        r->reply = nullptr;
    }
}

/*!
    \reimp

    Aborts the POST of \a requestId; nothing more of it is delivered.
*/
void KoderHttpTransport::cancel(RequestId requestId)
{
    const auto r = m_requests.take(requestId);
    if (!r)
        return;
    r->cancelled = true;
    r->decoder->cancel();
    forget(r);
}

void KoderHttpTransport::setBaseUrl(const QUrl& url)
{
    if (m_baseUrl == url)
        return;
    m_baseUrl = url;
    Q_EMIT baseUrlChanged();
}

void KoderHttpTransport::setApiKey(const QString& key)
{
    if (m_apiKey == key)
        return;
    m_apiKey = key;
    Q_EMIT apiKeyChanged();
}

void KoderHttpTransport::setModel(const QString& model)
{
    if (m_model == model)
        return;
    m_model = model;
    Q_EMIT modelChanged();
}

void KoderHttpTransport::setExtraHeaders(const QVariantMap& headers)
{
    if (m_extraHeaders == headers)
        return;
    m_extraHeaders = headers;
    Q_EMIT extraHeadersChanged();
}

void KoderHttpTransport::setTransferTimeout(int ms)
{
    ms = qMax(0, ms);
    if (m_transferTimeout == ms)
        return;
    m_transferTimeout = ms;
    Q_EMIT transferTimeoutChanged();
}
