// SPDX-License-Identifier: MIT
// Name -> enum lookup for the core's fromString functions, derived from their toString.
#pragma once

#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>

namespace koder::agent::detail {

/// The enumerator named `text`, asking `nameOf` (a toString written as a switch, which returns
/// "" past the last enumerator) about each value from 0 on. No table in the enum's order to keep
/// in step with it: the switch is the one place a name is written, and -Wswitch reports an
/// enumerator it leaves out. The enums are contiguous from 0 (their declaration order does not
/// matter).
template<class Enum, class NameOf>
std::optional<Enum> enumFromName(NameOf nameOf, std::string_view text)
{
    using Underlying = std::underlying_type_t<Enum>;
    for (Underlying i = 0;; ++i) {
        const std::string_view name = nameOf(static_cast<Enum>(i));
        if (name.empty())
            return std::nullopt;
        if (name == text)
            return static_cast<Enum>(i);
        if (i == std::numeric_limits<Underlying>::max())
            return std::nullopt;
    }
}

} // namespace koder::agent::detail
