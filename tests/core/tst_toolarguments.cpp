// SPDX-License-Identifier: MIT
// checkToolArguments: the JSON Schema subset tool parameters use, first problem by path.
#include "koder/agent/toolarguments.h"

#include <gtest/gtest.h>

#include <string>

namespace koder::agent::test {
namespace {

const char* const noteSchema = R"({
    "type": "object",
    "description": "Writes a note", "title": "note", "default": {},
    "properties": {
        "path": {"type": "string", "minLength": 1, "maxLength": 5, "description": "where"},
        "count": {"type": "integer", "minimum": 1, "maximum": 3, "default": 1},
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

// `inner` nested in `levels` one-element arrays.
std::string nestedArrays(int levels, const std::string& inner = "1")
{
    return std::string(static_cast<std::size_t>(levels), '[') + inner +
           std::string(static_cast<std::size_t>(levels), ']');
}

TEST(ToolArguments, ArgumentsThatFitPass)
{
    EXPECT_EQ(check(R"({"path":"a.md"})"), "");
    EXPECT_EQ(check(R"({"path":"a","count":3,"ratio":0.5,"unit":"f","kind":"note",)"
                    R"("tags":["x","y"],"when":null,"nested":{"deep":true},"extra":1})"),
              "");
    EXPECT_EQ(check(R"({"path":"a","when":"today"})"), "");
    EXPECT_EQ(check(R"({"path":"a","count":1,"ratio":0.999})"), "") << "bounds are inclusive";
}

TEST(ToolArguments, TheFirstProblemIsNamedByItsPath)
{
    EXPECT_EQ(check(R"({})"), R"(missing required property "path")");
    EXPECT_EQ(check(R"({"path":3})"), "path: expected a string, got a number");
    EXPECT_EQ(check(R"({"path":true})"), "path: expected a string, got a boolean");
    EXPECT_EQ(check(R"({"path":null})"), "path: expected a string, got null");
    EXPECT_EQ(check(R"({"path":{}})"), "path: expected a string, got an object");
    EXPECT_EQ(check(R"({"path":[]})"), "path: expected a string, got an array");
    EXPECT_EQ(check(R"({"path":""})"), "path: shorter than 1 character");
    EXPECT_EQ(check(R"({"path":"abcdef"})"), "path: longer than 5 characters");
    EXPECT_EQ(check(R"({"path":"a","count":0})"), "count: must be at least 1");
    EXPECT_EQ(check(R"({"path":"a","count":4})"), "count: must be at most 3");
    EXPECT_EQ(check(R"({"path":"a","ratio":0})"), "ratio: must be more than 0");
    EXPECT_EQ(check(R"({"path":"a","ratio":1})"), "ratio: must be less than 1");
    EXPECT_EQ(check(R"({"path":"a","ratio":"half"})"), "ratio: expected a number, got a string");
    EXPECT_EQ(check(R"({"path":"a","unit":"k"})"), R"(unit: must be one of "c", "f")");
    EXPECT_EQ(check(R"({"path":"a","kind":"todo"})"), R"(kind: must be "note")");
    EXPECT_EQ(check(R"({"path":"a","tags":[]})"), "tags: fewer than 1 item");
    EXPECT_EQ(check(R"({"path":"a","tags":["a","b","c"]})"), "tags: more than 2 items");
    EXPECT_EQ(check(R"({"path":"a","tags":["a",2]})"), "tags[1]: expected a string, got a number");
    EXPECT_EQ(check(R"({"path":"a","when":1})"), "when: expected a string or null, got a number");
    EXPECT_EQ(check(R"({"path":"a","nested":{}})"), R"(nested: missing required property "deep")");
    EXPECT_EQ(check(R"({"path":"a","nested":{"deep":"yes"}})"),
              "nested.deep: expected a boolean, got a string");
    EXPECT_EQ(check(R"({"path":"a","nested":{"deep":true,"other":1}})"),
              "nested.other: not allowed (additionalProperties is false)");
}

TEST(ToolArguments, TheFirstProblemWins)
{
    // Required properties before the properties; properties in key order.
    EXPECT_EQ(check(R"({"count":0})"), R"(missing required property "path")");
    EXPECT_EQ(check(R"({"path":"a","unit":"k","count":0})"), "count: must be at least 1");
    // The type before anything else of the same value.
    EXPECT_EQ(
        checkToolArguments(R"({"properties":{"n":{"type":"string","enum":[1]}}})", R"({"n":2})"),
        "n: expected a string, got a number");
}

TEST(ToolArguments, IntegersAreWholeNumbers)
{
    EXPECT_EQ(check(R"({"path":"a","count":2})"), "");
    EXPECT_EQ(check(R"({"path":"a","count":2.0})"), "") << "2.0 is an integer";
    EXPECT_EQ(check(R"({"path":"a","count":2e0})"), "");
    EXPECT_EQ(check(R"({"path":"a","count":2.5})"), "count: expected an integer, got a number");
    const char* schema = R"({"properties":{"n":{"type":"integer"},"x":{"type":"number"}}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"n":-3,"x":3})"), "") << "an integer is a number";
    EXPECT_EQ(checkToolArguments(schema, R"({"n":18446744073709551615})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"n":1e300})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"n":"3"})"), "n: expected an integer, got a string");
    EXPECT_EQ(checkToolArguments(schema, R"({"x":true})"), "x: expected a number, got a boolean");
}

TEST(ToolArguments, LengthsCountCodePoints)
{
    EXPECT_EQ(check(R"({"path":"üüüüü"})"), "") << "ü is one character, two bytes";
    EXPECT_EQ(check(R"({"path":"ü"})"), "");
    EXPECT_EQ(check(R"({"path":"😀😀😀😀😀"})"), "") << "four bytes each";
    EXPECT_EQ(check(R"({"path":"\u00fc\u00fc\u00fc\u00fc\u00fc"})"), "") << "escapes too";
    EXPECT_EQ(check(R"({"path":"üüüüüü"})"), "path: longer than 5 characters");
    const char* schema = R"({"properties":{"s":{"minLength":2,"maxLength":1.0}}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"s":"ü"})"), "s: shorter than 2 characters");
    EXPECT_EQ(checkToolArguments(schema, R"({"s":"üü"})"), "s: longer than 1 character");
    EXPECT_EQ(checkToolArguments(schema, R"({"s":5})"), "") << "lengths are of strings only";
}

