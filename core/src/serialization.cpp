// SPDX-License-Identifier: MIT
#include "koder/agent/serialization.h"

#include <nlohmann/json.hpp>

#include <unordered_set>

/*!
    \class koder::agent::Conversation
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/serialization.h
    \brief One stored conversation, as it round-trips through JSON.

    A conversation is its active path (\l {koder::agent::Conversation::messages}{messages}), the
    rest of its tree (\l {koder::agent::Conversation::versions}{versions}), its open tool phase
    and grants (\l {koder::agent::Conversation::approvals}{approvals}) and its queued messages.
    \l {koder::agent::toJson()}{toJson()} writes it and
    \l {koder::agent::conversationFromJson()}{conversationFromJson()} reads it back, equal. From
    the core tests, where \c {d.s} is a state with a queued message:

    \snippet core/tst_busy.cpp core-json-round-trip

    The document is a JSON object:

    \table
    \header \li Key \li Value
    \row \li \c version
         \li The format version: \c 1, or \c 2 when the conversation has other versions (see
             \l {koder::agent::conversationFormatVersion}{conversationFormatVersion}).
    \row \li \c id \li The conversation's id, a non-empty string.
    \row \li \c title \li Its title, when it has one.
    \row \li \c systemPrompt \li Its system prompt, when it has one.
    \row \li \c messages
         \li The active path: an array of messages (see
             \l {koder::agent::messageFromJson()}{messageFromJson()}); in a version 2 document
             each may carry its \c versionIndex among its siblings.
    \row \li \c otherVersions
         \li Version 2: the messages off the active path, each with its \c parentId, its
             \c versionIndex and, when it has children, its \c activeChildId.
    \row \li \c approvals
         \li The open tool phase and grants, when there are any (see
             \l {koder::agent::approvalStateFromJson()}{approvalStateFromJson()}).
    \row \li \c queued
         \li The queued messages, when there are any (see
             \l {koder::agent::queuedFromJson()}{queuedFromJson()}).
    \endtable
*/

/*!
    \variable koder::agent::Conversation::id

    The conversation's id.
*/

/*!
    \variable koder::agent::Conversation::title

    Its title; may be empty.
*/

/*!
    \variable koder::agent::Conversation::systemPrompt

    Its system prompt; may be empty.
*/

/*!
    \variable koder::agent::Conversation::messages

    The active path, oldest first, as \l {koder::agent::ConversationState::messages}{ConversationState::messages}.
*/

/*!
    \variable koder::agent::Conversation::versions

    The rest of the tree, as \l {koder::agent::ConversationState::versions}{ConversationState::versions}.
*/

/*!
    \variable koder::agent::Conversation::approvals

    The open tool phase and the tools granted for the conversation, as
    \l {koder::agent::approvalStateOf()}{approvalStateOf()} gives them.
*/

/*!
    \variable koder::agent::Conversation::queued

    The messages waiting for the turn to end, as
    \l {koder::agent::ConversationState::queued}{ConversationState::queued}.
*/

/*!
    \fn bool koder::agent::Conversation::operator==(const koder::agent::Conversation &a, const koder::agent::Conversation &b)

    Returns \c true if every field of \a a equals that of \a b.
*/

/*!
    \class koder::agent::LoadError
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/serialization.h
    \brief The first invalid field of a JSON document.

    Loading stops at the first problem and reports where it is and what is wrong with it, for
    example \c {messages[3].role: unknown value "bot"}.
*/

/*!
    \variable koder::agent::LoadError::path

    Where the problem is, such as \c {messages[3].role}; empty when it concerns the whole
    document (not JSON, too deep, too large, not an object).
*/

/*!
    \variable koder::agent::LoadError::message

    What is wrong, such as \c {unknown value "bot"}, \c missing, \c {expected a string, found
    integer} or \c {duplicate id "m2"}.
*/

/*!
    \fn bool koder::agent::LoadError::operator==(const koder::agent::LoadError &a, const koder::agent::LoadError &b)

    Returns \c true if \a a and \a b have the same path and message.
*/

/*!
    \typealias koder::agent::Loaded

    The result of a load: a \c std::variant holding either the loaded value, of type \c T, or a
    \l {koder::agent::LoadError}{LoadError}. Test it with \c std::holds_alternative and take the
    value with \c std::get.
*/

