// SPDX-License-Identifier: MIT
// The parts of a turn a server drives (AG-UI): the messages it opens inside one request, the
// results of the calls it runs itself, and its own view of the conversation, reconciled by
// message id. A request then fills more than one row: the step's first row, and after it rows
// for the server's further messages and tool results; the last of them is the step's row.
#include "reduction.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace koder::agent::reduction {

namespace {
constexpr std::string_view ranByServer = R"({"ranBy":"server"})";
// A row given other content altogether.
constexpr Field everyField =
    Field::Id | Field::Role | Field::Text | Field::Reasoning | Field::ToolCalls |
    Field::ToolCallId | Field::ToolName | Field::IsError | Field::Denied | Field::Aborted |
    Field::Error | Field::Attachments | Field::Context | Field::Selection | Field::Metadata |
    Field::CreatedAt | Field::Streaming | Field::Usage | Field::FinishReason;

// The snapshot's side of a message that is already on the path.
Field takeFromServer(Message& row, const Message& incoming)
{
    Field fields = Field::None;
    // Only the agent's own words: a user's message comes back as it was sent (its attached
    // files inlined, say), and a tool message holds what ran here.
    if (row.role == Role::Assistant) {
        if (!incoming.text.empty() && incoming.text != row.text) {
            row.text = incoming.text;
            fields |= Field::Text;
        }
        for (const ToolCall& call : incoming.toolCalls()) {
            const auto& shown = row.toolCalls();
            if (std::none_of(shown.begin(), shown.end(),
                             [&](const ToolCall& c) { return c.id == call.id; })) {
                row.extras().toolCalls.push_back(call);
                fields |= Field::ToolCalls;
            }
        }
    }
    if (row.role == Role::Tool && incoming.isError && !row.isError) {
        row.isError = true;
        fields |= Field::IsError;
    }
    return fields;
}
} // namespace

// Before the reply row while it has said nothing and is last: it stays the row that streams
// (the text that follows goes to it, not to an empty bubble left above), and what the server
// reports comes before it. Else after everything.
std::size_t Reduction::addServerRow(Message m)
{
    Turn& turn = *s_.turn;
    auto& rows = s_.conversation.messages;
    const std::size_t step = turn.stepRow;
    const Message& reply = rows[step];
    const bool before = step + 1 == rows.size() && reply.text.empty() &&
                        reply.toolCalls().empty() && reply.reasoning().empty() &&
                        !s_.conversation.versions.siblingsOf(parentIdOf(rows, step)) &&
                        !s_.conversation.versions.siblingsOf(reply.id);
    if (!before) {
        const std::size_t at = append(std::move(m));
        persist(at);
        return at;
    }
    // The empty reply row becomes the server's row where it stands, and a fresh reply row
    // follows it: only appends, so a list model never has rows inserted above others.
    rows[step] = std::move(m);
    changed(step, everyField);
    turn.stepRow = append(newMessage(Role::Assistant, {}));
    persist(step);
    return step;
}

bool Reduction::hasClientCalls() const
{
    const auto& calls = s_.turn->stepCalls;
    return std::any_of(calls.begin(), calls.end(),
                       [&](const ToolCall& c) { return !isServerDecided(c.id); });
}

std::string withServerCall(std::string_view metadata, const std::string& callId)
{
    nlohmann::json m = metadata.empty() ? nlohmann::json::object()
                                        : nlohmann::json::parse(metadata, nullptr, false);
    if (!m.is_object())
        m = nlohmann::json::object();
    nlohmann::json& calls = m["serverCalls"];
    if (!calls.is_array())
        calls = nlohmann::json::array();
    if (std::find(calls.begin(), calls.end(), callId) == calls.end())
        calls.push_back(callId);
    return m.dump();
}

std::vector<std::string> serverCallsOf(const Message& row)
{
    std::vector<std::string> ids;
    if (row.metadata().find("serverCalls") == std::string::npos)
        return ids; // nearly every row: no parse
    const nlohmann::json m = nlohmann::json::parse(row.metadata(), nullptr, false);
    if (!m.is_object())
        return ids;
    const auto calls = m.find("serverCalls");
    if (calls == m.end() || !calls->is_array())
        return ids;
    for (const nlohmann::json& id : *calls)
        if (id.is_string())
            ids.push_back(id.get<std::string>());
    return ids;
}

