// SPDX-License-Identifier: MIT
// The bookkeeping every domain of the reducer shares: rejections, ids, the change set,
// persistence and announcements.
#include "reduction.h"

#include <algorithm>
#include <utility>

namespace koder::agent::reduction {

void Reduction::reject(RejectReason reason, std::string detail)
{
    out_.rejection = Rejection{{}, reason, std::move(detail)};
}

bool Reduction::readOnly()
{
    if (s_.conversation.loadError.empty())
        return false;
    reject(RejectReason::ReadOnly, s_.conversation.loadError);
    return true;
}

void Reduction::dropped()
{
    out_.dropped = true;
}

void Reduction::ensureConversationId()
{
    // After clear() the stored copy of the conversation stays as it was: what is added next
    // starts a conversation of its own instead of overwriting it.
    if (s_.conversation.id.empty() || s_.conversation.cleared)
        startNewConversation();
}

bool Reduction::tooManyTurns()
{
    const int max = s_.settings.maxBackgroundTurns;
    if (s_.turn || max == 0 || s_.background.size() < static_cast<std::size_t>(max))
        return false;
    reject(RejectReason::TooManyTurns, std::to_string(s_.background.size()));
    return true;
}

void Reduction::startNewConversation()
{
    s_.conversation.id = env_.newId("c");
    s_.conversation.cleared = false;
}

std::string Reduction::freshMessageId()
{
    std::string id = env_.newId("m");
    while (findMessage(s_, id) != noRow || s_.conversation.versions.find(id))
        id = env_.newId("m");
    return id;
}

bool Reduction::idIsFree(std::string_view id) const
{
    return !id.empty() && findMessage(s_, id) == noRow && !s_.conversation.versions.find(id);
}

// The tree names a message by id in two places: its parent's list of versions, and the parent
// links of the versions said under it.
void Reduction::renameRow(std::size_t row, std::string id)
{
    Message& m = s_.conversation.messages[row];
    Versions& v = s_.conversation.versions;
    const bool tree = !v.empty();
    if (tree) {
        if (const auto group = v.siblings.find(parentIdOf(s_.conversation.messages, row));
            group != v.siblings.end())
            std::replace(group->second.begin(), group->second.end(), m.id, id);
        for (auto& [offId, other] : v.offPath)
            if (other.parentId == m.id)
                other.parentId = id;
        if (const auto children = v.siblings.find(m.id); children != v.siblings.end()) {
            auto list = std::move(children->second);
            v.siblings.erase(children);
            v.siblings.emplace(id, std::move(list));
        }
    }
    m.id = std::move(id);
    changed(row, Field::Id);
    // The tree names it too: a store writes the tree anew, not only the path.
    persist(row).allVersions |= tree;
}

Message Reduction::newMessage(Role role, std::string text)
{
    return Message(freshMessageId(), role, std::move(text), env_.now ? env_.now() : 0);
}

std::size_t Reduction::append(Message m)
{
    s_.conversation.messages.push_back(std::move(m));
    const std::size_t row = s_.conversation.messages.size() - 1;
    // A parent with several children has one on the path: appending under it is a new version.
    if (!s_.conversation.versions.siblings.empty())
        if (const auto it =
                s_.conversation.versions.siblings.find(parentIdOf(s_.conversation.messages, row));
            it != s_.conversation.versions.siblings.end())
            it->second.push_back(s_.conversation.messages[row].id);
    if (!out_.changes.empty()) {
        Change& last = out_.changes.back();
        // A reset in this change set already reads every row as it ends up.
        if (last.kind == Change::Kind::Reset)
            return row;
        if (last.kind == Change::Kind::Inserted && last.first + last.count == row) {
            ++last.count;
            return row;
        }
    }
    out_.changes.push_back({Change::Kind::Inserted, row, 1, Field::None});
    return row;
}

void Reduction::truncateAfter(std::size_t row)
{
    const std::size_t first = row + 1;
    if (first >= s_.conversation.messages.size())
        return;
    if (!s_.conversation.versions.empty())
        for (std::size_t i = row; i < s_.conversation.messages.size(); ++i)
            dropVersionsUnder(s_.conversation.messages[i].id, {});
    out_.changes.push_back(
        {Change::Kind::Removed, first, s_.conversation.messages.size() - first, Field::None});
    s_.conversation.messages.erase(s_.conversation.messages.begin() +
                                       static_cast<std::ptrdiff_t>(first),
                                   s_.conversation.messages.end());
}

// The other versions among the children of `parentId` (all but `keep`), with everything under
// them. Iterative: an old version can be a long chain.
void Reduction::dropVersionsUnder(std::string_view parentId, std::string_view keep)
{
    Versions& v = s_.conversation.versions;
    const auto group = v.siblings.find(parentId);
    if (group == v.siblings.end())
        return;
    std::vector<std::string> doomed;
    for (std::string& id : group->second)
        if (id != keep)
            doomed.push_back(std::move(id));
    v.siblings.erase(group);
    std::vector<std::string>& dropped = persist(s_.conversation.messages.size()).versionsDropped;
    while (!doomed.empty()) {
        std::string id = std::move(doomed.back());
        doomed.pop_back();
        const auto node = v.offPath.find(id);
        if (node == v.offPath.end())
            continue;
        if (const auto children = v.siblings.find(id); children != v.siblings.end()) {
            for (std::string& child : children->second)
                doomed.push_back(std::move(child));
            v.siblings.erase(children);
        } else if (!node->second.activeChildId.empty()) {
            doomed.push_back(std::move(node->second.activeChildId));
        }
        v.offPath.erase(node);
        dropped.push_back(std::move(id));
    }
}

void Reduction::stashFrom(std::size_t first)
{
    const std::size_t n = s_.conversation.messages.size();
    if (first >= n)
        return;
    Versions& v = s_.conversation.versions;
    std::string parentId(parentIdOf(s_.conversation.messages, first));
    if (std::vector<std::string>& group = v.siblings[parentId]; group.empty())
        group.push_back(s_.conversation.messages[first].id);
    Persist& write = persist(first);
    for (std::size_t i = first; i < n; ++i) {
        std::string id = s_.conversation.messages[i].id;
        OtherVersion other{std::move(s_.conversation.messages[i]), std::move(parentId),
                           i + 1 < n ? s_.conversation.messages[i + 1].id : std::string()};
        parentId = id;
        write.versionsWritten.push_back(id);
        v.offPath.emplace(std::move(id), std::move(other));
    }
    out_.changes.push_back({Change::Kind::Removed, first, n - first, Field::None});
    s_.conversation.messages.erase(s_.conversation.messages.begin() +
                                       static_cast<std::ptrdiff_t>(first),
                                   s_.conversation.messages.end());
}

void Reduction::unstash(std::string id)
{
    const std::size_t first = s_.conversation.messages.size();
    Persist& write = persist(first);
    while (!id.empty()) {
        auto node = s_.conversation.versions.offPath.extract(id);
        if (node.empty())
            break;
        OtherVersion& other = node.mapped();
        write.versionsDropped.push_back(std::move(id));
        id = std::move(other.activeChildId);
        s_.conversation.messages.push_back(std::move(other.message));
    }
    if (s_.conversation.messages.size() > first)
        out_.changes.push_back(
            {Change::Kind::Inserted, first, s_.conversation.messages.size() - first, Field::None});
}

void Reduction::replaceMessages(std::vector<Message> messages, Versions versions)
{
    s_.conversation.messages = std::move(messages);
    s_.conversation.versions = std::move(versions);
    // A history whose last reply was cut off (stopped, or a crash while it streamed) is where an
    // abort leaves a conversation: interrupted, ready to regenerate.
    const bool cutOff = !s_.conversation.messages.empty() &&
                        s_.conversation.messages.back().role == Role::Assistant &&
                        s_.conversation.messages.back().aborted;
    s_.status = cutOff ? Status::Interrupted : Status::Idle;
    s_.lastError.reset();
    s_.pendingToolCalls.clear();
    cancelExternalInputs(); // none with the turn closed first; their askers must hear it anyway
    s_.pendingInputs.clear();
    out_.changes.push_back({Change::Kind::Reset, 0, s_.conversation.messages.size(), Field::None});
}

Persist& Reduction::persist(std::size_t fromRow)
{
    for (Effect& e : out_.effects) {
        if (auto* p = std::get_if<Persist>(&e)) {
            p->fromRow = std::min(p->fromRow, fromRow);
            return *p;
        }
    }
    return std::get<Persist>(
        out_.effects.emplace_back(Persist{s_.conversation.id, fromRow, {}, {}, false}));
}

void Reduction::announce(Announcement::Kind kind, Politeness politeness,
                         const std::string& messageId, std::size_t offset, std::size_t length)
{
    out_.announcements.push_back({kind, politeness, messageId, offset, length});
}

} // namespace koder::agent::reduction
