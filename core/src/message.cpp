// SPDX-License-Identifier: MIT
#include "koder/agent/message.h"

#include "enumnames.h"

/*!
    \enum koder::agent::Role

    Who a \l {koder::agent::Message}{Message} is from, or what it is. The names in parentheses
    are the ones \l {koder::agent::toString(koder::agent::Role)}{toString()} returns and the
    stored JSON uses.

    \value User A message the user wrote (\c "user").
    \value Assistant A reply of the model: one per step of a turn (\c "assistant").
    \value System A system message (\c "system"). The system prompt is not one: it is sent
           with each request from \l {koder::agent::Settings::systemPrompt}{Settings::systemPrompt}.
    \value Tool The result of a tool call, or the record that it was denied or not run
           (\c "tool").
    \value Checkpoint A checkpoint whose text is its payload; never sent to the model
           (\c "checkpoint").
    \value Summary What compaction made of the rows before it (\c "summary"): a boundary, the
           rows before it are no longer sent and the summary is sent in their place (see
           \l {koder::agent::Compact}{Compact}).
*/

/*!
    \class koder::agent::ToolCall
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/message.h
    \brief One tool call requested by the model.

    An assistant message lists the calls its step requested in
    \l {koder::agent::Message::toolCalls()}{toolCalls()}; the calls waiting for the user are in
    \l {koder::agent::State::pendingToolCalls}{State::pendingToolCalls}.
*/

/*!
    \variable koder::agent::ToolCall::id

    The call's id, unique in its turn. The core makes one when the model sent none or repeated
    one; results and decisions name the call by it.
*/

/*!
    \variable koder::agent::ToolCall::name

    The name of the tool to call.
*/

/*!
    \variable koder::agent::ToolCall::arguments

    The arguments as JSON text, as the OpenAI wire carries them. When the user edited them on
    approval, the history holds the arguments that ran.
*/

/*!
    \variable koder::agent::ToolCall::readOnly

    Whether the tool is registered read-only (\l {koder::agent::ToolInfo::readOnly}). The core
    sets it from \l {koder::agent::Settings::tools}{Settings::tools} when the call arrives; \c false
    for an unknown tool.
*/

/*!
    \fn bool koder::agent::ToolCall::operator==(const koder::agent::ToolCall &a, const koder::agent::ToolCall &b)

    Returns \c true if every field of \a a equals that of \a b.
*/

/*!
    \class koder::agent::ErrorInfo
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/message.h
    \brief A transport or model error.

    The error that ended a turn is in \l {koder::agent::State::lastError}{State::lastError} and
    in the \l {koder::agent::ErrorEvent}{ErrorEvent}; its message is also kept on the failed
    assistant message (\l {koder::agent::Message::error()}{Message::error()}).
*/

/*!
    \variable koder::agent::ErrorInfo::code

    A short, stable code to decide on. The core sets three itself: \c "incomplete" (a stream
    ended without a finish reason), \c "step_limit" (a turn reached
    \l {koder::agent::Settings::maxSteps}{Settings::maxSteps}) and \c "load_failed" (a conversation
    could not be loaded). Transports set others, such as \c "transport", \c "http",
    \c "rate_limit", \c "overloaded" or \c "too_large"; the \l Transports page lists them.
*/

/*!
    \variable koder::agent::ErrorInfo::message

    A description of the error for people, as the server or the transport gave it.
*/

/*!
    \variable koder::agent::ErrorInfo::retryable

    Whether sending the request again may succeed (a dropped connection, an overloaded server).
    \c false by default.
*/

/*!
    \variable koder::agent::ErrorInfo::retryAfterMs

    How long the server asked to wait before a retry, in milliseconds (its \c Retry-After);
    negative, the default \c -1, when it gave no hint.
*/

/*!
    \fn bool koder::agent::ErrorInfo::operator==(const koder::agent::ErrorInfo &a, const koder::agent::ErrorInfo &b)

    Returns \c true if every field of \a a equals that of \a b.
*/

/*!
    \class koder::agent::Usage
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/message.h
    \brief Token counts a server reported for one request.

    Each assistant message keeps the usage of its request
    (\l {koder::agent::Message::usage()}{Message::usage()}), taken from
    \l {koder::agent::StreamEnded::usage}{StreamEnded::usage}. A count the server did not report
    is \c -1; when a server reports no total, the stream decoders compute it from the prompt and
    completion counts.

    \sa koder::agent::usageCounts
*/

/*!
    \variable koder::agent::Usage::promptTokens

    Tokens of the prompt (the input), or \c -1.
*/

