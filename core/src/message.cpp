// SPDX-License-Identifier: MIT
#include "koder/agent/message.h"

#include "enumnames.h"

namespace koder::agent {

namespace {
const std::string emptyString;
const std::vector<ToolCall> noToolCalls;
const Usage noUsage;
} // namespace

bool MessageExtras::empty() const
{
    return *this == MessageExtras{};
}

Message::Message(std::string id_, Role role_, std::string text_, std::int64_t createdAt_)
    : id(std::move(id_))
    , text(std::move(text_))
    , createdAt(createdAt_)
    , role(role_)
{
}

Message::Message(const Message& other)
    : id(other.id)
    , text(other.text)
    , createdAt(other.createdAt)
    , role(other.role)
    , isError(other.isError)
    , denied(other.denied)
    , aborted(other.aborted)
    , extras_(other.extras_ ? std::make_unique<MessageExtras>(*other.extras_) : nullptr)
{
}

Message& Message::operator=(const Message& other)
{
    if (this != &other) {
        Message copy(other);
        *this = std::move(copy);
    }
    return *this;
}

MessageExtras& Message::extras()
{
    if (!extras_)
        extras_ = std::make_unique<MessageExtras>();
    return *extras_;
}

#define KODER_EXTRA_GETTER(type, name, fallback)                                                   \
    const type& Message::name() const                                                              \
    {                                                                                              \
        return extras_ ? extras_->name : fallback;                                                 \
    }
KODER_EXTRA_GETTER(std::string, reasoning, emptyString)
KODER_EXTRA_GETTER(std::vector<ToolCall>, toolCalls, noToolCalls)
KODER_EXTRA_GETTER(std::string, toolCallId, emptyString)
KODER_EXTRA_GETTER(std::string, toolName, emptyString)
KODER_EXTRA_GETTER(std::string, error, emptyString)
KODER_EXTRA_GETTER(std::string, attachments, emptyString)
KODER_EXTRA_GETTER(std::string, context, emptyString)
KODER_EXTRA_GETTER(std::string, selection, emptyString)
KODER_EXTRA_GETTER(std::string, metadata, emptyString)
KODER_EXTRA_GETTER(Usage, usage, noUsage)
KODER_EXTRA_GETTER(std::string, finishReason, emptyString)
#undef KODER_EXTRA_GETTER

bool operator==(const Message& a, const Message& b)
{
    if (a.id != b.id || a.text != b.text || a.createdAt != b.createdAt || a.role != b.role ||
        a.isError != b.isError || a.denied != b.denied || a.aborted != b.aborted)
        return false;
    // A message whose extras were created but left empty equals one without extras.
    const MessageExtras none;
    const MessageExtras& ea = a.extras_ ? *a.extras_ : none;
    const MessageExtras& eb = b.extras_ ? *b.extras_ : none;
    return ea == eb;
}

std::string_view toString(Role role)
{
    switch (role) {
    case Role::User:
        return "user";
    case Role::Assistant:
        return "assistant";
    case Role::System:
        return "system";
    case Role::Tool:
        return "tool";
    case Role::Checkpoint:
        return "checkpoint";
    }
    return {};
}

std::optional<Role> roleFromString(std::string_view text)
{
    return detail::enumFromName<Role>([](Role r) { return toString(r); }, text);
}

} // namespace koder::agent
