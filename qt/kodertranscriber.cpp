// SPDX-License-Identifier: MIT
// One POST of multipart/form-data per recording to <baseUrl>/audio/transcriptions, the answer
// read as {"text": ...} with a bounded buffer, under the origin rule of every HTTP client of
// the library (httporigin.h).
#include "kodertranscriber.h"

#include "agentlogging.h"
#include "httporigin.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QScopeGuard>
#include <QtNetwork/QHttpMultiPart>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QNetworkRequest>

using namespace koder::agent::qt;

/*!
    \class KoderTranscriber
    \inmodule KoderAgent
    \brief Turns recorded speech into text through an OpenAI-compatible transcription server.

    transcribe() posts the audio as \c multipart/form-data to
    \c{<baseUrl>/audio/transcriptions}, with the fields \c file, \c model,
    \c{response_format=json} and, when set, \c language; the server answers
    \c{{"text": "..."}} and finished() gives the text. The servers that speak it:

    \table
    \header \li Server \li \c baseUrl \li \c model
    \row \li OpenAI \li \c{https://api.openai.com/v1} \li \c whisper-1,
         \c gpt-4o-mini-transcribe
    \row \li faster-whisper-server / Speaches \li \c{http://127.0.0.1:8000/v1}
         \li \c{Systran/faster-whisper-small}
    \row \li whisper.cpp's \c whisper-server, started with
         \c{--inference-path /v1/audio/transcriptions}
         \li \c{http://127.0.0.1:8080/v1} \li any (the server's own model answers)
    \endtable

    One transcription runs at a time. KoderDictation uses a KoderTranscriber as its
    \l {KoderDictation::transcriber}{transcriber}.

    \section1 Keys, redirects and limits

    \l apiKey is sent as \c{Authorization: Bearer} to the origin of \l baseUrl only: a
    redirect to another origin is never followed (the transcription fails with the code
    \c "redirect"). The transcriber never ignores TLS errors itself. The answer is read up to
    \l maxResponseBytes; a larger one fails with \c "tooLarge". The key is never logged.

    \section1 Errors

    failed() gives a code and a sentence for the user: \c "config" (no \l baseUrl),
    \c "busy" (a transcription runs), \c "network" (the server cannot be reached, or the
    network access manager was deleted during the transcription),
    \c "timeout" (nothing came for \l transferTimeout), \c "auth" (HTTP 401 or 403),
    \c "http" (another error status; the server's own message follows when it gave one),
    \c "redirect", \c "tooLarge", \c "response" (the answer is not a transcription).

    \sa KoderDictation, {Voice}
*/

/*!
    Constructs a transcriber with \a parent. Its \l baseUrl is empty: set it.
*/
KoderTranscriber::KoderTranscriber(QObject* parent)
    : QObject(parent)
{
}

/*!
    Destroys the transcriber; a transcription running is cancelled.
*/
KoderTranscriber::~KoderTranscriber()
{
    release();
}

/*!
    \property KoderTranscriber::baseUrl
    \brief The server's API root, such as \c{http://127.0.0.1:8000/v1}.

    \c{/audio/transcriptions} is appended to its path. Default empty.
*/
void KoderTranscriber::setBaseUrl(const QUrl& url)
{
    if (m_baseUrl == url)
        return;
    m_baseUrl = url;
    Q_EMIT baseUrlChanged();
}

/*!
    \property KoderTranscriber::apiKey
    \brief The key sent as \c{Authorization: Bearer}, to \l baseUrl's origin only.

    Default empty: no \c Authorization header (local servers).
*/
void KoderTranscriber::setApiKey(const QString& key)
{
    if (m_apiKey == key)
        return;
    m_apiKey = key;
    Q_EMIT apiKeyChanged();
}

/*!
    \property KoderTranscriber::model
    \brief The model field of the request. Default \c whisper-1.
*/
void KoderTranscriber::setModel(const QString& model)
{
    if (m_model == model)
        return;
    m_model = model;
    Q_EMIT modelChanged();
}

/*!
    \property KoderTranscriber::language
    \brief The language spoken, as an ISO-639-1 code (\c de, \c en), or empty.

    Default empty: the server detects it. Giving it makes short recordings more accurate.
*/
void KoderTranscriber::setLanguage(const QString& language)
{
    if (m_language == language)
        return;
    m_language = language;
    Q_EMIT languageChanged();
}

