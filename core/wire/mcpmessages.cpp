// SPDX-License-Identifier: MIT
#include "mcpmessages.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace koder::wire::mcp {

using nlohmann::json;

namespace {

/// `object[key]` when `object` is an object that has it, else null: every reader goes through
/// here, so that no access to what a server sent can throw.
const json* member(const json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const std::string* stringMember(const json& object, const char* key)
{
    const json* value = member(object, key);
    return value && value->is_string() ? &value->get_ref<const std::string&>() : nullptr;
}

bool isTrue(const json& object, const char* key)
{
    const json* value = member(object, key);
    return value && value->is_boolean() && value->get<bool>();
}

/// A finite number: JSON has no infinity; a value built in code (not parsed) may hold one.
std::optional<double> finiteNumber(const json& object, const char* key)
{
    const json* value = member(object, key);
    if (!value || !value->is_number())
        return std::nullopt;
    const double number = value->get<double>();
    if (!std::isfinite(number))
        return std::nullopt;
    return number;
}

std::string compact(const json& value)
{
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool allowedInName(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

/// How many continuation bytes a UTF-8 lead byte announces (0 for ASCII and stray bytes).
std::size_t continuationBytes(unsigned char lead)
{
    if (lead >= 0xC2 && lead <= 0xDF)
        return 1;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 2;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 3;
    return 0;
}

/// FNV-1a, 32 bits: small, stable across platforms and releases (std::hash is neither), so a
/// tool keeps its model-facing name, and what was stored about it, from one run to the next.
std::uint32_t fnv1a(std::string_view bytes, std::uint32_t hash = 2166136261u)
{
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 16777619u;
    }
    return hash;
}

/// What one content part of a tool result says as text, if it is a text part.
std::optional<std::string> partText(const json& part)
{
    const std::string* type = stringMember(part, "type");
    if (!type)
        return std::nullopt;
    if (*type == "text") {
        if (const std::string* text = stringMember(part, "text"))
            return *text;
    } else if (*type == "resource") {
        if (const json* resource = member(part, "resource")) {
            if (const std::string* text = stringMember(*resource, "text"))
                return *text;
        }
    }
    return std::nullopt;
}

/// A resource link as a line of the tool's text: its uri, and its name when it has one.
std::optional<std::string> linkText(const json& part)
{
    const std::string* type = stringMember(part, "type");
    const std::string* uri = stringMember(part, "uri");
    if (!type || *type != "resource_link" || !uri)
        return std::nullopt;
    const std::string* name = stringMember(part, "name");
    return name && !name->empty() ? *uri + " (" + *name + ")" : *uri;
}

} // namespace

bool supportedVersion(std::string_view version)
{
    static constexpr std::array<std::string_view, 4> versions{"2025-11-25", "2025-06-18",
                                                              "2025-03-26", "2024-11-05"};
    for (const std::string_view known : versions) {
        if (version == known)
            return true;
    }
    return false;
}

json initializeParams(std::string_view clientName, std::string_view clientVersion)
{
    return {
        {"protocolVersion", std::string(protocolVersion)},
        // Form mode said explicitly: an empty `elicitation` also means form mode, but only
        // since 2025-11-25 defined modes; explicit reads the same to every revision.
        {"capabilities", {{"elicitation", {{"form", json::object()}}}}},
        {"clientInfo",
         {{"name", std::string(clientName)}, {"version", std::string(clientVersion)}}},
    };
}

ServerHello readInitializeResult(const json& result)
{
    ServerHello hello;
    if (!result.is_object()) {
        hello.problem = "The server's initialize result is not an object.";
        return hello;
    }
    if (const json* info = member(result, "serverInfo"); info && info->is_object())
        hello.serverInfo = *info;
    if (const json* capabilities = member(result, "capabilities");
        capabilities && capabilities->is_object())
        hello.capabilities = *capabilities;
    if (const std::string* instructions = stringMember(result, "instructions"))
        hello.instructions = *instructions;
    const std::string* version = stringMember(result, "protocolVersion");
    if (!version) {
        hello.problem = "The server's initialize result names no protocol version.";
        return hello;
    }
    hello.protocolVersion = *version;
    if (!supportedVersion(*version))
        hello.problem = "The server speaks MCP " + compact(json(*version)) +
                        ", a revision this client does not know.";
    return hello;
}

Page readPage(const json& result, std::string_view key)
{
    Page page;
    const std::string name(key);
    const json* items = member(result, name.c_str());
    if (!items || !items->is_array()) {
        page.problem = "The server's list result has no " + name + " array.";
        return page;
    }
    for (const json& item : *items) {
        const std::string* itemName = stringMember(item, "name");
        if (!itemName || itemName->empty() || page.items.size() >= maxListItems)
            ++page.skipped;
        else
            page.items.push_back(item);
    }
    // Anything but a string cursor ends the listing: a client that followed a number or an
    // object could loop on a server that repeats it.
    if (const std::string* cursor = stringMember(result, "nextCursor"))
        page.nextCursor = *cursor;
    return page;
}

bool readOnlyTool(const json& tool)
{
    const json* annotations = member(tool, "annotations");
    return annotations && isTrue(*annotations, "readOnlyHint") &&
           !isTrue(*annotations, "destructiveHint");
}

std::string sanitizedName(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (allowedInName(c)) {
            out.push_back(static_cast<char>(c));
            continue;
        }
        // One '_' per character, not per byte: "é" is one character.
        for (std::size_t n = continuationBytes(c);
             n > 0 && i + 1 < name.size() &&
             (static_cast<unsigned char>(name[i + 1]) & 0xC0) == 0x80;
             --n)
            ++i;
        out.push_back('_');
    }
    return out;
}

std::string qualifiedToolName(std::string_view server, std::string_view tool)
{
    std::string name = sanitizedName(server) + "__" + sanitizedName(tool);
    if (name.size() <= maxToolNameLength)
        return name;
    // The hash covers the names as sent, so that two that sanitize alike still differ.
    const std::uint32_t hash = fnv1a(tool, fnv1a(std::string_view("\0", 1), fnv1a(server)));
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(hash));
    name.resize(maxToolNameLength - 9);
    return name + "_" + hex;
}

