// SPDX-License-Identifier: MIT
#include "koderhttptransport.h"

#include "agentlogging.h"
#include "attachments.h"
#include "errors.h"
#include "qtconvert.h"
#include "streamdecoder.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonDocument>
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

struct KoderHttpTransport::Request {
    RequestId id = 0;
    QUrl url;
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

KoderHttpTransport::KoderHttpTransport(const QUrl& defaultBaseUrl, QObject* parent)
    : KoderTransport(parent)
    , m_baseUrl(defaultBaseUrl)
{
}

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

void KoderHttpTransport::setNetworkAccessManager(QNetworkAccessManager* manager)
{
    m_manager = manager;
}

QUrl KoderHttpTransport::urlWithPath(const QString& path) const
{
    QUrl url = m_baseUrl;
    QString base = url.path();
    if (!base.endsWith(QLatin1Char('/')))
        base += QLatin1Char('/');
    url.setPath(base + path);
    return url;
}

void KoderHttpTransport::addBearerKey(QNetworkRequest& request) const
{
    if (!m_apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
}

void KoderHttpTransport::finishing(koder::wire::StreamDecoder&, Input&) const {}

QByteArray KoderHttpTransport::requestBody(const StartTurn& request,
                                           const QList<ToolSpec>& tools) const
{
    AttachmentLoader attachments(maxAttachmentBytes(), takesImageUrls());
    return QJsonDocument(body(request, tools, attachments)).toJson(QJsonDocument::Compact);
}

bool KoderHttpTransport::checkAttachments(std::string_view attachments, QString* error) const
{
    AttachmentLoader loader(maxAttachmentBytes(), takesImageUrls());
    if (loader.check(attachments))
        return true;
    if (error)
        *error = loader.error();
    return false;
}

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
    QNetworkRequest req(url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    req.setRawHeader("Accept", acceptedType());
    addHeaders(req);
    for (auto it = m_extraHeaders.cbegin(); it != m_extraHeaders.cend(); ++it)
        req.setRawHeader(it.key().toUtf8(), it.value().toString().toUtf8());
    // Every redirect is checked: the key and extra headers go to this origin only.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::UserVerifiedRedirectPolicy);
    // TLS errors are never ignored: no sslErrors handler calls ignoreSslErrors().
    qCDebug(lcAgent) << "POST" << url.toString(QUrl::RemoveUserInfo) << "request" << r->id;

    r->url = url;
    QNetworkReply* reply = manager()->post(req, payload);
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
