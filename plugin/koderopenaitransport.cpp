// SPDX-License-Identifier: MIT
#include "koderopenaitransport.h"

#include "agentlogging.h"
#include "errors.h"
#include "openaistream.h"
#include "qtconvert.h"
#include "replylimits.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QTimer>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QNetworkRequest>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
constexpr qsizetype maxErrorBody = 1 << 20; // an error page is kept up to this size
// What Qt's network thread may hold for us before it stops reading the socket: without a bound
// it buffers as fast as a server sends while the GUI thread is busy.
constexpr qint64 readBufferBytes = 1 << 20;

QString origin(const QUrl& url)
{
    return url
        .adjusted(QUrl::RemoveUserInfo | QUrl::RemovePath | QUrl::RemoveQuery |
                  QUrl::RemoveFragment)
        .toString();
}

bool sameOrigin(const QUrl& a, const QUrl& b)
{
    return a.scheme() == b.scheme() && a.host() == b.host() && a.port(-1) == b.port(-1);
}
} // namespace

struct KoderOpenAiTransport::Request {
    RequestId id = 0;
    QUrl url;
    QPointer<QNetworkReply> reply;
    std::unique_ptr<koder::wire::OpenAiStreamDecoder> decoder;
    int status = 0;
    QByteArray errorBody;
    bool cancelled = false;
    QUrl refusedRedirect; ///< a redirect to another origin, never followed
    QTimer idle;          ///< the transfer timeout: restarted by data, not by keep-alives
    bool timedOut = false;
    std::uint64_t eventsSeen = 0;
};

KoderOpenAiTransport::KoderOpenAiTransport(QObject* parent)
    : KoderTransport(parent)
{
}

KoderOpenAiTransport::~KoderOpenAiTransport()
{
    for (const auto& r : std::as_const(m_requests)) {
        r->cancelled = true;
        if (r->reply) {
            r->reply->disconnect(this);
            r->reply->abort();
        }
    }
}

QNetworkAccessManager* KoderOpenAiTransport::manager()
{
    if (!m_manager)
        m_manager = new QNetworkAccessManager(this);
    return m_manager;
}

void KoderOpenAiTransport::setNetworkAccessManager(QNetworkAccessManager* manager)
{
    m_manager = manager;
}

