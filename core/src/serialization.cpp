// SPDX-License-Identifier: MIT
#include "koder/agent/serialization.h"

#include <nlohmann/json.hpp>

#include <unordered_set>

namespace koder::agent {

// ordered_json keeps the keys of embedded JSON values in their original order, so JSON text
// fields round-trip unchanged.
using json = nlohmann::ordered_json;

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

JsonProblem checkJson(std::string_view text)
{
    JsonProblem problem = JsonProblem::None;
    parseLimited(text, &problem);
    return problem;
}

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

std::string toJson(const Message& message)
{
    return messageJson(message).dump(-1, ' ', false, json::error_handler_t::replace);
}

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

std::string toJson(const std::vector<Message>& messages)
{
    return messagesJson(messages).dump(-1, ' ', false, json::error_handler_t::replace);
}

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

Loaded<std::vector<Message>> messagesFromJson(std::string_view text)
{
    return load<std::vector<Message>>(
        text, [](const json& doc) { return readMessages(doc, "messages"); });
}

Loaded<Message> messageFromJson(std::string_view text)
{
    return load<Message>(text, [](const json& doc) { return readMessage(doc, "message"); });
}

} // namespace koder::agent
