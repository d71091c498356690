// SPDX-License-Identifier: MIT
#include "openaistream.h"

#include "errors.h"

#include "koder/agent/serialization.h"

#include <simdjson.h>

#include <algorithm>
#include <new>

namespace koder::wire {

using namespace koder::agent;

static_assert(simdjson::SIMDJSON_PADDING <= SseDecoder::readablePadding,
              "SSE event data must be parseable in place");

namespace {
// Reads an optional field: `out` keeps its value when the field is absent or of another type.
template<class T, class Result>
bool take(Result&& result, T& out)
{
    return !std::forward<Result>(result).get(out);
}
} // namespace

// One parser per stream, reused for every chunk (it keeps its buffers). Its depth limit leaves
// room for the chunk's own levels around tool arguments given as an object.
struct OpenAiStreamDecoder::Json {
    Json()
    {
        if (parser.allocate(simdjson::SIMDJSON_PADDING, maxJsonDepth + 8))
            throw std::bad_alloc();
    }
    simdjson::dom::parser parser;
};

OpenAiStreamDecoder::OpenAiStreamDecoder(RequestId requestId, Emit emit, Limits limits)
    : requestId_(requestId)
    , emit_(std::move(emit))
    , sse_([this](const SseEvent& e) { event(e); }, limits.maxEventBytes)
    , json_(std::make_unique<Json>())
    , budget_(limits)
{
}

OpenAiStreamDecoder::~OpenAiStreamDecoder() = default;

void OpenAiStreamDecoder::feed(std::string_view bytes)
{
    if (finished_)
        return;
    sse_.feed(bytes);
    if (sse_.overflowed() && !finished_) {
        budget_.eventTooLarge();
        refuse();
    }
}

void OpenAiStreamDecoder::endOfStream()
{
    sse_.finish();
    if (!finished_)
        end();
}

void OpenAiStreamDecoder::fail(ErrorInfo error)
{
    if (!finished_)
        terminate(StreamFailed{requestId_, std::move(error), ErrorVerdict::Default});
}

void OpenAiStreamDecoder::terminate(Input&& input)
{
    finished_ = true;
    sse_.stop();
    std::vector<ToolCallBuilder>().swap(calls_);
    emit_(std::move(input));
}

void OpenAiStreamDecoder::refuse()
{
    terminate(StreamFailed{requestId_, budget_.error(), ErrorVerdict::Default});
}

void OpenAiStreamDecoder::event(const SseEvent& e)
{
    if (finished_)
        return;
    ++events_;
    if (!started_) {
        started_ = true;
        emit_(StreamStarted{requestId_});
        if (finished_)
            return;
    }
    if (e.type == "error")
        return errorEvent(e.data);
    if (e.type != "message")
        return; // event types of other dialects
    if (e.data == "[DONE]")
        return end();
    if (e.data.empty())
        return; // a keep-alive
    chunk(e.data);
}

void OpenAiStreamDecoder::errorEvent(std::string_view data)
{
    terminate(StreamFailed{requestId_, errorFromResponse(0, data, -1), ErrorVerdict::Default});
}

void OpenAiStreamDecoder::chunk(std::string_view text)
{
    simdjson::dom::element doc;
    // In place: the SSE decoder leaves readable padding after the data.
    if (json_->parser.parse(text.data(), text.size(), false).get(doc) || !doc.is_object()) {
        terminate(StreamFailed{
            requestId_,
            {"protocol_error", "The server sent an event that is not JSON.", false, -1},
            ErrorVerdict::Default});
        return;
    }
    simdjson::dom::element error;
    if (!doc["error"].get(error) && !error.is_null())
        return errorEvent(text);

    simdjson::dom::array choices;
    if (!doc["choices"].get_array().get(choices)) {
        for (simdjson::dom::element choice : choices) {
            std::int64_t index = 0;
            if (!choice["index"].get_int64().get(index) && index != 0)
                continue; // only the first choice is a conversation's reply
            simdjson::dom::object delta;
            if (!choice["delta"].get_object().get(delta)) {
                std::string_view s;
                if (!delta["content"].get_string().get(s) && !s.empty()) {
                    if (!budget_.addBytes(s.size()))
                        return refuse();
                    emit_(TextDelta{requestId_, std::string(s)});
                    if (finished_)
                        return;
                }
                if ((!delta["reasoning_content"].get_string().get(s) ||
                     !delta["reasoning"].get_string().get(s)) &&
                    !s.empty()) {
                    if (!budget_.addBytes(s.size()))
                        return refuse();
                    emit_(ReasoningDelta{requestId_, std::string(s)});
                    if (finished_)
                        return;
                }
                simdjson::dom::array fragments;
                if (!delta["tool_calls"].get_array().get(fragments)) {
                    std::int64_t position = 0;
                    for (simdjson::dom::element f : fragments) {
                        std::int64_t at = position++;
                        take(f["index"].get_int64(), at);
                        std::string_view id;
                        take(f["id"].get_string(), id);
                        // A call is keyed by index; a new id at a used index is a new call
                        // (servers that give every parallel call index 0).
                        auto it =
                            std::find_if(calls_.rbegin(), calls_.rend(),
                                         [&](const ToolCallBuilder& c) { return c.index == at; });
                        if (it == calls_.rend() ||
                            (!id.empty() && !it->id.empty() && it->id != id)) {
                            if (!budget_.addToolCall())
                                return refuse();
                            calls_.push_back({at, std::string(id), {}, {}});
                            it = calls_.rbegin();
                        } else if (it->id.empty() && !id.empty()) {
                            it->id = std::string(id);
                        }
                        simdjson::dom::element function;
                        if (!f["function"].get(function)) {
                            if (!function["name"].get_string().get(s) && !s.empty()) {
                                if (!budget_.addBytes(s.size()))
                                    return refuse();
                                it->name.append(s);
                            }
                            simdjson::dom::element args;
                            if (!function["arguments"].get(args)) {
                                std::string object; // arguments sent as an object, not text
                                if (args.is_object())
                                    object = simdjson::minify(args);
                                const std::string_view piece =
                                    args.is_string() ? std::string_view(args.get_string())
                                                     : std::string_view(object);
                                if (!budget_.addBytes(piece.size()))
                                    return refuse();
                                it->arguments.append(piece);
                            }
                        }
                    }
                }
            }
            std::string_view reason;
            if (!choice["finish_reason"].get_string().get(reason) && !reason.empty()) {
                finish_ = std::string(reason);
                flushToolCalls();
                if (finished_)
                    return;
            }
        }
    }
    simdjson::dom::object usage;
    if (!doc["usage"].get_object().get(usage)) {
        usage_.present = true;
        take(usage["prompt_tokens"].get_int64(), usage_.promptTokens);
        take(usage["completion_tokens"].get_int64(), usage_.completionTokens);
        take(usage["total_tokens"].get_int64(), usage_.totalTokens);
        take(usage["completion_tokens_details"]["reasoning_tokens"].get_int64(),
             usage_.reasoningTokens);
        take(usage["prompt_tokens_details"]["cached_tokens"].get_int64(), usage_.cachedTokens);
    }
}

void OpenAiStreamDecoder::flushToolCalls()
{
    std::vector<ToolCallBuilder> calls = std::move(calls_);
    calls_.clear();
    for (ToolCallBuilder& c : calls) {
        if (c.arguments.empty())
            c.arguments = "{}";
        if (auto refused = refuseToolArguments(c.name, c.arguments)) {
            terminate(StreamFailed{requestId_, std::move(*refused), ErrorVerdict::Default});
            return;
        }
        emit_(ToolCallRequested{
            requestId_, {std::move(c.id), std::move(c.name), std::move(c.arguments), false}});
        if (finished_)
            return;
    }
}

void OpenAiStreamDecoder::end()
{
    flushToolCalls();
    if (!finished_)
        terminate(StreamEnded{requestId_, finish_}); // an empty reason: incomplete turn
}

} // namespace koder::wire
