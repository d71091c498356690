// SPDX-License-Identifier: MIT
// Turns the SSE events of an OpenAI Responses API stream (`POST /v1/responses`,
// `"stream": true`) into the core's transport events. Plain C++ (simdjson), so it is tested and
// benchmarked without Qt.
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

/// A reasoning item of the reply as a stateless request must send it back: its id, its
/// encrypted content (the model's reasoning, opaque) and its summary parts.
struct ResponsesReasoning {
    std::string id;
    std::string encryptedContent;     ///< empty when the server gave none
    std::vector<std::string> summary; ///< the summary parts' text, in order
    /// Whether a message or a function call follows it in the output: the API refuses a
    /// reasoning item sent back without the item it led to.
    bool followed = false;
    std::string followedBy; ///< the `call_id` of the function call it led to; empty: a message

    friend bool operator==(const ResponsesReasoning&, const ResponsesReasoning&) = default;
};

/// An output item the server ran or asked about itself (web search, file search, MCP, code
/// interpreter, custom tools, types unknown to the decoder): shown with the reply, never run
/// here. Every field but `type` may be empty.
struct ServerTool {
    std::string type;   ///< as on the wire: "web_search_call", "mcp_call", ...
    std::string status; ///< "completed", "in_progress", "failed", ... when it has one
    std::string name;   ///< the tool's name (MCP, custom tools) or the MCP server's label
    std::string input;  ///< what it was asked, as text: a query, arguments, code, input
    std::string output; ///< what it returned that is text: output, logs, results
    std::string error;  ///< its error, when it failed

    friend bool operator==(const ServerTool&, const ServerTool&) = default;
};

/// One request's stream of Responses API events, dispatched on the data's `type` (the SSE event
/// name when the data has none). There is no `[DONE]`: the stream ends after its terminal event.
///
/// - Output items are tracked by `output_index` (servers rotate item ids mid-stream), falling
///   back to `item_id` for an event without an index; `sequence_number` is not needed.
/// - `response.output_text.delta` is the reply's text, several parts and message items joined
///   as they come with nothing added. A `.done` event (`output_text.done`, `content_part.done`,
///   `output_item.done`) that restates a part differently wins: the end's StreamEnded carries
///   the whole text then (a part that only came whole is emitted as text when it comes).
/// - `response.reasoning_summary_text.delta` and `response.reasoning_text.delta` are
///   reasoning (a blank line between summary parts); a reasoning item that streamed nothing
///   gives its text from `output_item.done`. Reasoning items are kept with their
///   `encrypted_content` in reasoningItems().
/// - A `function_call` item is a tool call: `call_id` and name from the item, arguments from
///   the deltas or, when given, from `function_call_arguments.done` / `output_item.done`.
///   Calls are held until `response.completed` and emitted in output order then; an
///   incomplete or failed response runs none.
/// - `response.refusal.delta` is the reply's text and makes it a refusal.
/// - Items of any other type never become tool calls: each is a ServerTool in serverTools(),
///   in output order.
/// - `response.completed` ends the turn: finish reason `tool_calls` when the output has a
///   function call, `refusal` after a refusal, else `stop`; `response.incomplete` with
///   `length` (`max_output_tokens`) or `content_filter`. Usage comes from the response:
///   `input_tokens`, `output_tokens`, `total_tokens`, `input_tokens_details.cached_tokens`,
///   `output_tokens_details.reasoning_tokens` (a reported 0 kept as 0).
/// - An `error` event and `response.failed` fail the stream with the server's code and message
///   (errorFromServerCode()). A body that ends without a terminal event ends with an empty
///   reason (the core's retryable `incomplete`); an event that is not JSON fails with
///   `protocol_error`. Unknown event types are ignored.
class ResponsesStreamDecoder final : public StreamDecoder {
public:
    ResponsesStreamDecoder(koder::agent::RequestId requestId, Emit emit, Limits limits = {});
    ~ResponsesStreamDecoder() override;

    void feed(std::string_view bytes) override;
    void endOfStream() override;

    /// The reply's reasoning items in output order; complete once the stream ended. A stateless
    /// follow-up request sends back those with encrypted content.
    const std::vector<ResponsesReasoning>& reasoningItems() const { return reasoningOut_; }
    /// The items the server ran itself, in output order; complete once the stream ended.
    const std::vector<ServerTool>& serverTools() const { return serverToolsOut_; }
    /// The response's id (empty until `response.created` or a later event gave it).
    const std::string& responseId() const { return responseId_; }

private:
    struct Item;
    struct Json;
    /// The fields of an event a delta needs, read in one pass.
    struct Delta {
        std::string_view type;
        std::string_view text; ///< `delta`
        bool hasText = false;
        bool indexed = false;
        std::int64_t outputIndex = -1;
        std::int64_t partIndex = 0; ///< `content_index` or `summary_index`
        std::string_view itemId;
    };

    void stopReading() override;
    void event(const SseEvent& e);
    void dispatch(std::string_view type, simdjson::dom::element doc);
    Item* itemFor(simdjson::dom::element doc, bool create);
    Item* itemFor(const Delta& d, bool create);
    Item* addItem(std::int64_t index);
    void itemAdded(simdjson::dom::element doc, bool done);
    void readItem(Item& item, simdjson::dom::element e, bool done);
    void textDelta(const Delta& d, bool refusal);
    void textDone(simdjson::dom::element doc, std::string_view whole, bool given, bool refusal);
    bool restate(Item& item, std::int64_t at, std::string_view whole, bool refusal);
    void reasoningDelta(const Delta& d, bool summary);
    bool reasoningPart(std::string_view text, bool newPart);
    void summaryDone(simdjson::dom::element doc);
    void argumentsDelta(const Delta& d);
    void argumentsDone(simdjson::dom::element doc);
    bool stateArguments(Item& item, std::string_view whole, bool finished);
    void readResponse(simdjson::dom::object response);
    void readUsage(simdjson::dom::object usage);
    void failFrom(simdjson::dom::element error, std::string_view fallbackMessage);
    void complete(std::string_view reason);
    void finish(std::string reason, bool runCalls);

    SseDecoder sse_;
    std::unique_ptr<Json> json_;
    std::vector<std::unique_ptr<Item>> items_; ///< in output order
    Item* current_ = nullptr;                  ///< the item the last event was about
    std::vector<ResponsesReasoning> reasoningOut_;
    std::vector<ServerTool> serverToolsOut_;
    std::string responseId_;
    bool refused_ = false;
    bool saidReasoning_ = false;
};

} // namespace koder::wire
