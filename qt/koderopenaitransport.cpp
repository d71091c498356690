// SPDX-License-Identifier: MIT
#include "koderopenaitransport.h"

#include "attachments.h"
#include "openaistream.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonArray>
#include <QtNetwork/QNetworkRequest>

/*!
    \class KoderOpenAiTransport
    \inmodule KoderAgent
    \inheaderfile koderopenaitransport.h
    \brief Streams from an OpenAI-compatible Chat Completions API over HTTP and SSE.

    Works with any server that speaks the dialect, by KoderHttpTransport::baseUrl alone: OpenAI,
    Ollama's \c{/v1}, llama.cpp's \c llama-server, vLLM, LM Studio. The key is sent as
    \c{Authorization: Bearer <key>}. The errors and limits are KoderHttpTransport's.

    In QML: \l [QML] {KoderOpenAiTransport}{the KoderOpenAiTransport QML type}.

    \sa {Transports}
*/

/*!
    \qmltype KoderOpenAiTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderOpenAiTransport
    \inherits KoderHttpTransport
    \brief Streams from an OpenAI-compatible Chat Completions API over HTTP and SSE.

    Each request is a POST to \c{<baseUrl>/chat/completions} with \c{"stream": true}. Any
    server that speaks the dialect works by \l {KoderHttpTransport::baseUrl}{baseUrl} alone:

    \table
    \header \li Server \li \c baseUrl \li Notes
    \row \li OpenAI \li \c{https://api.openai.com/v1} \li \c apiKey required.
    \row \li Ollama \li \c{http://127.0.0.1:11434/v1} \li \c{model: "qwen3:8b"} (any pulled
         model); reasoning arrives as \c reasoning. \l [QML] KoderOllamaTransport speaks
         Ollama's native API, which controls thinking.
    \row \li llama.cpp \c llama-server \li \c{http://127.0.0.1:8080/v1} \li Start it with
         \c --jinja for tools and \c reasoning_content.
    \row \li vLLM \li \c{http://127.0.0.1:8000/v1} \li \c{--enable-auto-tool-choice
         --tool-call-parser ...} for tools, \c{--reasoning-parser ...} for reasoning.
    \row \li LM Studio \li \c{http://127.0.0.1:1234/v1} \li
    \endtable

    \c baseUrl has no default here: set it. The key, when set, is sent as
    \c{Authorization: Bearer <key>}.

    The demo application binds its properties to its settings and keys:

    \snippet Main.qml openai-transport

    \section1 What is sent and what comes back

    The request carries the model, the history (the system prompt as a \c system message, the
    summary of a compacted conversation as the first \c user message, tool calls and their results as \c tool_calls
    and \c tool messages), the tools as \c function
    tools with their JSON schema, \l temperature and \l maxTokens when set, and
    \c{stream_options.include_usage}, so that the reply's token counts come back. A user
    message's images go as \c image_url parts (a data URL, or the address of an \c{http(s):}
    image) and its text files are inlined in its text. To continue a reply cut by \c length
    (\l [QML] {KoderAgentController::continueReply()}{continueReply()}), the request ends with
    that reply and a user message asking the model to go on from where it stopped without
    repeating itself.

    The stream gives text, reasoning (\c reasoning_content or \c reasoning; Mistral's
    \c content given as \c thinking and \c text parts is read part by part) and tool calls,
    assembled from their fragments (a server that gives every parallel call index 0 with new
    ids is handled). Tool calls run only when the reply ended for them: the calls of a reply cut
    by \c length, filtered or refused are dropped. A \c{delta.refusal} is shown as the reply,
    with \c finishReason \c{"refusal"}. A stream that ends without a \c finish_reason fails
    with code \c{"incomplete"}. A shape the decoder does not know is logged under the
    \c koder.wire category and skipped.

    The errors it can end a turn with, and the limits, are
    \l [QML] {KoderHttpTransport}{KoderHttpTransport's}; OpenAI's \c insufficient_quota is
    \c{"forbidden"} (not retryable) and \c rate_limit_exceeded \c{"rate_limited"}
    (retryable).

    \sa {Transports}
*/

using namespace koder::agent;
using namespace koder::agent::qt;

