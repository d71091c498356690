// SPDX-License-Identifier: MIT
// An MCP server's stdout: the payload is a byte stream cut into reads at bytes of the input (the
// header's split points) and split into lines, with no line limit (even modes) or a small one
// (odd modes); every line is read as JSON-RPC and its params or result by every MCP reader.
// Never crashes, never throws, and
// - the lines and the overflow do not depend on how the stream was cut; a line holds no LF, is
//   within the limit and is never empty;
// - a Request has a non-empty method and an integer or string id, a Notification no id, a Result
//   an integer or string id, an Error one of those or null; only an Invalid message has a problem;
// - what a writer makes of a message is one line that parses back to the same kind, id, method
//   and error;
// - the readers keep their promises: list pages hold named objects within maxListItems, tool
//   names fit the model's alphabet and length, a call result's metadata is an object, progress
//   marked valid has a token and a finite progress, an accepted elicitation has a message and a
//   schema object.
#include "fuzzcheck.h"
#include "jsonrpc.h"
#include "mcpmessages.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace {

using koder::fuzz::Chunked;
using koder::fuzz::printable;
using nlohmann::json;
namespace jsonrpc = koder::wire::jsonrpc;
namespace mcp = koder::wire::mcp;

struct Split {
    std::vector<std::string> lines;
    bool overflowed = false;
    bool operator==(const Split&) const = default;
    std::string describe() const
    {
        std::string out = std::to_string(lines.size()) + " line(s)";
        for (const auto& l : lines)
            out += "\n    " + printable(l);
        return out + (overflowed ? "\n    overflowed" : "");
    }
};

Split split(const std::vector<std::string_view>& reads, std::size_t limit)
{
    Split out;
    jsonrpc::LineSplitter splitter(limit);
    const auto line = [&](std::string_view l) {
        KODER_FUZZ_CHECK(!l.empty(), "an empty line");
        KODER_FUZZ_CHECK(l.find('\n') == std::string_view::npos, "a LF in a line");
        KODER_FUZZ_CHECK(l.size() <= limit, "a line over the limit: " + std::to_string(l.size()));
        KODER_FUZZ_CHECK(l.find_first_not_of('\r') != std::string_view::npos, "a line of only CRs");
        out.lines.emplace_back(l);
    };
    for (std::string_view read : reads) {
        splitter.feed(read, line);
        KODER_FUZZ_CHECK(splitter.buffered() <= limit || splitter.buffered() - limit <= 1,
                         "held " + std::to_string(splitter.buffered()) + " bytes over the limit");
        if (splitter.overflowed())
            KODER_FUZZ_CHECK(splitter.buffered() == 0, "the buffer kept after an overflow");
    }
    out.overflowed = splitter.overflowed();
    return out;
}

/// `value[key]`, or null when `value` is no object or lacks it (const operator[] would not
/// check).
json member(const json& value, const char* key)
{
    if (!value.is_object())
        return nullptr;
    const auto it = value.find(key);
    return it == value.end() ? json() : *it;
}

bool modelAlphabet(std::string_view name)
{
    return name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                  "0123456789_-") == std::string_view::npos;
}

void checkToolName(std::string_view server, std::string_view tool)
{
    const std::string name = mcp::qualifiedToolName(server, tool);
    KODER_FUZZ_CHECK(name.size() <= mcp::maxToolNameLength, "a tool name too long: " + name);
    KODER_FUZZ_CHECK(modelAlphabet(name), "a tool name outside the alphabet: " + printable(name));
    KODER_FUZZ_CHECK(mcp::qualifiedToolName(server, tool) == name, "an unstable tool name");
    const std::string whole = mcp::sanitizedName(server) + "__" + mcp::sanitizedName(tool);
    if (whole.size() <= mcp::maxToolNameLength)
        KODER_FUZZ_CHECK(name == whole, "a short name was changed: " + name);
}

