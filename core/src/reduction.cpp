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
    if (s_.loadError.empty())
        return false;
    reject(RejectReason::ReadOnly, s_.loadError);
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
    if (s_.conversationId.empty() || s_.cleared)
        startNewConversation();
}

void Reduction::startNewConversation()
{
    s_.conversationId = env_.newId("c");
    s_.cleared = false;
}

std::string Reduction::freshMessageId()
{
    std::string id = env_.newId("m");
    while (findMessage(s_, id) != noRow)
        id = env_.newId("m");
    return id;
}

Message Reduction::newMessage(Role role, std::string text)
{
    return Message(freshMessageId(), role, std::move(text), env_.now ? env_.now() : 0);
}

std::size_t Reduction::append(Message m)
{
    s_.messages.push_back(std::move(m));
    const std::size_t row = s_.messages.size() - 1;
    if (!out_.changes.empty()) {
        Change& last = out_.changes.back();
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
    if (first >= s_.messages.size())
        return;
    out_.changes.push_back({Change::Kind::Removed, first, s_.messages.size() - first, Field::None});
    s_.messages.erase(s_.messages.begin() + static_cast<std::ptrdiff_t>(first), s_.messages.end());
}

void Reduction::replaceMessages(std::vector<Message> messages)
{
    s_.messages = std::move(messages);
    // A history whose last reply was cut off (stopped, or a crash while it streamed) is where an
    // abort leaves a conversation: interrupted, ready to regenerate.
    const bool cutOff = !s_.messages.empty() && s_.messages.back().role == Role::Assistant &&
                        s_.messages.back().aborted;
    s_.status = cutOff ? Status::Interrupted : Status::Idle;
    s_.lastError.reset();
    s_.pendingToolCalls.clear();
    out_.changes.push_back({Change::Kind::Reset, 0, s_.messages.size(), Field::None});
}

void Reduction::persist(std::size_t fromRow)
{
    for (Effect& e : out_.effects) {
        if (auto* p = std::get_if<Persist>(&e)) {
            p->fromRow = std::min(p->fromRow, fromRow);
            return;
        }
    }
    out_.effects.emplace_back(Persist{s_.conversationId, fromRow});
}

void Reduction::announce(Announcement::Kind kind, Politeness politeness,
                         const std::string& messageId, std::size_t offset, std::size_t length)
{
    out_.announcements.push_back({kind, politeness, messageId, offset, length});
}

} // namespace koder::agent::reduction
