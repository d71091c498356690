// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/conversationstorage.h"
#include "koder/agent/input.h"

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace koder::agent {

/// The conversations a runtime without a store keeps: the same ConversationStorage a store
/// implements, in memory. Each write applies to its copy as a store applies it to its rows; a
/// load answers at once, through the function given to the constructor.
class MemoryConversations final : public ConversationStorage {
public:
    using Answer = std::function<void(SwitchConversation&&)>;
    explicit MemoryConversations(Answer answer)
        : answer_(std::move(answer))
    {
    }

    void saveConversation(const Persist& write, const std::vector<Message>& messages,
                          const Versions& versions, const ApprovalState& approvals,
                          const std::vector<QueuedMessage>& queued,
                          std::size_t streamingRow) override;
    void loadConversation(const std::string& id) override;
    void removeConversation(const std::string& id) override;
    bool holdsConversation(const std::string& id) const override { return kept_.count(id) != 0; }

    /// What is kept of `id`: its rows, or an empty list.
    const std::vector<Message>& messagesOf(const std::string& id) const;

private:
    struct Kept {
        std::vector<Message> messages;
        Versions versions;
        ApprovalState approvals;
        std::vector<QueuedMessage> queued;
    };
    std::unordered_map<std::string, Kept> kept_;
    Answer answer_;
};

} // namespace koder::agent
