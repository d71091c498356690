// SPDX-License-Identifier: MIT
// What a stream decoder emitted for one request, recorded the same way for every dialect's test.
#pragma once

#include "splits.h"
#include "streamdecoder.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace koder::wire::test {

struct Recorded {
    bool started = false;
    std::string text;
    std::string reasoning;
    std::vector<koder::agent::ToolCall> calls;
    int terminals = 0;
    std::optional<std::string> finishReason;      ///< set by StreamEnded
    std::optional<koder::agent::ErrorInfo> error; ///< set by StreamFailed
    Usage usage;                                  ///< StreamEnded's
    std::vector<std::string> warnings;
    bool replacedText = false; ///< StreamEnded carried the text whole (it replaced the deltas)

    /// The same inputs (an error compared by its code; usage and warnings left to the caller).
    bool sameInputs(const Recorded& o) const
    {
        return started == o.started && text == o.text && reasoning == o.reasoning &&
               calls == o.calls && terminals == o.terminals && finishReason == o.finishReason &&
               error.has_value() == o.error.has_value() && (!error || error->code == o.error->code);
    }
};

/// The decoder's emit callback recording into `r`: every input must name `request`, and none may
/// follow the terminal one.
inline StreamDecoder::Emit recordInto(Recorded& r, koder::agent::RequestId request)
{
    using namespace koder::agent;
    return [&r, request](Input&& in) {
        std::visit(
            [&](auto& e) {
                using T = std::decay_t<decltype(e)>;
                ASSERT_EQ(r.terminals, 0) << "an input after the terminal one";
                if constexpr (requires { e.requestId; }) {
                    EXPECT_EQ(e.requestId, request);
                }
                if constexpr (std::is_same_v<T, StreamStarted>)
                    r.started = true;
                else if constexpr (std::is_same_v<T, TextDelta>)
                    r.text += e.text;
                else if constexpr (std::is_same_v<T, ReasoningDelta>)
                    r.reasoning += e.text;
                else if constexpr (std::is_same_v<T, ToolCallRequested>)
                    r.calls.push_back(e.call);
                else if constexpr (std::is_same_v<T, StreamEnded>) {
                    ++r.terminals;
                    r.finishReason = e.finishReason;
                    r.usage = e.usage;
                    if (e.text) { // the wire's final word on the text replaces what streamed
                        r.text = *e.text;
                        r.replacedText = true;
                    }
                } else if constexpr (std::is_same_v<T, StreamFailed>) {
                    ++r.terminals;
                    r.error = e.error;
                }
            },
            in);
    };
}

/// Records the decoder's warnings into `r`, then feeds it `bytes` in the reads of `schedule`
/// (calling `afterRead` after each) and, when `cleanEnd`, ends the stream.
template<class AfterRead = void (*)()>
void decodeAll(
    StreamDecoder& d, Recorded& r, std::string_view bytes, const Schedule& schedule, bool cleanEnd,
    AfterRead afterRead = [] {})
{
    d.setWarningSink([&r](std::string_view w) { r.warnings.emplace_back(w); });
    for (std::string_view piece : cut(bytes, schedule)) {
        d.feed(piece);
        afterRead();
    }
    if (cleanEnd)
        d.endOfStream();
}

} // namespace koder::wire::test
