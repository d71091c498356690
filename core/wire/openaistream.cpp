// SPDX-License-Identifier: MIT
#include "openaistream.h"

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

struct OpenAiStreamDecoder::Json : StreamJsonParser<8> {};

OpenAiStreamDecoder::OpenAiStreamDecoder(RequestId requestId, Emit emit, Limits limits)
    : StreamDecoder(requestId, std::move(emit), limits)
    , sse_([this](const SseEvent& e) { event(e); }, limits.maxEventBytes)
    , json_(std::make_unique<Json>())
{
}

OpenAiStreamDecoder::~OpenAiStreamDecoder() = default;

void OpenAiStreamDecoder::feed(std::string_view bytes)
{
    if (finished())
        return;
    sse_.feed(bytes);
    if (sse_.overflowed() && !finished())
        eventTooLarge();
}

void OpenAiStreamDecoder::endOfStream()
{
    sse_.finish();
    if (!finished())
        finish();
}

void OpenAiStreamDecoder::stopReading()
{
    sse_.stop();
    std::vector<ToolCallBuilder>().swap(calls_);
}

void OpenAiStreamDecoder::event(const SseEvent& e)
{
    if (!beginEvent())
        return;
    if (e.type == "error")
        return errorEvent(e.data);
    if (e.type != "message")
        return; // event types of other dialects
    if (e.data == "[DONE]")
        return finish();
    if (e.data.empty())
        return; // a keep-alive
    chunk(e.data);
}

void OpenAiStreamDecoder::errorEvent(std::string_view data)
{
    failWith(errorFromResponse(0, data, -1));
}

// `delta.content`: text, or (Mistral) an array of `text` and `thinking` parts, a thinking part
// holding text or its own array of text parts.
bool OpenAiStreamDecoder::content(simdjson::dom::element content)
{
    std::string_view s;
    if (content.is_null())
        return true;
    if (!content.get_string().get(s))
        return text(s);
    simdjson::dom::array parts;
    if (content.get_array().get(parts)) {
        warn("a delta.content that is neither text nor an array of parts was skipped");
        return true;
    }
    for (simdjson::dom::element part : parts) {
        std::string_view type;
        if (part["type"].get_string().get(type)) {
            warn("a delta.content part without a type was skipped");
            continue;
        }
        if (type == "text") {
            if (!part["text"].get_string().get(s) && !text(s))
                return false;
        } else if (type == "thinking") {
            simdjson::dom::element thinking;
            if (part["thinking"].get(thinking))
                continue;
            if (!thinking.get_string().get(s)) {
                if (!reasoning(s))
                    return false;
                continue;
            }
            simdjson::dom::array pieces;
            if (thinking.get_array().get(pieces)) {
                warn("a thinking part of an unknown shape was skipped");
                continue;
            }
            for (simdjson::dom::element piece : pieces)
                if (!piece["text"].get_string().get(s) && !reasoning(s))
                    return false;
        } else {
            warn("a delta.content part of type \"" + std::string(type) + "\" was skipped");
        }
    }
    return !finished();
}

