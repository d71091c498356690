// SPDX-License-Identifier: MIT
// The contents of MCP messages (protocol revision 2025-11-25) as a client reads and writes them:
// the handshake, list pages, tool names and annotations, a tool call's result as the tool
// message, progress, elicitation and cancellation. Plain C++; every reader takes what a server
// sent (untrusted) and never throws.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace koder::wire::mcp {

/// The revision this client asks for.
inline constexpr std::string_view protocolVersion = "2025-11-25";
/// The most items one list (tools, prompts, resources, templates) keeps, over all its pages.
inline constexpr std::size_t maxListItems = 5000;
/// The longest model-facing tool name (OpenAI's limit).
inline constexpr std::size_t maxToolNameLength = 64;

/// Whether a server's answer to `initialize` names a revision this client speaks: 2025-11-25,
/// 2025-06-18, 2025-03-26 or 2024-11-05.
bool supportedVersion(std::string_view version);

/// `initialize`'s params: protocolVersion, capabilities (elicitation, form mode), clientInfo.
nlohmann::json initializeParams(std::string_view clientName, std::string_view clientVersion);

/// What a server said of itself in its `initialize` result.
struct ServerHello {
    std::string protocolVersion;
    nlohmann::json serverInfo = nlohmann::json::object();
    nlohmann::json capabilities = nlohmann::json::object();
    std::string instructions;
    std::string problem; ///< not empty: the result is unusable (not an object, unknown version)
};
ServerHello readInitializeResult(const nlohmann::json& result);

/// One page of `tools/list`, `prompts/list`, `resources/list` or `resources/templates/list`.
/// `key` is the array's member ("tools", "prompts", "resources", "resourceTemplates"). Items
/// that are not objects with a non-empty string `name` are skipped (counted in `skipped`);
/// `nextCursor` is empty on the last page.
struct Page {
    std::vector<nlohmann::json> items;
    std::string nextCursor;
    std::size_t skipped = 0;
    std::string problem; ///< not empty: the result has no such array
};
Page readPage(const nlohmann::json& result, std::string_view key);

/// A tool is read-only only when its annotations say `readOnlyHint: true` and not
/// `destructiveHint: true` (annotations are hints from an untrusted server; the default is to ask).
bool readOnlyTool(const nlohmann::json& tool);

/// `name` with every character outside [A-Za-z0-9_-] replaced by '_'.
std::string sanitizedName(std::string_view name);

/// The name the model sees for `tool` of `server`: "<server>__<tool>", both sanitized; one over
/// maxToolNameLength characters is cut and ends in "_" and 8 hex digits of a hash of the whole
/// name, so two long names stay apart.
std::string qualifiedToolName(std::string_view server, std::string_view tool);

/// A `tools/call` result as the tool message: `text` holds the text parts (a text part's text;
/// an embedded text resource's text; a resource link as its uri, and its name when it has one),
/// joined by "\n", then `structuredContent` as compact JSON. `metadata` is the JSON text of an
/// object with `content` (the parts that are not text — image, audio, blob resources, resource
/// links — as the server sent them) and `structuredContent`, each only when present; "" when
/// neither is. `isError` is the result's `isError`. A result that is not an object is an error
/// outcome saying so.
struct CallOutcome {
    std::string text;
    std::string metadata;
    bool isError = false;
};
CallOutcome readCallResult(const nlohmann::json& result);

/// `notifications/progress` params.
struct Progress {
    nlohmann::json token;             ///< the progressToken the request sent
    double progress = 0;
    std::optional<double> total;
    std::string message;
    bool valid = false;               ///< token is a string or integer and progress a number
};
Progress readProgress(const nlohmann::json& params);

/// `elicitation/create` params. Form mode only (`mode` absent or "form"): `problem` says why
/// not otherwise (URL mode, no message, a requestedSchema that is not an object).
struct Elicitation {
    std::string message;
    nlohmann::json requestedSchema = nlohmann::json::object();
    std::string problem;
};
Elicitation readElicitation(const nlohmann::json& params);

/// The result of an `elicitation/create`: `action` "accept" (with `content`), "decline" or
/// "cancel" (no content).
nlohmann::json elicitationResult(std::string_view action,
                                 const nlohmann::json& content = nullptr);

/// `notifications/cancelled` params for the request `requestId`.
nlohmann::json cancelledParams(const nlohmann::json& requestId, std::string_view reason);

} // namespace koder::wire::mcp
