// SPDX-License-Identifier: MIT
// A Server-Sent Events decoder following the WHATWG algorithm (HTML §9.2.5-9.2.6). Plain C++.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace koder::wire {

/// One dispatched event. The views are valid during the handler call only.
struct SseEvent {
    std::string_view type; ///< "message" unless an `event:` field said otherwise
    std::string_view data; ///< `data:` lines joined with "\n"
    std::string_view id;   ///< the last event id seen so far (persists across events)
};

/// Feed it bytes as they arrive, in any split: CR, LF and CRLF line ends (a CRLF split across
/// reads is one line end), a leading BOM, comments, multi-line data, `event` / `id` / `retry`.
/// Bytes pass through untouched (UTF-8 is never split inside a line, since CR and LF never occur
/// within a multi-byte character). At end of stream an event without its blank line is dropped.
class SseDecoder {
public:
    using Handler = std::function<void(const SseEvent&)>;
    /// An event's data is followed by at least this many readable bytes, so a JSON parser that
    /// reads ahead (simdjson) can parse it in place.
    static constexpr std::size_t readablePadding = 64;

    explicit SseDecoder(Handler handler)
        : handler_(std::move(handler))
    {
    }

    void feed(std::string_view bytes);
    /// Drops whatever is pending (the spec's end-of-stream rule).
    void finish();
    /// Stops dispatching: later feed() calls are ignored (a handler may call it).
    void stop() { stopped_ = true; }
    bool stopped() const { return stopped_; }

    std::optional<std::int64_t> retryMs() const { return retry_; }
    const std::string& lastEventId() const { return lastId_; }

private:
    void line(std::string_view line);
    void dispatch();

    Handler handler_;
    std::string partial_; ///< an unfinished line carried across reads
    bool skipLf_ = false; ///< the last read ended with CR: a leading LF is its CRLF's half
    bool atStart_ = true; ///< no byte of the stream seen yet past a possible BOM
    bool stopped_ = false;
    std::string data_;
    std::string type_;
    std::string lastId_;
    std::optional<std::int64_t> retry_;
};

} // namespace koder::wire
