// SPDX-License-Identifier: MIT
// Turns the SSE events of an OpenAI-compatible Chat Completions stream into the core's
// transport events. Plain C++ (simdjson), so it is tested and benchmarked without Qt.
#pragma once

#include "ssedecoder.h"
#include "streamdecoder.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace simdjson::dom {
class array;
class element;
} // namespace simdjson::dom

namespace koder::wire {

/// One request's stream. Handles text, `reasoning_content` / `reasoning` deltas, tool calls
/// assembled by index (a new id at a used index opens a new call; a missing index counts by
/// position), the usage chunk, `finish_reason`, `[DONE]`, errors inside the stream
/// (`data: {"error":...}`, `event: error`) and unknown fields. A `delta.refusal` is the reply's
/// text and ends it as a refusal; `delta.content` given as an array of parts (Mistral's `text`
/// and `thinking` parts) is read part by part, and a shape it does not know is reported through
/// the warning sink, never dropped in silence. A stream that ends without a finish_reason is
/// StreamEnded with an empty reason, which the core reports as an incomplete turn.
///
/// Tool arguments nested deeper than the core's JSON limit end the stream with
/// `protocol_error`.
class OpenAiStreamDecoder final : public StreamDecoder {
public:
    OpenAiStreamDecoder(koder::agent::RequestId requestId, Emit emit, Limits limits = {});
    ~OpenAiStreamDecoder() override;

    void feed(std::string_view bytes) override;
    void endOfStream() override;

private:
    struct ToolCallBuilder {
        std::int64_t index = 0;
        std::string id;
        std::string name;
        std::string arguments;
    };
    struct Json;

    void stopReading() override;
    void event(const SseEvent& e);
    void chunk(std::string_view json);
    void errorEvent(std::string_view data);
    bool content(simdjson::dom::element content);
    bool toolFragments(simdjson::dom::array fragments);
    bool flushToolCalls();
    void finish();

    SseDecoder sse_;
    std::unique_ptr<Json> json_;
    std::vector<ToolCallBuilder> calls_;
    bool refused_ = false; ///< a `delta.refusal` came: the reply ends as a refusal
};

} // namespace koder::wire
