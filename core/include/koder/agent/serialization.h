// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/approval.h"
#include "koder/agent/message.h"
#include "koder/agent/versions.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace koder::agent {

/// One stored conversation, as it round-trips through JSON: the active path (`messages`), the
/// rest of its tree (`versions`) and its open tool phase and grants (`approvals`).
struct Conversation {
    std::string id;
    std::string title;
    std::string systemPrompt;
    std::vector<Message> messages;
    Versions versions;
    ApprovalState approvals{};
    std::vector<QueuedMessage> queued{}; ///< messages waiting for the turn to end

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

/// The newest document format version: 2 adds the tree (`otherVersions`, `versionIndex`). A
/// conversation without other versions is written as version 1, which older readers take.
inline constexpr int conversationFormatVersion = 2;

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

/// A JSON array of `{id, text, attachments?}`; "" for none.
std::string toJson(const std::vector<QueuedMessage>& queued);
/// Empty text is no queue; a malformed one is refused, its path under `queued`.
Loaded<std::vector<QueuedMessage>> queuedFromJson(std::string_view text);

/// Compact JSON of an object (`pending`, `running`, `grantedTools`); "" for an empty state.
std::string toJson(const ApprovalState& state);
/// Empty text is an empty state; a malformed one is refused, its path under `approvals`.
Loaded<ApprovalState> approvalStateFromJson(std::string_view text);

/// A message off the active path as a file or a database row gives it: with its version index
/// among its siblings (the order of `Versions::siblings`).
struct OtherVersionRecord {
    OtherVersion version;
    std::size_t versionIndex = 0;
};

/// Builds the tree from stored records: the active path with each row's version index
/// (`pathIndexes` may be empty: all 0) and the messages off it. Refuses, naming the record as
/// `<othersName>[i].<field>`, an id used twice, a parent that is not a message of the tree, a
/// cycle of parents, a message hanging from the last row of the path (the path continues to a
/// child) and an active child that is not a child. Siblings are ordered by version index, ties
/// in record order; a message off the path with children but no active child continues with
/// the newest.
Loaded<Versions> assembleVersions(const std::vector<Message>& path,
                                  const std::vector<std::size_t>& pathIndexes,
                                  std::vector<OtherVersionRecord> others,
                                  std::string_view othersName = "otherVersions");

} // namespace koder::agent
