// SPDX-License-Identifier: MIT
#include "responsesstream.h"

#include "errors.h"
#include "jsonfields.h"
#include "literal.h"

#include <simdjson.h>

#include <algorithm>
#include <optional>

namespace koder::wire {

using namespace koder::agent;

static_assert(simdjson::SIMDJSON_PADDING <= SseDecoder::readablePadding,
              "SSE event data must be parseable in place");

namespace {

// A reply has a few output items; a server that sends thousands is broken, and each costs memory
// the reply budget does not see.
constexpr std::size_t maxItems = 1024;
// Parts of one message item, summary parts of one reasoning item: the same reasoning.
constexpr std::int64_t maxPartIndex = 1024;
// An item id longer than this is not one (OpenAI's are 50 characters), nor an item type.
constexpr std::size_t maxIdBytes = 256;
constexpr std::size_t maxTypeBytes = 64;

using Field = simdjson::simdjson_result<simdjson::dom::element>;

// A string field of `e`, empty when the field is missing or not a string.
std::string_view stringOr(simdjson::dom::element e, std::string_view key)
{
    std::string_view s;
    take(e[key].get_string(), s);
    return s;
}

// The same of a field that may be missing itself.
std::string_view stringOr(Field e, std::string_view key)
{
    simdjson::dom::element value;
    return take(e, value) ? stringOr(value, key) : std::string_view();
}

// The text of an array of parts (`{type, text}`) whose type is `type`, joined with `separator`.
std::string joinedTexts(Field parts, std::string_view type, std::string_view field,
                        std::string_view separator)
{
    simdjson::dom::array array;
    std::string out;
    if (!take(parts.get_array(), array))
        return out;
    for (simdjson::dom::element part : array) {
        std::string_view partType = stringOr(part, "type");
        if (!type.empty() && partType != type)
            continue;
        std::string_view s;
        if (!take(part[field].get_string(), s))
            continue;
        if (!out.empty())
            out += separator;
        out += s;
    }
    return out;
}

// A field as text: a string as itself, anything else as its JSON (null and absent as nothing).
std::string asText(simdjson::dom::element e)
{
    std::string_view s;
    if (take(e.get_string(), s))
        return std::string(s);
    if (e.is_null())
        return {};
    return simdjson::minify(e);
}

} // namespace

struct ResponsesStreamDecoder::Json : StreamJsonParser<16> {};

struct ResponsesStreamDecoder::Item {
    /// Untyped: known from an event that did not say its type yet.
    enum class Kind { Untyped, Message, Reasoning, FunctionCall, Server };
    struct Part {
        std::int64_t index = 0;
        std::string streamed;             ///< what was emitted for this part
        std::optional<std::string> final; ///< a `.done` that disagrees with `streamed`
    };

    std::int64_t index = -1; ///< output_index
    std::string id;          ///< the item id last given (servers rotate them)
    Kind kind = Kind::Untyped;
    // Message
    std::vector<Part> parts; ///< by content_index
    std::size_t lastPart = 0;
    // Reasoning
    ResponsesReasoning reasoning;
    bool reasoningStreamed = false;
    std::int64_t reasoningPart = -1; ///< the summary or text part the last delta wrote to
    // FunctionCall
    std::string callId;
    std::string name;
    std::string arguments;                     ///< the deltas joined
    bool streamedArguments = false;            ///< a delta came
    std::optional<std::string> finalArguments; ///< stated whole by a `.done` or the done item
    std::optional<std::string> addedArguments; ///< stated by the added item (often a placeholder)
    // Server
    ServerTool tool;

