// SPDX-License-Identifier: MIT
// checkToolArguments on any schema and any arguments (split at the first NUL byte; with none, the
// whole input is the arguments and the schema is empty): never crashes, never throws, never
// recurses past the JSON depth limit, and
// - arguments that are not a JSON object within the limits get the same fixed message whatever
//   the schema; a JSON object fits the empty schema, and "{}" is the empty schema;
// - the answer does not change when asked again.
#include "fuzzcheck.h"

#include "koder/agent/serialization.h"
#include "koder/agent/toolarguments.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using koder::agent::checkToolArguments;
    using koder::fuzz::printable;

    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = all.find('\0');
    const std::string_view schema =
        cut == std::string_view::npos ? std::string_view() : all.substr(0, cut);
    const std::string_view arguments = cut == std::string_view::npos ? all : all.substr(cut + 1);

    const std::string why = checkToolArguments(schema, arguments);
    const std::string plain = checkToolArguments({}, arguments); // the empty schema
    const auto problem = koder::agent::checkJson(arguments);
    if (problem != koder::agent::JsonProblem::None) {
        KODER_FUZZ_CHECK(plain == koder::agent::describe(problem), "not JSON, but: " + plain);
    } else {
        KODER_FUZZ_CHECK(plain.empty() || plain == "arguments must be a JSON object",
                         "the empty schema says: " + plain);
    }
    if (!plain.empty()) {
        KODER_FUZZ_CHECK(why == plain, "the schema changes the verdict on non-object arguments: " +
                                           why + " / " + plain);
    }
    KODER_FUZZ_CHECK(checkToolArguments("{}", arguments) == plain,
                     "\"{}\" is not the empty schema");
    KODER_FUZZ_CHECK(checkToolArguments(schema, arguments) == why,
                     "a second check differs for " + printable(all));
    return 0;
}
