// SPDX-License-Identifier: MIT
// AgUiStreamDecoder (AG-UI runs) under the checks of streamdecodercheck.h, plus its own:
// - every text it emits (deltas, ids, arguments, results, error sentences, questions) is valid
//   UTF-8, and every value it hands the handlers can be written as JSON;
// - the state it reports stays within AgUiStreamDecoder::maxStateDepth (nothing recursive can
//   overflow the stack on it);
// - what the handlers hear (state changes, custom events, log events) does not depend on how the
//   body was split into reads (the inputs, interrupts included, are compared by the harness).
// The decoder offers one frontend tool ("pick") and starts from a small state, so that client
// calls and patches of an existing document are reached.
#include "aguistream.h"
#include "streamdecodercheck.h"

#include <memory>
#include <string>
#include <vector>

namespace {

using koder::fuzz::printable;
using nlohmann::json;

bool validUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80           ? 1
                              : (c >> 5) == 0x6  ? 2
                              : (c >> 4) == 0xE  ? 3
                              : (c >> 3) == 0x1E ? 4
                                                 : 0;
        if (n == 0 || i + n > s.size())
            return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80)
                return false;
        i += n;
    }
    return true;
}

// The depth of a value, without recursion.
std::size_t depthOf(const json& root)
{
    std::size_t deepest = 0;
    std::vector<std::pair<const json*, std::size_t>> stack{{&root, 0}};
    while (!stack.empty()) {
        const auto [v, level] = stack.back();
        stack.pop_back();
        if (!v->is_structured())
            continue;
        deepest = std::max(deepest, level + 1);
        for (const json& child : *v)
            stack.emplace_back(&child, level + 1);
    }
    return deepest;
}

void checkText(std::string_view what, std::string_view text)
{
    KODER_FUZZ_CHECK(validUtf8(text), std::string(what) + " is not UTF-8: " + printable(text));
}

void checkInput(const koder::agent::Input& input)
{
    using namespace koder::agent;
    std::visit(
        [](const auto& in) {
            using T = std::decay_t<decltype(in)>;
            if constexpr (std::is_same_v<T, TextDelta> || std::is_same_v<T, ReasoningDelta>) {
                checkText("a delta", in.text);
            } else if constexpr (std::is_same_v<T, MessageStarted>) {
                checkText("a message id", in.messageId);
            } else if constexpr (std::is_same_v<T, ToolCallRequested>) {
                checkText("a call id", in.call.id);
                checkText("a call name", in.call.name);
                checkText("call arguments", in.call.arguments);
            } else if constexpr (std::is_same_v<T, ServerToolResult>) {
                checkText("a result", in.text);
                checkText("a result's ids", in.callId + in.messageId);
            } else if constexpr (std::is_same_v<T, RequestInput>) {
                checkText("a question", in.input.id + in.input.message + in.input.schema);
                KODER_FUZZ_CHECK(json::accept(in.input.schema),
                                 "a question's schema is not JSON: " + printable(in.input.schema));
            } else if constexpr (std::is_same_v<T, StreamFailed>) {
                checkText("an error", in.error.code + in.error.message);
            } else if constexpr (std::is_same_v<T, ReconcileMessages>) {
                for (const Message& m : in.messages)
                    checkText("a snapshot message", m.id + m.text);
            }
        },
        input);
}

// What one decoding's handlers heard: the state after each change (so the state it ends with),
// custom events, log events (RUN_STARTED's run id among them).
struct Trace {
    std::vector<std::string> heard;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::unique_ptr<Trace>> traces;
    const int result = koder::fuzz::streams::check(
        [&](koder::agent::RequestId id, koder::wire::StreamDecoder::Emit emit,
            koder::wire::Limits limits) {
            traces.push_back(std::make_unique<Trace>());
            Trace* trace = traces.back().get();
            koder::wire::AgUiHandlers handlers;
            handlers.state = [trace](const json& state) {
                KODER_FUZZ_CHECK(depthOf(state) <= koder::wire::AgUiStreamDecoder::maxStateDepth,
                                 "a state deeper than the limit");
                trace->heard.push_back("state " + state.dump());
            };
            handlers.custom = [trace](std::string_view name, const json& value) {
                checkText("a custom event's name", name);
                trace->heard.push_back("custom " + std::string(name) + " " + value.dump());
            };
            handlers.log = [trace](std::string_view type, const json& event) {
                trace->heard.push_back("log " + std::string(type) + " " + event.dump());
            };
            return std::make_unique<koder::wire::AgUiStreamDecoder>(
                id,
                [emit = std::move(emit)](koder::agent::Input&& input) {
                    checkInput(input);
                    emit(std::move(input));
                },
                limits, json{{"items", json::array({1, "two"})}, {"n", nullptr}},
                std::vector<std::string>{"pick"}, std::move(handlers));
        },
        data, size);
    // Two decodings ran unless the body was cancelled midway: split reads, then the whole body.
    if (traces.size() == 2) {
        std::string split, whole;
        for (const auto& h : traces[0]->heard)
            split += "\n    " + printable(h);
        for (const auto& h : traces[1]->heard)
            whole += "\n    " + printable(h);
        KODER_FUZZ_CHECK(traces[0]->heard == traces[1]->heard,
                         "split reads are heard differently:\n  whole:" + whole +
                             "\n  split:" + split);
    }
    return result;
}
