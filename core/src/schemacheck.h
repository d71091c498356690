// SPDX-License-Identifier: MIT
// The JSON Schema checker behind checkToolArguments() and checkAnswer(), and the string rules
// only answers to questions use (`pattern`, `format`).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace koder::agent::detail {

/// Which string rules the checker applies beyond the function-calling subset.
struct SchemaRules {
    bool patterns = false;    ///< `pattern` (see matchesPattern())
    bool formats = false;     ///< `format` email, uri, date, date-time (see fitsFormat())
    bool uniqueItems = false; ///< `uniqueItems`: an array lists no value twice
};

/// The first problem of a value: the English text with its path, the rule that failed (its
/// keyword: "type", "enum", "required", "minLength", "pattern", "format", ...; "additional"
/// for additionalProperties, "shapes" for anyOf/oneOf), that rule's value, and the top-level
/// property it is about ("" for the root itself).
struct SchemaProblem {
    std::string text;
    std::string code;
    nlohmann::json limit;
    std::string field;
};

std::optional<SchemaProblem> checkValue(const nlohmann::json& schema, const nlohmann::json& value,
                                        SchemaRules rules);

/// Whether `format` is one the checker knows (email, uri, date, date-time).
bool knownFormat(std::string_view format);
/// Whether `text` is written in `format`; an unknown format fits anything.
bool fitsFormat(std::string_view format, std::string_view text);
/// "an email address", "a URI", "a date (YYYY-MM-DD)", "a date and time (RFC 3339)".
std::string formatName(std::string_view format);

/// The longest pattern a question may carry, the longest text checked against one, and the
/// most states a pattern may expand to (see patternStates()).
inline constexpr std::size_t maxPatternBytes = 512;
inline constexpr std::size_t maxPatternTextBytes = 256;
inline constexpr std::size_t maxPatternStates = 128;
/// The states the matcher walks for `pattern` (atoms, with counted repetitions copied and
/// nested ones multiplied), at most maxPatternStates + 1; `why` says when a shape is refused
/// whatever its size (a back-reference).
std::size_t patternStates(std::string_view pattern, std::string& why);
/// Why `pattern` is not one a question may carry ("" when it may): not an ECMAScript regular
/// expression, longer than maxPatternBytes, with back-references, or expanding to more than
/// maxPatternStates states (and, without libstdc++'s polynomial executor, a repeated group
/// that itself repeats or alternates).
std::string patternProblem(std::string_view pattern);
/// Whether `text` matches `pattern` somewhere (JSON Schema's rule: not anchored unless the
/// pattern says so). A text longer than maxPatternTextBytes, or a pattern that patternProblem()
/// refuses, does not match.
bool matchesPattern(std::string_view pattern, std::string_view text);

} // namespace koder::agent::detail
