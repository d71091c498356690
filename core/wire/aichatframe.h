// SPDX-License-Identifier: MIT
// Reads one text message of the aichat.v1 WebSocket protocol (PROTOCOL.md) into a typed frame.
// Plain C++ (simdjson), so it is fuzzed and tested without Qt; the transport keeps the
// protocol's state (turns, sequence numbers, tool results).
#pragma once

#include "koder/agent/message.h"
#include "usage.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace koder::wire {

/// The fields of a frame this library reads; absent fields keep their defaults.
struct AichatFrame {
    std::string type;
    std::string turn;
    std::string rid;
    std::int64_t seq = -1;           ///< -1 when absent or not an integer
    std::string text;                ///< delta
    bool reasoning = false;          ///< delta on the "reasoning" channel
    std::string callId;              ///< tool_call
    std::string name;                ///< tool_call
    std::string arguments = "{}";    ///< tool_call: JSON text (an object is kept compact)
    std::string finishReason;        ///< step.end, turn.end
    Usage usage;                     ///< turn.end
    koder::agent::ErrorInfo error;   ///< error: code, message, retryable, retry_after_ms (clamped)
    bool resume = false;             ///< hello: caps.resume (the server keeps turns after a drop)
    std::int64_t toolTimeoutMs = -1; ///< hello: limits.tool_timeout_ms; -1 when absent
};

/// One parser per connection: it keeps its buffers between messages.
class AichatFrameParser {
public:
    AichatFrameParser();
    ~AichatFrameParser();

    /// A frame, or why the message is not one (code "protocol_error": not a JSON object, nested
    /// deeper than the library's JSON limit, a version other than 1, or tool arguments given as
    /// text that is nested too deep).
    std::variant<AichatFrame, koder::agent::ErrorInfo> parse(std::string_view message);

private:
    struct Json;
    std::unique_ptr<Json> json_;
};

} // namespace koder::wire
