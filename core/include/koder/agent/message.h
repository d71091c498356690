// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace koder::agent {

enum class Role : std::uint8_t { User, Assistant, System, Tool, Checkpoint, Summary };

/// One tool call requested by the model. `arguments` is JSON text, as the OpenAI wire carries it.
struct ToolCall {
    std::string id;
    std::string name;
    std::string arguments;
    bool readOnly = false;

    friend bool operator==(const ToolCall&, const ToolCall&) = default;
};

/// A transport or model error. `retryAfterMs` is negative when the server gave no hint.
struct ErrorInfo {
    std::string code;
    std::string message;
    bool retryable = false;
    std::int64_t retryAfterMs = -1;

    friend bool operator==(const ErrorInfo&, const ErrorInfo&) = default;
};

/// Token counts a server reported for one request (one assistant row). A count the server did
/// not report is -1; `totalTokens` is computed from the two others when a server gives none.
struct Usage {
    std::int64_t promptTokens = -1;
    std::int64_t completionTokens = -1;
    std::int64_t totalTokens = -1;
    std::int64_t reasoningTokens = -1;
    std::int64_t cachedTokens = -1;     ///< prompt tokens read from the server's cache
    std::int64_t cacheWriteTokens = -1; ///< prompt tokens written to it

    /// Nothing was reported.
    bool empty() const { return *this == Usage{}; }
    friend bool operator==(const Usage&, const Usage&) = default;
};

/// Every count of a Usage with its name (the stored JSON's and the `usage` role's), for code that
/// treats them alike.
inline constexpr std::pair<std::string_view, std::int64_t Usage::*> usageCounts[] = {
    {"promptTokens", &Usage::promptTokens}, {"completionTokens", &Usage::completionTokens},
    {"totalTokens", &Usage::totalTokens},   {"reasoningTokens", &Usage::reasoningTokens},
    {"cachedTokens", &Usage::cachedTokens}, {"cacheWriteTokens", &Usage::cacheWriteTokens},
};

/// The fields most messages never use. Kept out of line so a plain chat message costs one
/// pointer for all of them (see the memory target in bench/).
struct MessageExtras {
    std::string reasoning;
    std::vector<ToolCall> toolCalls;
    std::string toolCallId;
    std::string toolName;
    std::string error;
    std::string attachments; ///< JSON text
    std::string context;     ///< JSON text
    std::string selection;   ///< JSON text
    std::string metadata;    ///< JSON text
    Usage usage{};           ///< assistant rows: what their request cost
    /// Assistant rows: why the model stopped, normalised ("stop", "length", "tool_calls",
    /// "refusal", "content_filter"); empty while streaming and for stopped or failed rows.
    std::string finishReason{};

    bool empty() const;
    friend bool operator==(const MessageExtras&, const MessageExtras&) = default;
};

/// One history entry. Copyable value; the rarely used fields live behind `extras`.
class Message {
public:
    std::string id;
    std::string text;
    std::int64_t createdAt = 0;
    Role role = Role::User;
    bool isError = false;
    bool denied = false;
    bool aborted = false;

    Message() = default;
    Message(std::string id, Role role, std::string text, std::int64_t createdAt = 0);
    Message(const Message& other);
    Message& operator=(const Message& other);
    Message(Message&&) noexcept = default;
    Message& operator=(Message&&) noexcept = default;
    ~Message() = default;

    const std::string& reasoning() const;
    const std::vector<ToolCall>& toolCalls() const;
    const std::string& toolCallId() const;
    const std::string& toolName() const;
    const std::string& error() const;
    const std::string& attachments() const;
    const std::string& context() const;
    const std::string& selection() const;
    const std::string& metadata() const;
    const Usage& usage() const;
    const std::string& finishReason() const;

    /// The out-of-line fields, created on first write.
    MessageExtras& extras();
    const MessageExtras* extrasOrNull() const { return extras_.get(); }

    friend bool operator==(const Message& a, const Message& b);

private:
    std::unique_ptr<MessageExtras> extras_;
};

std::string_view toString(Role role);
std::optional<Role> roleFromString(std::string_view text);

} // namespace koder::agent
