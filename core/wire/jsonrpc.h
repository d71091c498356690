// SPDX-License-Identifier: MIT
// JSON-RPC 2.0 as MCP speaks it (one message per stdio line, per HTTP body or per SSE event):
// reading a message with the checks a client needs before it trusts one, writing the four
// shapes a client sends, and the stdio line framing with its size limit. Plain C++
// (nlohmann-json), so it is fuzzed and tested without Qt; the Qt client keeps the session.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace koder::wire::jsonrpc {

/// The error codes JSON-RPC 2.0 reserves.
inline constexpr int parseError = -32700;
inline constexpr int invalidRequest = -32600;
inline constexpr int methodNotFound = -32601;
inline constexpr int invalidParams = -32602;
inline constexpr int internalError = -32603;

/// The deepest nesting of arrays and objects a message may have.
inline constexpr std::size_t maxDepth = 64;

enum class Kind { Request, Notification, Result, Error, Invalid };

/// One message. Only the fields of its kind are set.
struct Message {
    Kind kind = Kind::Invalid;
    nlohmann::json id;     ///< Request, Result, Error: an integer or a string (Error: or null)
    std::string method;    ///< Request, Notification
    nlohmann::json params; ///< Request, Notification: an object or an array; null when absent
    nlohmann::json result; ///< Result: any JSON value
    int errorCode = 0;     ///< Error
    std::string errorMessage;
    nlohmann::json errorData; ///< Error: null when absent
    std::string problem;      ///< Invalid: an English sentence saying what is wrong
};

/// Reads one message from `text`. Never throws. Invalid (with `problem`) when: nested deeper
/// than maxDepth (checked before anything is built), not JSON, not an
/// object (a batch, an array, is refused: MCP dropped batches in 2025-06-18), `jsonrpc` is not
/// "2.0", `id` is neither an integer nor a string (a request's id may not be null), `method` is
/// not a non-empty string, `params` is neither an object nor an array, a response has both or
/// neither of `result` and `error`, or `error` lacks an integer `code` or a string `message`.
/// Members the spec does not name are ignored.
Message parse(std::string_view text);

/// The messages a client writes, as compact one-line JSON (no raw newline: JSON escapes them).
/// A null `params` is left out.
std::string request(const nlohmann::json& id, std::string_view method,
                    const nlohmann::json& params = nullptr);
std::string notification(std::string_view method, const nlohmann::json& params = nullptr);
std::string result(const nlohmann::json& id, const nlohmann::json& value);
std::string error(const nlohmann::json& id, int code, std::string_view message);

/// Splits a byte stream into lines (the stdio transport: one message per line, "\n" or "\r\n").
/// Memory stays bounded: a line longer than `maxLineBytes` (its terminator not counted) sets
/// overflowed(), frees the buffer and stops the splitter for good.
class LineSplitter {
public:
    explicit LineSplitter(std::size_t maxLineBytes);

    /// Calls `line` for every complete line in `bytes`, in order, without its terminator; empty
    /// lines (and lines of only "\r") are skipped. Nothing more after an overflow.
    void feed(std::string_view bytes, const std::function<void(std::string_view)>& line);
    bool overflowed() const { return overflowed_; }
    /// Bytes held of an unfinished line.
    std::size_t buffered() const { return buffer_.size(); }

private:
    std::size_t max_;
    std::string buffer_;
    bool overflowed_ = false;
};

} // namespace koder::wire::jsonrpc
