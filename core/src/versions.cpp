// SPDX-License-Identifier: MIT
#include "koder/agent/versions.h"

#include <algorithm>

namespace koder::agent {

const std::vector<std::string>* Versions::siblingsOf(std::string_view parentId) const
{
    const auto it = siblings.find(parentId);
    return it == siblings.end() ? nullptr : &it->second;
}

VersionPosition Versions::position(std::string_view parentId, std::string_view id) const
{
    const std::vector<std::string>* group = siblingsOf(parentId);
    if (!group)
        return {};
    const auto it = std::find(group->begin(), group->end(), id);
    return {static_cast<std::size_t>(it - group->begin()), group->size()};
}

const OtherVersion* Versions::find(std::string_view id) const
{
    const auto it = offPath.find(id);
    return it == offPath.end() ? nullptr : &it->second;
}

std::vector<const OtherVersion*> Versions::inOrder(const std::vector<Message>& path) const
{
    std::vector<const OtherVersion*> order;
    order.reserve(offPath.size());
    // Depth-first with an explicit stack: an old version can be a long chain.
    std::vector<const OtherVersion*> stack;
    auto pushChildren = [&](std::string_view parentId, std::string_view skip) {
        const std::vector<std::string>* group = siblingsOf(parentId);
        if (!group) {
            // An only child off the path is its parent's active child.
            if (const OtherVersion* parent = find(parentId))
                if (const OtherVersion* child = find(parent->activeChildId))
                    stack.push_back(child);
            return;
        }
        for (auto it = group->rbegin(); it != group->rend(); ++it)
            if (*it != skip)
                if (const OtherVersion* child = find(*it))
                    stack.push_back(child);
    };
    auto walk = [&] {
        while (!stack.empty()) {
            const OtherVersion* v = stack.back();
            stack.pop_back();
            order.push_back(v);
            pushChildren(v->message.id, {});
        }
    };
    for (std::size_t row = 0; row < path.size(); ++row) {
        pushChildren(parentIdOf(path, row), path[row].id);
        walk();
    }
    return order;
}

} // namespace koder::agent