/*!
    \variable koder::agent::conversationFormatVersion

    The newest document format version, \c 2: it adds the conversation tree
    (\c otherVersions, \c versionIndex). A conversation without other versions is written as
    version \c 1, which older readers take. \l {koder::agent::conversationFromJson()}{Loading}
    refuses a version above this one.
*/

/*!
    \variable koder::agent::maxJsonDepth

    The deepest nesting, \c 64 levels, of any JSON document the library reads: imports, the
    store, \c setChatMessages, tool arguments. A deeper document is refused with a
    \l {koder::agent::LoadError}{LoadError} before a value is built, so it never reaches a
    recursive algorithm (printing, copying, destroying) that could overflow the stack.
*/

/*!
    \variable koder::agent::maxJsonBytes

    The largest JSON document the library reads, 64 MiB. A larger one is refused with a
    \l {koder::agent::LoadError}{LoadError}.
*/

/*!
    \enum koder::agent::JsonProblem

    What \l {koder::agent::checkJson()}{checkJson()} found wrong with a JSON text.

    \value None It is JSON within the limits.
    \value NotJson It is not valid JSON.
    \value TooDeep It is nested deeper than \l {koder::agent::maxJsonDepth}{maxJsonDepth}.
    \value TooLarge It is larger than \l {koder::agent::maxJsonBytes}{maxJsonBytes}.
*/

/*!
    \class koder::agent::OtherVersionRecord
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/serialization.h
    \brief A message off the active path as a file or a database row gives it.

    The input of \l {koder::agent::assembleVersions()}{assembleVersions()}.
*/

/*!
    \variable koder::agent::OtherVersionRecord::version

    The message, with its parent and the child that was active under it.
*/

/*!
    \variable koder::agent::OtherVersionRecord::versionIndex

    Its version index among its siblings (the order of
    \l {koder::agent::Versions::siblings}{Versions::siblings}).
*/

/*!
    \fn std::string koder::agent::toJson(const koder::agent::ApprovalState &state)

    Returns \a state (a conversation's open tool phase and grants) as compact JSON text of an
    object with \c pending (the ids of the waiting calls), \c running (the decision records of
    the calls whose tool ran, each with its \c callId) and \c grantedTools; each key only when
    its list is not empty. Returns an empty string for an empty state.

    \sa approvalStateFromJson()
*/

/*!
    \fn koder::agent::Loaded<koder::agent::ApprovalState> koder::agent::approvalStateFromJson(std::string_view text)

    Reads an open tool phase and grants from \a text, as
    \l {koder::agent::toJson(const koder::agent::ApprovalState &)}{toJson()} writes them. An
    empty text is an empty state. A malformed one is refused with a
    \l {koder::agent::LoadError}{LoadError} whose path starts with \c approvals. Never throws.
*/

/*!
    \fn koder::agent::Loaded<koder::agent::Versions> koder::agent::assembleVersions(const std::vector<koder::agent::Message> &path, const std::vector<std::size_t> &pathIndexes, std::vector<koder::agent::OtherVersionRecord> others, std::string_view othersName)

    Builds the conversation tree from stored records: the active path \a path with each row's
    version index in \a pathIndexes (which may be empty: all \c 0), and the messages off the
    path in \a others.

    Refuses, with a \l {koder::agent::LoadError}{LoadError} naming the record as
    \c {<othersName>[i].<field>} (\a othersName is \c "otherVersions" by default): an id used
    twice, a parent that is not a message of the tree, a cycle of parents, a message hanging from
    the last row of the path (the path would continue to a child), and an active child that is
    not a child. Siblings are ordered by version index, ties in record order; a message off the
    path that has children but no active child continues with the newest.

    \l {koder::agent::conversationFromJson()}{conversationFromJson()} uses it, and so does the
    Qt library's conversation store for its database rows.
*/

