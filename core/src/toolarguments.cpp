// SPDX-License-Identifier: MIT
// Checks edited tool arguments against the subset of JSON Schema that tool parameters use.
//
// The recursion follows the schema: every nested check is on a value of the schema one container
// deeper at least, and the schema passed checkJson, so it is at most maxJsonDepth calls deep.
// Paths are kept as steps (a key or an index) and only spelled out for a problem, so a large
// array under a long key costs no string building while its items fit.
#include "koder/agent/toolarguments.h"

#include "koder/agent/serialization.h"
#include "schemacheck.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace koder::agent {

namespace {

using detail::SchemaRules;
using nlohmann::json;

// A key or key-like text shown in a message: at most this many bytes of it.
constexpr std::size_t shownBytes = 60;

// `text` cut to `limit` bytes at a UTF-8 character boundary, with "..." when cut.
std::string clipped(std::string text, std::size_t limit = shownBytes)
{
    if (text.size() <= limit)
        return text;
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    text.resize(end);
    return text + "...";
}

// A schema value as a message shows it: compact JSON, clipped.
std::string shown(const json& v)
{
    return clipped(v.dump(-1, ' ', false, json::error_handler_t::replace), 2 * shownBytes);
}

std::string typeOf(const json& v)
{
    switch (v.type()) {
    case json::value_t::object:
        return "an object";
    case json::value_t::array:
        return "an array";
    case json::value_t::string:
        return "a string";
    case json::value_t::boolean:
        return "a boolean";
    case json::value_t::null:
        return "null";
    default:
        return "a number"; // 3 and 2.5 alike: "expected an integer, got a number" reads right
    }
}

bool isInteger(const json& v)
{
    if (v.is_number_integer()) // signed or unsigned
        return true;
    if (!v.is_number_float())
        return false;
    const double d = v.get<double>();
    return std::isfinite(d) && std::floor(d) == d;
}

bool hasType(const json& v, const std::string& type)
{
    if (type == "object")
        return v.is_object();
    if (type == "array")
        return v.is_array();
    if (type == "string")
        return v.is_string();
    if (type == "number")
        return v.is_number();
    if (type == "integer")
        return isInteger(v);
    if (type == "boolean")
        return v.is_boolean();
    if (type == "null")
        return v.is_null();
    return true; // an unknown type name is the schema's mistake
}

std::string article(const std::string& type)
{
    if (type == "null")
        return "null";
    const bool vowel =
        !type.empty() && std::string_view("aeiou").find(type[0]) != std::string::npos;
    return (vowel ? "an " : "a ") + clipped(type);
}

std::size_t codePoints(const std::string& s)
{
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string counted(std::uint64_t n, const char* unit)
{
    return std::to_string(n) + " " + unit + (n == 1 ? "" : "s");
}

// A key that reads plainly after a dot; others are shown as ["..."].
bool plainKey(const std::string& key)
{
    return !key.empty() && std::none_of(key.begin(), key.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u <= 0x20 || u == 0x7F || c == '.' || c == '[' || c == ']' || c == ':' || c == '"' ||
               c == '\\';
    });
}

// One step of a path: into an object's key, or else into an array's index.
struct Step {
    const std::string* key = nullptr;
    std::size_t index = 0;
};
using Path = std::vector<Step>;

// The steps [from, end) of `path` as text: `a.b[2]`, `[2].a`, `a["x.y"]`.
std::string spelled(const Path& path, std::size_t from)
{
    std::string out;
    for (std::size_t i = from; i < path.size(); ++i) {
        const Step& step = path[i];
        if (!step.key) {
            out += "[" + std::to_string(step.index) + "]";
        } else if (plainKey(*step.key)) {
            if (!out.empty())
                out += '.';
            out += clipped(*step.key);
        } else {
            out += "[" + shown(json(*step.key)) + "]";
        }
    }
    return out;
}

// What is wrong, and where: the path down to the value.
struct Problem {
    Path path;
    std::string what;
    std::string code; // the rule that failed (see detail::SchemaProblem)
    json limit{};     // the rule's value

