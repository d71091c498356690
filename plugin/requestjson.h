// SPDX-License-Identifier: MIT
// Pieces of request bodies the HTTP transports share.
#pragma once

#include "attachments.h"
#include "kodertransport.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>

namespace koder::agent {
class Message;
}

namespace koder::agent::qt {

/// The message's text followed by its text attachments, each under its name, and a note for
/// each attachment that is not available any more.
QString textWithAttachedFiles(const Message& message, const QList<LoadedAttachment>& attachments);
/// An image as a data: URL.
QString dataUrl(const LoadedAttachment& image);
/// Tools in the OpenAI function format (Ollama takes the same).
QJsonArray functionTools(const QList<KoderTransport::ToolSpec>& tools);
/// A tool's parameters, an empty object schema when it declared none.
QJsonObject parametersOf(const KoderTransport::ToolSpec& tool);
/// Tool-call arguments (JSON text) as an object; {} when they are not an object.
QJsonObject argumentsObject(const std::string& arguments);

} // namespace koder::agent::qt