/*!
    Constructs an OpenAI-compatible transport with \a parent. Its baseUrl is empty: set it
    before the first request.
*/
KoderOpenAiTransport::KoderOpenAiTransport(QObject* parent)
    : KoderHttpTransport(QUrl(), parent)
{
}

/*!
    Destroys the transport; requests still running are aborted.
*/
KoderOpenAiTransport::~KoderOpenAiTransport() = default;

/*!
    \reimp

    Returns \c{<baseUrl>/chat/completions}.
*/
QUrl KoderOpenAiTransport::endpoint() const
{
    return urlWithPath(QStringLiteral("chat/completions"));
}

/*!
    \reimp

    Adds apiKey, when set, to \a request as \c{Authorization: Bearer <key>}.
*/
void KoderOpenAiTransport::addHeaders(QNetworkRequest& request) const
{
    addBearerKey(request);
}

/*!
    \reimp

    Returns a Chat Completions SSE decoder for request \a requestId, reporting through
    \a report within \a limits.
*/
std::unique_ptr<koder::wire::StreamDecoder>
KoderOpenAiTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                              const koder::wire::Limits& limits) const
{
    return std::make_unique<koder::wire::OpenAiStreamDecoder>(requestId, std::move(report), limits);
}

namespace {
// A user message with attachments: a text part (its text and any text files) unless there is no
// text at all, then one image_url part per image.
QJsonValue userContent(const Message& m, const QList<LoadedAttachment>& attachments)
{
    if (attachments.isEmpty())
        return toQString(m.text);
    QJsonArray parts;
    if (const QString text = textWithAttachedFiles(m, attachments); !text.isEmpty())
        parts.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                 {QStringLiteral("text"), text}});
    for (const LoadedAttachment& a : attachments) {
        if (a.kind != LoadedAttachment::Kind::Image)
            continue;
        const QString url = a.remoteUrl.isEmpty() ? dataUrl(a) : a.remoteUrl.toString();
        parts.append(
            QJsonObject{{QStringLiteral("type"), QStringLiteral("image_url")},
                        {QStringLiteral("image_url"), QJsonObject{{QStringLiteral("url"), url}}}});
    }
    return parts;
}
} // namespace

/*!
    \reimp

    Returns the Chat Completions body for \a request with \a tools; \a attachments reads each
    user message's attachments.
*/
QJsonObject KoderOpenAiTransport::body(const StartTurn& request, const QList<ToolSpec>& tools,
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
            o.insert(QStringLiteral("content"), userContent(m, loaded));
            break;
        }
        case Role::Assistant: {
            const std::vector<ToolCall> calls = answered.of(m);
            if (m.text.empty() && calls.empty())
                continue; // a reply that failed or was stopped before its first token
            o.insert(QStringLiteral("role"), QStringLiteral("assistant"));
            o.insert(QStringLiteral("content"),
                     m.text.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(toQString(m.text)));
            if (!calls.empty()) {
                QJsonArray array;
                for (const ToolCall& c : calls)
                    array.append(functionCall(c));
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
        {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
    };
    if (!tools.isEmpty())
        body.insert(QStringLiteral("tools"), functionTools(tools));
    if (m_temperature >= 0)
        body.insert(QStringLiteral("temperature"), m_temperature);
    if (m_maxTokens > 0)
        body.insert(QStringLiteral("max_tokens"), m_maxTokens);
    return body;
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

/*!
    \qmlproperty real KoderOpenAiTransport::temperature

    The sampling temperature, sent as \c temperature: lower is more deterministic, higher more
    varied (OpenAI takes 0 to 2). A negative value leaves it out of the request, so the server
    uses its own default.

    The default is -1 (the server's default).
*/

/*!
    \property KoderOpenAiTransport::temperature
    \brief The sampling temperature; a negative value leaves it to the server.

    Sent as \c temperature when 0 or more. The default is -1.
*/

/*!
    \qmlproperty int KoderOpenAiTransport::maxTokens

    The most tokens the model may generate for one request, sent as \c max_tokens. A reply
    that reaches it ends with \c finishReason \c{"length"}. 0 leaves it out of the request,
    so the server's limit applies.

    The default is 0 (the server's limit). Values below 0 are taken as 0.
*/

/*!
    \property KoderOpenAiTransport::maxTokens
    \brief The most tokens one request may generate; 0 leaves it to the server.

    Sent as \c max_tokens when above 0. The default is 0.
*/
