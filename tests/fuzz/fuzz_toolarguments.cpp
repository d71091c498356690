// SPDX-License-Identifier: MIT
// checkToolArguments on any schema and any arguments (split at the first NUL byte): never
// crashes, never throws, and says "" only for a JSON object.
#include "fuzzcheck.h"

#include "koder/agent/toolarguments.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = all.find('\0');
    const std::string_view schema =
        cut == std::string_view::npos ? std::string_view() : all.substr(0, cut);
    const std::string_view arguments = cut == std::string_view::npos ? all : all.substr(cut + 1);
    const std::string why = koder::agent::checkToolArguments(schema, arguments);
    if (why.empty()) {
        // It fits: so it is at least an object for the empty schema too.
        KODER_FUZZ_CHECK(koder::agent::checkToolArguments({}, arguments).empty(),
                         "fits a schema but is not a JSON object");
    }
    return 0;
}
