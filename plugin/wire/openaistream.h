// SPDX-License-Identifier: MIT
// Turns the SSE events of an OpenAI-compatible Chat Completions stream into the core's
// transport events. Plain C++ (simdjson), so it is tested and benchmarked without Qt.
#pragma once

#include "koder/agent/input.h"
#include "replylimits.h"
#include "ssedecoder.h"
#include "usage.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace koder::wire {

/// One request's stream. Handles text, `reasoning_content` / `reasoning` deltas, tool calls
/// assembled by index (a new id at a used index opens a new call; a missing index counts by
/// position), the usage chunk, `finish_reason`, `[DONE]`, errors inside the stream
/// (`data: {"error":...}`, `event: error`) and unknown fields. Emits exactly one terminal input
/// (StreamEnded or StreamFailed); a stream that ends without a finish_reason is StreamEnded
/// with an empty reason, which the core reports as an incomplete turn.
///
/// A reply past `limits` ends with StreamFailed `too_large`; tool arguments nested deeper than
/// the core's JSON limit end it with `protocol_error`. Either way the buffers are freed.
class OpenAiStreamDecoder {
public:
    using Emit = std::function<void(koder::agent::Input&&)>;

    OpenAiStreamDecoder(koder::agent::RequestId requestId, Emit emit, Limits limits = {});
    ~OpenAiStreamDecoder();

    /// Feeds raw body bytes (runs the SSE decoder).
    void feed(std::string_view bytes);
    /// The body ended cleanly (no network error).
    void endOfStream();
    /// The connection failed mid-stream.
    void fail(koder::agent::ErrorInfo error);
    /// The request was cancelled: nothing more is emitted.
    void cancel()
    {
        finished_ = true;
        sse_.stop();
    }

    bool finished() const { return finished_; }
    /// SSE events dispatched so far (comments and blank lines are none): a transfer timeout
    /// measures the time between these.
    std::uint64_t events() const { return events_; }
    const Usage& usage() const { return usage_; }
    const std::string& finishReason() const { return finish_; }

private:
    struct ToolCallBuilder {
        std::int64_t index = 0;
        std::string id;
        std::string name;
        std::string arguments;
    };
    struct Json;

    void event(const SseEvent& e);
    void chunk(std::string_view json);
    void errorEvent(std::string_view data);
    void flushToolCalls();
    void end();
    void terminate(koder::agent::Input&& input);
    void refuse();

    koder::agent::RequestId requestId_;
    Emit emit_;
    SseDecoder sse_;
    std::unique_ptr<Json> json_;
    std::vector<ToolCallBuilder> calls_;
    ReplyBudget budget_;
    std::uint64_t events_ = 0;
    std::string finish_;
    Usage usage_;
    bool started_ = false;
    bool finished_ = false;
};

} // namespace koder::wire
