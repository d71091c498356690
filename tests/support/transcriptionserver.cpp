// SPDX-License-Identifier: MIT
#include "transcriptionserver.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>

#include <algorithm>

namespace {

// A header value of the form `token; name=value; name="quoted; value"`: the token (lower
// case) and the parameters (lower-case names; quoted strings unquoted, backslash escapes
// resolved). nullopt when a quoted string does not end.
struct HeaderValue {
    QByteArray token;
    QMap<QByteArray, QByteArray> params;
};

std::optional<HeaderValue> parseHeaderValue(const QByteArray& value)
{
    HeaderValue out;
    qsizetype at = value.indexOf(';');
    out.token = value.left(at < 0 ? value.size() : at).trimmed().toLower();
    while (at >= 0 && at < value.size()) {
        ++at; // past ';'
        const qsizetype eq = value.indexOf('=', at);
        if (eq < 0)
            break; // a parameter without a value: ignored
        const QByteArray name = value.mid(at, eq - at).trimmed().toLower();
        qsizetype i = eq + 1;
        while (i < value.size() && (value[i] == ' ' || value[i] == '\t'))
            ++i;
        QByteArray param;
        if (i < value.size() && value[i] == '"') {
            ++i;
            bool closed = false;
            for (; i < value.size(); ++i) {
                if (value[i] == '\\' && i + 1 < value.size()) {
                    param += value[++i];
                } else if (value[i] == '"') {
                    closed = true;
                    ++i;
                    break;
                } else {
                    param += value[i];
                }
            }
            if (!closed)
                return std::nullopt;
            at = value.indexOf(';', i);
        } else {
            at = value.indexOf(';', i);
            param = value.mid(i, (at < 0 ? value.size() : at) - i).trimmed();
        }
        out.params.insert(name, param);
    }
    return out;
}

} // namespace

std::optional<QList<TranscriptionServer::Part>>
TranscriptionServer::parseForm(const QByteArray& contentType, const QByteArray& body)
{
    const std::optional<HeaderValue> type = parseHeaderValue(contentType);
    if (!type || type->token != "multipart/form-data")
        return std::nullopt;
    const QByteArray boundary = type->params.value("boundary");
    if (boundary.isEmpty() || boundary.size() > 70)
        return std::nullopt;
    const QByteArray delimiter = "\r\n--" + boundary;

    // The first delimiter opens the body, or follows a preamble.
    qsizetype at = 0;
    if (body.startsWith(delimiter.mid(2))) {
        at = delimiter.size() - 2;
    } else {
        at = body.indexOf(delimiter);
        if (at < 0)
            return std::nullopt;
        at += delimiter.size();
    }
    QList<Part> parts;
    for (;;) {
        if (body.mid(at, 2) == "--")
            return parts; // the close delimiter; an epilogue may follow
        while (at < body.size() && (body[at] == ' ' || body[at] == '\t'))
            ++at; // transport padding
        if (body.mid(at, 2) != "\r\n")
            return std::nullopt;
        at += 2;
        const qsizetype next = body.indexOf(delimiter, at);
        if (next < 0)
            return std::nullopt; // no close delimiter
        const QByteArray whole = body.mid(at, next - at);
        at = next + delimiter.size();

        QByteArray head;
        Part part;
        if (whole.startsWith("\r\n")) {
            part.body = whole.mid(2); // no headers
        } else {
            const qsizetype headEnd = whole.indexOf("\r\n\r\n");
            if (headEnd < 0)
                return std::nullopt;
            head = whole.left(headEnd);
            part.body = whole.mid(headEnd + 4);
        }
        bool named = false;
        for (const QByteArray& line : head.split('\n')) {
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0)
                return std::nullopt;
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed();
            if (name == "content-disposition") {
                const std::optional<HeaderValue> disposition = parseHeaderValue(value);
                if (!disposition || disposition->token != "form-data" ||
                    !disposition->params.contains("name"))
                    return std::nullopt;
                part.name = disposition->params.value("name");
                part.hasFileName = disposition->params.contains("filename");
                part.fileName = disposition->params.value("filename");
                named = true;
            } else if (name == "content-type") {
                part.contentType = value;
            }
        }
        if (!named)
            return std::nullopt;
        parts.append(part);
    }
}

const TranscriptionServer::Part* TranscriptionServer::Request::part(const QByteArray& name) const
{
    if (!form)
        return nullptr;
    for (const Part& p : *form) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

int TranscriptionServer::Request::count(const QByteArray& name) const
{
    if (!form)
        return 0;
    return static_cast<int>(
        std::count_if(form->begin(), form->end(), [&](const Part& p) { return p.name == name; }));
}

QByteArray TranscriptionServer::Request::field(const QByteArray& name) const
{
    const Part* p = part(name);
    return p ? p->body : QByteArray();
}

TranscriptionServer::TranscriptionServer(QObject* parent)
    : QObject(parent)
{
    connect(&m_http, &ScriptedHttpServer::requestReceived, this,
            &TranscriptionServer::requestReceived);
    connect(&m_http, &ScriptedHttpServer::clientGone, this, &TranscriptionServer::clientGone);
}

bool TranscriptionServer::listen()
{
    return m_http.listen();
}

QUrl TranscriptionServer::origin() const
{
    QUrl url = baseUrl();
    url.setPath({});
    return url;
}

void TranscriptionServer::answerText(const QString& text)
{
    const QByteArray body =
        QJsonDocument(QJsonObject{{QStringLiteral("text"), text}}).toJson(QJsonDocument::Compact);
    m_http.enqueue(ScriptedHttpServer::status(200, body, {{"Content-Type", "application/json"}}));
}

void TranscriptionServer::answerError(int status, const QByteArray& body)
{
    m_http.enqueue(
        ScriptedHttpServer::status(status, body, {{"Content-Type", "application/json"}}));
}

void TranscriptionServer::answerRedirect(const QUrl& location, int status)
{
    m_http.enqueue(ScriptedHttpServer::status(status, {}, {{"Location", location.toEncoded()}}));
}

void TranscriptionServer::stall()
{
    ScriptedHttpServer::Response r = ScriptedHttpServer::status(200, "{\"text\":\"late\"}");
    r.stallAfter = 0;
    m_http.enqueue(std::move(r));
}

void TranscriptionServer::drop()
{
    ScriptedHttpServer::Response r = ScriptedHttpServer::status(200, "{\"text\":\"never\"}");
    r.dropAfter = 0;
    m_http.enqueue(std::move(r));
}

QList<TranscriptionServer::Request> TranscriptionServer::requests() const
{
    QList<Request> out;
    for (const ScriptedHttpServer::Received& r : m_http.received()) {
        Request req;
        req.method = r.method;
        req.path = r.path;
        req.headers = r.headers;
        req.body = r.body;
        if (r.headers.contains("content-type"))
            req.form = parseForm(r.headers.value("content-type"), r.body);
        out.append(req);
    }
    return out;
}
