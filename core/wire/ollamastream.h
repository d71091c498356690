// SPDX-License-Identifier: MIT
// Turns the NDJSON body of Ollama's native /api/chat stream into the core's transport events.
// Plain C++ (simdjson), so it is tested and benchmarked without Qt.
#pragma once

#include "streamdecoder.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace simdjson::dom {
class array;
class object;
} // namespace simdjson::dom

namespace koder::wire {

/// One request's stream: one JSON object per line (LF or CRLF; blank lines skipped, a last line
/// without its newline still read). `message.thinking` is reasoning, `message.content` text, and
/// `message.tool_calls` complete calls whose object arguments become compact JSON text; Ollama
/// gives calls no ids, so each gets `ollama_<requestId>_<n>`, unique across requests. The
/// `done:true` line brings the usage (`prompt_eval_count`, `eval_count`) and `done_reason`
/// ("stop" when missing) and ends the request; what follows it is ignored. An `{"error":...}`
/// line ends it as the HTTP transports map an error body; a line that is not a JSON object
/// (or nests deeper than the core's JSON limit) ends it with `protocol_error`, a line longer than
/// `maxEventBytes` with `too_large` before it is buffered whole. A body that ends without its
/// done line is StreamEnded with an empty reason, which the core reports as an incomplete turn.
/// Shapes it does not know (content that is not text, a call without a function) go to the
/// warning sink; unknown fields are ignored.
class OllamaStreamDecoder final : public StreamDecoder {
public:
    OllamaStreamDecoder(koder::agent::RequestId requestId, Emit emit, Limits limits = {});
    ~OllamaStreamDecoder() override;

    void feed(std::string_view bytes) override;
    void endOfStream() override;

    /// Bytes held for a line whose newline has not come yet (bounded by maxEventBytes).
    std::size_t bufferedBytes() const { return line_.size(); }

private:
    struct Json;

    void stopReading() override;
    void dispatchLine();
    void parseLine(std::string_view line);
    bool message(simdjson::dom::object message);
    bool toolCalls(simdjson::dom::array calls);

    std::unique_ptr<Json> json_;
    std::string line_; ///< the line read so far, without its newline
    std::size_t maxLineBytes_;
    std::uint64_t calls_ = 0; ///< tool calls named so far: the next generated id
    bool stopped_ = false;
};

} // namespace koder::wire
