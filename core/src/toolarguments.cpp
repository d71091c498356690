// SPDX-License-Identifier: MIT
// Checks edited tool arguments against the subset of JSON Schema that tool parameters use.
#include "koder/agent/toolarguments.h"

#include "koder/agent/serialization.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace koder::agent {

namespace {

using nlohmann::json;

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
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
        return "an integer";
    default:
        return "a number";
    }
}

bool isInteger(const json& v)
{
    if (v.is_number_integer())
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
    return (vowel ? "an " : "a ") + type;
}

std::size_t codePoints(const std::string& s)
{
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string number(const json& n)
{
    return n.dump();
}

class Checker {
public:
    // The path of the value being checked ("" at the root), and what is wrong with it.
    std::string check(const json& schema, const json& value, const std::string& path) const
    {
        if (!schema.is_object())
            return {};
        if (std::string why = checkType(schema, value); !why.empty())
            return at(path, why);
        if (const auto it = schema.find("const"); it != schema.end() && *it != value)
            return at(path, "must be " + it->dump());
        if (const auto it = schema.find("enum");
            it != schema.end() && it->is_array() &&
            std::find(it->begin(), it->end(), value) == it->end()) {
            std::string list;
            for (const json& option : *it)
                list += (list.empty() ? "" : ", ") + option.dump();
            return at(path, "must be one of " + list);
        }
        if (value.is_number())
            if (std::string why = checkNumber(schema, value.get<double>()); !why.empty())
                return at(path, why);
        if (value.is_string())
            if (std::string why = checkLength(schema, codePoints(value.get<std::string>()),
                                              "minLength", "maxLength", "characters");
                !why.empty())
                return at(path, why);
        if (value.is_array()) {
            if (std::string why =
                    checkLength(schema, value.size(), "minItems", "maxItems", "items");
                !why.empty())
                return at(path, why);
            if (const auto items = schema.find("items"); items != schema.end())
                for (std::size_t i = 0; i < value.size(); ++i)
                    if (std::string why =
                            check(*items, value[i], path + "[" + std::to_string(i) + "]");
                        !why.empty())
                        return why;
        }
        if (value.is_object())
            if (std::string why = checkObject(schema, value, path); !why.empty())
                return why;
        return checkCombinations(schema, value, path);
    }

private:
    static std::string at(const std::string& path, const std::string& why)
    {
        return path.empty() ? why : path + ": " + why;
    }

    static std::string checkType(const json& schema, const json& value)
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
        return "expected " + expected + ", got " + typeOf(value);
    }

    static std::string checkNumber(const json& schema, double v)
    {
        const auto bound = [&](const char* key) -> const json* {
            const auto it = schema.find(key);
            return it != schema.end() && it->is_number() ? &*it : nullptr;
        };
        if (const json* b = bound("minimum"); b && v < b->get<double>())
            return "must be at least " + number(*b);
        if (const json* b = bound("maximum"); b && v > b->get<double>())
            return "must be at most " + number(*b);
        if (const json* b = bound("exclusiveMinimum"); b && v <= b->get<double>())
            return "must be more than " + number(*b);
        if (const json* b = bound("exclusiveMaximum"); b && v >= b->get<double>())
            return "must be less than " + number(*b);
        return {};
    }

    static std::string checkLength(const json& schema, std::size_t n, const char* minKey,
                                   const char* maxKey, const char* unit)
    {
        const auto limit = [&](const char* key) -> std::optional<std::size_t> {
            const auto it = schema.find(key);
            if (it == schema.end() || !it->is_number_unsigned())
                return std::nullopt;
            return it->get<std::size_t>();
        };
        if (const auto min = limit(minKey); min && n < *min)
            return "shorter than " + std::to_string(*min) + " " + unit;
        if (const auto max = limit(maxKey); max && n > *max)
            return "longer than " + std::to_string(*max) + " " + unit;
        return {};
    }

    std::string checkObject(const json& schema, const json& value, const std::string& path) const
    {
        if (const auto required = schema.find("required");
            required != schema.end() && required->is_array())
            for (const json& name : *required)
                if (name.is_string() && !value.contains(name.get<std::string>()))
                    return at(path,
                              "missing required property \"" + name.get<std::string>() + "\"");
        const auto properties = schema.find("properties");
        const bool hasProperties = properties != schema.end() && properties->is_object();
        const auto additional = schema.find("additionalProperties");
        for (const auto& [key, item] : value.items()) {
            const std::string itemPath = path.empty() ? key : path + "." + key;
            if (hasProperties) {
                if (const auto p = properties->find(key); p != properties->end()) {
                    if (std::string why = check(*p, item, itemPath); !why.empty())
                        return why;
                    continue;
                }
            }
            if (additional == schema.end())
                continue;
            if (additional->is_boolean() && !additional->get<bool>())
                return at(itemPath, "not allowed (additionalProperties is false)");
            if (std::string why = check(*additional, item, itemPath); !why.empty())
                return why;
        }
        return {};
    }

    std::string checkCombinations(const json& schema, const json& value,
                                  const std::string& path) const
    {
        if (const auto all = schema.find("allOf"); all != schema.end() && all->is_array())
            for (const json& part : *all)
                if (std::string why = check(part, value, path); !why.empty())
                    return why;
        const auto count = [&](const json& parts, std::string& firstWhy) {
            std::size_t fits = 0;
            for (const json& part : parts) {
                std::string why = check(part, value, path);
                if (why.empty())
                    ++fits;
                else if (firstWhy.empty())
                    firstWhy = std::move(why);
            }
            return fits;
        };
        if (const auto any = schema.find("anyOf"); any != schema.end() && any->is_array()) {
            std::string why;
            if (!any->empty() && count(*any, why) == 0)
                return at(path, "fits none of the allowed shapes (" + why + ")");
        }
        if (const auto one = schema.find("oneOf"); one != schema.end() && one->is_array()) {
            std::string why;
            const std::size_t fits = count(*one, why);
            if (!one->empty() && fits == 0)
                return at(path, "fits none of the allowed shapes (" + why + ")");
            if (fits > 1)
                return at(path, "fits more than one of the allowed shapes");
        }
        return {};
    }
};

} // namespace

std::string checkToolArguments(std::string_view schemaJson, std::string_view argumentsJson)
{
    if (const JsonProblem problem = checkJson(argumentsJson); problem != JsonProblem::None)
        return describe(problem);
    const json arguments = json::parse(argumentsJson, nullptr, false);
    if (!arguments.is_object())
        return "arguments must be a JSON object";
    if (schemaJson.empty() || checkJson(schemaJson) != JsonProblem::None)
        return {};
    const json schema = json::parse(schemaJson, nullptr, false);
    return Checker().check(schema, arguments, {});
}

} // namespace koder::agent
