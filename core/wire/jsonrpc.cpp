// SPDX-License-Identifier: MIT
#include "jsonrpc.h"

#include <cstdint>
#include <limits>
#include <utility>

namespace koder::wire::jsonrpc {

using nlohmann::json;

namespace {

/// Compact JSON that never throws: text the caller passed in may hold invalid UTF-8 (what a
/// server sent has been checked by the parser already), and dump() throws on it by default.
std::string compact(const json& value)
{
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string quoted(std::string_view text)
{
    return compact(json(std::string(text)));
}

/// MCP ids are integers or strings; a float (1.5, 1e3) or a bool would not match the client's
/// own ids however it was converted, so it is refused rather than rounded.
bool validId(const json& id)
{
    return id.is_number_integer() || id.is_string();
}

Message invalid(std::string problem)
{
    Message m;
    m.problem = std::move(problem);
    return m;
}

/// A request (with an id) or a notification; `object` has a `method` member.
Message readCall(json& object)
{
    json& method = object["method"];
    if (!method.is_string() || method.get_ref<const std::string&>().empty())
        return invalid("The message's method is not a non-empty string.");
    const auto params = object.find("params");
    if (params != object.end() && !params->is_object() && !params->is_array())
        return invalid("The message's params are neither an object nor an array.");

    Message m;
    const auto id = object.find("id");
    if (id == object.end()) {
        m.kind = Kind::Notification;
    } else if (id->is_null()) {
        return invalid("The request's id is null.");
    } else if (!validId(*id)) {
        return invalid("The request's id is neither an integer nor a string.");
    } else {
        m.kind = Kind::Request;
        m.id = std::move(*id);
    }
    m.method = std::move(method.get_ref<std::string&>());
    // Moved, not copied: a copy of a deeply nested value recurses, a move does not.
    if (params != object.end())
        m.params = std::move(*params);
    return m;
}

/// A response's `error` member: an object with an integer `code` (that fits an int) and a
/// string `message`.
Message readError(json& error)
{
    if (!error.is_object())
        return invalid("The response's error is not an object.");
    const auto code = error.find("code");
    if (code == error.end() || !code->is_number_integer())
        return invalid("The response's error has no integer code.");
    const bool fits = code->is_number_unsigned()
                          ? code->get<std::uint64_t>() <=
                                static_cast<std::uint64_t>(std::numeric_limits<int>::max())
                          : code->get<std::int64_t>() >= std::numeric_limits<int>::min() &&
                                code->get<std::int64_t>() <= std::numeric_limits<int>::max();
    if (!fits)
        return invalid("The response's error code is out of range.");
    const auto message = error.find("message");
    if (message == error.end() || !message->is_string())
        return invalid("The response's error has no string message.");

    Message m;
    m.kind = Kind::Error;
    m.errorCode = static_cast<int>(code->get<std::int64_t>());
    m.errorMessage = std::move(message->get_ref<std::string&>());
    if (const auto data = error.find("data"); data != error.end())
        m.errorData = std::move(*data);
    return m;
}

/// A result or an error; `object` has no `method` member.
Message readResponse(json& object)
{
    const auto result = object.find("result");
    const auto error = object.find("error");
    const bool hasResult = result != object.end();
    const bool hasError = error != object.end();
    if (hasResult == hasError)
        return invalid(hasResult ? "The response has both a result and an error."
                                 : "The message is neither a request, a notification nor a "
                                   "response.");
    const auto id = object.find("id");
    // An error may answer a request whose id the server could not read: its id is null then.
    const bool idOk = id != object.end() && (validId(*id) || (hasError && id->is_null()));
    if (!idOk)
        return invalid(hasResult ? "The result's id is neither an integer nor a string."
                                 : "The error's id is neither an integer, a string nor null.");

    Message m;
    if (hasResult) {
        m.kind = Kind::Result;
        m.result = std::move(*result);
    } else {
        m = readError(*error);
        if (m.kind == Kind::Invalid)
            return m;
    }
    m.id = std::move(*id);
    return m;
}

std::string envelope(const json& id, std::string_view member, const std::string& value)
{
    return R"({"jsonrpc":"2.0","id":)" + compact(id) + ",\"" + std::string(member) + "\":" + value +
           "}";
}

} // namespace

namespace {
// Whether `text` nests arrays and objects deeper than maxDepth, read without building anything:
// a line of a million "[" would otherwise be built, and later copied and written, recursively.
bool nestsTooDeep(std::string_view text)
{
    std::size_t depth = 0;
    bool inString = false;
    bool escaped = false;
    for (const char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth)
                return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return false;
}
} // namespace

Message parse(std::string_view text)
{
    if (nestsTooDeep(text))
        return invalid("The message nests arrays and objects too deeply.");
    json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded())
        return invalid("The message is not JSON.");
    if (doc.is_array())
        return invalid("The message is a batch (a JSON array); MCP sends one message at a time.");
    if (!doc.is_object())
        return invalid("The message is not a JSON object.");
    const auto version = doc.find("jsonrpc");
    if (version == doc.end() || !version->is_string() ||
        version->get_ref<const std::string&>() != "2.0")
        return invalid("The message's jsonrpc member is not \"2.0\".");
    if (doc.contains("method"))
        return readCall(doc);
    return readResponse(doc);
}

std::string request(const json& id, std::string_view method, const json& params)
{
    std::string out = R"({"jsonrpc":"2.0","id":)" + compact(id) + ",\"method\":" + quoted(method);
    if (!params.is_null())
        out += ",\"params\":" + compact(params);
    return out + "}";
}

std::string notification(std::string_view method, const json& params)
{
    std::string out = R"({"jsonrpc":"2.0","method":)" + quoted(method);
    if (!params.is_null())
        out += ",\"params\":" + compact(params);
    return out + "}";
}

std::string result(const json& id, const json& value)
{
    return envelope(id, "result", compact(value));
}

std::string error(const json& id, int code, std::string_view message)
{
    return envelope(id, "error",
                    R"({"code":)" + std::to_string(code) + ",\"message\":" + quoted(message) + "}");
}

LineSplitter::LineSplitter(std::size_t maxLineBytes)
    : max_(maxLineBytes)
{
}

namespace {

/// Whether `size` bytes ending in `last` hold a line longer than `max`: a last '\r' may be the
/// first half of a "\r\n" terminator, which does not count.
bool tooLong(std::size_t size, char last, std::size_t max)
{
    return size > max && (size - max > 1 || last != '\r');
}

} // namespace

void LineSplitter::feed(std::string_view bytes, const std::function<void(std::string_view)>& line)
{
    while (!overflowed_ && !bytes.empty()) {
        const std::size_t end = bytes.find('\n');
        const std::string_view part = bytes.substr(0, end);
        const std::size_t size = buffer_.size() + part.size();
        const char last = !part.empty() ? part.back() : !buffer_.empty() ? buffer_.back() : '\0';
        // Checked before anything is held, so that memory stays within the limit.
        if (tooLong(size, last, max_)) {
            overflowed_ = true;
            std::string().swap(buffer_); // clear() would keep the capacity
            return;
        }
        if (end == std::string_view::npos) {
            buffer_.append(part);
            return;
        }
        bytes.remove_prefix(end + 1);
        std::string_view complete = part;
        if (!buffer_.empty()) {
            buffer_.append(part);
            complete = buffer_;
        }
        if (!complete.empty() && complete.back() == '\r')
            complete.remove_suffix(1);
        // A line of nothing but CRs is as empty as a blank one (CR is JSON whitespace too).
        if (complete.find_first_not_of('\r') != std::string_view::npos)
            line(complete);
        buffer_.clear();
    }
}

} // namespace koder::wire::jsonrpc