namespace koder::agent {

// ordered_json keeps the keys of embedded JSON values in their original order, so JSON text
// fields round-trip unchanged.
using json = nlohmann::ordered_json;

/*!
    \fn std::string koder::agent::LoadError::toString() const

    Returns the error as one line: the path, a colon and the message, such as
    \c {messages[3].role: unknown value "bot"}; the message alone when the path is empty.
*/
std::string LoadError::toString() const
{
    return path.empty() ? message : path + ": " + message;
}

namespace {

// Thrown by the parser callback when a container opens one level too deep: the parser stops at
// once, before any deep value exists.
struct TooDeep {};

// Parses `text` within maxJsonDepth / maxJsonBytes; a discarded value (and `problem` set)
// otherwise.
json parseLimited(std::string_view text, JsonProblem* problem = nullptr)
{
    auto refuse = [&](JsonProblem why) {
        if (problem)
            *problem = why;
        return json(json::value_t::discarded);
    };
    if (text.size() > maxJsonBytes)
        return refuse(JsonProblem::TooLarge);
    // `depth` counts the containers around the one that opens.
    const json::parser_callback_t limitDepth = [](int depth, json::parse_event_t event, json&) {
        if ((event == json::parse_event_t::object_start ||
             event == json::parse_event_t::array_start) &&
            depth >= maxJsonDepth)
            throw TooDeep{};
        return true;
    };
    try {
        json value = json::parse(text, limitDepth, false);
        return value.is_discarded() ? refuse(JsonProblem::NotJson) : value;
    } catch (const TooDeep&) {
        return refuse(JsonProblem::TooDeep);
    }
}

// ---- writing ------------------------------------------------------------------------------------

// JSON-text fields go in as values when they parse, else as the plain string they are.
json embedded(const std::string& text)
{
    json value = parseLimited(text);
    return value.is_discarded() ? json(text) : value;
}

// Only the counts the server reported.
json usageJson(const Usage& usage)
{
    json j = json::object();
    for (const auto& [key, field] : usageCounts)
        if (usage.*field >= 0)
            j[std::string(key)] = usage.*field;
    return j;
}

json messageJson(const Message& m)
{
    json j = {{"id", m.id}, {"role", toString(m.role)}, {"text", m.text}};
    if (m.createdAt != 0)
        j["createdAt"] = m.createdAt;
    if (m.isError)
        j["isError"] = true;
    if (m.denied)
        j["denied"] = true;
    if (m.aborted)
        j["aborted"] = true;
    const MessageExtras* x = m.extrasOrNull();
    if (!x)
        return j;
    auto putText = [&](const char* key, const std::string& value) {
        if (!value.empty())
            j[key] = value;
    };
    auto putJson = [&](const char* key, const std::string& value) {
        if (!value.empty())
            j[key] = embedded(value);
    };
    putText("reasoning", x->reasoning);
    if (!x->toolCalls.empty()) {
        json calls = json::array();
        for (const ToolCall& c : x->toolCalls)
            calls.push_back({{"id", c.id},
                             {"name", c.name},
                             {"arguments", c.arguments},
                             {"readOnly", c.readOnly}});
        j["toolCalls"] = std::move(calls);
    }
    putText("toolCallId", x->toolCallId);
    putText("toolName", x->toolName);
    putText("error", x->error);
    putJson("attachments", x->attachments);
    putJson("context", x->context);
    putJson("selection", x->selection);
    putJson("metadata", x->metadata);
    if (!x->usage.empty())
        j["usage"] = usageJson(x->usage);
    putText("finishReason", x->finishReason);
    return j;
}

json messagesJson(const std::vector<Message>& messages)
{
    json array = json::array();
    for (const Message& m : messages)
        array.push_back(messageJson(m));
    return array;
}

// A message of a tree whose siblings make it one of several versions says which one.
void putVersionIndex(json& j, const Versions& versions, std::string_view parentId,
                     std::string_view id)
{
    if (const VersionPosition at = versions.position(parentId, id); at.count > 1)
        j["versionIndex"] = at.index;
}

// The active path, each row the active child of the one before (no parentId needed).
json pathJson(const std::vector<Message>& path, const Versions& versions)
{
    if (versions.empty())
        return messagesJson(path);
    json array = json::array();
    for (std::size_t row = 0; row < path.size(); ++row) {
        json j = messageJson(path[row]);
        putVersionIndex(j, versions, parentIdOf(path, row), path[row].id);
        array.push_back(std::move(j));
    }
    return array;
}

json otherVersionsJson(const std::vector<Message>& path, const Versions& versions)
{
    json array = json::array();
    for (const OtherVersion* v : versions.inOrder(path)) {
        json j = messageJson(v->message);
        j["parentId"] = v->parentId;
        putVersionIndex(j, versions, v->parentId, v->message.id);
        if (!v->activeChildId.empty())
            j["activeChildId"] = v->activeChildId;
        array.push_back(std::move(j));
    }
    return array;
}

// ---- reading ------------------------------------------------------------------------------------

// Thrown inside the loader only; the public functions turn it into a LoadError.
struct Invalid {
    LoadError error;
};

[[noreturn]] void fail(std::string path, std::string message)
{
    throw Invalid{{std::move(path), std::move(message)}};
}

std::string typeName(const json& v)
{
    return v.is_number_integer() ? "integer" : v.type_name();
}

std::string jsonQuoted(const std::string& text)
{
    return json(text).dump(-1, ' ', false, json::error_handler_t::replace);
}

class Reader {
public:
    Reader(const json& object, std::string path)
        : object_(object)
        , path_(std::move(path))
    {
        if (!object_.is_object())
            fail(path_, "expected an object, found " + typeName(object_));
    }

