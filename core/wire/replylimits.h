// SPDX-License-Identifier: MIT
// What a transport accepts from a server before it ends the turn: bounded memory against a
// hostile or broken server. Plain C++.
#pragma once

#include "koder/agent/message.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace koder::wire {

struct Limits {
    /// One SSE line or event, NDJSON line or WebSocket message.
    std::size_t maxEventBytes = std::size_t{8} << 20;
    /// Text, reasoning and tool calls (names and arguments) of one request.
    std::size_t maxReplyBytes = std::size_t{32} << 20;
    /// Tool calls one request may ask for.
    std::size_t maxToolCallsPerStep = 64;
};

/// Counts one request's reply against the limits. Each `add…` returns false once the reply went
/// past a limit; `error()` then says which (code "too_large", not retryable).
class ReplyBudget {
public:
    explicit ReplyBudget(const Limits& limits)
        : limits_(limits)
    {
    }

    bool addBytes(std::size_t n)
    {
        bytes_ += n;
        return bytes_ <= limits_.maxReplyBytes || refuse(Exceeded::Reply);
    }
    bool addToolCall()
    {
        ++calls_;
        return calls_ <= limits_.maxToolCallsPerStep || refuse(Exceeded::ToolCalls);
    }
    /// An event that was larger than maxEventBytes.
    void eventTooLarge() { refuse(Exceeded::Event); }

    bool exceeded() const { return exceeded_ != Exceeded::Nothing; }
    koder::agent::ErrorInfo error() const;

private:
    enum class Exceeded { Nothing, Event, Reply, ToolCalls };
    bool refuse(Exceeded what)
    {
        exceeded_ = what;
        return false;
    }

    Limits limits_;
    std::size_t bytes_ = 0;
    std::size_t calls_ = 0;
    Exceeded exceeded_ = Exceeded::Nothing;
};

/// Tool arguments the library could not load later (nested deeper than the core's JSON limit, or
/// larger than it): the error that ends the turn (code "protocol_error"), before any tool or view
/// sees them. Arguments that are not JSON at all pass: the tool reports them.
std::optional<koder::agent::ErrorInfo> refuseToolArguments(std::string_view toolName,
                                                           std::string_view arguments);

} // namespace koder::wire
