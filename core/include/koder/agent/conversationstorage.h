// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/approval.h"
#include "koder/agent/message.h"
#include "koder/agent/outcome.h"
#include "koder/agent/versions.h"

#include <cstddef>
#include <string>
#include <vector>

namespace koder::agent {

/// Where conversations are kept: what a store implements for an Executor, and what the
/// runtime's own in-memory keeping (MemoryConversations) implements when there is no store.
class ConversationStorage {
public:
    virtual ~ConversationStorage() = default;

    /// Write the conversation `write.conversationId`: the rows of `messages` (its active path)
    /// from `write.fromRow` on (rows past the end are gone), and the other versions `write`
    /// names, read from `versions`. `streamingRow` is the row still growing, or noRow.
    virtual void saveConversation(const Persist& write, const std::vector<Message>& messages,
                                  const Versions& versions, const ApprovalState& approvals,
                                  const std::vector<QueuedMessage>& queued,
                                  std::size_t streamingRow) = 0;
    /// Load a stored conversation: answer with Runtime::dispatch(SwitchConversation{...}), with
    /// `loadError` set when it exists but cannot be read.
    virtual void loadConversation(const std::string& id) = 0;
    virtual void removeConversation(const std::string& id) = 0;
    /// Whether the conversation `id` is kept here.
    virtual bool holdsConversation(const std::string& /*id*/) const { return false; }
    /// Marks a kept conversation unread (its turn ended while it was not shown) or read (shown).
    virtual void markUnread(const std::string& /*id*/, bool /*unread*/) {}

protected:
    ConversationStorage() = default;
    ConversationStorage(const ConversationStorage&) = default;
    ConversationStorage& operator=(const ConversationStorage&) = default;
};

} // namespace koder::agent
