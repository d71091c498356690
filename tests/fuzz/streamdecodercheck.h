// SPDX-License-Identifier: MIT
// The checks every HTTP stream decoder (koder::wire::StreamDecoder) passes on arbitrary bodies
// in arbitrary reads, with the default limits or small ones (the header's mode):
// - every input names the decoder's request; streamStarted comes first and once, before any
//   text, reasoning or tool call;
// - after endOfStream() or fail() exactly one terminal input (StreamEnded or StreamFailed) was
//   emitted, as the last one, and nothing more comes whatever is called next;
// - after cancel() nothing more is emitted, not even a terminal input;
// - what it emitted stays within the limits: text, reasoning, tool names and arguments (and
//   the results of calls the server ran) within maxReplyBytes, tool calls within
//   maxToolCallsPerStep;
// - the inputs do not depend on how the body was split into reads.
#pragma once

#include "fuzzcheck.h"
#include "streamdecoder.h"

#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace koder::fuzz::streams {

using namespace koder::agent;
using koder::fuzz::Chunked;
using koder::fuzz::printable;
using koder::wire::Limits;
using koder::wire::StreamDecoder;

constexpr RequestId request = 7;

enum class Ending { EndOfStream, Fail, CancelMidway };

inline std::string describe(const Input& input)
{
    return std::visit(
        [](const auto& in) -> std::string {
            using T = std::decay_t<decltype(in)>;
            if constexpr (std::is_same_v<T, StreamStarted>)
                return "started";
            else if constexpr (std::is_same_v<T, TextDelta>)
                return "text " + printable(in.text);
            else if constexpr (std::is_same_v<T, ReasoningDelta>)
                return "reasoning " + printable(in.text);
            else if constexpr (std::is_same_v<T, ToolCallRequested>)
                return "tool " + printable(in.call.id) + "|" + printable(in.call.name) + "|" +
                       printable(in.call.arguments) + "|" +
                       std::to_string(static_cast<int>(in.runner));
            // AG-UI's inputs (AgUiStreamDecoder)
            else if constexpr (std::is_same_v<T, MessageStarted>)
                return "message " + printable(in.messageId);
            else if constexpr (std::is_same_v<T, ServerToolResult>)
                return "result " + printable(in.callId) + "|" + printable(in.messageId) + "|" +
                       printable(in.text);
            else if constexpr (std::is_same_v<T, ReconcileMessages>)
                return "reconcile " + std::to_string(in.messages.size());
            else if constexpr (std::is_same_v<T, RequestInput>)
                return "input " + printable(in.input.id) + "|" + printable(in.input.message) + "|" +
                       printable(in.input.schema);
            else if constexpr (std::is_same_v<T, StreamEnded>)
                return "ended " + printable(in.finishReason);
            else if constexpr (std::is_same_v<T, StreamFailed>)
                return "failed " + printable(in.error.code) + "|" + printable(in.error.message) +
                       "|" + std::to_string(in.error.retryable) + "|" +
                       std::to_string(in.error.retryAfterMs);
            else
                return std::string("unexpected input ") + std::string(actionName(Input(in)));
        },
        input);
}

inline RequestId requestOf(const Input& input)
{
    return std::visit(
        [](const auto& in) -> RequestId {
            if constexpr (requires { in.requestId; })
                return in.requestId;
            else
                return 0;
        },
        input);
}

inline bool isTerminal(const Input& input)
{
    return std::holds_alternative<StreamEnded>(input) ||
           std::holds_alternative<StreamFailed>(input);
}

inline std::string joined(const std::vector<std::string>& log)
{
    std::string out;
    for (const auto& line : log)
        out += "\n    " + line;
    return out;
}

using MakeDecoder =
    std::function<std::unique_ptr<StreamDecoder>(RequestId, StreamDecoder::Emit, Limits)>;

