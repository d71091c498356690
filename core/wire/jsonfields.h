// SPDX-License-Identifier: MIT
// What every simdjson-based decoder of core/wire needs: a parser kept for one stream and an
// optional-field reader.
#pragma once

#include "koder/agent/serialization.h"

#include <simdjson.h>

#include <new>
#include <utility>

namespace koder::wire {

/// One parser per stream, reused for every event (it keeps its buffers). Its depth limit leaves
/// `levelsAround` levels for the event's own structure around tool arguments given as an
/// object, above the core's JSON limit (deeper arguments are refused, never truncated).
template<std::size_t levelsAround>
struct StreamJsonParser {
    StreamJsonParser()
    {
        if (parser.allocate(simdjson::SIMDJSON_PADDING, koder::agent::maxJsonDepth + levelsAround))
            throw std::bad_alloc();
    }
    simdjson::dom::parser parser;
};

/// Reads an optional field: `out` keeps its value when the field is absent or of another type.
/// True when it was read.
template<class T, class Result>
bool take(Result&& result, T& out)
{
    T value;
    if (std::forward<Result>(result).get(value))
        return false;
    out = std::move(value);
    return true;
}

} // namespace koder::wire
