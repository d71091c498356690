// SPDX-License-Identifier: MIT
#include "ollamastream.h"

#include "errors.h"

#include "koder/agent/serialization.h"

#include "jsonfields.h"

#include <simdjson.h>

#include <new>

namespace koder::wire {

using namespace koder::agent;

namespace {
bool blank(std::string_view line)
{
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}
} // namespace

struct OllamaStreamDecoder::Json : StreamJsonParser<8> {};

OllamaStreamDecoder::OllamaStreamDecoder(RequestId requestId, Emit emit, Limits limits)
    : StreamDecoder(requestId, std::move(emit), limits)
    , json_(std::make_unique<Json>())
    , maxLineBytes_(limits.maxEventBytes)
{
}

OllamaStreamDecoder::~OllamaStreamDecoder() = default;

void OllamaStreamDecoder::feed(std::string_view bytes)
{
    while (!stopped_ && !bytes.empty()) {
        const std::size_t newline = bytes.find('\n');
        const std::string_view piece = bytes.substr(0, newline);
        // Checked before buffering: a server that never sends a newline costs maxEventBytes.
        if (line_.size() + piece.size() > maxLineBytes_) {
            std::string().swap(line_);
            if (!finished())
                eventTooLarge();
            return;
        }
        line_.append(piece);
        if (newline == std::string_view::npos)
            return;
        bytes.remove_prefix(newline + 1);
        dispatchLine();
    }
}

void OllamaStreamDecoder::endOfStream()
{
    if (!stopped_ && !line_.empty())
        dispatchLine(); // the last line may come without its newline
    if (!finished())
        end({}); // no done line: an incomplete turn
}

void OllamaStreamDecoder::stopReading()
{
    stopped_ = true;
    std::string().swap(line_);
}

void OllamaStreamDecoder::dispatchLine()
{
    if (blank(line_)) {
        line_.clear();
        return;
    }
    if (!beginEvent())
        return;
    const std::size_t size = line_.size();
    // simdjson reads past the end: parse in place with padding of our own.
    line_.append(simdjson::SIMDJSON_PADDING, '\0');
    parseLine(std::string_view(line_.data(), size));
    if (!stopped_)
        line_.clear(); // keeps its capacity for the next line
}

void OllamaStreamDecoder::parseLine(std::string_view line)
{
    simdjson::dom::element doc;
    const simdjson::error_code error =
        json_->parser.parse(line.data(), line.size(), false).get(doc);
    if (error == simdjson::DEPTH_ERROR) {
        failWith({"protocol_error", "The server sent a line nested too deeply.", false, -1});
        return;
    }
    if (error || !doc.is_object()) {
        failWith({"protocol_error", "The server sent a line that is not JSON.", false, -1});
        return;
    }
    simdjson::dom::element failure;
    if (!doc["error"].get(failure) && !failure.is_null()) {
        while (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        failWith(errorFromResponse(0, line, -1));
        return;
    }
    simdjson::dom::object body;
    if (!doc["message"].get_object().get(body) && !message(body))
        return;
    bool done = false;
    if (!take(doc["done"].get_bool(), done) || !done)
        return;
    Usage& usage = reportedUsage();
    take(doc["prompt_eval_count"].get_int64(), usage.promptTokens);
    take(doc["eval_count"].get_int64(), usage.completionTokens);
    // prompt_eval_count counts the cached prompt tokens too (Ollama's own /v1 bridge maps it to
    // prompt_tokens); servers that report the cache hits say how many.
    take(doc["prompt_eval_cached_count"].get_int64(), usage.cachedTokens);
    std::string_view reason;
    if (!take(doc["done_reason"].get_string(), reason) || reason.empty())
        reason = "stop"; // servers older than done_reason
    end(std::string(reason));
}

bool OllamaStreamDecoder::message(simdjson::dom::object message)
{
    simdjson::dom::element value;
    std::string_view s;
    // Thinking comes before the content it leads to.
    if (!message["thinking"].get(value) && !value.is_null()) {
        if (value.get_string().get(s))
            warn("a message.thinking that is not text was skipped");
        else if (!reasoning(s))
            return false;
    }
    if (!message["content"].get(value) && !value.is_null()) {
        if (value.get_string().get(s))
            warn("a message.content that is not text was skipped");
        else if (!text(s))
            return false;
    }
    simdjson::dom::array calls;
    if (!message["tool_calls"].get(value) && !value.is_null()) {
        if (value.get_array().get(calls))
            warn("a message.tool_calls that is not an array was skipped");
        else if (!toolCalls(calls))
            return false;
    }
    return !finished();
}

bool OllamaStreamDecoder::toolCalls(simdjson::dom::array calls)
{
    for (simdjson::dom::element call : calls) {
        simdjson::dom::object function;
        if (call["function"].get_object().get(function)) {
            warn("a tool call without a function was skipped");
            continue;
        }
        ToolCall c;
        std::string_view s;
        if (take(call["id"].get_string(), s) && !s.empty())
            c.id = std::string(s); // newer servers may name their calls
        else
            c.id = "ollama_" + std::to_string(requestId()) + "_" + std::to_string(calls_);
        ++calls_;
        if (take(function["name"].get_string(), s))
            c.name = std::string(s);
        simdjson::dom::element args;
        if (!function["arguments"].get(args) && !args.is_null()) {
            // An object (Ollama's way) becomes text; a string is already text.
            if (args.get_string().get(s))
                c.arguments = simdjson::minify(args);
            else
                c.arguments = std::string(s);
        }
        if (!newToolCall() || !toolBytes(c.name.size() + c.arguments.size()) ||
            !toolCall(std::move(c)))
            return false;
    }
    return true;
}

} // namespace koder::wire