/*!
    \variable koder::agent::Usage::completionTokens

    Tokens of the reply (the output), or \c -1.
*/

/*!
    \variable koder::agent::Usage::totalTokens

    All tokens of the request, or \c -1.
*/

/*!
    \variable koder::agent::Usage::reasoningTokens

    Tokens the model spent on reasoning, or \c -1.
*/

/*!
    \variable koder::agent::Usage::cachedTokens

    Prompt tokens read from the server's cache, or \c -1.
*/

/*!
    \variable koder::agent::Usage::cacheWriteTokens

    Prompt tokens written to the server's cache, or \c -1.
*/

/*!
    \fn bool koder::agent::Usage::empty() const

    Returns \c true if nothing was reported: every count is \c -1.
*/

/*!
    \fn bool koder::agent::Usage::operator==(const koder::agent::Usage &a, const koder::agent::Usage &b)

    Returns \c true if every count of \a a equals that of \a b.
*/

/*!
    \variable koder::agent::usageCounts

    Every count of a \l {koder::agent::Usage}{Usage} with its name, for code that treats them
    alike: pairs of the name (as the stored JSON and the message model's \c usage role spell it:
    \c promptTokens, \c completionTokens, \c totalTokens, \c reasoningTokens, \c cachedTokens,
    \c cacheWriteTokens) and a pointer to the member.
*/

/*!
    \class koder::agent::MessageExtras
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/message.h
    \brief The fields of a Message that most messages never use.

    They are kept out of line, behind one pointer, so that a plain chat message costs a single
    pointer for all of them. Read them through the getters of
    \l {koder::agent::Message}{Message}; write them through
    \l {koder::agent::Message::extras()}{Message::extras()}. Each field is described at its
    getter.
*/

/*!
    \variable koder::agent::MessageExtras::reasoning

    See \l {koder::agent::Message::reasoning()}{Message::reasoning()}.
*/

/*!
    \variable koder::agent::MessageExtras::toolCalls

    See \l {koder::agent::Message::toolCalls()}{Message::toolCalls()}.
*/

/*!
    \variable koder::agent::MessageExtras::toolCallId

    See \l {koder::agent::Message::toolCallId()}{Message::toolCallId()}.
*/

/*!
    \variable koder::agent::MessageExtras::toolName

    See \l {koder::agent::Message::toolName()}{Message::toolName()}.
*/

/*!
    \variable koder::agent::MessageExtras::error

    See \l {koder::agent::Message::error()}{Message::error()}.
*/

/*!
    \variable koder::agent::MessageExtras::attachments

    JSON text; see \l {koder::agent::Message::attachments()}{Message::attachments()}.
*/

/*!
    \variable koder::agent::MessageExtras::context

    JSON text; see \l {koder::agent::Message::context()}{Message::context()}.
*/

/*!
    \variable koder::agent::MessageExtras::selection

    JSON text; see \l {koder::agent::Message::selection()}{Message::selection()}.
*/

/*!
    \variable koder::agent::MessageExtras::metadata

    JSON text; see \l {koder::agent::Message::metadata()}{Message::metadata()}.
*/

/*!
    \variable koder::agent::MessageExtras::usage

    Assistant messages: what their request cost; see
    \l {koder::agent::Message::usage()}{Message::usage()}.
*/

/*!
    \variable koder::agent::MessageExtras::finishReason

    Assistant messages: why the model stopped; see
    \l {koder::agent::Message::finishReason()}{Message::finishReason()}.
*/

/*!
    \fn bool koder::agent::MessageExtras::operator==(const koder::agent::MessageExtras &a, const koder::agent::MessageExtras &b)

    Returns \c true if every field of \a a equals that of \a b.
*/