void checkPages(const json& value)
{
    for (const char* key : {"tools", "prompts", "resources", "resourceTemplates"}) {
        const mcp::Page page = mcp::readPage(value, key);
        if (!page.problem.empty()) {
            KODER_FUZZ_CHECK(page.items.empty(), "items beside a problem");
            continue;
        }
        const json& array = value.at(key);
        KODER_FUZZ_CHECK(array.is_array(), "a page without its array");
        KODER_FUZZ_CHECK(page.items.size() + page.skipped == array.size(),
                         "items lost from a page");
        KODER_FUZZ_CHECK(page.items.size() <= mcp::maxListItems, "a page over maxListItems");
        for (const json& item : page.items) {
            const auto name = item.find("name");
            KODER_FUZZ_CHECK(name != item.end() && name->is_string() &&
                                 !name->get_ref<const std::string&>().empty(),
                             "an item without a name: " +
                                 item.dump(-1, ' ', false, json::error_handler_t::replace));
            if (std::string_view(key) == "tools") {
                if (mcp::readOnlyTool(item))
                    KODER_FUZZ_CHECK(member(member(item, "annotations"), "readOnlyHint") ==
                                         json(true),
                                     "read-only without readOnlyHint: true");
                checkToolName("server", name->get_ref<const std::string&>());
            }
        }
    }
}

void checkCallResult(const json& value)
{
    const mcp::CallOutcome out = mcp::readCallResult(value);
    if (!value.is_object()) {
        KODER_FUZZ_CHECK(out.isError && !out.text.empty() && out.metadata.empty(),
                         "a result that is not an object is not an error");
        return;
    }
    const auto isError = value.find("isError");
    KODER_FUZZ_CHECK(out.isError == (isError != value.end() && *isError == json(true)),
                     "isError read wrongly");
    if (out.metadata.empty())
        return;
    const json metadata = json::parse(out.metadata, nullptr, false);
    KODER_FUZZ_CHECK(metadata.is_object() && !metadata.empty(),
                     "metadata is not an object: " + printable(out.metadata));
    for (const auto& [key, part] : metadata.items()) {
        KODER_FUZZ_CHECK(key == "content" || key == "structuredContent", "metadata." + key);
        if (key == "content")
            KODER_FUZZ_CHECK(part.is_array() && !part.empty(), "an empty metadata.content");
    }
}

void checkReaders(const json& value)
{
    const mcp::ServerHello hello = mcp::readInitializeResult(value);
    if (hello.problem.empty())
        KODER_FUZZ_CHECK(value.is_object() && mcp::supportedVersion(hello.protocolVersion),
                         "a hello accepted with " + printable(hello.protocolVersion));
    KODER_FUZZ_CHECK(hello.serverInfo.is_object() && hello.capabilities.is_object(),
                     "serverInfo or capabilities not an object");

    checkPages(value);
    checkCallResult(value);

    const mcp::Progress progress = mcp::readProgress(value);
    if (progress.valid) {
        KODER_FUZZ_CHECK(progress.token.is_string() || progress.token.is_number_integer(),
                         "a progress token of the wrong type");
        KODER_FUZZ_CHECK(std::isfinite(progress.progress), "an infinite progress");
        if (progress.total)
            KODER_FUZZ_CHECK(std::isfinite(*progress.total), "an infinite total");
    }

    const mcp::Elicitation elicitation = mcp::readElicitation(value);
    KODER_FUZZ_CHECK(elicitation.requestedSchema.is_object(), "a schema that is not an object");
    if (elicitation.problem.empty())
        KODER_FUZZ_CHECK(!elicitation.message.empty(), "an elicitation without a message");
    const json answer = mcp::elicitationResult("accept", value);
    KODER_FUZZ_CHECK(answer.contains("content") == !value.is_null(), "accept lost its content");
}

bool validId(const json& id)
{
    return id.is_number_integer() || id.is_string();
}