/*!
    \property KoderTranscriber::transferTimeout
    \brief How long, in milliseconds, the server may stay silent before the transcription
    fails with \c "timeout".

    Default 60000. 0 waits for ever.
*/
void KoderTranscriber::setTransferTimeout(int ms)
{
    ms = std::max(0, ms);
    if (m_transferTimeout == ms)
        return;
    m_transferTimeout = ms;
    Q_EMIT transferTimeoutChanged();
}

/*!
    \property KoderTranscriber::busy
    \brief Whether a transcription runs.
*/

/*!
    Returns \c{<baseUrl>/audio/transcriptions}.
*/
QUrl KoderTranscriber::endpoint() const
{
    QUrl url = m_baseUrl;
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    url.setPath(path + QStringLiteral("/audio/transcriptions"));
    return url;
}

/*!
    Sends requests through \a manager, for instance the application's, with its proxy
    settings. The transcriber does not take ownership. Without one it creates its own.
    Whatever the manager, redirects to another origin are refused, and the transcriber never
    ignores TLS errors itself (a manager whose own code ignores them is the application's
    choice). Deleting \a manager during a transcription fails it with \c "network".
*/
void KoderTranscriber::setNetworkAccessManager(QNetworkAccessManager* manager)
{
    m_manager = manager;
}

/*!
    Posts \a audio (a file's bytes, named \a fileName, of the type \a mimeType: a WAV file by
    default) to endpoint(). Returns false, and emits failed(), when there is no \l baseUrl or a
    transcription runs; otherwise finished() or failed() follows.
*/
bool KoderTranscriber::transcribe(const QByteArray& audio, const QString& fileName,
                                  const QString& mimeType)
{
    if (busy()) {
        Q_EMIT failed(QStringLiteral("busy"), tr("A transcription is running already."));
        return false;
    }
    if (!m_baseUrl.isValid() || m_baseUrl.isEmpty()) {
        Q_EMIT failed(QStringLiteral("config"), tr("No transcription server is set."));
        return false;
    }
    if (!m_manager)
        m_manager = new QNetworkAccessManager(this);

    auto* form = new QHttpMultiPart(QHttpMultiPart::FormDataType);
    const auto field = [form](const QByteArray& name, const QByteArray& value) {
        QHttpPart part;
        part.setHeader(QNetworkRequest::ContentDispositionHeader,
                       QByteArray("form-data; name=\"" + name + '"'));
        part.setBody(value);
        form->append(part);
    };
    QHttpPart file;
    QString safeName = fileName;
    safeName.remove(u'"').remove(u'\r').remove(u'\n');
    file.setHeader(QNetworkRequest::ContentDispositionHeader,
                   QByteArray("form-data; name=\"file\"; filename=\"" + safeName.toUtf8() + '"'));
    file.setHeader(QNetworkRequest::ContentTypeHeader, mimeType);
    file.setBody(audio);
    form->append(file);
    field("model", m_model.toUtf8());
    field("response_format", "json");
    if (!m_language.isEmpty())
        field("language", m_language.toUtf8());

    const QUrl url = endpoint();
    QNetworkRequest req(url);
    req.setRawHeader("Accept", "application/json");
    // A key pasted with a line break must not end the header and start another.
    QString key = m_apiKey;
    key.removeIf([](QChar c) { return c.category() == QChar::Other_Control; });
    if (!key.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    // Every redirect is checked: the key goes to this origin only.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::UserVerifiedRedirectPolicy);
    req.setTransferTimeout(m_transferTimeout);
    // TLS errors are never ignored: no sslErrors handler calls ignoreSslErrors().

    qCDebug(lcAgent) << "POST" << url.toString(QUrl::RemoveUserInfo) << audio.size() << "bytes";
    m_body.clear();
    m_tooLarge = false;
    m_refusedRedirect.clear();
    m_reply = m_manager->post(req, form);
    form->setParent(m_reply);
    QNetworkReply* reply = m_reply;
    followWithinOrigin(reply, url, this,
                       [this](const QUrl& target) { m_refusedRedirect = target; });
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] {
        if (m_tooLarge)
            return;
        const QByteArray bytes = reply->readAll();
        if (m_body.size() + bytes.size() > maxResponseBytes) {
            m_tooLarge = true;
            reply->abort();
            return;
        }
        m_body += bytes;
    });
    connect(reply, &QNetworkReply::finished, this, &KoderTranscriber::onFinished);
    // Deleted without finishing: its manager (the application's) was deleted.
    connect(reply, &QObject::destroyed, this, &KoderTranscriber::onReplyLost);
    Q_EMIT busyChanged();
    return true;
}

