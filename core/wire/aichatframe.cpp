// SPDX-License-Identifier: MIT
#include "aichatframe.h"

#include "errors.h"
#include "replylimits.h"

#include "koder/agent/serialization.h"

#include "jsonfields.h"

#include <simdjson.h>

#include <new>

namespace koder::wire {

using koder::agent::ErrorInfo;

namespace {
void takeString(simdjson::dom::object frame, const char* key, std::string& out)
{
    std::string_view s;
    if (!frame[key].get_string().get(s))
        out.assign(s);
}

ErrorInfo protocolError(std::string message)
{
    return {"protocol_error", std::move(message), false, -1};
}
} // namespace

struct AichatFrameParser::Json : StreamJsonParser<4> {};

AichatFrameParser::AichatFrameParser()
    : json_(std::make_unique<Json>())
{
}

AichatFrameParser::~AichatFrameParser() = default;

std::variant<AichatFrame, ErrorInfo> AichatFrameParser::parse(std::string_view message)
{
    simdjson::dom::element doc;
    if (const auto error = json_->parser.parse(message.data(), message.size()).get(doc)) {
        if (error == simdjson::DEPTH_ERROR)
            return protocolError("The server sent a frame nested deeper than " +
                                 std::to_string(koder::agent::maxJsonDepth) + " levels.");
        return protocolError("The server sent a frame that is not a JSON object.");
    }
    simdjson::dom::object o;
    if (doc.get_object().get(o))
        return protocolError("The server sent a frame that is not a JSON object.");
    std::int64_t version = -1;
    take(o["v"].get_int64(), version);
    if (version != 1)
        return protocolError("The server sent a frame of an unsupported version.");

    AichatFrame f;
    takeString(o, "type", f.type);
    takeString(o, "turn", f.turn);
    takeString(o, "rid", f.rid);
    take(o["seq"].get_int64(), f.seq);
    if (f.type == "delta") {
        takeString(o, "text", f.text);
        std::string_view channel;
        f.reasoning = !o["channel"].get_string().get(channel) && channel == "reasoning";
    } else if (f.type == "tool_call") {
        takeString(o, "call_id", f.callId);
        takeString(o, "name", f.name);
        simdjson::dom::element args;
        if (!o["arguments"].get(args)) {
            if (args.is_object())
                f.arguments = simdjson::minify(args);
            else if (args.is_string())
                f.arguments = std::string_view(args.get_string());
        }
        if (auto refused = refuseToolArguments(f.name, f.arguments))
            return std::move(*refused);
    } else if (f.type == "step.end" || f.type == "turn.end") {
        takeString(o, "finish_reason", f.finishReason);
        simdjson::dom::object usage;
        if (!o["usage"].get_object().get(usage) && usage.size() > 0) {
            take(usage["prompt_tokens"].get_int64(), f.usage.promptTokens);
            take(usage["completion_tokens"].get_int64(), f.usage.completionTokens);
            take(usage["total_tokens"].get_int64(), f.usage.totalTokens);
            take(usage["reasoning_tokens"].get_int64(), f.usage.reasoningTokens);
            take(usage["cached_tokens"].get_int64(), f.usage.cachedTokens);
        }
    } else if (f.type == "hello") {
        simdjson::dom::object caps;
        if (!o["caps"].get_object().get(caps))
            take(caps["resume"].get_bool(), f.resume);
        simdjson::dom::object limits;
        if (!o["limits"].get_object().get(limits))
            take(limits["tool_timeout_ms"].get_int64(), f.toolTimeoutMs);
    } else if (f.type == "error") {
        takeString(o, "code", f.error.code);
        takeString(o, "message", f.error.message);
        take(o["retryable"].get_bool(), f.error.retryable);
        double retryAfter = -1;
        take(o["retry_after_ms"].get_double(), retryAfter);
        f.error.retryAfterMs = retryAfter < 0 ? -1
                               : retryAfter >= static_cast<double>(maxRetryAfterMs)
                                   ? maxRetryAfterMs
                                   : static_cast<std::int64_t>(retryAfter);
        // PROTOCOL.md's context_length_exceeded (or a prompt too long by its message) is the
        // library's "context_length", whatever the frame says of retrying.
        f.error = recognizeContextLength(std::move(f.error));
    }
    return f;
}

} // namespace koder::wire