inline std::vector<std::string> decode(const MakeDecoder& make,
                                       const std::vector<std::string_view>& reads, Ending ending,
                                       const Limits& limits)
{
    std::vector<std::string> log;
    std::size_t replyBytes = 0;
    std::size_t toolCalls = 0;
    int terminals = 0;
    bool started = false;
    bool cancelled = false;
    bool lastTerminal = false;
    const std::unique_ptr<StreamDecoder> owned = make(
        request,
        [&](Input&& input) {
            if (const auto* t = std::get_if<TextDelta>(&input))
                replyBytes += t->text.size();
            else if (const auto* r = std::get_if<ReasoningDelta>(&input))
                replyBytes += r->text.size();
            else if (const auto* s = std::get_if<ServerToolResult>(&input))
                replyBytes += s->text.size();
            else if (const auto* c = std::get_if<ToolCallRequested>(&input)) {
                // "{}" may stand for arguments the server never sent, which cost nothing.
                const std::string& args = c->call.arguments;
                replyBytes += c->call.name.size() + (args == "{}" ? 0 : args.size());
                ++toolCalls;
            }
            KODER_FUZZ_CHECK(replyBytes <= limits.maxReplyBytes,
                             std::to_string(replyBytes) + " reply bytes emitted, the limit is " +
                                 std::to_string(limits.maxReplyBytes) + joined(log));
            KODER_FUZZ_CHECK(toolCalls <= limits.maxToolCallsPerStep,
                             std::to_string(toolCalls) + " tool calls emitted, the limit is " +
                                 std::to_string(limits.maxToolCallsPerStep) + joined(log));
            const std::string what = describe(input);
            KODER_FUZZ_CHECK(!cancelled, "emitted after cancel(): " + what + joined(log));
            KODER_FUZZ_CHECK(terminals == 0,
                             "emitted after the terminal input: " + what + joined(log));
            KODER_FUZZ_CHECK(what.rfind("unexpected", 0) != 0, what);
            KODER_FUZZ_CHECK(requestOf(input) == request, "wrong request id: " + what);
            if (std::holds_alternative<StreamStarted>(input)) {
                KODER_FUZZ_CHECK(!started && log.empty(),
                                 "streamStarted not first or twice" + joined(log));
                started = true;
            } else if (!isTerminal(input)) {
                KODER_FUZZ_CHECK(started, "before streamStarted: " + what);
            } else {
                ++terminals;
            }
            lastTerminal = isTerminal(input);
            log.push_back(what);
        },
        limits);
    StreamDecoder& decoder = *owned;
    const std::size_t cancelAt = reads.size() / 2;
    for (std::size_t i = 0; i < reads.size(); ++i) {
        if (ending == Ending::CancelMidway && i == cancelAt) {
            decoder.cancel();
            cancelled = true;
        }
        decoder.feed(reads[i]);
    }
    if (ending == Ending::Fail)
        decoder.fail({"network", "connection reset", true, -1});
    else
        decoder.endOfStream();

    if (cancelled) {
        // Emitting after cancel() fails in the callback; a terminal input before it may be.
        KODER_FUZZ_CHECK(terminals <= 1,
                         std::to_string(terminals) + " terminal inputs" + joined(log));
    } else {
        KODER_FUZZ_CHECK(terminals == 1,
                         std::to_string(terminals) + " terminal inputs" + joined(log));
        KODER_FUZZ_CHECK(lastTerminal, "the terminal input is not the last" + joined(log));
    }
    KODER_FUZZ_CHECK(decoder.finished(), "not finished after the end" + joined(log));
    // Nothing more, whatever comes next.
    const std::size_t emitted = log.size();
    for (std::string_view read : reads)
        decoder.feed(read);
    decoder.endOfStream();
    decoder.fail({"network", "again", false, -1});
    KODER_FUZZ_CHECK(log.size() == emitted, "emitted after the end" + joined(log));
    return log;
}

/// The fuzz target's body for the decoder `make` builds.
inline int check(const MakeDecoder& make, const std::uint8_t* data, std::size_t size)
{
    const Chunked input(data, size);
    const Ending ending = input.mode % 4 == 3   ? Ending::CancelMidway
                          : input.mode % 4 == 2 ? Ending::Fail
                                                : Ending::EndOfStream;
    // Level 0: the defaults; 1-7: events of 48-336 bytes, replies of 8-392 bytes, 0-6 tool calls.
    Limits limits;
    if (const std::size_t level = input.mode >> 2; level > 0)
        limits = {48 * level, 8 * level * level, level - 1};
    const auto split = decode(make, input.pieces(), ending, limits);
    if (ending == Ending::CancelMidway)
        return 0; // where it stops depends on the split
    const auto whole = decode(make, {input.payload}, ending, limits);
    KODER_FUZZ_CHECK(split == whole, "split reads decode differently:\n  whole:" + joined(whole) +
                                         "\n  split:" + joined(split));
    return 0;
}

} // namespace koder::fuzz::streams