/*!
    Cancels the transcription running: neither finished() nor failed() follows.
*/
void KoderTranscriber::cancel()
{
    if (!busy())
        return;
    release();
    Q_EMIT busyChanged();
}

void KoderTranscriber::release()
{
    m_replyLost = false; // a failure on its way is not sent any more (onReplyLost())
    m_body.clear();
    QNetworkReply* reply = m_reply.data();
    m_reply = nullptr;
    if (!reply)
        return;
    disconnect(reply, nullptr, this, nullptr);
    reply->abort();
    reply->deleteLater();
}

// The reply was deleted before it finished: the manager it belongs to (an application's,
// setNetworkAccessManager()) was deleted. The failure is reported on the next turn of the event
// loop, not from inside the manager's destructor (a slot could start the next transcription on
// the manager being deleted); until then busy() stays true.
void KoderTranscriber::onReplyLost()
{
    m_reply = nullptr;
    m_body.clear();
    m_replyLost = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (!m_replyLost)
                return; // cancelled meanwhile
            m_replyLost = false;
            fail(QStringLiteral("network"),
                 tr("The connection to the transcription server (%1) was closed: its network "
                    "access manager was deleted.")
                     .arg(origin(m_baseUrl)));
            Q_EMIT busyChanged();
        },
        Qt::QueuedConnection);
}

// The server's own explanation in an error body, as plain text: OpenAI's
// {"error": {"message": ...}}, {"error": "..."} or FastAPI's {"detail": "..."}.
static QString serverMessage(const QByteArray& body)
{
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    QString message =
        o.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
    if (message.isEmpty())
        message = o.value(QStringLiteral("error")).toString();
    if (message.isEmpty())
        message = o.value(QStringLiteral("detail")).toString();
    message = message.simplified();
    if (message.size() > 300)
        message = message.left(300) + u'…';
    return message;
}

void KoderTranscriber::onFinished()
{
    QNetworkReply* reply = m_reply.data();
    if (!reply)
        return;
    disconnect(reply, nullptr, this, nullptr);
    if (!m_tooLarge) {
        // What readyRead did not take yet: over the limit it is too large, not cut short.
        const QByteArray rest = reply->readAll();
        if (m_body.size() + rest.size() > maxResponseBytes)
            m_tooLarge = true;
        else
            m_body += rest;
    }
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();
    const QByteArray body = std::exchange(m_body, {});
    m_reply = nullptr;
    reply->deleteLater();
    // busy() is false from here; busyChanged() follows finished() or failed(), so that a
    // listener to both knows the outcome when busy turns false (KoderDictation does).
    const auto announce = qScopeGuard([this] {
        if (!busy()) // a slot may have started the next transcription, announced already
            Q_EMIT busyChanged();
    });

    const QString where = origin(m_baseUrl);
    if (!m_refusedRedirect.isEmpty()) {
        fail(QStringLiteral("redirect"),
             tr("The transcription server redirected to another origin (%1); the recording was "
                "not sent there.")
                 .arg(origin(m_refusedRedirect)));
    } else if (m_tooLarge) {
        fail(QStringLiteral("tooLarge"), tr("The transcription server's answer is too large."));
    } else if (status == 401 || status == 403) {
        fail(QStringLiteral("auth"),
             tr("The transcription server refused the key (HTTP %1).").arg(status));
    } else if (status != 0 && (status < 200 || status >= 300)) {
        const QString message = serverMessage(body);
        fail(QStringLiteral("http"),
             message.isEmpty()
                 ? tr("The transcription server answered HTTP %1.").arg(status)
                 : tr("The transcription server answered HTTP %1: %2").arg(status).arg(message));
    } else if (error == QNetworkReply::TimeoutError ||
               error == QNetworkReply::OperationCanceledError) {
        fail(QStringLiteral("timeout"),
             tr("The transcription server (%1) did not answer in time.").arg(where));
    } else if (error != QNetworkReply::NoError) {
        fail(QStringLiteral("network"),
             tr("The transcription server (%1) cannot be reached.").arg(where));
    } else {
        const QJsonValue text =
            QJsonDocument::fromJson(body).object().value(QStringLiteral("text"));
        if (!text.isString())
            fail(QStringLiteral("response"),
                 tr("The transcription server's answer holds no text."));
        else
            Q_EMIT finished(text.toString().trimmed());
    }
}

