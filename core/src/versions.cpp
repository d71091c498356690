// SPDX-License-Identifier: MIT
#include "koder/agent/versions.h"

#include <algorithm>

/*!
    \class koder::agent::OtherVersion
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/versions.h
    \brief A message off the active path of the conversation tree.

    The conversation is a tree: regenerate and edit add a sibling (a new version) instead of
    deleting. \l {koder::agent::ConversationState::messages} holds the active path; every other message is
    an OtherVersion in \l {koder::agent::Versions}{Versions}: another version of a message on the
    path, or one said under such a version. It keeps which child was active under it when it left
    the path, so switching back to it continues where the user was.
*/

/*!
    \variable koder::agent::OtherVersion::message

    The message itself.
*/

/*!
    \variable koder::agent::OtherVersion::parentId

    The id of its parent, \c "" for a root.
*/

/*!
    \variable koder::agent::OtherVersion::activeChildId

    The id of the child that was active under it when it left the path, \c "" for a leaf.
*/

/*!
    \fn bool koder::agent::OtherVersion::operator==(const koder::agent::OtherVersion &a, const koder::agent::OtherVersion &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

/*!
    \class koder::agent::VersionPosition
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/versions.h
    \brief Where a message stands among its parent's children: version \e {index + 1} of
    \e count.

    A view shows it as the version switcher "‹ 2/3 ›" (the model's \c versionIndex and
    \c versionCount roles).
*/

/*!
    \variable koder::agent::VersionPosition::index

    The 0-based position among the siblings, oldest first. Default 0.
*/

/*!
    \variable koder::agent::VersionPosition::count

    The number of siblings, the message included: at least 1. Default 1.
*/

/*!
    \fn bool koder::agent::VersionPosition::operator==(const koder::agent::VersionPosition &a, const koder::agent::VersionPosition &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

/*!
    \class koder::agent::Versions
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/versions.h
    \brief The conversation tree beyond the active path.

    Every message has a parent (none for a root). The model shows one root-to-leaf chain, the
    active path, which is \l {koder::agent::ConversationState::messages}: the parent of row \e i is row
    \e {i - 1}, row 0 is a root, and each row is the active child of the one before. Versions
    holds the rest of the tree: the sibling groups and the messages off the path.

    A message with a single child needs no entry in \c siblings, so a conversation that was
    never regenerated or edited costs nothing here.
*/

/*!
    \variable koder::agent::Versions::siblings

    The children of every parent that has more than one (\c "" names the roots), by the parent's
    id, oldest first: the order of \c versionIndex.
*/

/*!
    \variable koder::agent::Versions::offPath

    The messages off the active path, by id.
*/

/*!
    \fn bool koder::agent::Versions::empty() const

    Returns \c true when the tree is the active path alone.
*/

/*!
    \fn bool koder::agent::Versions::operator==(const koder::agent::Versions &a, const koder::agent::Versions &b)

    Returns \c true when \a a and \a b hold the same tree.
*/

/*!
    \fn std::string_view koder::agent::parentIdOf(const std::vector<koder::agent::Message> &path, std::size_t row)
    \relates koder::agent::Versions

    Returns the parent of row \a row of the active path \a path: the id of the row before, or
    \c "" for row 0.
*/

/*!
    \namespace koder::agent::detail
    \inmodule KoderAgentCore
    \internal
*/

/*!
    \class koder::agent::detail::StringHash
    \inmodule KoderAgentCore
    \internal
*/

/*!
    \typealias koder::agent::detail::StringMap
    \internal
*/

namespace koder::agent {

/*!
    Returns the children of \a parentId (\c "" for the roots) when it has more than one,
    oldest first; otherwise \c nullptr.
*/
const std::vector<std::string>* Versions::siblingsOf(std::string_view parentId) const
{
    const auto it = siblings.find(parentId);
    return it == siblings.end() ? nullptr : &it->second;
}

/*!
    Returns where the message \a id stands among the children of \a parentId: \c {{0, 1}} for
    an only child.
*/
VersionPosition Versions::position(std::string_view parentId, std::string_view id) const
{
    const std::vector<std::string>* group = siblingsOf(parentId);
    if (!group)
        return {};
    const auto it = std::find(group->begin(), group->end(), id);
    return {static_cast<std::size_t>(it - group->begin()), group->size()};
}

/*!
    Returns the message \a id off the active path, or \c nullptr when it is not off the path.
*/
const OtherVersion* Versions::find(std::string_view id) const
{
    const auto it = offPath.find(id);
    return it == offPath.end() ? nullptr : &it->second;
}

/*!
    Returns the messages off the active path \a path, parents before children and siblings in
    version order (a depth-first walk from the path): the order files and databases write them
    in.
*/
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