void OpenAiStreamDecoder::chunk(std::string_view data)
{
    simdjson::dom::element doc;
    // In place: the SSE decoder leaves readable padding after the data.
    if (json_->parser.parse(data.data(), data.size(), false).get(doc) || !doc.is_object()) {
        failWith({"protocol_error", "The server sent an event that is not JSON.", false, -1});
        return;
    }
    simdjson::dom::element error;
    if (!doc["error"].get(error) && !error.is_null())
        return errorEvent(data);

    simdjson::dom::array choices;
    if (!doc["choices"].get_array().get(choices)) {
        for (simdjson::dom::element choice : choices) {
            std::int64_t index = 0;
            if (!choice["index"].get_int64().get(index) && index != 0)
                continue; // only the first choice is a conversation's reply
            simdjson::dom::object delta;
            if (!choice["delta"].get_object().get(delta)) {
                simdjson::dom::element value;
                if (!delta["content"].get(value) && !content(value))
                    return;
                std::string_view s;
                if ((!delta["reasoning_content"].get_string().get(s) ||
                     !delta["reasoning"].get_string().get(s)) &&
                    !reasoning(s))
                    return;
                if (!delta["refusal"].get_string().get(s) && !s.empty()) {
                    refused_ = true;
                    if (!text(s))
                        return;
                }
                simdjson::dom::array fragments;
                if (!delta["tool_calls"].get_array().get(fragments) && !toolFragments(fragments))
                    return;
            }
            std::string_view reason;
            if (!choice["finish_reason"].get_string().get(reason) && !reason.empty())
                setFinishReason(reason); // the calls are sent at the end, if the reason runs them
        }
    }
    simdjson::dom::object usage;
    if (!doc["usage"].get_object().get(usage)) {
        Usage& u = reportedUsage();
        take(usage["prompt_tokens"].get_int64(), u.promptTokens);
        take(usage["completion_tokens"].get_int64(), u.completionTokens);
        take(usage["total_tokens"].get_int64(), u.totalTokens);
        take(usage["completion_tokens_details"]["reasoning_tokens"].get_int64(), u.reasoningTokens);
        take(usage["prompt_tokens_details"]["cached_tokens"].get_int64(), u.cachedTokens);
    }
}

bool OpenAiStreamDecoder::toolFragments(simdjson::dom::array fragments)
{
    std::int64_t position = 0;
    for (simdjson::dom::element f : fragments) {
        std::int64_t at = position++;
        take(f["index"].get_int64(), at);
        std::string_view id;
        take(f["id"].get_string(), id);
        // A call is keyed by index; a new id at a used index is a new call (servers that give
        // every parallel call index 0).
        auto it = std::find_if(calls_.rbegin(), calls_.rend(),
                               [&](const ToolCallBuilder& c) { return c.index == at; });
        if (it == calls_.rend() || (!id.empty() && !it->id.empty() && it->id != id)) {
            if (!newToolCall())
                return false;
            calls_.push_back({at, std::string(id), {}, {}});
            it = calls_.rbegin();
        } else if (it->id.empty() && !id.empty()) {
            it->id = std::string(id);
        }
        simdjson::dom::element function;
        if (f["function"].get(function))
            continue;
        std::string_view s;
        if (!function["name"].get_string().get(s) && !s.empty()) {
            if (!toolBytes(s.size()))
                return false;
            it->name.append(s);
        }
        simdjson::dom::element args;
        if (!function["arguments"].get(args)) {
            std::string object; // arguments sent as an object, not text
            if (args.is_object())
                object = simdjson::minify(args);
            const std::string_view piece =
                args.is_string() ? std::string_view(args.get_string()) : std::string_view(object);
            if (!toolBytes(piece.size()))
                return false;
            it->arguments.append(piece);
        }
    }
    return true;
}

bool OpenAiStreamDecoder::flushToolCalls()
{
    std::vector<ToolCallBuilder> calls = std::move(calls_);
    calls_.clear();
    for (ToolCallBuilder& c : calls)
        if (!toolCall({std::move(c.id), std::move(c.name), std::move(c.arguments), false}))
            return false;
    return true;
}

// Calls run only after a reply that ended for them: arguments cut by `length`, or calls of a
// reply the model refused or a filter stopped, are never run nor left pending.
void OpenAiStreamDecoder::finish()
{
    std::string reason = finishReason();
    if (refused_ && !reason.empty())
        reason = "refusal";
    const std::string_view normalized = normalizedFinishReason(reason, false);
    if (!reason.empty() && (normalized == "stop" || normalized == "tool_calls")) {
        if (!flushToolCalls())
            return;
    } else {
        calls_.clear();
    }
    end(std::move(reason)); // an empty reason: incomplete turn
}

} // namespace koder::wire
