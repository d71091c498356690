// SPDX-License-Identifier: MIT
#include "anthropicstream.h"

#include "errors.h"

#include "koder/agent/serialization.h"

#include "jsonfields.h"

#include <simdjson.h>

#include <algorithm>
#include <new>

namespace koder::wire {

using namespace koder::agent;

static_assert(simdjson::SIMDJSON_PADDING <= SseDecoder::readablePadding,
              "SSE event data must be parseable in place");

namespace {

// Blocks the server ran itself: their results are part of the reply's record, not ours to run.
bool serverSide(std::string_view type)
{
    return type == "server_tool_use" || type.starts_with("mcp_") || type == "container_upload" ||
           type.ends_with("_tool_result");
}

// A reply has a handful of blocks open at once (one, in practice); a server that opens blocks
// without end is broken, and each costs memory the reply budget does not see.
constexpr std::size_t maxOpenBlocks = 1024;

} // namespace

struct AnthropicStreamDecoder::Json : StreamJsonParser<8> {};

AnthropicStreamDecoder::AnthropicStreamDecoder(RequestId requestId, Emit emit, Limits limits)
    : StreamDecoder(requestId, std::move(emit), limits)
    , sse_([this](const SseEvent& e) { event(e); }, limits.maxEventBytes)
    , json_(std::make_unique<Json>())
{
}

AnthropicStreamDecoder::~AnthropicStreamDecoder() = default;

void AnthropicStreamDecoder::feed(std::string_view bytes)
{
    if (finished())
        return;
    sse_.feed(bytes);
    if (sse_.overflowed() && !finished())
        eventTooLarge();
}

void AnthropicStreamDecoder::endOfStream()
{
    sse_.finish();
    if (!finished())
        finish();
}

void AnthropicStreamDecoder::stopReading()
{
    sse_.stop();
    std::vector<PendingCall>().swap(calls_);
    std::vector<Block>().swap(blocks_);
    // thinking_ stays: the next request needs it.
}

void AnthropicStreamDecoder::event(const SseEvent& e)
{
    if (finished() || e.data.empty())
        return;
    if (e.type == "error") {
        if (beginEvent())
            failWith(errorFromResponse(0, e.data, -1));
        return;
    }
    simdjson::dom::element doc;
    // In place: the SSE decoder leaves readable padding after the data.
    const bool parsed =
        !json_->parser.parse(e.data.data(), e.data.size(), false).get(doc) && doc.is_object();
    std::string_view type = e.type; // the data's type decides; the event name stands in for it
    if (parsed)
        take(doc["type"].get_string(), type);
    if (type == "ping")
        return; // a keep-alive, not progress
    if (!beginEvent())
        return;
    if (!parsed)
        return failWith(
            {"protocol_error", "The server sent an event that is not JSON.", false, -1});

    if (type == "content_block_delta")
        return blockDelta(doc);
    if (type == "content_block_start")
        return blockStart(doc);
    if (type == "content_block_stop") {
        std::int64_t index = -1;
        take(doc["index"].get_int64(), index);
        std::erase_if(blocks_, [&](const Block& b) { return b.index == index; });
        return;
    }
    if (type == "message_start") {
        simdjson::dom::object message;
        if (!take(doc["message"].get_object(), message))
            return warn("a message_start without a message was skipped");
        return messageStart(message);
    }
    if (type == "message_delta")
        return messageDelta(doc);
    if (type == "message_stop")
        return finish();
    if (type == "error")
        return failWith(errorFromResponse(0, e.data, -1));
    // Any other type is one the API added since: ignored, as its versioning policy asks.
}

void AnthropicStreamDecoder::messageStart(simdjson::dom::object message)
{
    std::string_view id;
    take(message["id"].get_string(), id);
    if (messageStarted_) {
        if (id != messageId_)
            warn("a message_start for a second message was ignored");
        return;
    }
    messageStarted_ = true;
    messageId_ = std::string(id);
    simdjson::dom::object usage;
    if (take(message["usage"].get_object(), usage))
        readUsage(usage);
}

// Anthropic's input_tokens are the prompt tokens after the last cache breakpoint only: the cache
// reads (cache_read_input_tokens) and writes (cache_creation_input_tokens) come apart. The
// library's promptTokens counts every prompt token, as the other wires do (OpenAI's prompt_tokens
// include their cached_tokens): input_tokens + cache_read_input_tokens +
// cache_creation_input_tokens. cachedTokens and cacheWriteTokens stay as reported.
void AnthropicStreamDecoder::readUsage(simdjson::dom::object usage)
{
    // Each field only when given: message_delta repeats some of message_start's, or not.
    Usage& u = reportedUsage();
    const auto given = [](std::int64_t n) { return n < 0 ? std::int64_t{0} : n; };
    // What input_tokens said so far, from the sum it went into.
    std::int64_t input = u.promptTokens < 0
                             ? -1
                             : u.promptTokens - given(u.cachedTokens) - given(u.cacheWriteTokens);
    take(usage["input_tokens"].get_int64(), input);
    take(usage["output_tokens"].get_int64(), u.completionTokens);
    take(usage["cache_read_input_tokens"].get_int64(), u.cachedTokens);
    take(usage["cache_creation_input_tokens"].get_int64(), u.cacheWriteTokens);
    if (input >= 0 || u.cachedTokens >= 0 || u.cacheWriteTokens >= 0)
        u.promptTokens = given(input) + given(u.cachedTokens) + given(u.cacheWriteTokens);
}

AnthropicStreamDecoder::Block* AnthropicStreamDecoder::block(std::int64_t index)
{
    auto it = std::find_if(blocks_.begin(), blocks_.end(),
                           [&](const Block& b) { return b.index == index; });
    return it == blocks_.end() ? nullptr : &*it;
}

void AnthropicStreamDecoder::blockStart(simdjson::dom::element doc)
{
    std::int64_t index = 0;
    take(doc["index"].get_int64(), index);
    std::erase_if(blocks_, [&](const Block& b) { return b.index == index; }); // a reused index
    if (blocks_.size() >= maxOpenBlocks)
        return failWith(
            {"protocol_error", "The server opened too many content blocks.", false, -1});

    simdjson::dom::object content;
    std::string_view type;
    Block b{index, Kind::Skipped, 0, false};
    if (!take(doc["content_block"].get_object(), content) ||
        !take(content["type"].get_string(), type)) {
        blocks_.push_back(b);
        return warn("a content block without a type was skipped");
    }
    std::string_view s;
    if (type == "text") {
        b.kind = Kind::Text;
        blocks_.push_back(b);
        if (take(content["text"].get_string(), s))
            text(s);
    } else if (type == "thinking" || type == "redacted_thinking") {
        ThinkingBlock t;
        t.redacted = type == "redacted_thinking";
        if (take(content["signature"].get_string(), s))
            t.signature = std::string(s);
        if (take(content["data"].get_string(), s))
            t.data = std::string(s);
        // Kept until the next request: counted like the reply they belong to.
        if (!toolBytes(t.signature.size() + t.data.size()))
            return;
        b.kind = Kind::Thinking;
        b.at = thinking_.size();
        thinking_.push_back(std::move(t));
        blocks_.push_back(b);
        if (take(content["thinking"].get_string(), s) && reasoning(s))
            thinking_.back().thinking = std::string(s);
    } else if (type == "tool_use") {
        PendingCall call;
        if (take(content["id"].get_string(), s))
            call.id = std::string(s);
        if (take(content["name"].get_string(), s))
            call.name = std::string(s);
        simdjson::dom::object input;
        if (take(content["input"].get_object(), input) && input.size() > 0)
            call.input = simdjson::minify(input);
        if (!newToolCall() || !toolBytes(call.name.size() + call.input.size()))
            return;
        b.kind = Kind::ToolUse;
        b.at = calls_.size();
        calls_.push_back(std::move(call));
        blocks_.push_back(b);
    } else {
        blocks_.push_back(b);
        if (!serverSide(type))
            warn("a content block of type \"" + std::string(type) + "\" was skipped");
    }
}

void AnthropicStreamDecoder::skipDelta(Block& b, std::string_view type)
{
    if (b.warned)
        return;
    b.warned = true;
    warn("a content_block_delta of type \"" + std::string(type) +
         "\" was skipped (its block does not take it)");
}

void AnthropicStreamDecoder::blockDelta(simdjson::dom::element doc)
{
    std::int64_t index = 0;
    take(doc["index"].get_int64(), index);
    Block* b = block(index);
    if (!b) {
        if (!warnedOrphan_)
            warn("a content_block_delta for a block that is not open was skipped");
        warnedOrphan_ = true;
        return;
    }
    if (b->kind == Kind::Skipped)
        return; // a server block's deltas (its tool's input, its results)
    simdjson::dom::object delta;
    std::string_view type;
    std::string_view s;
    if (!take(doc["delta"].get_object(), delta) || !take(delta["type"].get_string(), type))
        return skipDelta(*b, type);
    if (type == "citations_delta")
        return; // sources of the text: not part of it
    if (b->kind == Kind::Text && type == "text_delta") {
        if (take(delta["text"].get_string(), s))
            text(s);
    } else if (b->kind == Kind::Thinking && type == "thinking_delta") {
        if (take(delta["thinking"].get_string(), s) && reasoning(s))
            thinking_[b->at].thinking.append(s);
    } else if (b->kind == Kind::Thinking && type == "signature_delta") {
        if (take(delta["signature"].get_string(), s) && toolBytes(s.size()))
            thinking_[b->at].signature.append(s);
    } else if (b->kind == Kind::ToolUse && type == "input_json_delta") {
        if (take(delta["partial_json"].get_string(), s) && toolBytes(s.size())) {
            calls_[b->at].arguments.append(s);
            calls_[b->at].fragments = true;
        }
    } else {
        skipDelta(*b, type);
    }
}

void AnthropicStreamDecoder::messageDelta(simdjson::dom::element doc)
{
    simdjson::dom::object delta;
    if (take(doc["delta"].get_object(), delta)) {
        std::string_view s;
        if (take(delta["stop_reason"].get_string(), s) && !s.empty())
            setFinishReason(s);
        if (take(delta["stop_details"]["explanation"].get_string(), s))
            explanation_ = std::string(s);
    }
    simdjson::dom::object usage;
    if (take(doc["usage"].get_object(), usage))
        readUsage(usage);
}

void AnthropicStreamDecoder::finish()
{
    std::string reason = finishReason();
    // The reply filled the model's context window (the text so far stays with the reply): the
    // conversation needs compacting, not a continuation, so it is the "context_length" failure
    // every wire reports for a prompt too long, and a call it cut is never run.
    if (reason == "model_context_window_exceeded") {
        calls_.clear();
        return failWith({std::string(contextLengthCode),
                         "The conversation filled the model's context window.", false, -1});
    }
    // A call the token limit cut has partial arguments, and a declined reply asks for nothing:
    // neither is run. A stream cut before its stop reason fails its step, calls and all.
    const bool runCalls =
        !reason.empty() && reason != "max_tokens" && !koder::agent::isRefusal(reason);
    std::vector<PendingCall> calls = std::move(calls_);
    calls_.clear();
    for (PendingCall& c : calls) {
        if (!runCalls)
            break;
        std::string arguments = c.fragments ? std::move(c.arguments) : std::move(c.input);
        if (!toolCall({std::move(c.id), std::move(c.name), std::move(arguments), false}))
            return;
    }
    end(std::move(reason), explanation_); // an empty reason: incomplete turn
}

} // namespace koder::wire