QByteArray KoderOpenAiTransport::requestBody(const StartTurn& request,
                                             const QList<ToolSpec>& tools) const
{
    QJsonArray messages;
    for (const Message& m : request.history) {
        QJsonObject o;
        switch (m.role) {
        case Role::System:
        case Role::User:
            o.insert(QStringLiteral("role"), toQString(toString(m.role)));
            o.insert(QStringLiteral("content"), toQString(m.text));
            break;
        case Role::Assistant: {
            const auto& calls = m.toolCalls();
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
        {QStringLiteral("model"), m_model},
        {QStringLiteral("messages"), messages},
        {QStringLiteral("stream"), true},
        {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
    };
    if (!tools.isEmpty()) {
        QJsonArray array;
        for (const ToolSpec& t : tools) {
            QJsonObject parameters = t.parameters;
            if (parameters.isEmpty())
                parameters = {{QStringLiteral("type"), QStringLiteral("object")},
                              {QStringLiteral("properties"), QJsonObject{}}};
            array.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("function")},
                                     {QStringLiteral("function"),
                                      QJsonObject{{QStringLiteral("name"), t.name},
                                                  {QStringLiteral("description"), t.description},
                                                  {QStringLiteral("parameters"), parameters}}}});
        }
        body.insert(QStringLiteral("tools"), array);
    }
    if (m_temperature >= 0)
        body.insert(QStringLiteral("temperature"), m_temperature);
    if (m_maxTokens > 0)
        body.insert(QStringLiteral("max_tokens"), m_maxTokens);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

void KoderOpenAiTransport::start(const StartTurn& request, const QList<ToolSpec>& tools)
{
    cancel(request.requestId);
    auto r = std::make_shared<Request>();
    r->id = request.requestId;
    std::weak_ptr<Request> weak = r;
    r->decoder = std::make_unique<koder::wire::OpenAiStreamDecoder>(
        request.requestId,
        [this, weak](Input&& input) {
            const auto self = weak.lock();
            if (!self || self->cancelled)
                return;
            const bool terminal = std::holds_alternative<StreamEnded>(input) ||
                                  std::holds_alternative<StreamFailed>(input);
            if (terminal) {
                m_usage = usageToVariant(self->decoder->usage());
                Q_EMIT usageChanged();
                forget(self);
            }
            deliver(std::move(input));
        },
        limits());
    m_requests.insert(r->id, r);

    if (!m_baseUrl.isValid() || m_baseUrl.isEmpty()) {
        QMetaObject::invokeMethod(
            this,
            [r] {
                r->decoder->fail(
                    {"bad_request", "KoderOpenAiTransport has no baseUrl.", false, -1});
            },
            Qt::QueuedConnection);
        return;
    }
    QUrl url = m_baseUrl;
    QString path = url.path();
    if (!path.endsWith(QLatin1Char('/')))
        path += QLatin1Char('/');
    url.setPath(path + QStringLiteral("chat/completions"));

    QNetworkRequest req(url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    req.setRawHeader("Accept", "text/event-stream");
    if (!m_apiKey.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
    for (auto it = m_extraHeaders.cbegin(); it != m_extraHeaders.cend(); ++it)
        req.setRawHeader(it.key().toUtf8(), it.value().toString().toUtf8());
    // Every redirect is checked: the key and extra headers go to this origin only.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::UserVerifiedRedirectPolicy);
    // TLS errors are never ignored: no sslErrors handler calls ignoreSslErrors().
    qCDebug(lcAgent) << "POST" << url.toString(QUrl::RemoveUserInfo) << "request" << r->id;

    r->url = url;
    QNetworkReply* reply = manager()->post(req, requestBody(request, tools));
    reply->setReadBufferSize(readBufferBytes);
    r->reply = reply;
    connect(reply, &QNetworkReply::readyRead, this, [this, r] { onReadyRead(r); });
    connect(reply, &QNetworkReply::finished, this, [this, r] { onFinished(r); });
    connect(reply, &QNetworkReply::redirected, this, [r](const QUrl& target) {
        if (sameOrigin(target, r->url)) {
            Q_EMIT r->reply->redirectAllowed();
            return;
        }
        r->refusedRedirect = target;
        r->reply->abort();
    });
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

void KoderOpenAiTransport::onReadyRead(const std::shared_ptr<Request>& r)
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

void KoderOpenAiTransport::onFinished(const std::shared_ptr<Request>& r)
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
    } else if (r->timedOut) {
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
    } else if (error == QNetworkReply::TimeoutError) {
        r->decoder->fail(
            {"upstream_timeout",
             tr("The server sent nothing for %1 ms.").arg(m_transferTimeout).toStdString(), true,
             -1});
    } else if (error == QNetworkReply::SslHandshakeFailedError) {
        r->decoder->fail({"tls", reply->errorString().toStdString(), false, -1});
    } else if (error != QNetworkReply::NoError) {
        r->decoder->fail({"transport", reply->errorString().toStdString(), true, -1});
    } else {
        r->decoder->endOfStream();
    }
    forget(r);
}

void KoderOpenAiTransport::forget(const std::shared_ptr<Request>& r)
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

void KoderOpenAiTransport::cancel(RequestId requestId)
{
    const auto r = m_requests.take(requestId);
    if (!r)
        return;
    r->cancelled = true;
    r->decoder->cancel();
    forget(r);
}

void KoderOpenAiTransport::setBaseUrl(const QUrl& url)
{
    if (m_baseUrl == url)
        return;
    m_baseUrl = url;
    Q_EMIT baseUrlChanged();
}

void KoderOpenAiTransport::setApiKey(const QString& key)
{
    if (m_apiKey == key)
        return;
    m_apiKey = key;
    Q_EMIT apiKeyChanged();
}

void KoderOpenAiTransport::setModel(const QString& model)
{
    if (m_model == model)
        return;
    m_model = model;
    Q_EMIT modelChanged();
}

void KoderOpenAiTransport::setExtraHeaders(const QVariantMap& headers)
{
    if (m_extraHeaders == headers)
        return;
    m_extraHeaders = headers;
    Q_EMIT extraHeadersChanged();
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

void KoderOpenAiTransport::setTransferTimeout(int ms)
{
    ms = qMax(0, ms);
    if (m_transferTimeout == ms)
        return;
    m_transferTimeout = ms;
    Q_EMIT transferTimeoutChanged();
}