void TurnInputs::operator()(const MessageStarted& e)
{
    if (!isCurrent(e.requestId))
        return dropped();
    Turn& turn = *s_.turn;
    const std::size_t row = turn.stepRow;
    Message& m = s_.conversation.messages[row];
    if (m.id == e.messageId)
        return;
    const bool last = row + 1 == s_.conversation.messages.size();
    if (last && m.text.empty() && m.toolCalls().empty()) {
        // The reply row has said nothing yet: it is this message. Its id is the server's, so
        // the next run sends the server its own message back rather than a stranger.
        if (idIsFree(e.messageId))
            renameRow(row, e.messageId);
        return;
    }
    // Calls of this side the step asked for stay on the step's last assistant row, where the
    // user decides them (and a reload finds them): the message goes on in that row.
    if (hasClientCalls())
        return;
    // The row before is complete: the rest of it is announced, and a new row takes the message.
    announcePhrases(m, m.text.size(), true);
    m.extras().finishReason = normalizedFinishReason("stop", !m.toolCalls().empty());
    changed(row, Field::Streaming | Field::FinishReason);
    Message next = newMessage(Role::Assistant, {});
    if (idIsFree(e.messageId))
        next.id = e.messageId;
    turn.stepRow = append(std::move(next));
    turn.announcedUpTo = 0;
    persist(row);
}

void TurnInputs::operator()(const ReconcileMessages& e)
{
    if (!isCurrent(e.requestId))
        return dropped();
    auto& rows = s_.conversation.messages;
    for (const Message& incoming : e.messages) {
        if (incoming.id.empty() || incoming.role == Role::System ||
            incoming.role == Role::Checkpoint)
            continue;
        if (const std::size_t row = findMessage(s_, incoming.id); row != noRow) {
            if (rows[row].role != incoming.role)
                continue; // the same id for another kind of message: not the same message
            if (const Field fields = takeFromServer(rows[row], incoming); fields != Field::None) {
                changed(row, fields);
                persist(row);
            }
            continue;
        }
        if (s_.conversation.versions.find(incoming.id))
            continue; // another version, off the path: the user left it there
        // Not after calls of this side the step asked for (see MessageStarted).
        if (incoming.role == Role::Assistant && hasClientCalls())
            continue;
        // The agent's message whose calls a row shows already (under another id): the same
        // message, not a second one.
        if (incoming.role == Role::Assistant && !incoming.toolCalls().empty() &&
            std::all_of(incoming.toolCalls().begin(), incoming.toolCalls().end(),
                        [&](const ToolCall& c) { return findCallRow(c.id) != noRow; }))
            continue;
        // A result the path holds under another id (the server named its copy anew).
        if (incoming.role == Role::Tool &&
            std::any_of(rows.begin(), rows.end(), [&](const Message& m) {
                return m.role == Role::Tool && m.toolCallId() == incoming.toolCallId();
            }))
            continue;
        Message added = incoming;
        if (added.createdAt == 0 && env_.now)
            added.createdAt = env_.now();
        if (added.role == Role::Tool && added.metadata().empty())
            added.extras().metadata = std::string(ranByServer);
        const std::string id = added.id;
        const Role role = added.role;
        addServerRow(std::move(added));
        if (role == Role::Assistant)
            announce(Announcement::Kind::MessageAdded, Politeness::Polite, id);
    }
}

void ToolInputs::operator()(const ServerToolResult& e)
{
    if (!isCurrent(e.requestId))
        return dropped();
    Turn& turn = *s_.turn;
    auto& rows = s_.conversation.messages;
    for (std::size_t row = rows.size(); row-- > 0;) {
        Message& m = rows[row];
        if (m.role != Role::Tool || m.toolCallId() != e.callId)
            continue;
        // A second result for the call: the server's latest word.
        Field fields = Field::None;
        if (m.text != e.text) {
            m.text = e.text;
            fields |= Field::Text;
        }
        if (m.isError != e.isError) {
            m.isError = e.isError;
            fields |= Field::IsError;
        }
        if (fields != Field::None) {
            changed(row, fields);
            persist(row);
        }
        return;
    }
    const std::size_t callRow = findCallRow(e.callId);
    std::string toolName;
    if (callRow != noRow)
        for (const ToolCall& c : rows[callRow].toolCalls())
            if (c.id == e.callId)
                toolName = c.name;
    Message result = newMessage(Role::Tool, e.text);
    if (idIsFree(e.messageId))
        result.id = e.messageId;
    MessageExtras& x = result.extras();
    x.toolCallId = e.callId;
    x.toolName = std::move(toolName);
    x.metadata = std::string(ranByServer);
    result.isError = e.isError;
    addServerRow(std::move(result));
    // The server answered a call of this step itself: nothing is decided or run here for it.
    std::erase_if(turn.stepCalls, [&](const ToolCall& c) { return c.id == e.callId; });
    std::erase(turn.serverDecides, e.callId);
}

} // namespace koder::agent::reduction
