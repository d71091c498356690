// SPDX-License-Identifier: MIT
#include "errors.h"

#include <algorithm>

#include <simdjson.h>

#include <array>
#include <charconv>
#include <cmath>
#include <ctime>

namespace koder::wire {

using koder::agent::ErrorInfo;

namespace {

std::string codeForStatus(int status)
{
    switch (status) {
    case 400:
        return "bad_request";
    case 401:
        return "unauthorized";
    case 403:
        return "forbidden";
    case 404:
        return "not_found";
    case 408:
        return "upstream_timeout";
    case 413:
        return std::string(contextLengthCode); // a request too large, its history included
    case 429:
        return "rate_limited";
    case 503:
    case 529:
        return "overloaded";
    default:
        return status >= 500 ? "upstream_error" : "bad_request";
    }
}

// What a server's error `type` / `code` string says, when it says something we know.
std::string codeForName(std::string_view name)
{
    if (name == "rate_limit_exceeded")
        return "rate_limited";
    if (name == "rate_limit_error")
        return "rate_limit"; // Anthropic's, under the name DESIGN.md gives it
    if (name == "insufficient_quota")
        return "forbidden"; // quota exhausted: retrying does not help
    if (name == "invalid_api_key" || name == "authentication_error")
        return "unauthorized";
    if (name == "permission_error")
        return "forbidden";
    if (name == "not_found_error" || name == "model_not_found")
        return "not_found";
    if (name == "context_length_exceeded" || name == "exceed_context_size_error" ||
        name == "model_context_window_exceeded" || name == "context_window_exceeded" ||
        name == contextLengthCode)
        return std::string(contextLengthCode);
    if (name == "overloaded" || name == "overloaded_error")
        return "overloaded";
    if (name == "server_error" || name == "api_error")
        return "upstream_error";
    if (name == "invalid_request_error" || name == "BadRequestError")
        return "bad_request";
    return {};
}

// Our stable codes (and the aichat.v1 ones) that say something other than a prompt too long: a
// message that mentions tokens does not turn them into one ("too many tokens per minute" is a
// rate limit).
bool saysOtherThanContext(std::string_view code)
{
    static constexpr std::string_view others[] = {
        "rate_limited",     "rate_limit",          "unauthorized",   "forbidden",  "not_found",
        "overloaded",       "upstream_timeout",    "transport",      "tls",        "redirect",
        "too_large",        "protocol_error",      "content_filter", "incomplete", "tool_timeout",
        "turn_in_progress", "unsupported_version", "unknown_turn",
    };
    for (std::string_view other : others)
        if (code == other)
            return true;
    return false;
}

// What servers write when the prompt does not fit (OpenAI and vLLM "This model's maximum
// context length is ...", llama.cpp "exceeds the available context size", Ollama "the input
// length exceeds the context length", Anthropic "prompt is too long: N tokens > M maximum",
// Gemini "The input token count ... exceeds the maximum number of tokens allowed").
bool messageSaysContextLength(std::string_view message)
{
    static constexpr std::string_view phrases[] = {
        "maximum context length", "context length",     "context window",
        "context size",           "prompt is too long", "too many tokens",
        "exceeds the context",    "input token count",  "input is too long",
    };
    std::string lower(message.substr(0, 4096));
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    for (std::string_view phrase : phrases)
        if (lower.find(phrase) != std::string::npos)
            return true;
    return false;
}

bool retryableCode(std::string_view code)
{
    return code == "rate_limited" || code == "rate_limit" || code == "overloaded" ||
           code == "upstream_error" || code == "upstream_timeout" || code == "transport";
}

std::string trimmed(std::string_view text, std::size_t max)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    std::string out(text.substr(0, max));
    if (text.size() > max)
        out += "...";
    return out;
}

} // namespace

