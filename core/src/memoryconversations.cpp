// SPDX-License-Identifier: MIT
// The conversations of a runtime without a store, kept in memory behind the interface a store
// implements.
#include "koder/agent/memoryconversations.h"

#include <algorithm>

/*!
    \class koder::agent::ConversationStorage
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/conversationstorage.h
    \brief Where conversations are kept: a store, or the runtime's memory.

    An \l {koder::agent::Executor}{Executor} with a store implements it for the store; a
    \l {koder::agent::Runtime}{Runtime} without one keeps conversations in a
    \l {koder::agent::MemoryConversations}{MemoryConversations}, the same interface in memory.
    The runtime writes every \l {koder::agent::Persist}{Persist} effect of a conversation, shown
    or running in the background, to the one in use, and loads from it.
*/

/*!
    \fn bool koder::agent::ConversationStorage::holdsConversation(const std::string &id) const

    Returns whether the conversation \a id is kept here. The default says \c false.
*/

/*!
    \fn void koder::agent::ConversationStorage::markUnread(const std::string &id, bool unread)

    Marks the kept conversation \a id \a unread (a turn ended while it was not shown) or read
    (it is shown). The default does nothing.
*/

/*!
    \fn koder::agent::ConversationStorage::ConversationStorage()

    Constructs a storage. Only a subclass can.
*/

/*!
    \fn koder::agent::ConversationStorage::ConversationStorage(const koder::agent::ConversationStorage &other)

    Copy-constructs a storage from \a other. Only a subclass can.
*/

/*!
    \fn koder::agent::ConversationStorage &koder::agent::ConversationStorage::operator=(const koder::agent::ConversationStorage &other)

    Copy-assigns \a other to this storage. Only a subclass can.
*/

/*!
    \fn koder::agent::ConversationStorage::~ConversationStorage()

    Destroys the storage.
*/

/*!
    \class koder::agent::MemoryConversations
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/memoryconversations.h
    \brief The conversations of a runtime without a store, kept in memory.

    A \l {koder::agent::ConversationStorage}{ConversationStorage} in memory: each write applies
    to its copy of the conversation as a store applies it to its rows, so a conversation left,
    forked or ended in the background comes back as a store would give it back. A load answers
    at once through the function given to the constructor.
*/

/*!
    \typealias koder::agent::MemoryConversations::Answer

    How a load answers: a function taking the
    \l {koder::agent::SwitchConversation}{SwitchConversation} to dispatch.
*/

/*!
    \fn koder::agent::MemoryConversations::MemoryConversations(koder::agent::MemoryConversations::Answer answer)

    Makes empty storage that answers loads with \a answer.
*/

/*!
    \fn bool koder::agent::MemoryConversations::holdsConversation(const std::string &id) const override

    Returns whether a write of the conversation \a id was kept and not removed since.
*/

/*!
    \fn void koder::agent::MemoryConversations::saveConversation(const koder::agent::Persist &write, const std::vector<koder::agent::Message> &messages, const koder::agent::Versions &versions, const koder::agent::ApprovalState &approvals, const std::vector<koder::agent::QueuedMessage> &queued, std::size_t streamingRow) override

    Applies \a write to the copy of its conversation: the rows of \a messages from
    \c {write.fromRow} on replace the copy's (all of them when the copy has fewer rows than
    that), \a versions is copied when \a write names any version, \a approvals and \a queued
    always. \a streamingRow is not needed in memory.
*/

/*!
    \fn void koder::agent::MemoryConversations::loadConversation(const std::string &id) override

    Answers at once with the conversation \a id as kept (a copy: it stays kept), or an empty
    conversation with that id.
*/

/*!
    \fn void koder::agent::MemoryConversations::removeConversation(const std::string &id) override

    Forgets the conversation \a id.
*/

/*!
    \fn const std::vector<koder::agent::Message> &koder::agent::MemoryConversations::messagesOf(const std::string &id) const

    Returns the rows kept of the conversation \a id, or an empty list.
*/

namespace koder::agent {

void MemoryConversations::saveConversation(const Persist& write,
                                           const std::vector<Message>& messages,
                                           const Versions& versions, const ApprovalState& approvals,
                                           const std::vector<QueuedMessage>& queued,
                                           std::size_t /*streamingRow*/)
{
    if (write.conversationId.empty())
        return;
    Kept& kept = kept_[write.conversationId];
    // A copy that lacks rows before the write (kept for the first time) takes the whole path.
    const std::size_t from =
        write.fromRow <= kept.messages.size() ? std::min(write.fromRow, messages.size()) : 0;
    kept.messages.erase(kept.messages.begin() +
                            static_cast<std::ptrdiff_t>(std::min(from, kept.messages.size())),
                        kept.messages.end());
    kept.messages.insert(kept.messages.end(), messages.begin() + static_cast<std::ptrdiff_t>(from),
                         messages.end());
    if (write.allVersions || !write.versionsWritten.empty() || !write.versionsDropped.empty() ||
        from == 0)
        kept.versions = versions;
    kept.approvals = approvals;
    kept.queued = queued;
}

void MemoryConversations::loadConversation(const std::string& id)
{
    SwitchConversation to{id, {}, {}, {}, {}, {}};
    if (const auto it = kept_.find(id); it != kept_.end()) {
        to.messages = it->second.messages;
        to.versions = it->second.versions;
        to.approvals = it->second.approvals;
        to.queued = it->second.queued;
    }
    answer_(std::move(to));
}

void MemoryConversations::removeConversation(const std::string& id)
{
    kept_.erase(id);
}

const std::vector<Message>& MemoryConversations::messagesOf(const std::string& id) const
{
    static const std::vector<Message> none;
    const auto it = kept_.find(id);
    return it == kept_.end() ? none : it->second.messages;
}

} // namespace koder::agent
