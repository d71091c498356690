// SPDX-License-Identifier: MIT
// checkToolArguments: the JSON Schema subset tool parameters use, first problem by path.
#include "koder/agent/toolarguments.h"

#include <gtest/gtest.h>

#include <string>

namespace koder::agent::test {
namespace {

const char* const noteSchema = R"({
    "type": "object",
    "properties": {
        "path": {"type": "string", "minLength": 1, "maxLength": 5},
        "count": {"type": "integer", "minimum": 1, "maximum": 3},
        "ratio": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        "unit": {"enum": ["c", "f"]},
        "kind": {"const": "note"},
        "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2},
        "when": {"type": ["string", "null"]},
        "nested": {"type": "object", "properties": {"deep": {"type": "boolean"}},
                   "required": ["deep"], "additionalProperties": false}
    },
    "required": ["path"]
})";

std::string check(const std::string& args)
{
    return checkToolArguments(noteSchema, args);
}

TEST(ToolArguments, ArgumentsThatFitPass)
{
    EXPECT_EQ(check(R"({"path":"a.md"})"), "");
    EXPECT_EQ(check(R"({"path":"a","count":3,"ratio":0.5,"unit":"f","kind":"note",)"
                    R"("tags":["x","y"],"when":null,"nested":{"deep":true},"extra":1})"),
              "");
    EXPECT_EQ(check(R"({"path":"üüüüü"})"), "") << "lengths count code points, not bytes";
    EXPECT_EQ(check(R"({"path":"a","count":2.0})"), "") << "2.0 is an integer";
}

TEST(ToolArguments, TheFirstProblemIsNamedByItsPath)
{
    EXPECT_EQ(check(R"({})"), R"(missing required property "path")");
    EXPECT_EQ(check(R"({"path":3})"), "path: expected a string, got an integer");
    EXPECT_EQ(check(R"({"path":""})"), "path: shorter than 1 characters");
    EXPECT_EQ(check(R"({"path":"üüüüüü"})"), "path: longer than 5 characters");
    EXPECT_EQ(check(R"({"path":"a","count":2.5})"), "count: expected an integer, got a number");
    EXPECT_EQ(check(R"({"path":"a","count":0})"), "count: must be at least 1");
    EXPECT_EQ(check(R"({"path":"a","count":4})"), "count: must be at most 3");
    EXPECT_EQ(check(R"({"path":"a","ratio":0})"), "ratio: must be more than 0");
    EXPECT_EQ(check(R"({"path":"a","ratio":1})"), "ratio: must be less than 1");
    EXPECT_EQ(check(R"({"path":"a","unit":"k"})"), R"(unit: must be one of "c", "f")");
    EXPECT_EQ(check(R"({"path":"a","kind":"todo"})"), R"(kind: must be "note")");
    EXPECT_EQ(check(R"({"path":"a","tags":[]})"), "tags: shorter than 1 items");
    EXPECT_EQ(check(R"({"path":"a","tags":["a","b","c"]})"), "tags: longer than 2 items");
    EXPECT_EQ(check(R"({"path":"a","tags":["a",2]})"),
              "tags[1]: expected a string, got an integer");
    EXPECT_EQ(check(R"({"path":"a","when":1})"), "when: expected a string or null, got an integer");
    EXPECT_EQ(check(R"({"path":"a","nested":{}})"), R"(nested: missing required property "deep")");
    EXPECT_EQ(check(R"({"path":"a","nested":{"deep":"yes"}})"),
              "nested.deep: expected a boolean, got a string");
    EXPECT_EQ(check(R"({"path":"a","nested":{"deep":true,"other":1}})"),
              "nested.other: not allowed (additionalProperties is false)");
}

TEST(ToolArguments, ArgumentsMustBeAJsonObjectWithinTheLimits)
{
    EXPECT_EQ(check(R"({"path":)"), "not valid JSON");
    EXPECT_EQ(check(""), "not valid JSON");
    EXPECT_EQ(check("[1]"), "arguments must be a JSON object");
    EXPECT_EQ(check("\"text\""), "arguments must be a JSON object");
    std::string deep(100, '[');
    deep += std::string(100, ']');
    EXPECT_EQ(check("{\"path\":" + deep + "}"), "nested deeper than 64 levels");
}

TEST(ToolArguments, AnEmptyOrBrokenSchemaChecksOnlyTheObject)
{
    for (const char* schema : {"", "{}", "{\"type\":", "[1,2]", "{\"type\":\"whatever\"}",
                               "{\"properties\":3,\"required\":\"path\"}"}) {
        SCOPED_TRACE(schema);
        EXPECT_EQ(checkToolArguments(schema, R"({"anything":[1]})"), "");
        EXPECT_EQ(checkToolArguments(schema, "[1]"), "arguments must be a JSON object");
    }
}

TEST(ToolArguments, Combinations)
{
    const char* schema = R"({"type":"object","properties":{
        "id": {"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 3}]},
        "one": {"oneOf": [{"type": "number", "minimum": 0}, {"type": "number", "maximum": 10}]},
        "all": {"allOf": [{"type": "string"}, {"maxLength": 2}]}}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"id":7,"one":-1,"all":"ab"})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"id":"abc"})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"id":"ab"})"),
              "id: fits none of the allowed shapes (id: expected an integer, got a string)");
    EXPECT_EQ(checkToolArguments(schema, R"({"one":5})"),
              "one: fits more than one of the allowed shapes");
    EXPECT_EQ(checkToolArguments(schema, R"({"all":"abc"})"), "all: longer than 2 characters");
    EXPECT_EQ(checkToolArguments(schema, R"({"all":1})"), "all: expected a string, got an integer");
}

TEST(ToolArguments, AdditionalPropertiesMayBeASchema)
{
    const char* schema = R"({"type":"object","properties":{"a":{}},
                             "additionalProperties":{"type":"number"}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"a":"x","b":1,"c":2.5})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"b":"x"})"), "b: expected a number, got a string");
}

} // namespace
} // namespace koder::agent::test