/*!
    \class koder::agent::Message
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/message.h
    \brief One entry of a conversation's history.

    A message is a copyable value. Every message has an \l {koder::agent::Message::id}{id}, a
    \l {koder::agent::Message::role}{role} and a \l {koder::agent::Message::text}{text}; what
    the text holds depends on the role:

    \table
    \header \li Role \li \c text \li Other fields it uses
    \row \li \l {koder::agent::Role}{User}
         \li what the user wrote
         \li \l {koder::agent::Message::attachments()}{attachments()},
             \l {koder::agent::Message::context()}{context()},
             \l {koder::agent::Message::selection()}{selection()}
    \row \li \l {koder::agent::Role}{Assistant}
         \li the reply of one step of a turn, growing while it streams
         \li \l {koder::agent::Message::reasoning()}{reasoning()},
             \l {koder::agent::Message::toolCalls()}{toolCalls()},
             \l {koder::agent::Message::aborted}{aborted},
             \l {koder::agent::Message::error()}{error()},
             \l {koder::agent::Message::usage()}{usage()},
             \l {koder::agent::Message::finishReason()}{finishReason()}
    \row \li \l {koder::agent::Role}{Tool}
         \li the tool's result: text, or JSON text when the tool returned another value; for a
             call that did not run, a sentence saying why
         \li \l {koder::agent::Message::toolCallId()}{toolCallId()},
             \l {koder::agent::Message::toolName()}{toolName()},
             \l {koder::agent::Message::isError}{isError},
             \l {koder::agent::Message::denied}{denied}, and the decision in
             \l {koder::agent::Message::metadata()}{metadata()} (\c approval)
    \row \li \l {koder::agent::Role}{System}
         \li the system message
         \li
    \row \li \l {koder::agent::Role}{Checkpoint}
         \li the checkpoint's payload (JSON text)
         \li
    \endtable

    Any message may carry \l {koder::agent::Message::metadata()}{metadata()} and
    \l {koder::agent::Message::createdAt}{createdAt}.

    The rarely used fields live in a \l {koder::agent::MessageExtras}{MessageExtras} behind one
    pointer, created on the first write through
    \l {koder::agent::Message::extras()}{extras()}; their getters return an empty value while
    there is none. The JSON-text fields (attachments, context, selection, metadata) hold JSON as
    text; the core keeps them as they are, and \l {koder::agent::toJson()}{toJson()} embeds them
    as JSON values when they parse.

    \sa koder::agent::ConversationState::messages, koder::agent::messageFromJson()
*/

/*!
    \variable koder::agent::Message::id

    The message's id, unique in its conversation (on the active path and among the other
    versions). The core makes ids with \l {koder::agent::Environment::newId}{Environment::newId}
    (prefix \c "m").
*/

/*!
    \variable koder::agent::Message::text

    The message's text; see the table in the class description for what it holds per role.
*/

/*!
    \variable koder::agent::Message::createdAt

    When the message was made, in milliseconds since the Unix epoch, from
    \l {koder::agent::Environment::now}{Environment::now}; \c 0 when unknown.
*/

/*!
    \variable koder::agent::Message::role

    Who the message is from, or what it is. \l {koder::agent::Role}{Role::User} by default.
*/

/*!
    \variable koder::agent::Message::isError

    Tool messages: the result is an error: the tool failed or timed out, was not registered,
    did not complete before its turn ended, or was not run because the turn reached its step
    limit. \c false by default.
*/

/*!
    \variable koder::agent::Message::denied

    Tool messages: the call was not run, because the user or a policy denied it or its turn
    ended before anyone decided. \c false by default.
*/

/*!
    \variable koder::agent::Message::aborted

    Assistant messages: the reply was cut off by a stop (an abort, or a regenerate, edit,
    interrupting or steering message while it streamed); the partial text stays. A conversation
    whose last message is an aborted reply loads with status
    \l {koder::agent::Status}{Status::Interrupted}. \c false by default.
*/

/*!
    \fn koder::agent::Message::Message()

    Constructs an empty user message with no id.
*/

/*!
    \fn koder::agent::Message::Message(koder::agent::Message &&)

    Move-constructs a message from another one, which is left valid but unspecified.
*/

/*!
    \fn koder::agent::Message &koder::agent::Message::operator=(koder::agent::Message &&)

    Move-assigns another message to this one; the other is left valid but unspecified. Returns
    a reference to this message.
*/

/*!
    \fn koder::agent::Message::~Message()

    Destroys the message.
*/

/*!
    \fn const std::string &koder::agent::Message::reasoning() const

    Assistant messages: the model's reasoning (thinking) text, streamed by
    \l {koder::agent::ReasoningDelta}{ReasoningDelta}. Empty when there is none.
*/

/*!
    \fn const std::vector<koder::agent::ToolCall> &koder::agent::Message::toolCalls() const

    Assistant messages: the tool calls the step requested, in order. Empty when there are none.
*/

/*!
    \fn const std::string &koder::agent::Message::toolCallId() const

    Tool messages: the id of the call this message answers.
*/

/*!
    \fn const std::string &koder::agent::Message::toolName() const

    Tool messages: the name of the tool that was called.
*/

/*!
    \fn const std::string &koder::agent::Message::error() const

    Assistant messages: the message of the error that ended the turn in this step; empty when
    there was none.
*/