TEST(ToolArguments, TypeLists)
{
    const char* schema = R"({"properties":{"v":{"type":["integer","boolean","null"]}}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"v":1})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"v":false})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"v":null})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"v":"x"})"),
              "v: expected an integer, a boolean or null, got a string");
    EXPECT_EQ(checkToolArguments(schema, R"({"v":[1]})"),
              "v: expected an integer, a boolean or null, got an array");
}

TEST(ToolArguments, ItemsAndNestedPaths)
{
    const char* schema = R"({"type":"object","properties":{"rows":{"type":"array","items":{
        "type":"object","required":["id"],"properties":{
            "id":{"type":"integer"},
            "cells":{"type":"array","items":{"type":"array","items":{"type":"number"}}}}}}}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"rows":[{"id":1,"cells":[[1,2.5],[]]}]})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"rows":[{"id":1},{"id":"2"}]})"),
              "rows[1].id: expected an integer, got a string");
    EXPECT_EQ(checkToolArguments(schema, R"({"rows":[{"id":1},{}]})"),
              R"(rows[1]: missing required property "id")");
    EXPECT_EQ(checkToolArguments(schema, R"({"rows":[{"id":1,"cells":[[1],[2,"x"]]}]})"),
              "rows[0].cells[1][1]: expected a number, got a string");
    EXPECT_EQ(checkToolArguments(schema, R"({"rows":[1,2,"three"]})"),
              "rows[0]: expected an object, got a number");
}

TEST(ToolArguments, OddKeysAreQuotedInPaths)
{
    const char* schema = R"({"additionalProperties":{"type":"string"}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"a.b":1})"),
              R"(["a.b"]: expected a string, got a number)");
    EXPECT_EQ(checkToolArguments(schema, R"({"":1})"), R"([""]: expected a string, got a number)");
    EXPECT_EQ(checkToolArguments(schema, R"({"größe":1})"),
              "größe: expected a string, got a number");
    const std::string longKey(100, 'k');
    EXPECT_EQ(checkToolArguments(schema, "{\"" + longKey + "\":1}"),
              std::string(60, 'k') + "...: expected a string, got a number");
}

TEST(ToolArguments, AdditionalProperties)
{
    const char* schema = R"({"type":"object","properties":{"a":{}},
                             "additionalProperties":{"type":"number"}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"a":"x","b":1,"c":2.5})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"b":"x"})"), "b: expected a number, got a string");
    const char* closed = R"({"properties":{"a":{}},"additionalProperties":false})";
    EXPECT_EQ(checkToolArguments(closed, R"({"a":1})"), "");
    EXPECT_EQ(checkToolArguments(closed, R"({"a":1,"extra":2})"),
              "extra: not allowed (additionalProperties is false)");
    EXPECT_EQ(checkToolArguments(R"({"additionalProperties":false})", R"({"x":1})"),
              "x: not allowed (additionalProperties is false)");
    EXPECT_EQ(checkToolArguments(R"({"additionalProperties":false})", "{}"), "");
    EXPECT_EQ(checkToolArguments(R"({"additionalProperties":true})", R"({"x":1})"), "");
}

