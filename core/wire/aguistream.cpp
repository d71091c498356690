// SPDX-License-Identifier: MIT
#include "aguistream.h"

#include "errors.h"
#include "jsonfields.h"
#include "literal.h"

#include <simdjson.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

namespace koder::wire {

using namespace koder::agent;
using json = nlohmann::json;

static_assert(simdjson::SIMDJSON_PADDING <= SseDecoder::readablePadding,
              "SSE event data must be parseable in place");

namespace {

// An event may hold a state as deep as the state may be, and a few levels around it (RAW's
// event, MESSAGES_SNAPSHOT's messages); nlohmann-json copies and compares recursively, so the
// depth is checked before an event is parsed.
constexpr std::size_t maxEventDepth = AgUiStreamDecoder::maxStateDepth + 8;
// The most of an error nlohmann-json describes that a sentence quotes (it may repeat a whole
// patch operation).
constexpr std::size_t maxQuotedError = 200;

constexpr std::string_view defaultQuestion = "The agent needs your input.";
// What an interrupt without a responseSchema asks: nothing but the answer itself
// (checkQuestionSchema() accepts an object schema without properties).
constexpr std::string_view emptySchema = R"({"type":"object","properties":{}})";

// Whether `text` (JSON or not) nests arrays and objects at most `limit` deep. A byte scan, much
// cheaper than the parse it guards.
bool nestedWithin(std::string_view text, std::size_t limit)
{
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return false;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return true;
}

// A value's size as compact JSON text, roughly (a float, true, false and null count 8 bytes),
// and its depth (a scalar 0, an object or array 1 more than its deepest member). Iterative: a state is never walked
// recursively before its depth is known. Stops counting once past `stopAt`.
struct Shape {
    std::size_t bytes = 0;
    std::size_t depth = 0;
};

Shape shapeOf(const json& root, std::size_t stopAt = std::numeric_limits<std::size_t>::max())
{
    Shape shape;
    std::vector<std::pair<const json*, std::size_t>> stack{{&root, 0}};
    while (!stack.empty() && shape.bytes <= stopAt) {
        const auto [value, level] = stack.back();
        stack.pop_back();
        switch (value->type()) {
        case json::value_t::object:
            shape.depth = std::max(shape.depth, level + 1);
            shape.bytes += 2;
            for (auto it = value->begin(); it != value->end(); ++it) {
                shape.bytes += it.key().size() + 4; // quotes, colon, comma
                stack.emplace_back(&it.value(), level + 1);
            }
            break;
        case json::value_t::array:
            shape.depth = std::max(shape.depth, level + 1);
            shape.bytes += 2;
            for (const json& element : *value) {
                shape.bytes += 1;
                stack.emplace_back(&element, level + 1);
            }
            break;
        case json::value_t::string:
            shape.bytes += value->get_ref<const std::string&>().size() + 2;
            break;
        case json::value_t::number_integer:
        case json::value_t::number_unsigned: {
            // Its digits (a sign counts as one).
            std::uint64_t n = value->is_number_unsigned()
                                  ? value->get<std::uint64_t>()
                                  : static_cast<std::uint64_t>(value->get<std::int64_t>());
            if (value->is_number_integer() && value->get<std::int64_t>() < 0) {
                n = 0 - n;
                ++shape.bytes;
            }
            do {
                ++shape.bytes;
                n /= 10;
            } while (n > 0);
            break;
        }
        default: // a float, true, false, null
            shape.bytes += 8;
            break;
        }
    }
    return shape;
}

// The string field `key` of `object`: null when it is absent or JSON null, `wrong` set when it
// is something else.
const std::string* stringField(const json& object, const char* key, bool* wrong = nullptr)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return nullptr;
    if (it->is_string())
        return &it->get_ref<const std::string&>();
    if (wrong)
        *wrong = true;
    return nullptr;
}

// A field that must be a string when present: "" when absent.
std::string_view stringOr(const json& object, const char* key)
{
    const std::string* s = stringField(object, key);
    return s ? std::string_view(*s) : std::string_view();
}

// An object field as JSON text, "" when absent or not an object.
std::string objectText(const json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_object() ? it->dump() : std::string();
}

// `text` cut to `most` bytes at a character boundary.
std::string cut(std::string_view text, std::size_t most)
{
    if (text.size() <= most)
        return std::string(text);
    while (most > 0 && (static_cast<unsigned char>(text[most]) & 0xC0) == 0x80)
        --most;
    return std::string(text.substr(0, most)) + "...";
}

// A token count: a non-negative integer, else nothing.
std::optional<std::int64_t> count(const json& usage, const char* key)
{
    const auto it = usage.find(key);
    if (it == usage.end())
        return std::nullopt;
    if (it->is_number_unsigned()) {
        const auto n = it->get<std::uint64_t>();
        if (n <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return static_cast<std::int64_t>(n);
        return std::nullopt;
    }
    if (it->is_number_integer() && it->get<std::int64_t>() >= 0)
        return it->get<std::int64_t>();
    return std::nullopt;
}

// Adds a count to a sum that starts unreported (-1), saturating.
void addCount(std::int64_t& sum, std::int64_t n)
{
    const std::int64_t base = sum < 0 ? 0 : sum;
    sum = base > std::numeric_limits<std::int64_t>::max() - n
              ? std::numeric_limits<std::int64_t>::max()
              : base + n;
}

// A message's `content` as text: a string as itself, parts as their text parts' text joined
// with a line break (images and other parts have none), anything else as nothing.
std::string contentText(const json& message)
{
    const auto it = message.find("content");
    if (it == message.end())
        return {};
    if (it->is_string())
        return it->get<std::string>();
    std::string out;
    if (!it->is_array())
        return out;
    bool first = true;
    for (const json& part : *it) {
        if (!part.is_object() || stringOr(part, "type") != "text")
            continue;
        const std::string* text = stringField(part, "text");
        if (!text)
            continue;
        if (!first)
            out += '\n';
        out += *text;
        first = false;
    }
    return out;
}

// A message of MESSAGES_SNAPSHOT as the core's; nothing for a message without an id or of a role
// the conversation does not keep (developer, system, activity, reasoning).
std::optional<Message> messageFrom(const json& m)
{
    if (!m.is_object())
        return std::nullopt;
    const std::string* id = stringField(m, "id");
    const std::string* role = stringField(m, "role");
    if (!id || id->empty() || !role)
        return std::nullopt;
    if (*role == "user")
        return Message(*id, Role::User, contentText(m));
    if (*role == "assistant") {
        Message out(*id, Role::Assistant, contentText(m));
        const auto calls = m.find("toolCalls");
        if (calls == m.end() || !calls->is_array())
            return out;
        for (const json& c : *calls) {
            if (!c.is_object())
                continue;
            const std::string* callId = stringField(c, "id");
            const auto function = c.find("function");
            if (!callId || function == c.end() || !function->is_object())
                continue;
            ToolCall call{*callId, std::string(stringOr(*function, "name")), {}, false};
            if (const auto args = function->find("arguments"); args != function->end())
                call.arguments = args->is_string() ? args->get<std::string>()
                                 : args->is_null() ? std::string()
                                                   : args->dump();
            out.extras().toolCalls.push_back(std::move(call));
        }
        return out;
    }
    if (*role == "tool") {
        Message out(*id, Role::Tool, contentText(m));
        if (const std::string* callId = stringField(m, "toolCallId"))
            out.extras().toolCallId = *callId;
        if (const std::string* error = stringField(m, "error"); error && !error->empty()) {
            out.isError = true;
            if (out.text.empty())
                out.text = *error;
        }
        return out;
    }
    return std::nullopt;
}

// How many levels a JSON Pointer goes down: one per reference token.
std::size_t pointerDepth(std::string_view pointer)
{
    return static_cast<std::size_t>(std::count(pointer.begin(), pointer.end(), '/'));
}

// Applies one RFC 6902 operation in place (nlohmann-json 3.11 can; 3.10 copies the document).
void patchOne(json& document, json operation)
{
    json patch = json::array();
    patch.push_back(std::move(operation));
#if NLOHMANN_JSON_VERSION_MAJOR > 3 || NLOHMANN_JSON_VERSION_MINOR >= 11
    document.patch_inplace(patch);
#else
    document = document.patch(patch);
#endif
}

} // namespace

// simdjson refuses what is deeper than the general path accepts: that path says so.
struct AgUiStreamDecoder::Json : StreamJsonParser<maxEventDepth - maxStateDepth> {};

AgUiStreamDecoder::AgUiStreamDecoder(RequestId requestId, Emit emit, Limits limits,
                                     json initialState, std::vector<std::string> frontendTools,
                                     AgUiHandlers handlers)
    : StreamDecoder(requestId, std::move(emit), limits)
    , sse_([this](const SseEvent& e) { event(e); }, limits.maxEventBytes)
    , json_(std::make_unique<Json>())
    , handlers_(std::move(handlers))
    , frontendTools_(std::make_move_iterator(frontendTools.begin()),
                     std::make_move_iterator(frontendTools.end()))
    , maxStateWeight_(limits.maxEventBytes)
    , state_(std::move(initialState))
    , stateWeight_(shapeOf(state_).bytes)
{
}

AgUiStreamDecoder::~AgUiStreamDecoder() = default;

void AgUiStreamDecoder::feed(std::string_view bytes)
{
    if (finished())
        return;
    sse_.feed(bytes);
    if (sse_.overflowed() && !finished())
        eventTooLarge();
}

void AgUiStreamDecoder::endOfStream()
{
    sse_.finish();
    if (finished())
        return;
    // Reasoning that waited for a text message that never came goes on the current row.
    if (!flushReasoning())
        return;
    if (!runFinished_)
        return end({}); // cut before RUN_FINISHED: incomplete
    std::vector<Pending> pending = std::move(atEnd_);
    atEnd_.clear();
    for (Pending& p : pending) {
        if (auto* call = std::get_if<ToolCall>(&p)) {
            if (!toolCall(std::move(*call), CallRunner::ServerAfterApproval))
                return;
        } else if (!emitInput(RequestInput{std::move(std::get<PendingInput>(p)), requestId()})) {
            return;
        }
    }
    end(clientCalls_ ? "tool_calls" : "stop");
}

void AgUiStreamDecoder::fail(koder::agent::ErrorInfo error)
{
    if (runFinished_ && !finished())
        return endOfStream();
    StreamDecoder::fail(std::move(error));
}

void AgUiStreamDecoder::stopReading()
{
    sse_.stop();
    // What the transport reads after the end (state(), interrupts(), runId()) is kept.
    std::string().swap(pendingReasoning_);
    openCalls_.clear();
    calls_.clear();
    skippedMessages_.clear();
    atEnd_.clear();
}

void AgUiStreamDecoder::event(const SseEvent& e)
{
    if (finished() || e.data.empty())
        return;
    if (!beginEvent() || fastEvent(e.data))
        return;
    if (!nestedWithin(e.data, maxEventDepth))
        return protocolError("The agent sent an event nested deeper than " +
                             std::to_string(maxEventDepth) + " levels.");
    json doc = json::parse(e.data, nullptr, false);
    const std::string* typeName = doc.is_object() ? stringField(doc, "type") : nullptr;
    if (!typeName)
        return protocolError("The agent sent an event that is not a JSON object with a type.");
    const AgUiEventType type = agUiEventType(*typeName);
    switch (type) {
    case AgUiEventType::TextMessageChunk:
    case AgUiEventType::ToolCallChunk:
    case AgUiEventType::ReasoningMessageChunk: {
        const Fields f = fieldsOf(type, doc);
        if (f.wrongId || f.wrongDelta)
            return protocolError("The agent sent a " + std::string(agUiEventName(type)) +
                                 " whose " + idKeyOf(type) + " or delta is not a string.");
        return expandChunk(type, f);
    }
    // As in the reference client, these leave a chunked message open; so does an unknown type.
    case AgUiEventType::Raw:
    case AgUiEventType::ActivitySnapshot:
    case AgUiEventType::ActivityDelta:
    case AgUiEventType::ReasoningEncryptedValue:
    case AgUiEventType::Unknown:
        break;
    default:
        if (!closeChunk())
            return;
        break;
    }
    if (isStep(type))
        return step(type, fieldsOf(type, doc));
    if (std::string why = verifier_.check(type, doc); !why.empty())
        return protocolError(std::move(why));
    apply(type, doc);
}

// The events nearly all of a stream is (content and chunks) read with simdjson, in place, in one
// pass over their fields: nlohmann-json builds a map of every event, several times slower (see
// bench/bench_wire.cpp). Any other event, or one whose fields are not as expected, is left to
// the general path (false), which parses it again and says what is wrong with it.
bool AgUiStreamDecoder::fastEvent(std::string_view data)
{
    simdjson::dom::element doc;
    simdjson::dom::object object;
    if (json_->parser.parse(data.data(), data.size(), false).get(doc) || doc.get(object))
        return false;
    std::string_view type;
    std::string_view messageId;
    std::string_view toolCallId;
    bool hasMessageId = false;
    bool hasToolCallId = false;
    Fields f;
    // The last of duplicate keys wins, as nlohmann-json's parser has it.
    for (const auto field : object) {
        const std::string_view key = field.key;
        bool ok = true;
        if (is(key, "type"))
            ok = !field.value.get_string().get(type);
        else if (is(key, "messageId"))
            ok = hasMessageId = !field.value.get_string().get(messageId);
        else if (is(key, "toolCallId"))
            ok = hasToolCallId = !field.value.get_string().get(toolCallId);
        else if (is(key, "delta"))
            ok = f.hasDelta = !field.value.get_string().get(f.delta);
        else if (is(key, "role"))
            ok = f.hasRole = !field.value.get_string().get(f.role);
        else if (is(key, "toolCallName"))
            ok = f.hasName = !field.value.get_string().get(f.name);
        else if (is(key, "parentMessageId")) // null from some servers: as if absent
            f.hasParent = !field.value.get_string().get(f.parent);
        if (!ok)
            return false;
    }
    const AgUiEventType t = agUiEventType(type);
    const bool tool = t == AgUiEventType::ToolCallArgs || t == AgUiEventType::ToolCallChunk;
    f.id = tool ? toolCallId : messageId;
    f.hasId = tool ? hasToolCallId : hasMessageId;
    switch (t) {
    case AgUiEventType::TextMessageContent:
    case AgUiEventType::ToolCallArgs:
    case AgUiEventType::ReasoningMessageContent:
    case AgUiEventType::ThinkingTextMessageContent:
        if (closeChunk())
            step(t, f);
        return true;
    case AgUiEventType::TextMessageChunk:
    case AgUiEventType::ToolCallChunk:
    case AgUiEventType::ReasoningMessageChunk:
        expandChunk(t, f);
        return true;
    default:
        return false;
    }
}

// Whether an event of `type` goes through step(): the events about a message or a call.
bool AgUiStreamDecoder::isStep(AgUiEventType type)
{
    using T = AgUiEventType;
    switch (type) {
    case T::TextMessageStart:
    case T::TextMessageContent:
    case T::TextMessageEnd:
    case T::ToolCallStart:
    case T::ToolCallArgs:
    case T::ToolCallEnd:
    case T::ReasoningMessageStart:
    case T::ReasoningMessageContent:
    case T::ReasoningMessageEnd:
    case T::ThinkingTextMessageContent:
        return true;
    default:
        return false;
    }
}

const char* AgUiStreamDecoder::idKeyOf(AgUiEventType type)
{
    switch (type) {
    case AgUiEventType::ToolCallStart:
    case AgUiEventType::ToolCallArgs:
    case AgUiEventType::ToolCallEnd:
    case AgUiEventType::ToolCallChunk:
        return "toolCallId";
    default:
        return "messageId";
    }
}

AgUiStreamDecoder::Fields AgUiStreamDecoder::fieldsOf(AgUiEventType type, const json& event)
{
    Fields f;
    if (const std::string* id = stringField(event, idKeyOf(type), &f.wrongId)) {
        f.id = *id;
        f.hasId = true;
    }
    if (const std::string* delta = stringField(event, "delta", &f.wrongDelta)) {
        f.delta = *delta;
        f.hasDelta = true;
    }
    if (const std::string* role = stringField(event, "role")) {
        f.role = *role;
        f.hasRole = true;
    }
    if (const std::string* name = stringField(event, "toolCallName")) {
        f.name = *name;
        f.hasName = true;
    }
    if (const std::string* parent = stringField(event, "parentMessageId")) {
        f.parent = *parent;
        f.hasParent = true;
    }
    return f;
}

// An event about a text message, a tool call or reasoning: checked, then applied.
void AgUiStreamDecoder::step(AgUiEventType type, const Fields& f)
{
    using T = AgUiEventType;
    if (!f.hasId && type != T::ThinkingTextMessageContent)
        return protocolError("The agent sent " + std::string(agUiEventName(type)) + " without a " +
                             idKeyOf(type) + ".");
    if (std::string why = verifier_.checkId(type, f.id); !why.empty())
        return protocolError(std::move(why));
    if (f.wrongDelta)
        return protocolError("The agent sent a " + std::string(agUiEventName(type)) +
                             " whose delta is not a string.");
    switch (type) {
    case T::TextMessageContent:
        if (f.hasDelta)
            textContent(f.id, f.delta);
        return;
    case T::ToolCallArgs:
        if (f.hasDelta)
            toolCallArgs(f.id, f.delta);
        return;
    case T::ReasoningMessageContent:
    case T::ThinkingTextMessageContent:
        if (f.hasDelta)
            reasoningDelta(f.delta);
        return;
    case T::TextMessageStart:
        return textStart(f.id, f.hasRole ? f.role : std::string_view("assistant"));
    case T::TextMessageEnd:
        if (const auto it = skippedMessages_.find(f.id); it != skippedMessages_.end())
            skippedMessages_.erase(it);
        return;
    case T::ToolCallStart:
        if (!f.hasName)
            return protocolError("The agent sent a TOOL_CALL_START without a toolCallName.");
        return toolCallStart(f.id, f.name, f.hasParent ? f.parent : std::string_view());
    case T::ToolCallEnd:
        return toolCallEnd(f.id);
    case T::ReasoningMessageStart:
        newReasoningPart_ = true;
        return;
    default:
        return; // REASONING_MESSAGE_END
    }
}

// The END of the chunked message or call that is open, if one is.
bool AgUiStreamDecoder::closeChunk()
{
    const ChunkMode mode = std::exchange(chunkMode_, ChunkMode::None);
    if (mode == ChunkMode::None)
        return true;
    Fields end;
    end.id = chunkId_;
    end.hasId = true;
    step(mode == ChunkMode::Text   ? AgUiEventType::TextMessageEnd
         : mode == ChunkMode::Tool ? AgUiEventType::ToolCallEnd
                                   : AgUiEventType::ReasoningMessageEnd,
         end);
    return !finished();
}

// A *_CHUNK event as the START / CONTENT (ARGS) events it stands for, as the reference client's
// transformChunks() expands it: a chunk of another kind, or of another id, closes the open one;
// the first chunk of a message needs its id (and a call's its name); later ones may omit them.
void AgUiStreamDecoder::expandChunk(AgUiEventType type, const Fields& chunk)
{
    const bool tool = type == AgUiEventType::ToolCallChunk;
    const bool reasoning = type == AgUiEventType::ReasoningMessageChunk;
    const ChunkMode mode = tool        ? ChunkMode::Tool
                           : reasoning ? ChunkMode::Reasoning
                                       : ChunkMode::Text;
    // The reference switches reasoning messages only on a non-empty id.
    const bool otherId = chunk.hasId && chunk.id != chunkId_ && (!reasoning || !chunk.id.empty());
    if ((chunkMode_ != mode || otherId) && !closeChunk())
        return;
    if (chunkMode_ != mode) {
        if (!chunk.hasId)
            return protocolError("The agent sent a first " + std::string(agUiEventName(type)) +
                                 " without a " + idKeyOf(type) + ".");
        if (tool && !chunk.hasName)
            return protocolError("The agent sent a first TOOL_CALL_CHUNK without a "
                                 "toolCallName.");
        chunkMode_ = mode;
        chunkId_ = std::string(chunk.id);
        Fields start = chunk;
        start.hasDelta = false;
        if (!tool && !reasoning && !chunk.hasRole) {
            start.role = "assistant";
            start.hasRole = true;
        }
        step(tool        ? AgUiEventType::ToolCallStart
             : reasoning ? AgUiEventType::ReasoningMessageStart
                         : AgUiEventType::TextMessageStart,
             start);
        if (finished())
            return;
    }
    if (!chunk.hasDelta)
        return;
    Fields content;
    content.id = chunkId_;
    content.hasId = true;
    content.delta = chunk.delta;
    content.hasDelta = true;
    step(tool        ? AgUiEventType::ToolCallArgs
         : reasoning ? AgUiEventType::ReasoningMessageContent
                     : AgUiEventType::TextMessageContent,
         content);
}

void AgUiStreamDecoder::apply(AgUiEventType type, json& event)
{
    using T = AgUiEventType;
    switch (type) {
    case T::ThinkingTextMessageStart:
        newReasoningPart_ = true;
        return;
    case T::ToolCallResult:
        return toolCallResult(event);
    case T::StateSnapshot:
        return stateSnapshot(event);
    case T::StateDelta:
        return stateDelta(event);
    case T::MessagesSnapshot:
        return messagesSnapshot(event);
    case T::RunStarted:
        runId_ = std::string(stringOr(event, "runId"));
        [[fallthrough]];
    case T::StepStarted:
    case T::StepFinished:
    case T::ActivitySnapshot:
    case T::ActivityDelta:
        if (handlers_.log)
            handlers_.log(agUiEventName(type), event);
        return;
    case T::Raw:
        if (handlers_.custom)
            handlers_.custom("raw", event);
        return;
    case T::Custom: {
        const std::string* name = stringField(event, "name");
        if (!name)
            return warn("a CUSTOM event without a name was skipped");
        if (handlers_.custom) {
            static const json null;
            const auto value = event.find("value");
            handlers_.custom(*name, value != event.end() ? *value : null);
        }
        return;
    }
    case T::RunFinished:
        return runFinished(event);
    case T::RunError:
        return runError(event);
    default:
        return; // REASONING_START / END, THINKING_START / END / TEXT_MESSAGE_END, unknown types
    }
}

void AgUiStreamDecoder::textStart(std::string_view id, std::string_view role)
{
    if (role != "assistant") {
        skippedMessages_.emplace(id);
        return warn("a text message of role \"" + cut(role, 32) + "\" was skipped");
    }
    // A new row starts without reasoning; the first message's row is the reply row, which may
    // have reasoning already.
    if (textStarted_ && id != currentMessage_)
        rowHasReasoning_ = false;
    textStarted_ = true;
    currentMessage_ = std::string(id);
    if (!emitInput(MessageStarted{requestId(), currentMessage_}))
        return;
    flushReasoning();
}

void AgUiStreamDecoder::textContent(std::string_view id, std::string_view delta)
{
    if (id != currentMessage_) {
        if (skippedMessages_.find(id) != skippedMessages_.end())
            return;
        // Interleaved messages: a row is the one MessageStarted opened last.
        warn("text of message " + agUiQuoted(id) + " went on the row of " +
             agUiQuoted(currentMessage_));
    }
    text(delta);
}

void AgUiStreamDecoder::reasoningDelta(std::string_view delta)
{
    if (delta.empty())
        return;
    const bool newPart = std::exchange(newReasoningPart_, false);
    if (textStarted_) {
        // For the next text message's row: kept, and counted now.
        const bool blankLine = newPart && !pendingReasoning_.empty();
        if (!toolBytes(delta.size() + (blankLine ? 2 : 0)))
            return;
        if (blankLine)
            pendingReasoning_ += "\n\n";
        pendingReasoning_ += delta;
        return;
    }
    if (newPart && rowHasReasoning_ && !reasoning("\n\n"))
        return;
    if (reasoning(delta))
        rowHasReasoning_ = true;
}

bool AgUiStreamDecoder::flushReasoning()
{
    if (pendingReasoning_.empty())
        return !finished();
    std::string text = std::exchange(pendingReasoning_, {});
    if (rowHasReasoning_) {
        if (!toolBytes(2))
            return false;
        text.insert(0, "\n\n");
    }
    rowHasReasoning_ = true;
    return emitInput(ReasoningDelta{requestId(), std::move(text)});
}

void AgUiStreamDecoder::toolCallStart(std::string_view id, std::string_view name,
                                      std::string_view parent)
{
    if (!newToolCall() || !toolBytes(name.size()))
        return;
    // A call goes on the row of its parent message: one the agent names without streaming a
    // text of it (a model that only calls tools) opens that row, so the agent's snapshot of
    // the conversation finds its message there and nothing is shown twice.
    if (!parent.empty() && parent != currentMessage_ &&
        skippedMessages_.find(parent) == skippedMessages_.end()) {
        textStart(parent, "assistant");
        if (finished())
            return;
    }
    openCalls_.insert_or_assign(std::string(id), Call{std::string(name), {}});
}

void AgUiStreamDecoder::toolCallArgs(std::string_view id, std::string_view delta)
{
    if (delta.empty())
        return;
    const auto it = openCalls_.find(id);
    if (it == openCalls_.end())
        return; // its start was refused
    if (!toolBytes(delta.size()))
        return;
    it->second.arguments += delta;
}

void AgUiStreamDecoder::toolCallEnd(std::string_view id)
{
    const auto it = openCalls_.find(id);
    if (it == openCalls_.end())
        return;
    auto node = openCalls_.extract(it);
    const bool client = frontendTools_.find(node.mapped().name) != frontendTools_.end();
    clientCalls_ = clientCalls_ || client;
    ToolCall call{node.key(), node.mapped().name, node.mapped().arguments, false};
    calls_.insert_or_assign(std::move(node.key()), std::move(node.mapped()));
    toolCall(std::move(call), client ? CallRunner::Client : CallRunner::Server);
}

void AgUiStreamDecoder::toolCallResult(const json& event)
{
    const std::string* callId = stringField(event, "toolCallId");
    if (!callId)
        return protocolError("The agent sent a TOOL_CALL_RESULT without a toolCallId.");
    std::string content;
    if (const auto it = event.find("content"); it != event.end())
        content = it->is_string() ? it->get<std::string>() : it->is_null() ? "" : it->dump();
    if (!toolBytes(content.size()))
        return;
    // A call of an earlier run (a frontend tool's, answered by the agent) is passed on as well.
    emitInput(ServerToolResult{requestId(), *callId, std::string(stringOr(event, "messageId")),
                               std::move(content), false});
}

void AgUiStreamDecoder::stateSnapshot(json& event)
{
    const auto it = event.find("snapshot");
    if (it == event.end())
        return warn("a STATE_SNAPSHOT without a snapshot was skipped");
    // Its size needs no check: it came in one event.
    const Shape shape = shapeOf(*it);
    if (shape.depth > maxStateDepth)
        return protocolError("The agent sent a state nested deeper than " +
                             std::to_string(maxStateDepth) + " levels.");
    state_ = std::move(*it);
    stateWeight_ = shape.bytes;
    if (handlers_.state)
        handlers_.state(state_);
}

// A JSON Patch applied to a copy of the state, one operation after another, all or nothing. An
// operation that adds a value (add, replace, copy, move) is checked first: it may not nest the
// state deeper than maxStateDepth, and copies may not grow it past stateCap() (a patch that
// copies the state into itself a few dozen times would need terabytes); nor may the result.
void AgUiStreamDecoder::stateDelta(json& event)
{
    const auto delta = event.find("delta");
    if (delta == event.end() || !delta->is_array())
        return protocolError("The agent sent a STATE_DELTA whose delta is not a JSON Patch (a "
                             "list of operations).");
    json result = state_;
    std::size_t grown = stateWeight_;
    std::size_t index = 0;
    for (json& op : *delta) {
        const std::string* kind = op.is_object() ? stringField(op, "op") : nullptr;
        const std::string* path = op.is_object() ? stringField(op, "path") : nullptr;
        const json* value = nullptr;
        if (kind && path) {
            if (*kind == "add" || *kind == "replace") {
                if (const auto v = op.find("value"); v != op.end())
                    value = &*v;
            } else if (*kind == "copy" || *kind == "move") {
                if (const std::string* from = stringField(op, "from")) {
                    try {
                        value = &result.at(json::json_pointer(*from));
                    } catch (const std::exception&) {
                        // The patch itself reports it below.
                    }
                }
            }
        }
        if (value && *kind != "replace" && !path->empty()) {
            // RFC 6902 wants the parent of an added value to be an object or an array;
            // nlohmann-json turns a null one into an object.
            const json* parent = nullptr;
            try {
                parent = &result.at(json::json_pointer(*path).parent_pointer());
            } catch (const std::exception&) {
                // The patch itself reports it below.
            }
            if (parent && parent->is_null())
                return protocolError("The agent's STATE_DELTA does not apply to the state "
                                     "(operation " +
                                     std::to_string(index) + " adds to a null value).");
        }
        if (value) {
            const Shape shape = shapeOf(*value, stateCap() + 1);
            if (pointerDepth(*path) + shape.depth > maxStateDepth)
                return protocolError("The agent's STATE_DELTA would nest the state deeper than " +
                                     std::to_string(maxStateDepth) + " levels (operation " +
                                     std::to_string(index) + ").");
            if (*kind == "copy") {
                grown += shape.bytes;
                if (!stateFits(grown))
                    return;
            }
        }
        try {
            patchOne(result, std::move(op));
        } catch (const std::exception& e) {
            return protocolError("The agent's STATE_DELTA does not apply to the state (operation " +
                                 std::to_string(index) + ": " + cut(e.what(), maxQuotedError) +
                                 ").");
        }
        ++index;
    }
    const Shape shape = shapeOf(result, stateCap() + 1);
    if (!stateFits(shape.bytes))
        return;
    state_ = std::move(result);
    stateWeight_ = shape.bytes;
    if (handlers_.state)
        handlers_.state(state_);
}

// The largest state a patch may make: as large as one event may be (as a STATE_SNAPSHOT is), or
// as the state already is (the request's own state came from the app).
std::size_t AgUiStreamDecoder::stateCap() const
{
    return std::max(maxStateWeight_, stateWeight_);
}

bool AgUiStreamDecoder::stateFits(std::size_t weight)
{
    if (weight <= stateCap())
        return true;
    failWith({"too_large", "The agent's state grew past " + std::to_string(stateCap()) + " bytes.",
              false, -1});
    return false;
}

void AgUiStreamDecoder::messagesSnapshot(const json& event)
{
    const auto messages = event.find("messages");
    if (messages == event.end() || !messages->is_array())
        return protocolError("The agent sent a MESSAGES_SNAPSHOT without a list of messages.");
    std::vector<Message> out;
    out.reserve(messages->size());
    for (const json& m : *messages)
        if (std::optional<Message> message = messageFrom(m))
            out.push_back(std::move(*message));
    if (!out.empty())
        emitInput(ReconcileMessages{requestId(), std::move(out)});
}

// The end of the run: its usage and interrupts are kept; the end waits for the end of the body.
// The interrupts come as
// - `outcome: {type: "interrupt", interrupts: [...]}` (events.ts as it is);
// - `outcome: "interrupt"` with `interrupts: [...]` beside it, or `interrupts` alone (the
//   interrupts proposal's second draft);
// - `interrupt: {id?, reason?, payload?}` (its first draft: one interrupt, its id optional, the
//   run's id standing in).
void AgUiStreamDecoder::runFinished(const json& event)
{
    if (const auto usage = event.find("usage"); usage != event.end())
        readUsage(*usage);
    const auto outcome = event.find("outcome");
    const bool legacy =
        outcome == event.end() || outcome->is_null() ||
        (outcome->is_string() && outcome->get_ref<const std::string&>() == "interrupt");
    const json* list = nullptr;
    if (outcome != event.end() && outcome->is_object()) {
        if (stringOr(*outcome, "type") == "interrupt") {
            const auto it = outcome->find("interrupts");
            if (it == outcome->end() || !it->is_array())
                return protocolError("The agent interrupted its run without a list of "
                                     "interrupts.");
            list = &*it;
        }
    } else if (legacy) {
        if (const auto it = event.find("interrupts"); it != event.end() && it->is_array()) {
            list = &*it;
        } else if (const auto one = event.find("interrupt");
                   one != event.end() && one->is_object()) {
            json interrupt = *one;
            if (!interrupt.contains("id"))
                interrupt["id"] = runId_.empty() ? std::string("interrupt") : runId_;
            if (!readInterrupt(interrupt))
                return;
        }
    }
    if (list)
        for (const json& interrupt : *list)
            if (!readInterrupt(interrupt))
                return;
    runFinished_ = true;
}

bool AgUiStreamDecoder::readInterrupt(const json& j)
{
    const std::string* id = j.is_object() ? stringField(j, "id") : nullptr;
    if (!id || id->empty()) {
        protocolError("The agent interrupted its run with an interrupt that has no id.");
        return false;
    }
    AgUiInterrupt in{*id,
                     std::string(stringOr(j, "reason")),
                     std::string(stringOr(j, "message")),
                     std::string(stringOr(j, "toolCallId")),
                     objectText(j, "responseSchema"),
                     objectText(j, "metadata")};
    if (in.reason == "tool_call") {
        // The call waits for a decision: the one streamed in this run, else as the interrupt's
        // metadata describes it.
        ToolCall call{in.toolCallId.empty() ? in.id : in.toolCallId, {}, {}, false};
        if (const auto streamed = calls_.find(call.id); streamed != calls_.end()) {
            call.name = streamed->second.name;
            call.arguments = streamed->second.arguments;
        } else {
            const auto metadata = j.find("metadata");
            const bool has = metadata != j.end() && metadata->is_object();
            const std::string* name = has ? stringField(*metadata, "toolName") : nullptr;
            call.name = name ? *name : std::string("tool_call");
            if (has)
                if (const auto args = metadata->find("arguments"); args != metadata->end())
                    call.arguments = args->is_object()   ? args->dump()
                                     : args->is_string() ? args->get<std::string>()
                                                         : std::string();
        }
        // Counted again when it was streamed: the core sees a second request for it.
        if (!newToolCall() || !toolBytes(call.name.size() + call.arguments.size()))
            return false;
        atEnd_.emplace_back(std::move(call));
    } else {
        PendingInput input;
        input.id = in.id;
        input.kind = "question";
        input.message = in.message.empty() ? std::string(defaultQuestion) : in.message;
        input.schema = in.responseSchema.empty() ? std::string(emptySchema) : in.responseSchema;
        input.source = "agui";
        atEnd_.emplace_back(std::move(input));
    }
    interrupts_.push_back(std::move(in));
    return true;
}

// AG-UI's usage: a list of {provider?, model?, inputTokens?, outputTokens?, totalTokens?,
// reasoningTokens?, cachedInputTokens?}, one per model the run called; summed (an object alone
// is read as a list of one).
void AgUiStreamDecoder::readUsage(const json& usage)
{
    const auto add = [this](const json& entry) {
        if (!entry.is_object())
            return;
        Usage& u = reportedUsage();
        const std::pair<const char*, std::int64_t Usage::*> fields[] = {
            {"inputTokens", &Usage::promptTokens},
            {"outputTokens", &Usage::completionTokens},
            {"totalTokens", &Usage::totalTokens},
            {"reasoningTokens", &Usage::reasoningTokens},
            {"cachedInputTokens", &Usage::cachedTokens},
        };
        for (const auto& [key, field] : fields)
            if (const std::optional<std::int64_t> n = count(entry, key))
                addCount(u.*field, *n);
    };
    if (usage.is_array())
        for (const json& entry : usage)
            add(entry);
    else
        add(usage);
}

void AgUiStreamDecoder::runError(const json& event)
{
    if (const auto usage = event.find("usage"); usage != event.end())
        readUsage(*usage);
    // What the agent said before it failed stays with the reply, its reasoning included.
    if (!flushReasoning())
        return;
    const std::string_view code = stringOr(event, "code");
    const std::string_view message = stringOr(event, "message");
    // A prompt too long for the agent's model, by its code or its message: "context_length".
    failWith(recognizeContextLength(
        {code.empty() ? std::string("agent_error") : std::string(code),
         message.empty() ? std::string("The agent failed.") : std::string(message), false, -1}));
}

void AgUiStreamDecoder::protocolError(std::string sentence)
{
    if (!finished())
        failWith({"protocol_error", std::move(sentence), false, -1});
}

} // namespace koder::wire
