// SPDX-License-Identifier: MIT
// Pieces of request bodies the HTTP transports share.
#pragma once

#include "attachments.h"
#include "kodertransport.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>

#include <string>
#include <unordered_set>
#include <vector>

#include "koder/agent/message.h"

namespace koder::agent::qt {

/// The message's text followed by its text attachments, each under its name, and a note for
/// each attachment that is not available any more.
QString textWithAttachedFiles(const Message& message, const QList<LoadedAttachment>& attachments);
/// An image as a data: URL.
QString dataUrl(const LoadedAttachment& image);
/// A call in the OpenAI function-call format (`{id, type: "function", function: {name,
/// arguments}}`, the arguments as JSON text), which AG-UI's assistant messages take too.
QJsonObject functionCall(const ToolCall& call);
/// Tools in the OpenAI function format (Ollama takes the same).
QJsonArray functionTools(const QList<KoderTransport::ToolSpec>& tools);
/// A tool's parameters, an empty object schema when it declared none.
QJsonObject parametersOf(const KoderTransport::ToolSpec& tool);
/// The calls of an assistant message that the history answers (a tool message with their id).
/// A call left without a result (its step failed after the model asked for it) is not sent:
/// the APIs refuse a tool call without its result.
class AnsweredCalls {
public:
    explicit AnsweredCalls(const std::vector<Message>& history);
    std::vector<ToolCall> of(const Message& assistant) const;

private:
    std::unordered_set<std::string> m_ids;
};

/// What a transport kept in a reply's metadata to send back with it (`metadata[provider][key]`,
/// an array), empty when there is none.
QJsonArray keptInMetadata(const Message& reply, const QString& provider, const QString& key);

/// Tool-call arguments (JSON text) as an object; {} when they are not an object.
QJsonObject argumentsObject(const std::string& arguments);

/// What the transports without a prefill send, as a user message after the reply cut by
/// `length`, to have the model go on with it (RequestKind::Continuation). Sent to the model, so
/// never translated.
inline constexpr char continuationInstruction[] =
    "Continue your last message exactly where it stopped. Do not repeat anything you already "
    "wrote.";
/// Whether \a request asks the model to go on with the reply its history ends with.
inline bool continues(const StartTurn& request)
{
    return request.kind == RequestKind::Continuation;
}

} // namespace koder::agent::qt