    std::string at(std::string_view key) const
    {
        return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
    }

    const json* find(const char* key) const
    {
        auto it = object_.find(key);
        return it == object_.end() || it->is_null() ? nullptr : &*it;
    }

    const json& require(const char* key) const
    {
        const json* v = find(key);
        if (!v)
            fail(at(key), "missing");
        return *v;
    }

    std::string string(const char* key, bool required, bool nonEmpty = false) const
    {
        const json* v = required ? &require(key) : find(key);
        if (!v)
            return {};
        if (!v->is_string())
            fail(at(key), "expected a string, found " + typeName(*v));
        std::string s = v->get<std::string>();
        if (nonEmpty && s.empty())
            fail(at(key), "must not be empty");
        return s;
    }

    bool boolean(const char* key) const
    {
        const json* v = find(key);
        if (!v)
            return false;
        if (!v->is_boolean())
            fail(at(key), "expected a boolean, found " + typeName(*v));
        return v->get<bool>();
    }

    /// A version index: a non-negative integer, 0 when absent.
    std::size_t index(const char* key) const
    {
        const std::int64_t value = integer(key);
        if (value < 0)
            fail(at(key), "must not be negative");
        return static_cast<std::size_t>(value);
    }

    std::int64_t integer(const char* key) const
    {
        const json* v = find(key);
        if (!v)
            return 0;
        if (!v->is_number_integer())
            fail(at(key), "expected an integer, found " + typeName(*v));
        return v->get<std::int64_t>();
    }

