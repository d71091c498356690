// SPDX-License-Identifier: MIT
// Turns the SSE events of an Anthropic Messages stream (`"stream": true`) into the core's
// transport events. Plain C++ (simdjson), so it is tested and benchmarked without Qt.
#pragma once

#include "ssedecoder.h"
#include "streamdecoder.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace simdjson::dom {
class element;
class object;
} // namespace simdjson::dom

namespace koder::wire {

/// A thinking block of the reply as the API must get it back in the next request's assistant
/// message (it refuses a tool-use continuation whose thinking lost its signature).
struct ThinkingBlock {
    std::string thinking;  ///< the text, also emitted as reasoning
    std::string signature; ///< opaque; sent back unchanged
    bool redacted = false; ///< a `redacted_thinking` block: only `data` is meaningful
    std::string data;      ///< a redacted block's encrypted content

    friend bool operator==(const ThinkingBlock&, const ThinkingBlock&) = default;
};

/// One request's stream: `message_start`, `content_block_start` / `_delta` / `_stop`,
/// `message_delta`, `message_stop`, `ping` and `error`, dispatched on the data's `type` (the SSE
/// event name when the data has none). Unknown event types are ignored.
///
/// - Text blocks are the reply's text, joined as they come; thinking blocks its reasoning, and
///   with redacted ones they are kept with their signatures in thinkingBlocks().
/// - A `tool_use` block is a tool call: id and name from its start, arguments from its
///   `input_json_delta` fragments (or the start's `input` when no fragment came). Calls are held
///   until the stop reason is known and emitted in block order just before the end, and only
///   when the message finished with a stop reason other than `max_tokens`: a call the token limit
///   cut is never run, and a stream cut before its stop reason requests none.
/// - Blocks the server ran itself (`server_tool_use`, `*_tool_result`, `mcp_*`) are skipped in
///   silence; a block type it does not know is skipped and reported once through the warning
///   sink.
/// - Usage is the last the server reported, field by field: `input_tokens` → promptTokens,
///   `output_tokens` → completionTokens, `cache_read_input_tokens` → cachedTokens,
///   `cache_creation_input_tokens` → cacheWriteTokens.
/// - The turn ends at `message_stop`, or at the end of the body once `message_delta` gave a stop
///   reason; without one it ends with an empty reason (an incomplete turn). A `refusal` that
///   brought no text gets `stop_details.explanation` as its text.
/// - An `error` event fails the stream with the error it carries (`overloaded_error` →
///   "overloaded", retryable); an event that is not JSON with `protocol_error`.
///
/// `ping` keeps the connection alive and is not progress: it is not counted in events() (a
/// server that only pings still times out) and does not start the stream.
class AnthropicStreamDecoder final : public StreamDecoder {
public:
    AnthropicStreamDecoder(koder::agent::RequestId requestId, Emit emit, Limits limits = {});
    ~AnthropicStreamDecoder() override;

    void feed(std::string_view bytes) override;
    void endOfStream() override;

    /// The reply's thinking blocks in order, redacted ones included; complete once the stream
    /// ended. The next request sends them back before the reply's text and tool calls.
    const std::vector<ThinkingBlock>& thinkingBlocks() const { return thinking_; }
    /// The message id from `message_start` (empty until it came).
    const std::string& messageId() const { return messageId_; }

private:
    enum class Kind { Text, Thinking, ToolUse, Skipped };
    struct Block {
        std::int64_t index = 0;
        Kind kind = Kind::Skipped;
        std::size_t at = 0;  ///< position in thinking_ or calls_
        bool warned = false; ///< a delta it did not expect was reported
    };
    struct PendingCall {
        std::string id;
        std::string name;
        std::string arguments; ///< the `input_json_delta` fragments joined
        std::string input;     ///< the start's `input`, used when no fragment came
        bool fragments = false;
    };
    struct Json;

    void stopReading() override;
    void event(const SseEvent& e);
    void messageStart(simdjson::dom::object message);
    void blockStart(simdjson::dom::element doc);
    void blockDelta(simdjson::dom::element doc);
    void messageDelta(simdjson::dom::element doc);
    void readUsage(simdjson::dom::object usage);
    Block* block(std::int64_t index);
    void skipDelta(Block& b, std::string_view type);
    void finish();

    SseDecoder sse_;
    std::unique_ptr<Json> json_;
    std::vector<Block> blocks_;
    std::vector<PendingCall> calls_;
    std::vector<ThinkingBlock> thinking_;
    std::string messageId_;
    std::string explanation_; ///< a refusal's `stop_details.explanation`
    bool messageStarted_ = false;
    bool warnedOrphan_ = false; ///< a delta for a block that is not open was reported
};

} // namespace koder::wire