    // The message, with the path's steps from `from` on ("" for none) as its prefix.
    std::string text(std::size_t from = 0) const
    {
        const std::string where = spelled(path, from);
        return where.empty() ? what : where + ": " + what;
    }
};
using Result = std::optional<Problem>;

// A non-negative whole number of a schema keyword (minLength, ...), or nothing when it is absent
// or not one.
std::optional<std::uint64_t> count(const json& schema, const char* key)
{
    const auto it = schema.find(key);
    if (it == schema.end())
        return std::nullopt;
    if (it->is_number_unsigned())
        return it->get<std::uint64_t>();
    if (it->is_number_float()) {
        const double d = it->get<double>();
        if (isInteger(*it) && d >= 0 && d < 1.8e19)
            return static_cast<std::uint64_t>(d);
    }
    return std::nullopt;
}

class Checker {
public:
    explicit Checker(SchemaRules rules = {})
        : rules_(rules)
    {
    }

    Result check(const json& schema, const json& value)
    {
        if (!schema.is_object())
            return {};
        if (Result r = checkType(schema, value))
            return r;
        if (const auto it = schema.find("const"); it != schema.end() && *it != value)
            return fail("const", "must be " + shown(*it), *it);
        if (const auto it = schema.find("enum");
            it != schema.end() && it->is_array() &&
            std::find(it->begin(), it->end(), value) == it->end())
            return fail("enum", "must be one of " + listed(*it), *it);
        if (value.is_number())
            if (Result r = checkNumber(schema, value.get<double>()))
                return r;
        if (value.is_string()) {
            const auto& text = value.get_ref<const std::string&>();
            if (Result r = checkCount(schema, codePoints(text), "minLength", "maxLength",
                                      "shorter than", "longer than", "character"))
                return r;
            if (Result r = checkText(schema, text))
                return r;
        }
        if (value.is_array()) {
            if (Result r = checkCount(schema, value.size(), "minItems", "maxItems", "fewer than",
                                      "more than", "item"))
                return r;
            if (rules_.uniqueItems && schema.value("uniqueItems", json(false)) == true)
                for (std::size_t i = 1; i < value.size(); ++i)
                    if (std::find(value.begin(), value.begin() + static_cast<std::ptrdiff_t>(i),
                                  value[i]) != value.begin() + static_cast<std::ptrdiff_t>(i))
                        return fail("uniqueItems", "lists " + shown(value[i]) + " twice", value[i]);
            if (const auto items = schema.find("items"); items != schema.end())
                for (std::size_t i = 0; i < value.size(); ++i)
                    if (Result r = inside({nullptr, i}, *items, value[i]))
                        return r;
        }
        if (value.is_object())
            if (Result r = checkObject(schema, value))
                return r;
        return checkCombinations(schema, value);
    }

private:
    SchemaRules rules_;
    Path path_; // down to the value being checked

    Result fail(std::string code, std::string what, json limit = {}) const
    {
        return Problem{path_, std::move(what), std::move(code), std::move(limit)};
    }

    // `pattern` and `format`, when the rules check them (answers to questions do; tool
    // arguments do not, see checkToolArguments()).
    Result checkText(const json& schema, const std::string& text) const
    {
        if (rules_.formats)
            if (const auto it = schema.find("format"); it != schema.end() && it->is_string())
                if (const auto format = it->get_ref<const std::string&>();
                    !detail::fitsFormat(format, text))
                    return fail("format", "must be " + detail::formatName(format), *it);
        if (rules_.patterns)
            if (const auto it = schema.find("pattern"); it != schema.end() && it->is_string())
                if (!detail::matchesPattern(it->get_ref<const std::string&>(), text))
                    return fail("pattern", "must match the pattern " + shown(*it), *it);
        return {};
    }

    Result inside(Step step, const json& schema, const json& value)
    {
        path_.push_back(step);
        Result r = check(schema, value);
        path_.pop_back();
        return r;
    }

    static std::string listed(const json& options)
    {
        constexpr std::size_t shownOptions = 10;
        std::string list;
        std::size_t n = 0;
        for (const json& option : options) {
            if (n++ == shownOptions) {
                list += ", ...";
                break;
            }
            list += (list.empty() ? "" : ", ") + shown(option);
        }
        return list.empty() ? "nothing (the list is empty)" : list;
    }

    Result checkType(const json& schema, const json& value) const
    {
        const auto it = schema.find("type");
        if (it == schema.end())
            return {};
        std::vector<std::string> types;
        if (it->is_string())
            types.push_back(it->get<std::string>());
        else if (it->is_array())
            for (const json& t : *it)
                if (t.is_string())
                    types.push_back(t.get<std::string>());
        if (types.empty() || std::any_of(types.begin(), types.end(),
                                         [&](const std::string& t) { return hasType(value, t); }))
            return {};
        std::string expected;
        for (std::size_t i = 0; i < types.size(); ++i)
            expected += (i == 0 ? "" : i + 1 == types.size() ? " or " : ", ") + article(types[i]);
        return fail("type", "expected " + expected + ", got " + typeOf(value), *it);
    }

