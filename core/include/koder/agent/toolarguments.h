// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace koder::agent {

/// Why `argumentsJson` does not fit the tool's `parameters` schema `schemaJson`, or "" when it
/// fits: what an argument editor shows (Approve stays off meanwhile), and why the core refuses
/// edited arguments. Never throws.
///
/// The arguments must be JSON within the library's limits (`checkJson`: "not valid JSON",
/// "nested deeper than 64 levels", "larger than 64 MiB") and a JSON object ("arguments must be a
/// JSON object").
///
/// The schema is read as the subset function-calling schemas use: `type` (a name or a list of
/// them: object, array, string, number, integer — 3 and 3.0 both count —, boolean, null),
/// `properties`, `required`, `additionalProperties` (false or a schema), `items` (a schema),
/// `enum`, `const`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (numbers),
/// `minLength`/`maxLength` (in Unicode code points, not bytes), `minItems`/`maxItems`, `allOf`
/// (all must fit), `anyOf` (one at least), `oneOf` (exactly one). `pattern` is not supported;
/// it is ignored like `format`, `description`, `title`, `default`, `$ref` and every other
/// keyword. A schema that is empty, "{}", not JSON, deeper than the JSON limit or not an object
/// checks nothing but the object, and a malformed keyword is skipped: a mistake of the app in
/// its schema never blocks the user.
///
/// The first problem wins: a value's type, then its `const`/`enum`, bounds and lengths, then
/// (objects) its required properties, then its contents (items in order, properties in key
/// order), then `allOf`/`anyOf`/`oneOf`. It comes after the path of the value it is about,
/// `key.inner`, `list[2]` (an odd key as `["a.b"]`); at the root, with none. Its shapes:
/// - `tz: expected a string, got a number`, `when: expected a string or null, got an object`
/// - `missing required property "tz"`, `extra: not allowed (additionalProperties is false)`
/// - `unit: must be one of "c", "f"`, `kind: must be "note"`
/// - `count: must be at least 1`, `... at most 3`, `... more than 0`, `... less than 1`
/// - `name: shorter than 1 character`, `name: longer than 20 characters`
/// - `tags: fewer than 1 item`, `tags: more than 2 items`
/// - `id: fits none of the allowed shapes (expected an integer, got a string)` (anyOf, oneOf:
///   the first alternative's problem, its path relative to the value), `id: fits more than one
///   of the allowed shapes` (oneOf)
std::string checkToolArguments(std::string_view schemaJson, std::string_view argumentsJson);

} // namespace koder::agent