void KoderTranscriber::fail(const QString& code, const QString& message)
{
    qCWarning(lcAgent).noquote() << "transcription failed:" << code << message;
    Q_EMIT failed(code, message);
}

/*!
    \fn void KoderTranscriber::finished(const QString &text)

    The server transcribed the audio as \a text (trimmed; empty when it heard no words).
*/

/*!
    \fn void KoderTranscriber::failed(const QString &code, const QString &message)

    The transcription failed: \a code says how (see Errors), \a message says it for the user.
*/

/*!
    \variable KoderTranscriber::maxResponseBytes

    The largest answer read from the server, 1 MiB; a larger one fails with \c "tooLarge".
*/

/*!
    \fn void KoderTranscriber::baseUrlChanged()

    Notifies a change of \l baseUrl.
*/

/*!
    \fn void KoderTranscriber::apiKeyChanged()

    Notifies a change of \l apiKey.
*/

/*!
    \fn void KoderTranscriber::modelChanged()

    Notifies a change of \l model.
*/

/*!
    \fn void KoderTranscriber::languageChanged()

    Notifies a change of \l language.
*/

/*!
    \fn void KoderTranscriber::transferTimeoutChanged()

    Notifies a change of \l transferTimeout.
*/

/*!
    \fn void KoderTranscriber::busyChanged()

    Notifies a change of \l busy. When a transcription ends it follows finished() or
    failed(); cancel() emits it alone.
*/

/*!
    \qmltype KoderTranscriber
    \inqmlmodule Koder.Agent
    \instantiates KoderTranscriber
    \brief Speech to text through an OpenAI-compatible \c{/audio/transcriptions} server.

    OpenAI, whisper.cpp's server and faster-whisper servers speak it. KoderDictation sends
    its recordings to one:

    \snippet qml/tst_docexamples.qml dictation

    The key goes to \l baseUrl's origin only; a redirect elsewhere is never followed. See
    KoderTranscriber (C++) for the servers and the error codes.
*/

/*!
    \qmlproperty url KoderTranscriber::baseUrl

    The server's API root, such as \c{http://127.0.0.1:8000/v1}; \c{/audio/transcriptions}
    is appended. Default empty.
*/

/*!
    \qmlproperty string KoderTranscriber::apiKey

    The key sent as \c{Authorization: Bearer}, to \l baseUrl's origin only. Default empty.
*/

/*!
    \qmlproperty string KoderTranscriber::model

    The model field of the request. Default \c whisper-1.
*/

/*!
    \qmlproperty string KoderTranscriber::language

    The language spoken, as an ISO-639-1 code, or empty (the default) for the server to
    detect it.
*/

/*!
    \qmlproperty int KoderTranscriber::transferTimeout

    How long, in milliseconds, the server may stay silent before the transcription fails.
    Default 60000; 0 waits for ever.
*/

/*!
    \qmlproperty bool KoderTranscriber::busy
    \readonly

    True while a transcription runs.
*/

/*!
    \qmlmethod bool KoderTranscriber::transcribe(var audio, string fileName, string mimeType)

    Posts \a audio (the bytes of a file named \a fileName, of type \a mimeType; a WAV file
    by default). Returns false when it cannot (failed() says why); otherwise finished() or
    failed() follows.
*/

/*!
    \qmlmethod void KoderTranscriber::cancel()

    Cancels the transcription running; no signal follows.
*/

/*!
    \qmlsignal KoderTranscriber::finished(string text)

    The server transcribed the audio as \a text.
*/

/*!
    \qmlsignal KoderTranscriber::failed(string code, string message)

    The transcription failed: \a code says how, \a message says it for the user.
*/
