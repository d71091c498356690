// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// Questions from the agent: what the user is asked, the form its schema describes, and the
/// checks of an answer (DESIGN.md, "Questions from the agent").
namespace koder::agent {

/// A question the agent waits on. `schema` (JSON text) describes the answer: an object whose
/// properties are in the subset checkQuestionSchema() accepts. A question asked by a tool call
/// (`source` "tool") is answered as that call's result.
struct PendingInput {
    std::string id;
    std::string kind = "question";
    std::string message; ///< plain text, untrusted
    std::string schema;  ///< JSON text of an object schema
    std::string source = "tool";
    std::string callId{};   ///< the tool call it answers (source "tool")
    std::string toolName{}; ///< that call's tool

    friend bool operator==(const PendingInput&, const PendingInput&) = default;
};

/// What became of a question: answered, declined by the user, or dismissed (cancelled: the user
/// closed it, or the turn was stopped).
enum class InputDecision : std::uint8_t { Answered, Declined, Cancelled };

/// The most options a choice may offer, the longest question, the most properties a question's
/// schema may have, and the most states its patterns may expand to in all.
inline constexpr std::size_t maxQuestionOptions = 1000;
inline constexpr std::size_t maxQuestionBytes = 64 * 1024;
inline constexpr std::size_t maxQuestionFields = 100;
inline constexpr std::size_t maxQuestionPatternStates = 512;

/// Why `schemaJson` is not a question's schema ("" when it is): JSON within the library's limits,
/// an object schema (`type` "object") with `properties`, each a string (`minLength`,
/// `maxLength`, `pattern`, `format` email/uri/date/date-time), a number or integer (`minimum`,
/// `maximum`), a boolean, a single choice (`enum`, with `enumNames`, or `oneOf`/`anyOf` of
/// `const` + `title`) or a multiple choice (`type` "array" of such a choice, `minItems`,
/// `maxItems`); each may have `title`, `description`, `default` and `examples`; `required`
/// names properties. At most maxQuestionOptions options per choice; see detail on patterns in
/// checkAnswer().
std::string checkQuestionSchema(std::string_view schemaJson);

/// The first problem of an answer. `code` is the rule that failed ("required", "type", "enum",
/// "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
/// "maxLength", "minItems", "maxItems", "pattern", "format", "additional", "shapes", or "json"
/// when the answer is not a JSON object), `limit` that rule's value as JSON text, `field` the
/// top-level property it is about ("" for the answer as a whole), `text` an English sentence
/// with the path ("answer: must be one of \"a\", \"b\"").
struct AnswerProblem {
    std::string field;
    std::string code;
    std::string limit;
    std::string text;

    bool empty() const { return code.empty(); }
    friend bool operator==(const AnswerProblem&, const AnswerProblem&) = default;
};

/// Checks `valueJson` (JSON text of an object) against the question's schema, with the rules of
/// checkToolArguments() plus `pattern` and `format`. Never throws.
AnswerProblem checkAnswer(std::string_view schemaJson, std::string_view valueJson);

/// The names of the schema's properties in the order the schema lists them (a form shows them
/// so); empty for a schema that is not an object with properties.
std::vector<std::string> questionFields(std::string_view schemaJson);

/// What an answer says as a tool result: an answer of one property gives that property's value
/// (a string as itself, a list of strings joined by ", ", anything else as JSON); an answer of
/// several properties is the answer's JSON text.
std::string answerText(std::string_view valueJson);

/// `valueJson` (JSON text of an object) with each top-level property of the schema that has a
/// `default` and is absent from it set to that default (MCP elicitation: the answer sent back
/// has the defaults filled in). A value or schema that is not a JSON object is returned as is.
std::string withSchemaDefaults(std::string_view schemaJson, std::string_view valueJson);

/// The question the arguments of an ask_user call ask (`{question: string, options: [string],
/// multiple: bool, allowOther: bool}`): its message and schema, or why it cannot be asked
/// (`error`, which the model receives as the call's error result).
struct AskedQuestion {
    std::string message;
    std::string schema;
    std::string error;
};
AskedQuestion askUserQuestion(std::string_view argumentsJson);

/// The text a declined or cancelled question gives its tool call.
inline constexpr std::string_view declinedAnswerText = "The user declined to answer.";

/// `{"input":{"decision":"answered","value":{...}}}` merged into `metadata` (JSON text of an
/// object, or empty; other keys kept). `valueJson` is left out when empty.
std::string withInputDecision(std::string_view metadata, InputDecision decision,
                              std::string_view valueJson = {});

std::string_view toString(InputDecision decision);
std::optional<InputDecision> inputDecisionFromString(std::string_view text);

} // namespace koder::agent
