// SPDX-License-Identifier: MIT
// The history: add / set / clear / reset / delete, branch, edit, regenerate, checkpoints and
// switching conversations.
#include "reduction.h"

#include <algorithm>
#include <utility>

namespace koder::agent::reduction {

void ConversationInputs::operator()(const Regenerate& a)
{
    if (tooManyTurns())
        return;
    const std::size_t row = findMessage(s_, a.messageId);
    if (row == noRow)
        return reject(RejectReason::UnknownMessage, a.messageId);
    if (s_.conversation.messages[row].role == Role::Summary)
        return reject(RejectReason::NotSummary, "a summary is undone, not regenerated");
    // Re-run from the user message that asked for this one (or this one, if it is a user's).
    std::size_t keep = row;
    while (keep != noRow && s_.conversation.messages[keep].role != Role::User)
        keep = keep == 0 ? noRow : keep - 1;
    if (keep == noRow)
        return reject(RejectReason::NothingToRun, a.messageId);
    ensureConversationId();
    // The open turn ends as a user's stop would: the reply it leaves behind is a version.
    cancelOpenTurn(true);
    stashFrom(keep + 1);
    startTurn(); // the new reply, a version beside the old one
    persist(keep + 1);
}

void ConversationInputs::operator()(const Edit& a)
{
    if (tooManyTurns())
        return;
    const std::size_t row = findMessage(s_, a.messageId);
    if (row == noRow)
        return reject(RejectReason::UnknownMessage, a.messageId);
    if (s_.conversation.messages[row].role != Role::User)
        return reject(RejectReason::NotUserMessage, a.messageId);
    if (a.newText.empty() && s_.conversation.messages[row].attachments().empty())
        return reject(RejectReason::InvalidValue, "empty message");
    ensureConversationId();
    cancelOpenTurn(true);
    // The edited text is a new version of the message (attachments and context kept), with
    // its own reply; the original and everything under it stay.
    Message edited = s_.conversation.messages[row];
    edited.id = freshMessageId();
    edited.text = a.newText;
    edited.createdAt = env_.now ? env_.now() : 0;
    edited.aborted = edited.isError = edited.denied = false;
    stashFrom(row);
    append(std::move(edited));
    startTurn();
    persist(row);
}

void ConversationInputs::operator()(const SwitchVersion& a)
{
    if (s_.turn)
        return reject(RejectReason::TurnInProgress);
    const std::size_t row = findMessage(s_, a.messageId);
    if (row == noRow)
        return reject(RejectReason::UnknownMessage, a.messageId);
    const std::vector<std::string>* group =
        s_.conversation.versions.siblingsOf(parentIdOf(s_.conversation.messages, row));
    const std::size_t count = group ? group->size() : 1;
    if (a.index < 0 || static_cast<std::size_t>(a.index) >= count)
        return reject(RejectReason::InvalidValue, "version index " + std::to_string(a.index) +
                                                      " is out of range (0 to " +
                                                      std::to_string(count - 1) + ")");
    if (!group || (*group)[static_cast<std::size_t>(a.index)] == a.messageId)
        return; // shown already
    std::string target = (*group)[static_cast<std::size_t>(a.index)];
    stashFrom(row);
    unstash(std::move(target));
    // The status is the shown version's: a stopped reply can be regenerated, another
    // version's error is not this one's.
    const bool cutOff = s_.conversation.messages.back().role == Role::Assistant &&
                        s_.conversation.messages.back().aborted;
    s_.status = cutOff ? Status::Interrupted : Status::Idle;
    s_.lastError.reset();
}

void ConversationInputs::operator()(const Branch& a)
{
    const std::size_t row = findMessage(s_, a.messageId);
    if (row == noRow)
        return reject(RejectReason::UnknownMessage, a.messageId);
    if (row == streamingRow(s_))
        return reject(RejectReason::StillStreaming, a.messageId);
    ensureConversationId();
    ForkConversation fork;
    fork.newConversationId = env_.newId("c");
    fork.sourceConversationId = s_.conversation.id;
    fork.messages.assign(s_.conversation.messages.begin(),
                         s_.conversation.messages.begin() + static_cast<std::ptrdiff_t>(row + 1));
    out_.result = fork.newConversationId;
    out_.effects.emplace_back(std::move(fork));
}

void ConversationInputs::operator()(const Clear&)
{
    s_.conversation.loadError.clear(); // what is added next starts a conversation of its own
    cancelOpenTurn(false);
    s_.conversation.grantedTools.clear();
    s_.conversation.queued.clear();
    replaceMessages({});
    s_.conversation.cleared = true;
}

void ConversationInputs::operator()(const DeleteConversation&)
{
    cancelOpenTurn(false);
    s_.conversation.grantedTools.clear();
    s_.conversation.queued.clear();
    if (!s_.conversation.id.empty())
        out_.effects.emplace_back(DeleteStoredConversation{s_.conversation.id});
    replaceMessages({});
    startNewConversation();
    s_.conversation.loadError.clear();
}

void ConversationInputs::operator()(const AddUserMessage& a)
{
    if (s_.turn)
        return reject(RejectReason::TurnInProgress);
    if (readOnly())
        return;
    ensureConversationId();
    persist(append(newMessage(Role::User, a.text)));
}

void ConversationInputs::addMessages(std::vector<Message> incoming)
{
    if (s_.turn)
        return reject(RejectReason::TurnInProgress);
    if (readOnly())
        return;
    if (!validateIncoming(incoming, true))
        return;
    ensureConversationId();
    const std::size_t first = s_.conversation.messages.size();
    for (Message& m : incoming)
        append(std::move(m));
    if (!incoming.empty())
        persist(first);
}

void ConversationInputs::setMessages(std::vector<Message> incoming)
{
    if (!validateIncoming(incoming, false))
        return;
    cancelOpenTurn(false);
    ensureConversationId();
    replaceMessages(std::move(incoming));
    s_.conversation.loadError.clear(); // the app replaced what could not be loaded
    persist(0).allVersions = true;
}

void ConversationInputs::operator()(const Reset&)
{
    // A new conversation leaves the open turn running, as opening another one does.
    if (roomToLeaveRunning()) {
        leaveRunning();
        out_.effects.emplace_back(LeaveRunning{env_.newId("c")});
        return;
    }
    cancelOpenTurn(false);
    s_.conversation.grantedTools.clear();
    s_.conversation.queued.clear();
    replaceMessages({});
    startNewConversation();
    s_.conversation.loadError.clear();
}

void ConversationInputs::operator()(const OpenConversation& a)
{
    const bool other = a.conversationId != s_.conversation.id;
    const auto running = std::find(s_.background.begin(), s_.background.end(), a.conversationId);
    const bool returning = other && running != s_.background.end();
    // One coming back from the background makes room for the one left.
    const bool keepLeft =
        other && (returning ? s_.turn && s_.settings.maxBackgroundTurns > 0 : roomToLeaveRunning());
    if (returning) {
        s_.background.erase(running);
        if (s_.turn && !keepLeft)
            cancelOpenTurn(true); // as a stop: the reply so far is kept
        if (keepLeft)
            leaveRunning();
        out_.effects.emplace_back(ShowBackground{a.conversationId, keepLeft});
        return;
    }
    if (keepLeft) {
        leaveRunning();
        out_.effects.emplace_back(LeaveRunning{a.conversationId});
    }
    // Without room the loaded conversation replaces the open turn (SwitchConversation stops it).
    out_.effects.emplace_back(LoadConversation{a.conversationId});
}

// The open turn goes on unseen: the questions from outside it asked are cancelled (nobody could
// answer them there; their askers hear it), and the turn takes a place in the background.
void ConversationInputs::leaveRunning()
{
    stopCompactionOfLeftConversation();
    cancelExternalInputs();
    settleAfterExternalInput();
    s_.background.push_back(s_.conversation.id);
}

void ConversationInputs::operator()(const BackgroundEnded& a)
{
    const auto it = std::find(s_.background.begin(), s_.background.end(), a.conversationId);
    if (it != s_.background.end())
        s_.background.erase(it);
}

void ConversationInputs::operator()(const AddCheckpoint& a)
{
    if (s_.turn)
        return reject(RejectReason::TurnInProgress);
    if (readOnly())
        return;
    ensureConversationId();
    const std::size_t row = append(newMessage(Role::Checkpoint, a.payload));
    persist(row);
}

void ConversationInputs::operator()(const RestoreCheckpoint& a)
{
    const std::size_t row = findMessage(s_, a.messageId);
    if (row == noRow)
        return reject(RejectReason::UnknownMessage, a.messageId);
    if (s_.conversation.messages[row].role != Role::Checkpoint)
        return reject(RejectReason::NotCheckpoint, a.messageId);
    if (s_.turn)
        return reject(RejectReason::TurnInProgress);
    truncateAfter(row);
    out_.events.emplace_back(
        CheckpointRestoredEvent{a.messageId, s_.conversation.messages[row].text});
    persist(row + 1);
}

void ConversationInputs::switchTo(const std::string& conversationId, std::vector<Message> incoming,
                                  Versions versions, const std::string& loadError,
                                  const ApprovalState& approvals, std::vector<QueuedMessage> queued)
{
    if (!validateIncoming(incoming, false))
        return;
    // The turn stops here; a stored copy waiting for the user keeps waiting (switching back
    // reloads it).
    cancelOpenTurn(false);
    replaceMessages(std::move(incoming), std::move(versions));
    s_.conversation.id = conversationId.empty() ? env_.newId("c") : conversationId;
    s_.conversation.cleared = false;
    s_.conversation.loadError = loadError;
    s_.conversation.grantedTools.clear();
    s_.conversation.queued.clear();
    if (!loadError.empty()) {
        s_.lastError = ErrorInfo{"load_failed", loadError, false, -1};
    } else {
        s_.conversation.queued = std::move(queued);
        reopenToolPhase(approvals);
    }
}

// The stored tool phase is trusted only as far as the history bears it out: the last assistant
// message (followed by nothing but its own tool messages) must hold the pending calls,
// unanswered. A call whose tool was running when the app stopped is recorded as not completed
// (its result is lost, and running it again unasked could repeat a side effect). Nothing is sent
// by itself: the turn waits for the user, or, with nothing left to decide, ends interrupted.
void ConversationInputs::reopenToolPhase(const ApprovalState& approvals)
{
    s_.conversation.grantedTools = approvals.grantedTools;
    const bool recorded =
        !approvals.pending.empty() || !approvals.running.empty() || !approvals.inputs.empty();
    std::size_t row = s_.conversation.messages.size();
    while (row > 0 && s_.conversation.messages[row - 1].role == Role::Tool)
        --row;
    if (row == 0)
        return;
    --row;
    const Message& step = s_.conversation.messages[row]; // until a record is appended
    if (step.role != Role::Assistant || step.toolCalls().empty())
        return;
    // Only a step that finished asking can wait; a cut or failed one (or one with no record,
    // from an older file or a damaged one) has its unanswered calls answered as not run, so the
    // next request's history is well formed.
    const bool canWait = !step.aborted && step.error().empty();
    const std::string stepId = step.id;
    const auto answered = [&](const std::string& callId) {
        for (std::size_t i = row + 1; i < s_.conversation.messages.size(); ++i)
            if (s_.conversation.messages[i].toolCallId() == callId)
                return true;
        return false;
    };
    const auto listed = [](const std::vector<std::string>& ids, const std::string& id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    // Calls a server runs itself (serverCallsOf) are its to answer: never answered here.
    const std::vector<std::string> serverCalls = serverCallsOf(step);
    Turn& turn = s_.turn.emplace();
    turn.stepRow = row;
    turn.stepFirstRow = row;
    turn.stepCalls = step.toolCalls();
    turn.announcedUpTo = step.text.size();
    turn.step = 0;
    for (std::size_t i = row + 1; i-- > 0 && s_.conversation.messages[i].role != Role::User;)
        turn.step += s_.conversation.messages[i].role == Role::Assistant ? 1 : 0;
    const std::size_t firstNew = s_.conversation.messages.size();
    std::vector<std::string> seen; // a damaged or crafted record may repeat an id
    for (const ToolCall& stored : turn.stepCalls) {
        if (stored.id.empty() || listed(seen, stored.id) || answered(stored.id) ||
            listed(serverCalls, stored.id))
            continue;
        seen.push_back(stored.id);
        ToolCall call = stored;
        const ToolInfo* tool = findTool(s_, call.name);
        call.readOnly = tool && tool->readOnly;
        const auto running = std::find_if(approvals.running.begin(), approvals.running.end(),
                                          [&](const Approval& a) { return a.callId == call.id; });
        const auto asked = std::find_if(approvals.inputs.begin(), approvals.inputs.end(),
                                        [&](const PendingInput& p) { return p.callId == call.id; });
        if (canWait && listed(approvals.pending, call.id))
            s_.pendingToolCalls.push_back(std::move(call));
        // A stored question answers only the asking call it was made for: never a call of
        // another tool (a crafted record must not give a tool a result it never produced).
        else if (canWait && asked != approvals.inputs.end() && asked->source == "tool" &&
                 asked->toolName == call.name && (!tool || tool->asksUser))
            s_.pendingInputs.push_back(*asked);
        else if (running != approvals.running.end())
            appendToolMessage(call, "Not completed: the app closed while the tool ran.", true,
                              false, *running);
        else
            appendToolMessage(
                call, "Not run: the app closed before the call was decided.", false, true,
                {call.id, Decision::Denied, ApprovalScope::Once, DecidedBy::Policy, 0, false, {}});
    }
    const bool appended = s_.conversation.messages.size() > firstNew;
    if (s_.pendingToolCalls.empty() && s_.pendingInputs.empty()) {
        s_.turn.reset();
        if (appended || recorded)
            s_.status = Status::Interrupted;
    } else if (!s_.pendingToolCalls.empty()) {
        s_.status = Status::ReviewingToolCall;
        announce(Announcement::Kind::ApprovalNeeded, Politeness::Assertive, stepId);
    } else {
        s_.status = Status::AwaitingInput;
    }
    if (!s_.pendingInputs.empty())
        announce(Announcement::Kind::InputNeeded, Politeness::Assertive, stepId);
    if (appended || (recorded && !s_.turn))
        persist(firstNew); // the records, and a stored tool phase that is over now
}

// Checks messages from outside: ids unique (among themselves, and against the history when
// appending); a missing id is minted. Rejects with the first offending path. Sorting views keeps
// a 10,000-message load at one allocation instead of one hash node per id.
bool ConversationInputs::validateIncoming(std::vector<Message>& incoming, bool appending)
{
    auto taken = [&](const std::string& id) {
        if (appending && (findMessage(s_, id) != noRow || s_.conversation.versions.find(id)))
            return true;
        return std::any_of(incoming.begin(), incoming.end(),
                           [&](const Message& m) { return m.id == id; });
    };
    for (Message& m : incoming) {
        if (m.id.empty()) {
            std::string id = env_.newId("m");
            while (taken(id))
                id = env_.newId("m");
            m.id = std::move(id);
        }
    }
    constexpr std::size_t existing = noRow; // marks an id already in the history
    std::vector<std::pair<std::string_view, std::size_t>> ids;
    ids.reserve(incoming.size() + (appending ? s_.conversation.messages.size() +
                                                   s_.conversation.versions.offPath.size()
                                             : 0));
    for (std::size_t i = 0; i < incoming.size(); ++i)
        ids.emplace_back(incoming[i].id, i);
    if (appending) {
        for (const Message& m : s_.conversation.messages)
            ids.emplace_back(m.id, existing);
        for (const auto& [id, other] : s_.conversation.versions.offPath)
            ids.emplace_back(id, existing);
    }
    // Equal ids end up adjacent, existing ones last within their group.
    std::sort(ids.begin(), ids.end());
    std::size_t firstDuplicate = noRow;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i + 1;
        while (j < ids.size() && ids[j].first == ids[i].first)
            ++j;
        const bool clashesWithHistory = ids[j - 1].second == existing;
        // Within a group the first incoming one is a duplicate only of the history.
        for (std::size_t k = clashesWithHistory ? i : i + 1; k < j; ++k)
            if (ids[k].second != existing)
                firstDuplicate = std::min(firstDuplicate, ids[k].second);
        i = j;
    }
    if (firstDuplicate != noRow) {
        reject(RejectReason::InvalidMessages, "messages[" + std::to_string(firstDuplicate) +
                                                  "].id: duplicate id \"" +
                                                  incoming[firstDuplicate].id + "\"");
        return false;
    }
    return true;
}

} // namespace koder::agent::reduction