ErrorInfo errorFromResponse(int httpStatus, std::string_view body, std::int64_t retryAfter)
{
    ErrorInfo error;
    error.retryAfterMs = retryAfter;
    std::string code = httpStatus > 0 ? codeForStatus(httpStatus) : std::string("upstream_error");
    std::string message;

    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    const simdjson::padded_string padded(body);
    if (!parser.parse(padded).get(doc)) {
        simdjson::dom::element e;
        if (!doc["error"].get(e)) {
            std::string_view text;
            if (!e.get_string().get(text)) {
                message = std::string(text);
            } else {
                if (!e["message"].get_string().get(text))
                    message = std::string(text);
                std::string fromName;
                if (!e["code"].get_string().get(text))
                    fromName = codeForName(text);
                if (fromName.empty() && !e["type"].get_string().get(text))
                    fromName = codeForName(text);
                std::int64_t numeric = 0;
                if (fromName.empty() && httpStatus == 0 && !e["code"].get_int64().get(numeric))
                    fromName = codeForStatus(static_cast<int>(numeric)); // vLLM: a number
                if (!fromName.empty())
                    code = fromName;
            }
        } else {
            std::string_view text;
            if (!doc["message"].get_string().get(text))
                message = std::string(text);
        }
    }
    if (message.empty())
        message = !body.empty()
                      ? trimmed(body, 200)
                      : "The server answered with HTTP status " + std::to_string(httpStatus) + ".";
    if (saysContextLength(code, message))
        code = std::string(contextLengthCode);
    error.code = code;
    error.message = message;
    error.retryable = code != contextLengthCode &&
                      (retryableCode(code) || httpStatus == 408 || httpStatus == 409);
    return error;
}

ErrorInfo errorFromServerCode(std::string_view code, std::string_view message)
{
    ErrorInfo error;
    error.code = code.empty() ? std::string("upstream_error") : trimmed(code, 100);
    error.message = trimmed(message, 2000);
    const std::string known = codeForName(code);
    error.retryable = retryableCode(error.code) || (!known.empty() && retryableCode(known));
    return recognizeContextLength(std::move(error));
}

bool saysContextLength(std::string_view name, std::string_view message)
{
    const std::string known = codeForName(name);
    if (known == contextLengthCode)
        return true;
    // A name that says something else we know wins over what the message mentions.
    if ((!known.empty() && known != "bad_request" && known != "upstream_error") ||
        saysOtherThanContext(name))
        return false;
    return messageSaysContextLength(message);
}

ErrorInfo recognizeContextLength(ErrorInfo error)
{
    if (!saysContextLength(error.code, error.message))
        return error;
    error.code = std::string(contextLengthCode);
    error.retryable = false;
    error.retryAfterMs = -1;
    return error;
}

std::optional<std::int64_t> parseHttpDate(std::string_view text)
{
    // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
    static constexpr std::array<std::string_view, 12> months{
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    if (text.size() != 29 || text.substr(25) != " GMT")
        return std::nullopt;
    auto number = [&](std::size_t at, std::size_t len) -> std::optional<int> {
        int v = 0;
        const auto r = std::from_chars(text.data() + at, text.data() + at + len, v);
        if (r.ec != std::errc() || r.ptr != text.data() + at + len)
            return std::nullopt;
        return v;
    };
    const auto day = number(5, 2), year = number(12, 4), hour = number(17, 2),
               minute = number(20, 2), second = number(23, 2);
    int month = -1;
    for (std::size_t i = 0; i < months.size(); ++i)
        if (text.substr(8, 3) == months[i])
            month = static_cast<int>(i);
    if (!day || !year || !hour || !minute || !second || month < 0)
        return std::nullopt;
    std::tm tm{};
    tm.tm_year = *year - 1900;
    tm.tm_mon = month;
    tm.tm_mday = *day;
    tm.tm_hour = *hour;
    tm.tm_min = *minute;
    tm.tm_sec = *second;
    return static_cast<std::int64_t>(timegm(&tm)) * 1000;
}

std::int64_t retryAfterMs(std::string_view msHeader, std::string_view header, std::int64_t nowMs,
                          std::int64_t maxMs)
{
    // Clamped while still a double: llround of 1e300 would be undefined behaviour.
    auto clamped = [maxMs](double ms) {
        return ms >= static_cast<double>(maxMs) ? maxMs
                                                : static_cast<std::int64_t>(std::llround(ms));
    };
    auto parseNumber = [](std::string_view text) -> std::optional<double> {
        while (!text.empty() && text.front() == ' ')
            text.remove_prefix(1);
        while (!text.empty() && text.back() == ' ')
            text.remove_suffix(1);
        if (text.empty())
            return std::nullopt;
        double v = 0;
        const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
        if (r.ec != std::errc() || r.ptr != text.data() + text.size() || !std::isfinite(v) || v < 0)
            return std::nullopt;
        return v;
    };
    if (const auto ms = parseNumber(msHeader))
        return clamped(*ms);
    if (const auto seconds = parseNumber(header))
        return clamped(*seconds * 1000);
    if (const auto date = parseHttpDate(header))
        return *date > nowMs ? std::min(*date - nowMs, maxMs) : 0;
    return -1;
}

} // namespace koder::wire