TEST(ToolArguments, EnumAndConst)
{
    const char* schema = R"({"properties":{
        "n":{"enum":[1,"one",null,[1],{"a":1}]},
        "c":{"const":{"x":[1,2]}},
        "many":{"enum":[1,2,3,4,5,6,7,8,9,10,11,12]},
        "none":{"enum":[]}}})";
    for (const char* fits : {R"({"n":1})", R"({"n":1.0})", R"({"n":"one"})", R"({"n":null})",
                             R"({"n":[1]})", R"({"n":{"a":1}})", R"({"c":{"x":[1,2]}})"}) {
        SCOPED_TRACE(fits);
        EXPECT_EQ(checkToolArguments(schema, fits), "");
    }
    EXPECT_EQ(checkToolArguments(schema, R"({"n":2})"),
              R"(n: must be one of 1, "one", null, [1], {"a":1})");
    EXPECT_EQ(checkToolArguments(schema, R"({"c":{"x":[2,1]}})"), R"(c: must be {"x":[1,2]})");
    EXPECT_EQ(checkToolArguments(schema, R"({"many":0})"),
              "many: must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...");
    EXPECT_EQ(checkToolArguments(schema, R"({"none":0})"),
              "none: must be one of nothing (the list is empty)");
}

TEST(ToolArguments, Combinations)
{
    const char* schema = R"({"type":"object","properties":{
        "id": {"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 3}]},
        "one": {"oneOf": [{"type": "number", "minimum": 0}, {"type": "number", "maximum": 10}]},
        "all": {"allOf": [{"type": "string"}, {"maxLength": 2}]},
        "deep": {"anyOf": [{"type": "object", "properties": {"x": {"type": "string"}}},
                           {"type": "string"}]}}})";
    EXPECT_EQ(checkToolArguments(schema, R"({"id":7,"one":-1,"all":"ab"})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"id":"abc","one":11,"deep":"s"})"), "");
    EXPECT_EQ(checkToolArguments(schema, R"({"id":"ab"})"),
              "id: fits none of the allowed shapes (expected an integer, got a string)");
    EXPECT_EQ(checkToolArguments(schema, R"({"one":5})"),
              "one: fits more than one of the allowed shapes");
    EXPECT_EQ(checkToolArguments(schema, R"({"one":"5"})"),
              "one: fits none of the allowed shapes (expected a number, got a string)");
    EXPECT_EQ(checkToolArguments(schema, R"({"all":"abc"})"), "all: longer than 2 characters");
    EXPECT_EQ(checkToolArguments(schema, R"({"all":1})"), "all: expected a string, got a number");
    EXPECT_EQ(checkToolArguments(schema, R"({"deep":{"x":1}})"),
              "deep: fits none of the allowed shapes (x: expected a string, got a number)");
    // At the root, with no path; empty lists are ignored.
    EXPECT_EQ(checkToolArguments(R"({"anyOf":[{"required":["a"]},{"required":["b"]}]})", "{}"),
              R"(fits none of the allowed shapes (missing required property "a"))");
    EXPECT_EQ(checkToolArguments(R"({"anyOf":[],"oneOf":[],"allOf":[]})", "{}"), "");
    EXPECT_EQ(checkToolArguments(R"({"oneOf":[{},{"required":["a"]}]})", R"({"a":1})"),
              "fits more than one of the allowed shapes");
    EXPECT_EQ(checkToolArguments(R"({"oneOf":[{},{"required":["a"]}]})", "{}"), "");
}

TEST(ToolArguments, UnsupportedAndUnknownKeywordsAreIgnored)
{
    const char* schema = R"({"$schema":"http://json-schema.org/draft-07/schema#",
        "properties":{"s":{"type":"string","pattern":"^[0-9]+$","format":"date-time",
                           "x-vendor":{"anything":true},"$ref":"#/nowhere"}},
        "patternProperties":{"^q":{"type":"number"}},"unknown":[1,2]})";
    EXPECT_EQ(checkToolArguments(schema, R"({"s":"not digits","q":"x"})"), "");
}