/*!
    \fn const std::string &koder::agent::Message::attachments() const

    User messages: the attachments as JSON text (a list of objects with \c name, \c mimeType and
    \c url, as \l {koder::agent::Send::attachments}{Send::attachments} gave them); empty for
    none.
*/

/*!
    \fn const std::string &koder::agent::Message::context() const

    JSON text an application attaches to the message (the context it was written in); empty
    for none. The core keeps and stores it and does not interpret it.
*/

/*!
    \fn const std::string &koder::agent::Message::selection() const

    JSON text an application attaches to the message (the selection it refers to); empty for
    none. The core keeps and stores it and does not interpret it.
*/

/*!
    \fn const std::string &koder::agent::Message::metadata() const

    JSON text of an object, or empty. The core writes some keys itself: \c approval on tool
    messages (the decision's audit record: \c decision, \c scope, \c by, \c at,
    \c argumentsEdited), \c refusal on assistant messages the model declined to answer, and
    what a provider needs back in the next request
    (\l {koder::agent::StreamEnded::metadata}{StreamEnded::metadata}). Other keys are the
    application's and are kept.
*/

/*!
    \fn const koder::agent::Usage &koder::agent::Message::usage() const

    Assistant messages: the token counts the server reported for the step's request; an empty
    \l {koder::agent::Usage}{Usage} when it reported none.
*/

/*!
    \fn const std::string &koder::agent::Message::finishReason() const

    Assistant messages: why the model stopped, normalised to \c "stop", \c "length",
    \c "tool_calls", \c "refusal" or \c "content_filter"
    (see \l {koder::agent::normalizedFinishReason()}{normalizedFinishReason()}). Empty while the
    reply streams and for replies that were stopped or failed.
*/

/*!
    \fn const koder::agent::MessageExtras *koder::agent::Message::extrasOrNull() const

    Returns the out-of-line fields, or \c nullptr if none were ever written. Reading through it
    allocates nothing.
*/

namespace koder::agent {

namespace {
const std::string emptyString;
const std::vector<ToolCall> noToolCalls;
const Usage noUsage;
} // namespace

/*!
    \fn bool koder::agent::MessageExtras::empty() const

    Returns \c true if no field is set: a message with such extras equals one without.
*/
bool MessageExtras::empty() const
{
    return *this == MessageExtras{};
}

/*!
    \fn koder::agent::Message::Message(std::string id, koder::agent::Role role, std::string text, std::int64_t createdAt = 0)

    Constructs a message with \a id, \a role, \a text and \a createdAt (milliseconds since
    the Unix epoch, \c 0 when unknown). The other fields are empty.
*/
Message::Message(std::string id_, Role role_, std::string text_, std::int64_t createdAt_)
    : id(std::move(id_))
    , text(std::move(text_))
    , createdAt(createdAt_)
    , role(role_)
{
}

/*!
    \fn koder::agent::Message::Message(const koder::agent::Message &other)

    Constructs a copy of \a other, its out-of-line fields included.
*/
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

/*!
    \fn koder::agent::Message &koder::agent::Message::operator=(const koder::agent::Message &other)

    Assigns a copy of \a other, its out-of-line fields included, to this message and returns a
    reference to it.
*/
Message& Message::operator=(const Message& other)
{
    if (this != &other) {
        Message copy(other);
        *this = std::move(copy);
    }
    return *this;
}

/*!
    \fn koder::agent::MessageExtras &koder::agent::Message::extras()

    Returns the out-of-line fields for writing, creating them on the first call.

    \code
    message.extras().toolCallId = call.id;
    \endcode

    \sa extrasOrNull()
*/
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

/*!
    \fn bool koder::agent::Message::operator==(const koder::agent::Message &a, const koder::agent::Message &b)

    Returns \c true if \a a and \a b have equal fields. A message whose out-of-line fields
    were created but left empty equals one without them.
*/
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

/*!
    \fn std::string_view koder::agent::toString(koder::agent::Role role)

    Returns the name of \a role: \c "user", \c "assistant", \c "system", \c "tool" or
    \c "checkpoint".

    \sa roleFromString()
*/
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
    case Role::Summary:
        return "summary";
    }
    return {};
}

/*!
    \fn std::optional<koder::agent::Role> koder::agent::roleFromString(std::string_view text)

    Returns the role named \a text (as \l {koder::agent::toString(koder::agent::Role)}{toString()}
    spells it), or \c std::nullopt for any other text.
*/
std::optional<Role> roleFromString(std::string_view text)
{
    return detail::enumFromName<Role>([](Role r) { return toString(r); }, text);
}

} // namespace koder::agent