    Result checkNumber(const json& schema, double v) const
    {
        const auto bound = [&](const char* key) -> const json* {
            const auto it = schema.find(key);
            return it != schema.end() && it->is_number() ? &*it : nullptr;
        };
        if (const json* b = bound("minimum"); b && v < b->get<double>())
            return fail("minimum", "must be at least " + b->dump(), *b);
        if (const json* b = bound("maximum"); b && v > b->get<double>())
            return fail("maximum", "must be at most " + b->dump(), *b);
        if (const json* b = bound("exclusiveMinimum"); b && v <= b->get<double>())
            return fail("exclusiveMinimum", "must be more than " + b->dump(), *b);
        if (const json* b = bound("exclusiveMaximum"); b && v >= b->get<double>())
            return fail("exclusiveMaximum", "must be less than " + b->dump(), *b);
        return {};
    }

    Result checkCount(const json& schema, std::size_t n, const char* minKey, const char* maxKey,
                      const char* below, const char* above, const char* unit) const
    {
        if (const auto min = count(schema, minKey); min && n < *min)
            return fail(minKey, std::string(below) + " " + counted(*min, unit), *min);
        if (const auto max = count(schema, maxKey); max && n > *max)
            return fail(maxKey, std::string(above) + " " + counted(*max, unit), *max);
        return {};
    }

    Result checkObject(const json& schema, const json& value)
    {
        if (const auto required = schema.find("required");
            required != schema.end() && required->is_array())
            for (const json& name : *required)
                if (name.is_string() && !value.contains(name.get_ref<const std::string&>()))
                    return fail("required", "missing required property " + shown(name), name);
        const auto properties = schema.find("properties");
        const bool hasProperties = properties != schema.end() && properties->is_object();
        const auto additional = schema.find("additionalProperties");
        for (const auto& [key, item] : value.items()) {
            const Step step{&key, 0};
            if (hasProperties) {
                if (const auto p = properties->find(key); p != properties->end()) {
                    if (Result r = inside(step, *p, item))
                        return r;
                    continue;
                }
            }
            if (additional == schema.end())
                continue;
            if (additional->is_boolean() && !additional->get<bool>()) {
                path_.push_back(step);
                Result r = fail("additional", "not allowed (additionalProperties is false)");
                path_.pop_back();
                return r;
            }
            if (Result r = inside(step, *additional, item))
                return r;
        }
        return {};
    }

    // How many of `parts` the value fits, counting no further than `enough`; the first problem
    // of the others in `first`.
    std::size_t fitting(const json& parts, const json& value, std::size_t enough, Result& first)
    {
        std::size_t fits = 0;
        for (const json& part : parts) {
            if (Result r = check(part, value)) {
                if (!first)
                    first = std::move(r);
            } else if (++fits == enough) {
                break;
            }
        }
        return fits;
    }

    Result noneFits(const Result& first) const
    {
        return fail("shapes",
                    "fits none of the allowed shapes (" + first->text(path_.size()) + ")");
    }

    Result checkCombinations(const json& schema, const json& value)
    {
        if (const auto all = schema.find("allOf"); all != schema.end() && all->is_array())
            for (const json& part : *all)
                if (Result r = check(part, value))
                    return r;
        if (const auto any = schema.find("anyOf");
            any != schema.end() && any->is_array() && !any->empty()) {
            Result first;
            if (fitting(*any, value, 1, first) == 0)
                return noneFits(first);
        }
        if (const auto one = schema.find("oneOf");
            one != schema.end() && one->is_array() && !one->empty()) {
            Result first;
            const std::size_t fits = fitting(*one, value, 2, first);
            if (fits == 0)
                return noneFits(first);
            if (fits > 1)
                return fail("shapes", "fits more than one of the allowed shapes");
        }
        return {};
    }
};

} // namespace

std::optional<detail::SchemaProblem> detail::checkValue(const json& schema, const json& value,
                                                        SchemaRules rules)
{
    Result problem = Checker(rules).check(schema, value);
    if (!problem)
        return std::nullopt;
    SchemaProblem out;
    out.text = problem->text();
    out.code = std::move(problem->code);
    out.limit = std::move(problem->limit);
    if (!problem->path.empty() && problem->path.front().key)
        out.field = *problem->path.front().key;
    else if (problem->path.empty() && out.code == "required" && out.limit.is_string())
        out.field = out.limit.get<std::string>(); // the root misses this property
    return out;
}

