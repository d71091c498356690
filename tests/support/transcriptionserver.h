// SPDX-License-Identifier: MIT
// A scripted transcription server on 127.0.0.1: an OpenAI-compatible /audio/transcriptions
// endpoint for KoderTranscriber's and KoderDictation's tests. It reads each request's
// multipart/form-data into its parts (field name, file name, content type, bytes) and answers
// with the next scripted response: a transcription, an error status with a JSON body, a
// redirect, a stall or a dropped connection.
#pragma once

#include "scriptedhttpserver.h"

#include <QtCore/QByteArray>
#include <QtCore/QList>
#include <QtCore/QMap>
#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QUrl>

#include <optional>

class TranscriptionServer : public QObject {
    Q_OBJECT
public:
    /// One part of a multipart/form-data body.
    struct Part {
        QByteArray name;     ///< the Content-Disposition's name
        QByteArray fileName; ///< its filename, when `hasFileName`
        bool hasFileName = false;
        QByteArray contentType; ///< the part's Content-Type, or empty
        QByteArray body;
    };
    /// A request as received: the HTTP side, and its form when the body is one.
    struct Request {
        QByteArray method;
        QByteArray path;
        QMap<QByteArray, QByteArray> headers; ///< lower-case names
        QByteArray body;
        /// The parts, in order; nullopt when the body is not valid multipart/form-data (or the
        /// request does not say it is).
        std::optional<QList<Part>> form;

        /// The first part named `name`, or null.
        const Part* part(const QByteArray& name) const;
        /// How many parts are named `name`.
        int count(const QByteArray& name) const;
        /// The bytes of the first part named `name`; empty when there is none.
        QByteArray field(const QByteArray& name) const;
        bool has(const QByteArray& name) const { return part(name) != nullptr; }
    };

    /// The parts of a multipart/form-data `body` whose Content-Type header is `contentType`
    /// (which names the boundary), per RFC 7578 and RFC 2046: nullopt when the type is not
    /// multipart/form-data with a boundary, the body does not open and close with the delimiter,
    /// or a part has no `form-data` Content-Disposition with a name.
    static std::optional<QList<Part>> parseForm(const QByteArray& contentType,
                                                const QByteArray& body);

    explicit TranscriptionServer(QObject* parent = nullptr);

    /// Listens on 127.0.0.1, on a free port.
    bool listen();
    /// http://127.0.0.1:<port>/v1, what KoderTranscriber::baseUrl takes.
    QUrl baseUrl() const { return m_http.baseUrl(); }
    /// The origin alone, http://127.0.0.1:<port>.
    QUrl origin() const;

    // The answers, in the order of the requests. Without one left a request gets HTTP 500.
    /// 200 with {"text": text}.
    void answerText(const QString& text);
    /// `status` with a JSON (or any) body, Content-Type application/json.
    void answerError(int status, const QByteArray& body);
    /// A redirect (`status` 301, 302, 303, 307 or 308) to `location`.
    void answerRedirect(const QUrl& location, int status = 307);
    /// Reads the request, and answers nothing, staying connected.
    void stall();
    /// Reads the request, and closes the connection without an answer.
    void drop();
    /// Anything: a response written as the scripted HTTP server does.
    void answer(ScriptedHttpServer::Response response) { m_http.enqueue(std::move(response)); }

    /// The requests received so far, with their forms.
    QList<Request> requests() const;
    qsizetype requestCount() const { return m_http.received().size(); }
    /// The connections open now.
    int openConnections() const { return m_http.openConnections(); }
    /// Bytes written to clients so far.
    qint64 bytesWritten() const { return m_http.bytesWritten(); }

Q_SIGNALS:
    void requestReceived();
    /// A client closed or lost its connection.
    void clientGone();

private:
    ScriptedHttpServer m_http;
};