/// What a writer makes of `m`; "" for an Invalid message.
std::string written(const jsonrpc::Message& m)
{
    switch (m.kind) {
    case jsonrpc::Kind::Request:
        return jsonrpc::request(m.id, m.method, m.params);
    case jsonrpc::Kind::Notification:
        return jsonrpc::notification(m.method, m.params);
    case jsonrpc::Kind::Result:
        return jsonrpc::result(m.id, m.result);
    case jsonrpc::Kind::Error:
        return jsonrpc::error(m.id, m.errorCode, m.errorMessage);
    case jsonrpc::Kind::Invalid:
        break;
    }
    return {};
}

void checkMessage(std::string_view line)
{
    const jsonrpc::Message m = jsonrpc::parse(line);
    KODER_FUZZ_CHECK((m.kind == jsonrpc::Kind::Invalid) == !m.problem.empty(),
                     "a problem and a kind disagree for " + printable(line));
    switch (m.kind) {
    case jsonrpc::Kind::Request:
        KODER_FUZZ_CHECK(validId(m.id), "a request without a valid id");
        [[fallthrough]];
    case jsonrpc::Kind::Notification:
        KODER_FUZZ_CHECK(!m.method.empty(), "a call without a method");
        KODER_FUZZ_CHECK(m.params.is_null() || m.params.is_object() || m.params.is_array(),
                         "params of the wrong type");
        if (m.kind == jsonrpc::Kind::Notification)
            KODER_FUZZ_CHECK(m.id.is_null(), "a notification with an id");
        checkReaders(m.params);
        break;
    case jsonrpc::Kind::Result:
        KODER_FUZZ_CHECK(validId(m.id), "a result without a valid id");
        checkReaders(m.result);
        break;
    case jsonrpc::Kind::Error:
        KODER_FUZZ_CHECK(validId(m.id) || m.id.is_null(), "an error with a bad id");
        checkReaders(m.errorData);
        break;
    case jsonrpc::Kind::Invalid:
        return;
    }

    const std::string text = written(m);
    std::vector<std::string> lines;
    jsonrpc::LineSplitter splitter(std::numeric_limits<std::size_t>::max());
    splitter.feed(text + "\r\n", [&](std::string_view l) { lines.emplace_back(l); });
    KODER_FUZZ_CHECK(lines.size() == 1 && lines[0] == text, "written as more than one line");
    const jsonrpc::Message back = jsonrpc::parse(text);
    KODER_FUZZ_CHECK(back.kind == m.kind,
                     "written and read back as another kind: " + printable(back.problem));
    KODER_FUZZ_CHECK(back.id == m.id && back.method == m.method && back.errorCode == m.errorCode &&
                         back.errorMessage == m.errorMessage,
                     "read back differently: " + printable(text));

    if (!m.id.is_null()) {
        const std::string cancel =
            jsonrpc::notification("notifications/cancelled", mcp::cancelledParams(m.id, m.method));
        const jsonrpc::Message c = jsonrpc::parse(cancel);
        KODER_FUZZ_CHECK(c.kind == jsonrpc::Kind::Notification &&
                             member(c.params, "requestId") == m.id,
                         "a cancellation that does not read back: " + printable(cancel));
    }
    if (!m.method.empty()) {
        checkToolName(m.method, m.method);
        KODER_FUZZ_CHECK(modelAlphabet(mcp::sanitizedName(m.method)), "a sanitized name");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Chunked input(data, size);
    // Odd modes limit lines to 0..240 bytes; even ones do not limit them.
    const std::size_t limit =
        input.mode & 1u ? (input.mode >> 1) * 16u : std::numeric_limits<std::size_t>::max();
    const Split whole = split({input.payload}, limit);
    const Split pieces = split(input.pieces(), limit);
    KODER_FUZZ_CHECK(pieces == whole, "split reads give other lines:\n  whole: " +
                                          whole.describe() + "\n  split: " + pieces.describe());
    if (input.payload.size() <= 4096) {
        const Split bytes = split(input.bytes(), limit);
        KODER_FUZZ_CHECK(bytes == whole, "byte-by-byte reads give other lines:\n  whole: " +
                                             whole.describe() + "\n  bytes: " + bytes.describe());
    }
    for (const std::string& line : whole.lines)
        checkMessage(line);
    return 0;
}