/*!
    \fn std::string koder::agent::checkToolArguments(std::string_view schemaJson, std::string_view argumentsJson)

    Returns why the tool arguments \a argumentsJson do not fit the tool's \c parameters schema
    \a schemaJson, or an empty string when they fit. Never throws.

    This is what an argument editor shows while the user edits a pending call's arguments (the
    Approve button stays off meanwhile), and why the core refuses edited arguments
    (\c ApproveToolCall with \c arguments is rejected with \c InvalidValue and the detail
    \c {"arguments: <problem>"}).

    \section2 The arguments

    The arguments must be JSON within the library's limits (\c "not valid JSON",
    \c "nested deeper than 64 levels", \c "larger than 64 MiB") and a JSON object
    (\c "arguments must be a JSON object").

    \section2 The schema

    The schema is read as the subset of JSON Schema that function-calling tools use:

    \table
    \header \li Keyword \li Checks
    \row \li \c type \li A type name or a list of them: \c object, \c array, \c string,
         \c number, \c integer (3 and 3.0 both count), \c boolean, \c null.
    \row \li \c properties, \c required, \c additionalProperties \li An object's
         properties, the ones it must have, and whether others are allowed (\c false or a
         schema they must fit).
    \row \li \c items, \c minItems, \c maxItems \li An array's items (a schema) and their
         number.
    \row \li \c enum, \c const \li The allowed values.
    \row \li \c minimum, \c maximum, \c exclusiveMinimum, \c exclusiveMaximum \li A
         number's bounds (numbers).
    \row \li \c minLength, \c maxLength \li A string's length, in Unicode code points, not
         bytes.
    \row \li \c allOf, \c anyOf, \c oneOf \li All must fit; at least one; exactly one.
    \endtable

    \c pattern is not supported: it is ignored, like \c format, \c description, \c title,
    \c default, \c $ref and every other keyword. A schema that is empty, \c "{}", not JSON,
    nested deeper than the JSON limit or not an object checks nothing but that the arguments are
    an object, and a malformed keyword is skipped: a mistake of the application in its schema
    never blocks the user.

    \section2 The problem reported

    The first problem wins: a value's type, then its \c const or \c enum, its bounds and
    lengths, then (for an object) its required properties, then its contents (items in order,
    properties in key order), then \c allOf, \c anyOf and \c oneOf. The problem follows the
    path of the value it is about: \c key.inner, \c list[2], an odd key as \c {["a.b"]}; at the
    root, no path. Its shapes:

    \list
    \li \c {tz: expected a string, got a number},
        \c {when: expected a string or null, got an object}
    \li \c {missing required property "tz"},
        \c {extra: not allowed (additionalProperties is false)}
    \li \c {unit: must be one of "c", "f"}, \c {kind: must be "note"}
    \li \c {count: must be at least 1}, \c {... at most 3}, \c {... more than 0},
        \c {... less than 1}
    \li \c {name: shorter than 1 character}, \c {name: longer than 20 characters}
    \li \c {tags: fewer than 1 item}, \c {tags: more than 2 items}
    \li \c {id: fits none of the allowed shapes (expected an integer, got a string)} (for
        \c anyOf and \c oneOf: the first alternative's problem, its path relative to the
        value), \c {id: fits more than one of the allowed shapes} (\c oneOf)
    \endlist
*/
std::string checkToolArguments(std::string_view schemaJson, std::string_view argumentsJson)
{
    try {
        if (const JsonProblem problem = checkJson(argumentsJson); problem != JsonProblem::None)
            return describe(problem);
        const json arguments = json::parse(argumentsJson, nullptr, false);
        if (arguments.is_discarded())
            return describe(JsonProblem::NotJson);
        if (!arguments.is_object())
            return "arguments must be a JSON object";
        if (schemaJson.empty() || checkJson(schemaJson) != JsonProblem::None)
            return {};
        const json schema = json::parse(schemaJson, nullptr, false);
        const Result problem = Checker().check(schema, arguments);
        return problem ? problem->text() : std::string();
    } catch (const json::exception&) {
        return describe(JsonProblem::NotJson);
    }
}

} // namespace koder::agent