CallOutcome readCallResult(const json& result)
{
    CallOutcome out;
    if (!result.is_object()) {
        out.text = "The server sent a tool result that is not an object.";
        out.isError = true;
        return out;
    }
    std::string text;
    bool hasText = false;
    const auto addLine = [&](const std::string& line) {
        if (hasText)
            text += '\n';
        text += line;
        hasText = true;
    };
    json others = json::array();
    if (const json* content = member(result, "content"); content && content->is_array()) {
        for (const json& part : *content) {
            if (!part.is_object())
                continue;
            if (const auto line = partText(part)) {
                addLine(*line);
                continue;
            }
            if (const auto line = linkText(part))
                addLine(*line);
            others.push_back(part);
        }
    }
    json metadata = json::object();
    if (!others.empty())
        metadata["content"] = std::move(others);
    if (const json* structured = member(result, "structuredContent");
        structured && !structured->is_null()) {
        addLine(compact(*structured));
        metadata["structuredContent"] = *structured;
    }
    out.text = std::move(text);
    if (!metadata.empty())
        out.metadata = compact(metadata);
    out.isError = isTrue(result, "isError");
    return out;
}

Progress readProgress(const json& params)
{
    Progress p;
    if (const json* token = member(params, "progressToken");
        token && (token->is_string() || token->is_number_integer()))
        p.token = *token;
    const std::optional<double> progress = finiteNumber(params, "progress");
    if (progress)
        p.progress = *progress;
    p.total = finiteNumber(params, "total");
    if (const std::string* message = stringMember(params, "message"))
        p.message = *message;
    p.valid = !p.token.is_null() && progress.has_value();
    return p;
}

Elicitation readElicitation(const json& params)
{
    Elicitation e;
    if (!params.is_object()) {
        e.problem = "The elicitation request's params are not an object.";
        return e;
    }
    if (const std::string* message = stringMember(params, "message"))
        e.message = *message;
    if (const json* mode = member(params, "mode")) {
        const std::string* name =
            mode->is_string() ? &mode->get_ref<const std::string&>() : nullptr;
        if (name && *name == "url") {
            e.problem = "The server asks for URL mode elicitation, which this client does not "
                        "support.";
            return e;
        }
        if (!name || *name != "form") {
            e.problem = "The elicitation request's mode is unknown.";
            return e;
        }
    }
    if (e.message.empty()) {
        e.problem = "The elicitation request has no message.";
        return e;
    }
    const json* schema = member(params, "requestedSchema");
    if (!schema || !schema->is_object()) {
        e.problem = "The elicitation request's requestedSchema is not an object.";
        return e;
    }
    e.requestedSchema = *schema;
    return e;
}

json elicitationResult(std::string_view action, const json& content)
{
    json out = {{"action", std::string(action)}};
    if (action == "accept" && !content.is_null())
        out["content"] = content;
    return out;
}

json cancelledParams(const json& requestId, std::string_view reason)
{
    json out = {{"requestId", requestId}};
    if (!reason.empty())
        out["reason"] = std::string(reason);
    return out;
}

} // namespace koder::wire::mcp
