// SPDX-License-Identifier: MIT
// AichatFrameParser (the aichat.v1 WebSocket frames) on arbitrary messages: it returns a frame or
// a protocol_error, never crashes, never recurses past the JSON depth limit; a frame's tool
// arguments are JSON the core can load within its limits or the text the server sent; a retry
// hint is clamped; one parser reused across messages gives what a fresh one gives.
#include "aichatframe.h"
#include "errors.h"
#include "fuzzcheck.h"

#include "koder/agent/serialization.h"

#include <string>
#include <variant>

namespace {

using koder::fuzz::printable;
using koder::wire::AichatFrame;
using koder::wire::AichatFrameParser;

std::string summary(const std::variant<AichatFrame, koder::agent::ErrorInfo>& r)
{
    if (const auto* e = std::get_if<koder::agent::ErrorInfo>(&r))
        return "error " + e->code + ": " + e->message;
    const auto& f = std::get<AichatFrame>(r);
    return f.type + "|" + f.turn + "|" + f.rid + "|" + std::to_string(f.seq) + "|" + f.text + "|" +
           (f.reasoning ? "r" : "t") + "|" + f.callId + "|" + f.name + "|" + f.arguments + "|" +
           f.finishReason + "|" + std::to_string(f.usage.totalTokens) + "|" + f.error.code + "|" +
           f.error.message + "|" + std::to_string(f.error.retryAfterMs) + "|" +
           (f.resume ? "resume" : "") + "|" + std::to_string(f.toolTimeoutMs);
}

AichatFrameParser& reused()
{
    static AichatFrameParser parser;
    return parser;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view message(reinterpret_cast<const char*>(data), size);
    AichatFrameParser fresh;
    const auto result = fresh.parse(message);
    if (const auto* error = std::get_if<koder::agent::ErrorInfo>(&result)) {
        KODER_FUZZ_CHECK(error->code == "protocol_error", "unexpected code " + error->code);
        KODER_FUZZ_CHECK(!error->retryable, "a bad frame is retryable");
    } else {
        const auto& f = std::get<AichatFrame>(result);
        KODER_FUZZ_CHECK(f.error.retryAfterMs >= -1 &&
                             f.error.retryAfterMs <= koder::wire::maxRetryAfterMs,
                         "retry hint out of range: " + std::to_string(f.error.retryAfterMs));
        if (f.type == "tool_call") {
            // Arguments given as an object come out as compact JSON within the core's limits.
            const auto problem = koder::agent::checkJson(f.arguments);
            KODER_FUZZ_CHECK(problem != koder::agent::JsonProblem::TooDeep,
                             "arguments deeper than the limit: " + printable(f.arguments));
        }
    }
    const auto again = reused().parse(message);
    KODER_FUZZ_CHECK(summary(again) == summary(result), "a reused parser differs:\n  " +
                                                            printable(summary(result)) + "\n  " +
                                                            printable(summary(again)));
    return 0;
}
