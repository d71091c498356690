// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace koder::agent {

/// Why `argumentsJson` does not fit the tool's `parameters` schema `schemaJson`, or "" when it
/// fits: what an argument editor shows, and why the core refuses edited arguments.
///
/// The arguments must be a JSON object within the library's JSON limits. The schema is read as
/// the subset function-calling schemas use: `type` (a name or a list: object, array, string,
/// number, integer — 3.0 counts —, boolean, null), `properties`, `required`,
/// `additionalProperties` (false or a schema), `items`, `enum`, `const`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `exclusiveMaximum`, `minLength`/`maxLength` (in code points),
/// `minItems`/`maxItems`, `allOf`, `anyOf`, `oneOf`. Other keywords (`pattern`, `format`, ...)
/// are not checked. An empty or unreadable schema checks nothing but the object: a schema
/// mistake of the app never blocks the user.
///
/// The first problem wins, named by its path: `path: expected a string, got a number`,
/// `missing required property "path"`, `items[2]: must be at least 1`.
std::string checkToolArguments(std::string_view schemaJson, std::string_view argumentsJson);

} // namespace koder::agent
