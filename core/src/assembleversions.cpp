// SPDX-License-Identifier: MIT
// The tree from stored records (a file's `otherVersions`, a database's rows), checked before
// anything trusts it: the reducer walks parents and active children without looking twice.
#include "koder/agent/serialization.h"

#include <algorithm>
#include <tuple>
#include <utility>

namespace koder::agent {

namespace {

std::string quoted(std::string_view id)
{
    return "\"" + std::string(id) + "\"";
}

} // namespace

Loaded<Versions> assembleVersions(const std::vector<Message>& path,
                                  const std::vector<std::size_t>& pathIndexes,
                                  std::vector<OtherVersionRecord> others,
                                  std::string_view othersName)
{
    Versions versions;
    if (others.empty())
        return versions;
    auto at = [&](std::size_t i, const char* field) {
        return std::string(othersName) + "[" + std::to_string(i) + "]." + field;
    };
    constexpr std::size_t onPath = static_cast<std::size_t>(-1);
    // Where each id is: a row of the path (marked) or a record.
    detail::StringMap<std::pair<std::size_t, std::size_t>> where; // {record or onPath, row}
    where.reserve(path.size() + others.size());
    for (std::size_t row = 0; row < path.size(); ++row)
        if (!where.try_emplace(path[row].id, onPath, row).second)
            return LoadError{"messages[" + std::to_string(row) + "].id",
                             "duplicate id " + quoted(path[row].id)};
    for (std::size_t i = 0; i < others.size(); ++i) {
        const std::string& id = others[i].version.message.id;
        if (id.empty())
            return LoadError{at(i, "id"), "must not be empty"};
        if (!where.try_emplace(id, i, 0).second)
            return LoadError{at(i, "id"), "duplicate id " + quoted(id)};
    }
    const std::string lastOnPath = path.empty() ? std::string() : path.back().id;
    for (std::size_t i = 0; i < others.size(); ++i) {
        const std::string& parent = others[i].version.parentId;
        if (!parent.empty() && where.find(parent) == where.end())
            return LoadError{at(i, "parentId"), "unknown message " + quoted(parent)};
        if (path.empty() ? parent.empty() : parent == lastOnPath)
            return LoadError{at(i, "parentId"),
                             path.empty()
                                 ? std::string("a version beside an empty path")
                                 : quoted(parent) + " ends the active path, which must continue "
                                                    "to one of its children"};
    }
    // Every record must hang from the path or be a root: walk up each chain of parents until
    // the path, a root, or a record already known to be good. A record met twice is a cycle.
    enum : unsigned char { Unknown, Visiting, Good };
    std::vector<unsigned char> state(others.size(), Unknown);
    std::vector<std::size_t> chain;
    for (std::size_t i = 0; i < others.size(); ++i) {
        chain.clear();
        for (std::size_t j = i; state[j] != Good;) {
            if (state[j] == Visiting)
                return LoadError{at(i, "parentId"), "the parents form a cycle"};
            state[j] = Visiting;
            chain.push_back(j);
            const std::string& parent = others[j].version.parentId;
            if (parent.empty())
                break;
            const std::size_t record = where.find(parent)->second.first;
            if (record == onPath)
                break;
            j = record;
        }
        for (std::size_t k : chain)
            state[k] = Good;
    }
    // Sibling groups: the path's own child (if any) and the records under each parent.
    struct Child {
        std::size_t versionIndex;
        std::size_t sequence; ///< the path's child first, then records in their order
        std::string_view id;
    };
    detail::StringMap<std::vector<Child>> groups;
    for (std::size_t i = 0; i < others.size(); ++i)
        groups[others[i].version.parentId].push_back(
            {others[i].versionIndex, i + 1, others[i].version.message.id});
    for (auto& [parent, children] : groups) {
        const auto it = where.find(parent);
        const bool parentOnPath = parent.empty() || it->second.first == onPath;
        if (parentOnPath) {
            const std::size_t row = parent.empty() ? 0 : it->second.second + 1;
            const std::size_t index = row < pathIndexes.size() ? pathIndexes[row] : 0;
            children.push_back({index, 0, path[row].id});
        }
        std::sort(children.begin(), children.end(), [](const Child& a, const Child& b) {
            return std::tie(a.versionIndex, a.sequence) < std::tie(b.versionIndex, b.sequence);
        });
    }
    // Active children of the records: named ones must be children; none means the newest.
    for (std::size_t i = 0; i < others.size(); ++i) {
        OtherVersion& v = others[i].version;
        const auto group = groups.find(v.message.id);
        if (v.activeChildId.empty()) {
            if (group != groups.end())
                v.activeChildId = std::string(group->second.back().id);
            continue;
        }
        const bool isChild = group != groups.end() &&
                             std::any_of(group->second.begin(), group->second.end(),
                                         [&](const Child& c) { return c.id == v.activeChildId; });
        if (!isChild)
            return LoadError{at(i, "activeChildId"), quoted(v.activeChildId) +
                                                         " is not a child of " +
                                                         quoted(v.message.id)};
    }
    for (const auto& [parent, children] : groups) {
        if (children.size() < 2)
            continue;
        std::vector<std::string>& ids = versions.siblings[parent];
        ids.reserve(children.size());
        for (const Child& c : children)
            ids.emplace_back(c.id);
    }
    versions.offPath.reserve(others.size());
    for (OtherVersionRecord& r : others) {
        std::string id = r.version.message.id;
        versions.offPath.emplace(std::move(id), std::move(r.version));
    }
    return versions;
}

} // namespace koder::agent
