// SPDX-License-Identifier: MIT
// What the HTTP streaming dialects (OpenAI Chat Completions and Responses, Anthropic, Ollama)
// share once their bytes are framed: one request's inputs to the core, its limits, its one
// terminal input, its usage and finish reason. Plain C++.
#pragma once

#include "koder/agent/input.h"
#include "replylimits.h"
#include "usage.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace koder::wire {

/// One request's stream. A subclass frames and parses the bytes; this base emits what they mean.
/// Every decoder emits StreamStarted with its first event and exactly one terminal input
/// (StreamEnded or StreamFailed). A reply past the limits ends with StreamFailed `too_large` and
/// frees what was buffered.
class StreamDecoder {
public:
    using Emit = std::function<void(koder::agent::Input&&)>;
    /// Receives a sentence about something the decoder did not understand and skipped.
    using Warn = std::function<void(std::string_view)>;

    virtual ~StreamDecoder();
    StreamDecoder(const StreamDecoder&) = delete;
    StreamDecoder& operator=(const StreamDecoder&) = delete;

    /// Feeds raw body bytes.
    virtual void feed(std::string_view bytes) = 0;
    /// The body ended cleanly (no network error).
    virtual void endOfStream() = 0;
    /// The connection failed mid-stream. A dialect whose end comes before the body's (AG-UI's
    /// RUN_FINISHED) may end normally instead.
    virtual void fail(koder::agent::ErrorInfo error);
    /// The request was cancelled: nothing more is emitted.
    void cancel();

    bool finished() const { return finished_; }
    /// Events (SSE events, NDJSON lines) dispatched so far: a transfer timeout measures the time
    /// between these, so keep-alive comments do not count.
    std::uint64_t events() const { return events_; }
    const Usage& usage() const { return usage_; }
    /// The finish reason as the wire said it (empty until it did).
    const std::string& finishReason() const { return finish_; }

    /// The reply's text when the model declined without saying anything (default English; the
    /// Qt layer passes a translation).
    void setDeclinedText(std::string text) { declined_ = std::move(text); }
    /// Where reports of unknown shapes go (default: nowhere).
    void setWarningSink(Warn warn) { warn_ = std::move(warn); }

protected:
    StreamDecoder(koder::agent::RequestId requestId, Emit emit, Limits limits);

    /// Stops the framing layer (a terminal input was emitted).
    virtual void stopReading() = 0;

    /// Counts an event; emits StreamStarted before the first. False once finished.
    bool beginEvent();
    /// Text and reasoning deltas, counted against the reply budget. False once finished.
    bool text(std::string_view s);
    bool reasoning(std::string_view s);
    /// Counts `bytes` of a tool call's name or arguments. False once finished.
    bool toolBytes(std::size_t bytes);
    /// Counts one more tool call. False once finished.
    bool newToolCall();
    /// A complete tool call, run by `runner`; refused (protocol_error) when its arguments could
    /// not be loaded. False once finished.
    bool toolCall(koder::agent::ToolCall call,
                  koder::agent::CallRunner runner = koder::agent::CallRunner::Client);
    /// Emits a non-terminal input whose bytes were counted already (or that costs nothing: a
    /// row's id, a question). False once finished.
    bool emitInput(koder::agent::Input&& input);
    /// Ends the request with `reason` (the wire's; empty for a stream cut before its end). A
    /// refusal that brought no text gets `explanation`, else the declined text, as its text.
    /// `finalText`, when set, replaces the text that streamed (StreamEnded::text).
    void end(std::string reason, std::string_view explanation = {},
             std::optional<std::string> finalText = std::nullopt);
    void failWith(koder::agent::ErrorInfo error);
    /// The reply went past a limit (the budget says which).
    void refuse();
    void eventTooLarge();
    void warn(std::string_view what);
    void setFinishReason(std::string_view reason) { finish_ = std::string(reason); }
    Usage& reportedUsage() { return usage_; }
    koder::agent::RequestId requestId() const { return requestId_; }

private:
    void terminate(koder::agent::Input&& input);

    koder::agent::RequestId requestId_;
    Emit emit_;
    ReplyBudget budget_;
    Warn warn_;
    std::string declined_ = "The model declined to answer.";
    std::string finish_;
    Usage usage_;
    std::uint64_t events_ = 0;
    bool started_ = false;
    bool finished_ = false;
    bool saidText_ = false;
};

} // namespace koder::wire
