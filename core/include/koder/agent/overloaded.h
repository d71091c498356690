// SPDX-License-Identifier: MIT
#pragma once

namespace koder::agent {

/// A visitor made of lambdas, one per alternative: `std::visit(overloaded{...}, variant)`.
/// Visiting by type, never by a variant's index, makes a reordered variant harmless and a new
/// alternative a compile error wherever it is not handled.
template<class... Ts>
struct overloaded : Ts... {
    using Ts::operator()...;
};
template<class... Ts>
overloaded(Ts...) -> overloaded<Ts...>;

} // namespace koder::agent
