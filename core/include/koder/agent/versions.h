// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

/// The conversation tree. Every message has a parent (none for a root); regenerate and edit add
/// a sibling (a new version) instead of deleting. The model shows one root-to-leaf chain, the
/// active path, which is State::messages: the parent of row i is row i - 1, row 0 is a root, and
/// each row is the active child of the one before. Versions holds the rest of the tree.
namespace koder::agent {

/// A message off the active path: another version of a message on it, or one said under such a
/// version. It keeps which child was active under it when it left the path, so switching back
/// continues where the user was.
struct OtherVersion {
    Message message;
    std::string parentId;      ///< "" for a root
    std::string activeChildId; ///< "" for a leaf

    friend bool operator==(const OtherVersion&, const OtherVersion&) = default;
};

/// Where a message stands among its parent's children: `index` is 0-based, `count` >= 1.
struct VersionPosition {
    std::size_t index = 0;
    std::size_t count = 1;

    friend bool operator==(const VersionPosition&, const VersionPosition&) = default;
};

namespace detail {
struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
template<class T>
using StringMap = std::unordered_map<std::string, T, StringHash, std::equal_to<>>;
} // namespace detail

/// The tree beyond the active path. A message with a single child needs no entry in `siblings`,
/// so a conversation that was never regenerated or edited costs nothing here.
struct Versions {
    /// The children of every parent that has more than one ("" names the roots), oldest first:
    /// the order of `versionIndex`.
    detail::StringMap<std::vector<std::string>> siblings;
    /// The messages off the active path, by id.
    detail::StringMap<OtherVersion> offPath;

    bool empty() const { return siblings.empty() && offPath.empty(); }
    /// The children of `parentId` when it has more than one, else null.
    const std::vector<std::string>* siblingsOf(std::string_view parentId) const;
    /// Where `id` stands among the children of `parentId`: {0, 1} for an only child.
    VersionPosition position(std::string_view parentId, std::string_view id) const;
    const OtherVersion* find(std::string_view id) const;
    /// The messages off `path`, parents before children and siblings in version order (a
    /// depth-first walk from the path): the order files and databases write them in.
    std::vector<const OtherVersion*> inOrder(const std::vector<Message>& path) const;

    friend bool operator==(const Versions&, const Versions&) = default;
};

/// The parent of row `row` of the active path: the id of the row before, "" for row 0.
inline std::string_view parentIdOf(const std::vector<Message>& path, std::size_t row)
{
    return row == 0 ? std::string_view() : std::string_view(path[row - 1].id);
}

} // namespace koder::agent
