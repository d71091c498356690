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
    std::string_view id;   ///< the last event id, as set at this dispatch (persists across events)
};

/// Feed it bytes as they arrive, in any split: CR, LF and CRLF line ends (a CRLF split across
/// reads is one line end), a leading BOM, comments, multi-line data, `event` / `id` / `retry`.
/// Bytes pass through untouched (UTF-8 is never split inside a line, since CR and LF never occur
/// within a multi-byte character). At end of stream an event without its blank line is dropped.
///
/// Memory is bounded: a line, or an event's data, longer than `maxEventBytes` stops the decoder
/// (overflowed() tells), and what it had buffered is freed.
class SseDecoder {
public:
    using Handler = std::function<void(const SseEvent&)>;
    /// An event's data is followed by at least this many readable bytes, so a JSON parser that
    /// reads ahead (simdjson) can parse it in place.
    static constexpr std::size_t readablePadding = 64;
    static constexpr std::size_t unlimited = static_cast<std::size_t>(-1);

    explicit SseDecoder(Handler handler, std::size_t maxEventBytes = unlimited)
        : handler_(std::move(handler))
        , maxEventBytes_(maxEventBytes)
    {
    }

    void feed(std::string_view bytes);
    /// The end of one stream: drops whatever is pending (the spec's end-of-stream rule). The
    /// decoder can read a next stream (a reconnection) from its start, BOM included; the last
    /// event id and the retry time carry over, as they do for an EventSource.
    void finish();
    /// Back to a new decoder's state, the last event id and retry time included.
    void reset();
    /// Stops dispatching: later feed() calls are ignored (a handler may call it).
    void stop() { stopped_ = true; }
    bool stopped() const { return stopped_; }
    /// A line or an event was larger than `maxEventBytes`: the decoder stopped.
    bool overflowed() const { return overflowed_; }

    std::optional<std::int64_t> retryMs() const { return retry_; }
    /// The id of the last dispatched event (what a reconnection sends as Last-Event-ID).
    const std::string& lastEventId() const { return lastId_; }

private:
    void lines(std::string_view bytes);
    void line(std::string_view line);
    void dispatch();
    void overflow();
    void clearPending();

    Handler handler_;
    std::size_t maxEventBytes_;
    std::string partial_;     ///< an unfinished line carried across reads
    std::size_t bomSeen_ = 0; ///< how many bytes of a leading BOM arrived so far
    bool skipLf_ = false;     ///< the last read ended with CR: a leading LF is its CRLF's half
    bool atStart_ = true;     ///< no byte of the stream seen yet past a possible BOM
    bool stopped_ = false;
    bool overflowed_ = false;
    std::string data_;
    std::string type_;
    std::string idBuffer_; ///< the spec's "last event ID buffer": set by `id:` lines
    std::string lastId_;   ///< the spec's "last event ID string": set at dispatch
    std::optional<std::int64_t> retry_;
};

} // namespace koder::wire