    /// Any JSON value, kept as compact JSON text.
    std::string jsonText(const char* key) const
    {
        const json* v = find(key);
        return v ? v->dump() : std::string();
    }

private:
    const json& object_;
    std::string path_;
};

// A count that is missing, negative or not a whole number is left unreported.
Usage readUsage(const json& j, const std::string& path)
{
    if (!j.is_object())
        fail(path, "expected an object, found " + typeName(j));
    Usage usage;
    for (const auto& [key, field] : usageCounts) {
        const auto it = j.find(std::string(key));
        if (it != j.end() && it->is_number_integer() && it->get<std::int64_t>() >= 0)
            usage.*field = it->get<std::int64_t>();
    }
    return usage;
}

Message readMessage(const json& j, const std::string& path)
{
    Reader r(j, path);
    Message m;
    m.id = r.string("id", true, true);
    const std::string role = r.string("role", true);
    const auto parsedRole = roleFromString(role);
    if (!parsedRole)
        fail(r.at("role"), "unknown value " + jsonQuoted(role));
    m.role = *parsedRole;
    m.text = r.string("text", true);
    m.createdAt = r.integer("createdAt");
    m.isError = r.boolean("isError");
    m.denied = r.boolean("denied");
    m.aborted = r.boolean("aborted");

    MessageExtras x;
    x.reasoning = r.string("reasoning", false);
    if (const json* calls = r.find("toolCalls")) {
        if (!calls->is_array())
            fail(r.at("toolCalls"), "expected an array, found " + typeName(*calls));
        for (std::size_t i = 0; i < calls->size(); ++i) {
            const std::string callPath = r.at("toolCalls") + "[" + std::to_string(i) + "]";
            Reader c((*calls)[i], callPath);
            ToolCall call;
            call.id = c.string("id", true, true);
            call.name = c.string("name", true, true);
            // OpenAI sends arguments as JSON text; an object is accepted and kept as text.
            if (const json* args = c.find("arguments")) {
                if (args->is_string())
                    call.arguments = args->get<std::string>();
                else if (args->is_object())
                    call.arguments = args->dump();
                else
                    fail(c.at("arguments"),
                         "expected a string or an object, found " + typeName(*args));
            }
            call.readOnly = c.boolean("readOnly");
            x.toolCalls.push_back(std::move(call));
        }
    }
    x.toolCallId = r.string("toolCallId", false);
    x.toolName = r.string("toolName", false);
    x.error = r.string("error", false);
    x.attachments = r.jsonText("attachments");
    x.context = r.jsonText("context");
    x.selection = r.jsonText("selection");
    x.metadata = r.jsonText("metadata");
    if (const json* usage = r.find("usage"))
        x.usage = readUsage(*usage, r.at("usage"));
    x.finishReason = r.string("finishReason", false);
    if (!x.empty())
        m.extras() = std::move(x);
    return m;
}

std::vector<Message> readMessages(const json& array, const std::string& path)
{
    if (!array.is_array())
        fail(path, "expected an array, found " + typeName(array));
    std::vector<Message> messages;
    messages.reserve(array.size());
    std::unordered_set<std::string> ids;
    for (std::size_t i = 0; i < array.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        Message m = readMessage(array[i], at);
        if (!ids.insert(m.id).second)
            fail(at + ".id", "duplicate id " + jsonQuoted(m.id));
        messages.push_back(std::move(m));
    }
    return messages;
}

// The tree of a version 2 document: the path's version indexes and `otherVersions`.
Versions readVersions(const Reader& doc, const json& pathArray, const std::vector<Message>& path)
{
    // Checked even without other versions: a bad index is refused the same in every document.
    std::vector<std::size_t> pathIndexes;
    pathIndexes.reserve(path.size());
    for (std::size_t row = 0; row < path.size(); ++row)
        pathIndexes.push_back(
            Reader(pathArray[row], "messages[" + std::to_string(row) + "]").index("versionIndex"));
    const json* othersArray = doc.find("otherVersions");
    if (!othersArray)
        return {};
    if (!othersArray->is_array())
        fail("otherVersions", "expected an array, found " + typeName(*othersArray));
    std::vector<OtherVersionRecord> others;
    others.reserve(othersArray->size());
    for (std::size_t i = 0; i < othersArray->size(); ++i) {
        const std::string at = "otherVersions[" + std::to_string(i) + "]";
        const json& item = (*othersArray)[i];
        Reader r(item, at);
        OtherVersionRecord record;
        record.version.message = readMessage(item, at);
        record.version.parentId = r.string("parentId", false);
        record.version.activeChildId = r.string("activeChildId", false);
        record.versionIndex = r.index("versionIndex");
        others.push_back(std::move(record));
    }
    auto assembled = assembleVersions(path, pathIndexes, std::move(others), "otherVersions");
    if (auto* error = std::get_if<LoadError>(&assembled))
        throw Invalid{std::move(*error)};
    return std::move(std::get<Versions>(assembled));
}

template<class T, class Load>
Loaded<T> load(std::string_view text, Load&& loadDocument)
{
    JsonProblem problem = JsonProblem::None;
    json doc = parseLimited(text, &problem);
    if (doc.is_discarded())
        return LoadError{"", describe(problem)};
    try {
        return loadDocument(doc);
    } catch (const Invalid& invalid) {
        return invalid.error;
    } catch (const json::exception& e) {
        return LoadError{"", e.what()};
    }
}

} // namespace

/*!
    \fn koder::agent::JsonProblem koder::agent::checkJson(std::string_view text)

    Returns whether \a text is JSON within the limits \l {koder::agent::maxJsonDepth}{maxJsonDepth}
    and \l {koder::agent::maxJsonBytes}{maxJsonBytes}, and if not, why. It never builds a value
    deeper than the limit.

    \sa describe(koder::agent::JsonProblem)
*/
JsonProblem checkJson(std::string_view text)
{
    JsonProblem problem = JsonProblem::None;
    parseLimited(text, &problem);
    return problem;
}

/*!
    \fn std::string koder::agent::describe(koder::agent::JsonProblem problem)

    Returns \a problem as the message of a load error: \c "not valid JSON",
    \c "nested deeper than 64 levels", \c "larger than 64 MiB", or an empty string for
    \c None.
*/
std::string describe(JsonProblem problem)
{
    switch (problem) {
    case JsonProblem::None:
        break;
    case JsonProblem::NotJson:
        return "not valid JSON";
    case JsonProblem::TooDeep:
        return "nested deeper than " + std::to_string(maxJsonDepth) + " levels";
    case JsonProblem::TooLarge:
        return "larger than " + std::to_string(maxJsonBytes >> 20) + " MiB";
    }
    return {};
}

/*!
    \fn std::string koder::agent::toJson(const koder::agent::Conversation &conversation, int indent = -1)

    Returns \a conversation as a JSON document (see \l {koder::agent::Conversation}{Conversation}): compact
    unless \a indent is \c 0 or more, the number of spaces to indent by.

    The JSON-text fields of the messages (attachments, context, selection, metadata) are
    embedded as JSON values when they parse, else as the strings they are. A message's
    \c createdAt is left out when it is \c 0, its flags when they are \c false and its other
    fields when they are empty. Bytes that are not valid UTF-8 are replaced.

    \sa conversationFromJson()
*/
std::string toJson(const Conversation& c, int indent)
{
    json doc = {{"version", c.versions.empty() ? 1 : conversationFormatVersion},
                {"id", c.id},
                {"messages", pathJson(c.messages, c.versions)}};
    if (!c.versions.empty())
        doc["otherVersions"] = otherVersionsJson(c.messages, c.versions);
    if (!c.title.empty())
        doc["title"] = c.title;
    if (!c.systemPrompt.empty())
        doc["systemPrompt"] = c.systemPrompt;
    if (!c.approvals.empty())
        doc["approvals"] = json::parse(toJson(c.approvals));
    if (!c.queued.empty())
        doc["queued"] = json::parse(toJson(c.queued));
    return doc.dump(indent, ' ', false, json::error_handler_t::replace);
}

/*!
    \fn std::string koder::agent::toJson(const koder::agent::Message &message)

    \overload

    Returns \a message as compact JSON text of an object, in the format
    \l {koder::agent::messageFromJson()}{messageFromJson()} reads.
*/
std::string toJson(const Message& message)
{
    return messageJson(message).dump(-1, ' ', false, json::error_handler_t::replace);
}

/*!
    \fn std::string koder::agent::toJson(const std::vector<koder::agent::QueuedMessage> &queued)

    \overload

    Returns \a queued as compact JSON text of an array of objects with \c id, \c text and,
    when there are any, \c attachments; an empty string when there is no queued message.

    \sa queuedFromJson()
*/
std::string toJson(const std::vector<QueuedMessage>& queued)
{
    if (queued.empty())
        return {};
    json list = json::array();
    for (const QueuedMessage& q : queued) {
        json item{{"id", q.id}, {"text", q.text}};
        if (!q.attachments.empty())
            item["attachments"] = embedded(q.attachments);
        list.push_back(std::move(item));
    }
    return list.dump(-1, ' ', false, json::error_handler_t::replace);
}

/*!
    \fn koder::agent::Loaded<std::vector<koder::agent::QueuedMessage>> koder::agent::queuedFromJson(std::string_view text)

    Reads queued messages from \a text, as
    \l {koder::agent::toJson(const std::vector<QueuedMessage> &)}{toJson()} writes
    them. An empty text is no queue. A malformed one is refused with a
    \l {koder::agent::LoadError}{LoadError} whose path starts with \c queued, such as
    \c {queued[0].id: missing}. Never throws.
*/
Loaded<std::vector<QueuedMessage>> queuedFromJson(std::string_view text)
{
    if (text.empty())
        return std::vector<QueuedMessage>{};
    return load<std::vector<QueuedMessage>>(text, [](const json& doc) {
        if (!doc.is_array())
            fail("queued", "expected an array, found " + typeName(doc));
        std::vector<QueuedMessage> queued;
        for (std::size_t i = 0; i < doc.size(); ++i) {
            Reader r(doc[i], "queued[" + std::to_string(i) + "]");
            QueuedMessage q;
            q.id = r.string("id", true, true);
            q.text = r.string("text", true);
            if (const json* attachments = r.find("attachments");
                attachments && !attachments->is_null())
                q.attachments = attachments->dump(-1, ' ', false, json::error_handler_t::replace);
            queued.push_back(std::move(q));
        }
        return queued;
    });
}

/*!
    \fn std::string koder::agent::toJson(const std::vector<koder::agent::Message> &messages)

    \overload

    Returns \a messages as compact JSON text of an array, in the format
    \l {koder::agent::messagesFromJson()}{messagesFromJson()} reads.
*/
std::string toJson(const std::vector<Message>& messages)
{
    return messagesJson(messages).dump(-1, ' ', false, json::error_handler_t::replace);
}

/*!
    \fn koder::agent::Loaded<koder::agent::Conversation> koder::agent::conversationFromJson(std::string_view text)

    Reads a conversation from \a text, as \l {koder::agent::toJson()}{toJson()} writes it.

    The document is validated as it is read, and the first invalid field is reported as a
    \l {koder::agent::LoadError}{LoadError} by its path: a missing or empty \c id, a
    \c messages that is not an array, an unknown role (\c {messages[3].role: unknown value
    "bot"}), a field of the wrong type, an id used twice, a broken tree, a \c version this
    library does not read. A text that is not JSON, nests deeper than
    \l {koder::agent::maxJsonDepth}{maxJsonDepth} or is larger than
    \l {koder::agent::maxJsonBytes}{maxJsonBytes} is refused before anything is built from it.
    Unknown fields are ignored, so that documents of newer minor versions load. Never throws.
*/
Loaded<Conversation> conversationFromJson(std::string_view text)
{
    return load<Conversation>(text, [](const json& doc) {
        Reader r(doc, "");
        if (const json* version = r.find("version")) {
            if (!version->is_number_integer())
                fail("version", "expected an integer, found " + typeName(*version));
            const auto v = version->get<std::int64_t>();
            if (v < 1 || v > conversationFormatVersion)
                fail("version", "unsupported version " + std::to_string(v) +
                                    " (this library reads up to " +
                                    std::to_string(conversationFormatVersion) + ")");
        }
        Conversation c;
        c.id = r.string("id", true, true);
        c.title = r.string("title", false);
        c.systemPrompt = r.string("systemPrompt", false);
        const json& path = r.require("messages");
        c.messages = readMessages(path, "messages");
        c.versions = readVersions(r, path, c.messages);
        if (const json* approvals = r.find("approvals")) {
            auto loaded = approvalStateFromJson(approvals->dump());
            if (auto* error = std::get_if<LoadError>(&loaded))
                fail(error->path, error->message);
            c.approvals = std::get<ApprovalState>(std::move(loaded));
        }
        if (const json* queued = r.find("queued")) {
            auto loaded = queuedFromJson(queued->dump());
            if (auto* error = std::get_if<LoadError>(&loaded))
                fail(error->path, error->message);
            c.queued = std::get<std::vector<QueuedMessage>>(std::move(loaded));
        }
        return c;
    });
}

/*!
    \fn koder::agent::Loaded<std::vector<koder::agent::Message>> koder::agent::messagesFromJson(std::string_view text)

    Reads a JSON array of messages from \a text, as the controller's \c addChatMessages and
    \c setChatMessages take them; errors are reported under the path \c messages, such as
    \c {messages[0].text: missing}. Never throws.

    \sa messageFromJson(), importMessages()
*/
Loaded<std::vector<Message>> messagesFromJson(std::string_view text)
{
    return load<std::vector<Message>>(
        text, [](const json& doc) { return readMessages(doc, "messages"); });
}

/*!
    \fn koder::agent::Loaded<koder::agent::Message> koder::agent::messageFromJson(std::string_view text)

    Reads one message from \a text: a JSON object with

    \list
    \li \c id (a non-empty string), \c role (\c "user", \c "assistant", \c "system",
        \c "tool" or \c "checkpoint") and \c text (a string), all required;
    \li optionally \c createdAt (an integer), \c isError, \c denied and \c aborted
        (booleans), \c reasoning, \c toolCallId, \c toolName, \c error and \c finishReason
        (strings), \c toolCalls (an array of objects with a non-empty \c id and \c name,
        \c arguments as JSON text or as an object, and \c readOnly), \c usage (an object of
        counts; a count that is not a non-negative integer is left unreported), and
        \c attachments, \c context, \c selection and \c metadata (any JSON value, kept as
        JSON text).
    \endlist

    Errors are reported under the path \c message, such as \c {message.role: missing}. Unknown
    fields are ignored. Never throws.
*/
Loaded<Message> messageFromJson(std::string_view text)
{
    return load<Message>(text, [](const json& doc) { return readMessage(doc, "message"); });
}

} // namespace koder::agent