TEST(ToolArguments, MalformedKeywordsAreSkipped)
{
    const char* schema = R"({"type":"object","properties":{"a":{
        "type":3,"minimum":"1","maxLength":-1,"minItems":1.5,"enum":"x","items":7,
        "anyOf":{},"allOf":"y","required":"a"}},"additionalProperties":"no"})";
    EXPECT_EQ(checkToolArguments(schema, R"({"a":[0],"b":2})"), "");
    EXPECT_EQ(checkToolArguments(R"({"type":"whatever"})", "{}"), "");
    EXPECT_EQ(
        checkToolArguments(R"({"properties":{"a":{"type":["whatever","string"]}}})", R"({"a":1})"),
        "")
        << "an unknown type name fits anything";
}

TEST(ToolArguments, AnEmptyOrBrokenSchemaChecksOnlyTheObject)
{
    const std::string tooDeep = "{\"items\":" + nestedArrays(100, "{}") + "}";
    for (const std::string& schema :
         {std::string(), std::string("{}"), std::string("{\"type\":"), std::string("[1,2]"),
          std::string("true"), std::string("false"), std::string("\"object\""),
          std::string("{\"properties\":3,\"required\":\"path\"}"), tooDeep}) {
        SCOPED_TRACE(schema);
        EXPECT_EQ(checkToolArguments(schema, R"({"anything":[1]})"), "");
        EXPECT_EQ(checkToolArguments(schema, "{}"), "");
        EXPECT_EQ(checkToolArguments(schema, "[1]"), "arguments must be a JSON object");
        EXPECT_EQ(checkToolArguments(schema, "{"), "not valid JSON");
    }
}

TEST(ToolArguments, ArgumentsMustBeAJsonObjectWithinTheLimits)
{
    EXPECT_EQ(check(R"({"path":)"), "not valid JSON");
    EXPECT_EQ(check(""), "not valid JSON");
    EXPECT_EQ(check("{} {}"), "not valid JSON");
    EXPECT_EQ(check("{\"path\":\"\xff\"}"), "not valid JSON") << "not UTF-8";
    EXPECT_EQ(check(R"({"path":"\ud800"})"), "not valid JSON") << "a lone surrogate";
    EXPECT_EQ(check("[1]"), "arguments must be a JSON object");
    EXPECT_EQ(check("\"text\""), "arguments must be a JSON object");
    EXPECT_EQ(check("null"), "arguments must be a JSON object");
    EXPECT_EQ(check("3"), "arguments must be a JSON object");
    EXPECT_EQ(check(" {\"path\":\"a\"}\n"), "") << "whitespace around is fine";
}

TEST(ToolArguments, DeepNestingIsRefusedWithoutCrashing)
{
    // The root object is level 1: 63 arrays inside it reach the limit, 64 pass it.
    EXPECT_EQ(checkToolArguments("", "{\"a\":" + nestedArrays(63) + "}"), "");
    EXPECT_EQ(checkToolArguments("", "{\"a\":" + nestedArrays(64) + "}"),
              "nested deeper than 64 levels");
    EXPECT_EQ(checkToolArguments("", "{\"a\":" + nestedArrays(100000) + "}"),
              "nested deeper than 64 levels");

    // A schema as deep as allowed (64 levels: the root and 63 more) is followed all the way
    // down, and its problem named with the whole path.
    std::string schema = R"({"type":"integer"})";
    std::string wrong = "\"x\"";
    std::string path = "v";
    for (int level = 0; level < 62; ++level) {
        schema = R"({"type":"array","items":)" + schema + "}";
        wrong = "[" + wrong + "]";
        path += "[0]";
    }
    EXPECT_EQ(
        checkToolArguments(R"({"additionalProperties":)" + schema + "}", "{\"v\":" + wrong + "}"),
        path + ": expected an integer, got a string");
    // One level more and the schema is ignored.
    EXPECT_EQ(checkToolArguments(R"({"properties":{"v":)" + schema + "}}", "{\"v\":" + wrong + "}"),
              "");
    EXPECT_EQ(checkToolArguments("{\"items\":" + nestedArrays(100000, "{}") + "}", "{}"), "");
}

TEST(ToolArguments, LargeArgumentsUnderLongKeysStayCheap)
{
    // A big array under a long key: paths are spelled only for a problem.
    const std::string key(10000, 'k');
    std::string args = "{\"" + key + "\":[";
    for (int i = 0; i < 100000; ++i)
        args += i == 0 ? "1" : ",1";
    args += ",\"x\"]}";
    const std::string schema =
        R"({"additionalProperties":{"items":{"anyOf":[{"type":"string"},{"type":"integer"}]}}})";
    EXPECT_EQ(checkToolArguments(schema, args), "");
    const std::string strict = R"({"additionalProperties":{"items":{"type":"integer"}}})";
    EXPECT_EQ(checkToolArguments(strict, args),
              std::string(60, 'k') + "...[100000]: expected an integer, got a string");
}

} // namespace
} // namespace koder::agent::test
