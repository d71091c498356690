// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace koder::agent {

/// One stored conversation, as it round-trips through JSON.
struct Conversation {
    std::string id;
    std::string title;
    std::string systemPrompt;
    std::vector<Message> messages;

    friend bool operator==(const Conversation&, const Conversation&) = default;
};

/// The first invalid field of a document: `path` like `messages[3].role`, `message` like
/// `unknown value "bot"`.
struct LoadError {
    std::string path;
    std::string message;

    /// "messages[3].role: unknown value \"bot\"".
    std::string toString() const;
    friend bool operator==(const LoadError&, const LoadError&) = default;
};

template<class T>
using Loaded = std::variant<T, LoadError>;

/// The document format version written by toJson.
inline constexpr int conversationFormatVersion = 1;

/// Limits of every JSON document the library reads (imports, the store, setChatMessages, tool
/// arguments embedded on save): deeper nesting or a larger text is refused with a LoadError and
/// never reaches a recursive algorithm (printing, copying, destroying) that could overflow.
inline constexpr int maxJsonDepth = 64;
inline constexpr std::size_t maxJsonBytes = std::size_t{64} << 20;

enum class JsonProblem { None, NotJson, TooDeep, TooLarge };
/// Whether `text` is JSON within the limits above; never builds a value deeper than the limit.
JsonProblem checkJson(std::string_view text);
/// "nested deeper than 64 levels", "larger than 64 MiB", "not valid JSON", or "".
std::string describe(JsonProblem problem);

/// Compact JSON unless `indent` >= 0. The JSON-text fields (attachments, context, selection,
/// metadata, tool-call arguments kept as text) are embedded as JSON values when they parse.
std::string toJson(const Conversation& conversation, int indent = -1);
std::string toJson(const Message& message);
std::string toJson(const std::vector<Message>& messages);

/// Validates and loads; never throws. Unknown fields are ignored (newer minor versions).
Loaded<Conversation> conversationFromJson(std::string_view text);
/// A JSON array of messages (what addChatMessages / setChatMessages take).
Loaded<std::vector<Message>> messagesFromJson(std::string_view text);
Loaded<Message> messageFromJson(std::string_view text);

} // namespace koder::agent