    /// Whether the item is of `k`; an item not typed yet (a delta before its item: servers
    /// that skip `output_item.added`) becomes one.
    bool takes(Kind k)
    {
        if (kind == Kind::Untyped)
            kind = k;
        return kind == k;
    }
    bool hasPart(std::int64_t at) const
    {
        return std::any_of(parts.begin(), parts.end(),
                           [&](const Part& p) { return p.index == at; });
    }
    // The part a delta writes to: the one the last delta wrote to, nearly always.
    Part& part(std::int64_t at)
    {
        if (lastPart < parts.size() && parts[lastPart].index == at)
            return parts[lastPart];
        auto it = std::lower_bound(parts.begin(), parts.end(), at,
                                   [](const Part& p, std::int64_t i) { return p.index < i; });
        if (it == parts.end() || it->index != at)
            it = parts.insert(it, Part{at, {}, {}});
        lastPart = static_cast<std::size_t>(it - parts.begin());
        return *it;
    }
};

ResponsesStreamDecoder::ResponsesStreamDecoder(RequestId requestId, Emit emit, Limits limits)
    : StreamDecoder(requestId, std::move(emit), limits)
    , sse_([this](const SseEvent& e) { event(e); }, limits.maxEventBytes)
    , json_(std::make_unique<Json>())
{
}

ResponsesStreamDecoder::~ResponsesStreamDecoder() = default;

void ResponsesStreamDecoder::feed(std::string_view bytes)
{
    if (finished())
        return;
    sse_.feed(bytes);
    if (sse_.overflowed() && !finished())
        eventTooLarge();
}

void ResponsesStreamDecoder::endOfStream()
{
    sse_.finish();
    if (!finished())
        finish({}, false); // no terminal event: the connection was cut
}

void ResponsesStreamDecoder::stopReading()
{
    sse_.stop();
    // What the transport reads after the end (reasoningItems(), serverTools()) is kept apart.
    current_ = nullptr;
    std::vector<std::unique_ptr<Item>>().swap(items_);
}

void ResponsesStreamDecoder::event(const SseEvent& e)
{
    if (finished() || e.data.empty() || is(e.data, "[DONE]"))
        return;
    simdjson::dom::element doc;
    // In place: the SSE decoder leaves readable padding after the data.
    const bool parsed =
        !json_->parser.parse(e.data.data(), e.data.size(), false).get(doc) && doc.is_object();
    if (!beginEvent())
        return;
    if (!parsed)
        return failWith(
            {"protocol_error", "The server sent an event that is not JSON.", false, -1});
    // One pass over the fields: a delta, the event nearly all of a stream is, needs no more.
    Delta d;
    d.type = e.type; // the data's type decides; the event name stands in for it
    for (const auto field : simdjson::dom::object(doc)) {
        const std::string_view key = field.key;
        if (is(key, "type"))
            take(field.value.get_string(), d.type);
        else if (is(key, "delta"))
            d.hasText = take(field.value.get_string(), d.text);
        else if (is(key, "output_index"))
            d.indexed = take(field.value.get_int64(), d.outputIndex) && d.outputIndex >= 0;
        else if (is(key, "content_index") || is(key, "summary_index"))
            take(field.value.get_int64(), d.partIndex);
        else if (is(key, "item_id"))
            take(field.value.get_string(), d.itemId);
    }
    if (is(d.type, "response.output_text.delta"))
        return textDelta(d, false);
    if (is(d.type, "response.reasoning_summary_text.delta"))
        return reasoningDelta(d, true);
    if (is(d.type, "response.reasoning_text.delta") || is(d.type, "response.reasoning.delta"))
        return reasoningDelta(d, false);
    if (is(d.type, "response.function_call_arguments.delta"))
        return argumentsDelta(d);
    if (is(d.type, "response.refusal.delta"))
        return textDelta(d, true);
    dispatch(d.type, doc);
}

void ResponsesStreamDecoder::dispatch(std::string_view type, simdjson::dom::element doc)
{
    if (is(type, "response.output_item.added") || is(type, "response.output_item.done"))
        return itemAdded(doc, type.ends_with(".done"));
    if (is(type, "response.output_text.done"))
        return textDone(doc, stringOr(doc, "text"), doc["text"].is_string(), false);
    if (is(type, "response.content_part.done")) {
        const std::string_view partType = stringOr(doc["part"], "type");
        if (is(partType, "output_text"))
            return textDone(doc, stringOr(doc["part"], "text"), doc["part"]["text"].is_string(),
                            false);
        if (is(partType, "refusal"))
            return textDone(doc, stringOr(doc["part"], "refusal"),
                            doc["part"]["refusal"].is_string(), true);
        return;
    }
    if (is(type, "response.refusal.done"))
        return textDone(doc, stringOr(doc, "refusal"), doc["refusal"].is_string(), true);
    if (is(type, "response.function_call_arguments.done"))
        return argumentsDone(doc);
    if (is(type, "response.reasoning_summary_text.done"))
        return summaryDone(doc);
    if (is(type, "response.created") || is(type, "response.in_progress") ||
        is(type, "response.queued")) {
        simdjson::dom::object response;
        if (take(doc["response"].get_object(), response))
            readResponse(response);
        return; // progress
    }
    if (is(type, "response.completed") || is(type, "response.incomplete")) {
        simdjson::dom::object response;
        if (take(doc["response"].get_object(), response))
            readResponse(response);
        if (finished())
            return;
        if (is(type, "response.completed"))
            return complete({});
        const std::string_view reason = stringOr(doc["response"]["incomplete_details"], "reason");
        return complete(is(reason, "content_filter") ? "content_filter" : "length");
    }
    if (is(type, "response.failed")) {
        simdjson::dom::object response;
        if (take(doc["response"].get_object(), response))
            readResponse(response);
        simdjson::dom::element error;
        if (finished())
            return;
        if (take(doc["response"]["error"], error) && error.is_object())
            return failFrom(error, "The server could not finish the response.");
        return failWith({"upstream_error", "The server could not finish the response.", true, -1});
    }
    if (is(type, "error")) {
        simdjson::dom::element error;
        std::string_view message;
        if (take(doc["error"], error) && error.is_object())
            return failFrom(error, "The server reported an error.");
        if (take(doc["error"].get_string(), message) && !message.empty())
            return failWith(errorFromServerCode({}, message));
        return failFrom(doc, "The server reported an error.");
    }
    // Anything else (content_part.added, summary parts, annotations, hosted tools' progress,
    // events the API added since) is progress: what it says comes again in a `.done` or the item.
}

ResponsesStreamDecoder::Item* ResponsesStreamDecoder::itemFor(simdjson::dom::element doc,
                                                              bool create)
{
    Delta d;
    d.indexed = take(doc["output_index"].get_int64(), d.outputIndex) && d.outputIndex >= 0;
    take(doc["item_id"].get_string(), d.itemId);
    return itemFor(d, create);
}

ResponsesStreamDecoder::Item* ResponsesStreamDecoder::itemFor(const Delta& d, bool create)
{
    Item* item = nullptr;
    if (d.indexed) {
        if (current_ && current_->index == d.outputIndex)
            return current_; // the item the last event was about, nearly always
        for (auto& i : items_)
            if (i->index == d.outputIndex)
                item = i.get();
        if (!item && create)
            item = addItem(d.outputIndex);
    } else {
        if (!d.itemId.empty())
            for (auto& i : items_)
                if (i->id == d.itemId)
                    item = i.get();
        // Neither an index nor a known id: the item the server is writing, the last one.
        if (!item && !items_.empty())
            item = items_.back().get();
        if (!item && create)
            item = addItem(0);
    }
    if (item && item->id.empty() && !d.itemId.empty() && d.itemId.size() <= maxIdBytes)
        item->id = std::string(d.itemId); // an item known from its deltas only
    current_ = item ? item : current_;
    return item;
}

ResponsesStreamDecoder::Item* ResponsesStreamDecoder::addItem(std::int64_t index)
{
    if (items_.size() >= maxItems) {
        failWith({"protocol_error", "The server sent too many output items.", false, -1});
        return nullptr;
    }
    auto item = std::make_unique<Item>();
    item->index = index;
    Item* added = item.get();
    // In output order, which is the order of the reply's text, calls and server tools.
    const auto at = std::upper_bound(items_.begin(), items_.end(), index,
                                     [](std::int64_t i, const auto& b) { return i < b->index; });
    items_.insert(at, std::move(item));
    return added;
}

void ResponsesStreamDecoder::itemAdded(simdjson::dom::element doc, bool done)
{
    simdjson::dom::element object;
    if (!take(doc["item"], object) || !object.is_object())
        return warn("an output item event without an item was skipped");
    Item* item = itemFor(doc, true);
    if (!item) {
        if (!finished())
            warn("an output item without an output_index was skipped");
        return;
    }
    readItem(*item, object, done);
}

void ResponsesStreamDecoder::readItem(Item& item, simdjson::dom::element e, bool done)
{
    simdjson::dom::object object;
    if (!take(e.get_object(), object))
        return;
    std::string_view s;
    if (take(object["id"].get_string(), s) && !s.empty() && s.size() <= maxIdBytes)
        item.id = std::string(s);
    const std::string_view type = stringOr(e, "type");
    if (item.kind == Item::Kind::Untyped) {
        item.kind = type == "message"         ? Item::Kind::Message
                    : type == "reasoning"     ? Item::Kind::Reasoning
                    : type == "function_call" ? Item::Kind::FunctionCall
                                              : Item::Kind::Server;
        if (item.kind == Item::Kind::Server) // a type is a short name; anything else is none
            item.tool.type = type.empty() || type.size() > maxTypeBytes ? std::string("unknown")
                                                                        : std::string(type);
        if (item.kind == Item::Kind::FunctionCall && !newToolCall())
            return;
    }

    switch (item.kind) {
    case Item::Kind::Untyped:
        return;
    case Item::Kind::Message: {
        if (!done)
            return;
        // The finished item states each part whole, as a `.done` per part does.
        simdjson::dom::array content;
        if (!take(object["content"].get_array(), content))
            return;
        std::int64_t at = 0;
        for (simdjson::dom::element part : content) {
            if (at > maxPartIndex)
                break;
            const std::string_view partType = stringOr(part, "type");
            const bool refusal = partType == "refusal";
            std::string_view text;
            if ((partType == "output_text" || refusal) &&
                take(part[refusal ? "refusal" : "text"].get_string(), text) &&
                !restate(item, at, text, refusal))
                return;
            ++at;
        }
        return;
    }
    case Item::Kind::Reasoning: {
        if (take(object["encrypted_content"].get_string(), s) &&
            s != item.reasoning.encryptedContent) {
            if (!toolBytes(s.size())) // kept for the next request
                return;
            item.reasoning.encryptedContent = std::string(s);
        }
        if (!done || item.reasoningStreamed)
            return;
        // Nothing streamed for it: the item says it whole (summary first, then the text).
        simdjson::dom::array parts;
        if (take(object["summary"].get_array(), parts))
            for (simdjson::dom::element part : parts)
                if (take(part["text"].get_string(), s) && !s.empty()) {
                    item.reasoning.summary.emplace_back(s);
                    if (!reasoningPart(s, true))
                        return;
                }
        const std::string text = joinedTexts(object["content"], "reasoning_text", "text", "\n\n");
        if (!text.empty() && !reasoningPart(text, true))
            return;
        item.reasoningStreamed = true;
        return;
    }
    case Item::Kind::FunctionCall: {
        if (take(object["call_id"].get_string(), s) && !s.empty() && s != item.callId) {
            if (!toolBytes(s.size()))
                return;
            item.callId = std::string(s);
        }
        if (take(object["name"].get_string(), s) && !s.empty() && s != item.name) {
            if (!toolBytes(s.size()))
                return;
            item.name = std::string(s);
        }
        simdjson::dom::element arguments;
        if (take(object["arguments"], arguments))
            stateArguments(item, asText(arguments), done);
        return;
    }
    case Item::Kind::Server: {
        ServerTool t;
        t.type = item.tool.type;
        t.status = std::string(stringOr(e, "status"));
        std::string_view name = stringOr(e, "name");
        t.name = std::string(name.empty() ? stringOr(e, "server_label") : name);
        simdjson::dom::element field;
        if (type == "web_search_call") {
            t.input = std::string(stringOr(object["action"], "query"));
            if (t.input.empty())
                t.input = std::string(stringOr(e, "query"));
        } else if (type == "file_search_call") {
            simdjson::dom::array queries;
            if (take(object["queries"].get_array(), queries))
                for (simdjson::dom::element q : queries)
                    if (take(q.get_string(), s))
                        t.input += (t.input.empty() ? "" : "\n") + std::string(s);
            t.output = joinedTexts(object["results"], {}, "text", "\n\n");
        } else if (type == "code_interpreter_call") {
            t.input = std::string(stringOr(e, "code"));
            t.output = joinedTexts(object["outputs"], "logs", "logs", "\n");
        } else if (type == "mcp_list_tools") {
            t.output = joinedTexts(object["tools"], {}, "name", ", ");
        } else if (type == "custom_tool_call") {
            t.input = std::string(stringOr(e, "input"));
        } else if (take(object["arguments"], field)) {
            t.input = asText(field);
        } else if (take(object["input"], field)) {
            t.input = asText(field);
        } else if (take(object["action"], field)) {
            t.input = asText(field); // a shell call's commands, say
        }
        if (t.output.empty() && take(object["output"], field))
            t.output = asText(field);
        if (take(object["error"], field)) {
            t.error = field.is_object() ? std::string(stringOr(field, "message")) : asText(field);
            if (t.error.empty() && !field.is_null())
                t.error = asText(field);
        }
        // A later statement (the item done) replaces what the first said, field by field; what
        // it adds to a field counts.
        const std::pair<std::string*, std::string*> fields[] = {
            {&t.status, &item.tool.status}, {&t.name, &item.tool.name},
            {&t.input, &item.tool.input},   {&t.output, &item.tool.output},
            {&t.error, &item.tool.error},
        };
        std::size_t added = 0;
        for (const auto& [from, to] : fields)
            if (!from->empty() && from->size() > to->size())
                added += from->size() - to->size();
        if (added > 0 && !toolBytes(added))
            return;
        for (const auto& [from, to] : fields)
            if (!from->empty())
                *to = std::move(*from);
        return;
    }
    }
}

void ResponsesStreamDecoder::textDelta(const Delta& d, bool refusal)
{
    const std::string_view delta = d.text;
    if (delta.empty())
        return;
    Item* item = itemFor(d, true);
    if (!item)
        return;
    if (!item->takes(Item::Kind::Message))
        return warn("a text delta for an item that is not a message was skipped");
    const std::int64_t at = d.partIndex;
    if (at < 0 || at > maxPartIndex)
        return warn("a text delta with an unusable content_index was skipped");
    if (refusal)
        refused_ = true;
    if (!text(delta))
        return;
    item->part(at).streamed.append(delta);
}

void ResponsesStreamDecoder::textDone(simdjson::dom::element doc, std::string_view whole,
                                      bool given, bool refusal)
{
    if (!given)
        return;
    Item* item = itemFor(doc, true);
    if (!item)
        return;
    if (!item->takes(Item::Kind::Message))
        return;
    std::int64_t at = 0;
    take(doc["content_index"].get_int64(), at);
    if (at < 0 || at > maxPartIndex)
        return;
    restate(*item, at, whole, refusal);
}

// A `.done` (or the finished item) restates a part whole. What agrees with the deltas changes
// nothing; what extends them is emitted as text now (a part that only came whole, a tail the
// deltas missed); what disagrees otherwise is kept and replaces the reply's text at the end.
bool ResponsesStreamDecoder::restate(Item& item, std::int64_t at, std::string_view whole,
                                     bool refusal)
{
    if (refusal)
        refused_ = true;
    if (whole.empty() && !item.hasPart(at))
        return true; // nothing said: no part for it
    Item::Part& p = item.part(at);
    if (whole == p.streamed) {
        p.final.reset();
        return true;
    }
    if (whole.starts_with(p.streamed)) {
        const std::string_view rest = whole.substr(p.streamed.size());
        if (!text(rest))
            return false;
        p.streamed.append(rest);
        p.final.reset();
        return true;
    }
    if (p.final && *p.final == whole)
        return true;
    if (!toolBytes(whole.size()))
        return false;
    p.final = std::string(whole);
    return true;
}

void ResponsesStreamDecoder::reasoningDelta(const Delta& d, bool summary)
{
    const std::string_view delta = d.text;
    if (delta.empty())
        return;
    Item* item = itemFor(d, true);
    if (!item)
        return;
    if (!item->takes(Item::Kind::Reasoning)) // Ollama may send no item for its reasoning
        return warn("a reasoning delta for an item that is not reasoning was skipped");
    const std::int64_t at = d.partIndex;
    std::vector<std::string>& parts = item->reasoning.summary;
    // Summary parts come one after another: an index past the next is not one of them.
    if (at < 0 || at > maxPartIndex || (summary && static_cast<std::size_t>(at) > parts.size()))
        return warn("a reasoning delta with an unusable index was skipped");
    // Another part (summary or text), or another item's reasoning, is a paragraph of its own.
    const std::int64_t part = summary ? at : maxPartIndex + 1 + at;
    if (!reasoningPart(delta, part != item->reasoningPart))
        return;
    item->reasoningStreamed = true;
    item->reasoningPart = part;
    if (summary) {
        if (parts.size() <= static_cast<std::size_t>(at))
            parts.resize(static_cast<std::size_t>(at) + 1);
        parts[static_cast<std::size_t>(at)].append(delta); // counted as reasoning already
    }
}

// Reasoning to show; a new part starts a paragraph of its own (but the first).
bool ResponsesStreamDecoder::reasoningPart(std::string_view text, bool newPart)
{
    if (newPart && saidReasoning_ && !reasoning("\n\n"))
        return false;
    if (!reasoning(text))
        return false;
    saidReasoning_ = true;
    return true;
}

// A summary part restated whole: what extends the deltas is reasoning too (reasoning is never
// replaced: it is what the model showed while it thought).
void ResponsesStreamDecoder::summaryDone(simdjson::dom::element doc)
{
    std::string_view whole;
    std::int64_t at = 0;
    if (!take(doc["text"].get_string(), whole) || !take(doc["summary_index"].get_int64(), at) ||
        at < 0 || at > maxPartIndex)
        return;
    Item* item = itemFor(doc, true);
    if (!item)
        return;
    if (!item->takes(Item::Kind::Reasoning))
        return;
    const std::vector<std::string>& parts = item->reasoning.summary;
    std::string_view streamed; // a view of the part itself (a ?: with "" would make a copy)
    if (static_cast<std::size_t>(at) < parts.size())
        streamed = parts[static_cast<std::size_t>(at)];
    if (whole.size() <= streamed.size() || !whole.starts_with(streamed))
        return;
    Delta rest;
    rest.text = whole.substr(streamed.size());
    rest.partIndex = at;
    rest.indexed = true;
    rest.outputIndex = item->index;
    reasoningDelta(rest, true);
}

void ResponsesStreamDecoder::argumentsDelta(const Delta& d)
{
    if (!d.hasText)
        return;
    const std::string_view delta = d.text;
    Item* item = itemFor(d, false);
    if (!item || item->kind != Item::Kind::FunctionCall)
        return warn("arguments for an item that is not a function call were skipped");
    if (!toolBytes(delta.size()))
        return;
    item->arguments.append(delta);
    item->streamedArguments = true;
}

void ResponsesStreamDecoder::argumentsDone(simdjson::dom::element doc)
{
    std::string_view whole;
    if (!take(doc["arguments"].get_string(), whole))
        return;
    Item* item = itemFor(doc, false);
    if (!item || item->kind != Item::Kind::FunctionCall)
        return warn("arguments for an item that is not a function call were skipped");
    stateArguments(*item, whole, true);
}

// A statement of a call's whole arguments. A finished one (`.done`, the done item) wins over the
// deltas, and changes nothing when it agrees with them; the added item's is provisional (often
// "" or "{}" before the deltas), used only when nothing else says them.
bool ResponsesStreamDecoder::stateArguments(Item& item, std::string_view whole, bool finished)
{
    if (whole.empty())
        return true;
    std::optional<std::string>& slot = finished ? item.finalArguments : item.addedArguments;
    if (finished && item.streamedArguments && whole == item.arguments) {
        slot.reset();
        return true;
    }
    if (slot && *slot == whole)
        return true;
    if (!toolBytes(whole.size()))
        return false;
    slot = std::string(whole);
    return true;
}

void ResponsesStreamDecoder::readResponse(simdjson::dom::object response)
{
    std::string_view id;
    if (take(response["id"].get_string(), id) && !id.empty() && id.size() <= maxIdBytes)
        responseId_ = std::string(id);
    simdjson::dom::object usage;
    if (take(response["usage"].get_object(), usage))
        readUsage(usage);
    // The final response lists its output whole: each item as its `output_item.done` would.
    simdjson::dom::array output;
    if (!take(response["output"].get_array(), output))
        return;
    std::int64_t index = 0;
    for (simdjson::dom::element e : output) {
        if (e.is_object()) {
            Delta at;
            at.indexed = true;
            at.outputIndex = index;
            Item* item = itemFor(at, true);
            if (!item)
                return;
            readItem(*item, e, true);
            if (finished())
                return;
        }
        ++index;
    }
}

void ResponsesStreamDecoder::readUsage(simdjson::dom::object usage)
{
    Usage& u = reportedUsage();
    take(usage["input_tokens"].get_int64(), u.promptTokens);
    take(usage["output_tokens"].get_int64(), u.completionTokens);
    take(usage["total_tokens"].get_int64(), u.totalTokens);
    take(usage["input_tokens_details"]["cached_tokens"].get_int64(), u.cachedTokens);
    take(usage["output_tokens_details"]["reasoning_tokens"].get_int64(), u.reasoningTokens);
}

void ResponsesStreamDecoder::failFrom(simdjson::dom::element error,
                                      std::string_view fallbackMessage)
{
    std::string_view code = stringOr(error, "code");
    if (code.empty() && stringOr(error, "type") != "error") // the event's own type says nothing
        code = stringOr(error, "type");
    std::string_view message = stringOr(error, "message");
    failWith(errorFromServerCode(code, message.empty() ? fallbackMessage : message));
}

void ResponsesStreamDecoder::complete(std::string_view reason)
{
    if (!reason.empty())
        return finish(std::string(reason), false); // incomplete: a cut call is never run
    const bool calls = std::any_of(items_.begin(), items_.end(), [](const auto& i) {
        return i->kind == Item::Kind::FunctionCall;
    });
    finish(refused_ ? "refusal" : calls ? "tool_calls" : "stop", !refused_);
}

void ResponsesStreamDecoder::finish(std::string reason, bool runCalls)
{
    // What the transport reads once the stream ended, in output order.
    bool restated = false;
    for (auto it = items_.begin(); it != items_.end(); ++it) {
        Item* item = it->get();
        switch (item->kind) {
        case Item::Kind::Untyped:
            break;
        case Item::Kind::Message:
            for (const Item::Part& p : item->parts)
                restated = restated || p.final.has_value();
            break;
        case Item::Kind::Reasoning: {
            item->reasoning.id = item->id;
            // The message or call it led to (the server's own items are not sent back).
            const auto next = std::find_if(it + 1, items_.end(), [](const auto& i) {
                return i->kind == Item::Kind::Message || i->kind == Item::Kind::FunctionCall;
            });
            if (next != items_.end()) {
                item->reasoning.followed = true;
                if ((*next)->kind == Item::Kind::FunctionCall)
                    item->reasoning.followedBy = (*next)->callId;
            }
            reasoningOut_.push_back(std::move(item->reasoning));
            break;
        }
        case Item::Kind::FunctionCall:
            break;
        case Item::Kind::Server:
            serverToolsOut_.push_back(std::move(item->tool));
            break;
        }
    }
    // Only a part restated differently changes the text: the parts in output order are it then
    // (the core keeps the row's text when it is the same).
    std::optional<std::string> text;
    if (restated) {
        text.emplace();
        for (const auto& item : items_)
            if (item->kind == Item::Kind::Message)
                for (const Item::Part& p : item->parts)
                    *text += p.final ? *p.final : p.streamed;
    }
    if (runCalls && !reason.empty()) {
        std::vector<std::unique_ptr<Item>> items = std::move(items_);
        items_.clear();
        current_ = nullptr;
        for (auto& item : items) {
            if (item->kind != Item::Kind::FunctionCall)
                continue;
            std::string arguments = item->finalArguments      ? std::move(*item->finalArguments)
                                    : item->streamedArguments ? std::move(item->arguments)
                                    : item->addedArguments    ? std::move(*item->addedArguments)
                                                              : std::string();
            if (!toolCall(
                    {std::move(item->callId), std::move(item->name), std::move(arguments), false}))
                return;
        }
    }
    end(std::move(reason), {}, std::move(text)); // an empty reason: incomplete turn
}

} // namespace koder::wire
