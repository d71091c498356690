// SPDX-License-Identifier: MIT
// Row snapshots and a change-set replayer: what a list model would see.
#pragma once

#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <optional>
#include <string>
#include <vector>

namespace koder::agent::test {

struct RowSnapshot {
    Message message;
    bool streaming = false;
};

inline std::vector<RowSnapshot> snapshot(const State& s)
{
    std::vector<RowSnapshot> rows;
    rows.reserve(s.conversation.messages.size());
    const std::size_t live = streamingRow(s);
    for (std::size_t i = 0; i < s.conversation.messages.size(); ++i)
        rows.push_back({s.conversation.messages[i], i == live});
    return rows;
}

/// Which fields differ between two rows.
inline Field diff(const RowSnapshot& a, const RowSnapshot& b)
{
    const Message& x = a.message;
    const Message& y = b.message;
    Field f = Field::None;
    auto check = [&](bool differs, Field field) {
        if (differs)
            f |= field;
    };
    check(x.id != y.id, Field::Id);
    check(x.role != y.role, Field::Role);
    check(x.text != y.text, Field::Text);
    check(x.reasoning() != y.reasoning(), Field::Reasoning);
    check(x.toolCalls() != y.toolCalls(), Field::ToolCalls);
    check(x.toolCallId() != y.toolCallId(), Field::ToolCallId);
    check(x.toolName() != y.toolName(), Field::ToolName);
    check(x.isError != y.isError, Field::IsError);
    check(x.denied != y.denied, Field::Denied);
    check(x.aborted != y.aborted, Field::Aborted);
    check(x.error() != y.error(), Field::Error);
    check(x.attachments() != y.attachments(), Field::Attachments);
    check(x.context() != y.context(), Field::Context);
    check(x.selection() != y.selection(), Field::Selection);
    check(x.metadata() != y.metadata(), Field::Metadata);
    check(x.createdAt != y.createdAt, Field::CreatedAt);
    check(a.streaming != b.streaming, Field::Streaming);
    return f;
}

/// Replays `changes` over `before` as a list model would, then checks the result against
/// `after`. Returns an explanation of the first mismatch, or nothing when they agree.
inline std::optional<std::string> replayMismatch(const std::vector<RowSnapshot>& before,
                                                 const std::vector<Change>& changes,
                                                 const std::vector<RowSnapshot>& after)
{
    struct Slot {
        std::optional<RowSnapshot> old; ///< empty: inserted or reset, so it reads the new row
        Field announced = Field::None;
    };
    std::vector<Slot> rows;
    for (const RowSnapshot& r : before)
        rows.push_back({r, Field::None});
    for (const Change& c : changes) {
        switch (c.kind) {
        case Change::Kind::Inserted:
            if (c.first > rows.size())
                return "insert past the end";
            rows.insert(rows.begin() + static_cast<std::ptrdiff_t>(c.first), c.count, Slot{});
            break;
        case Change::Kind::Removed:
            if (c.first + c.count > rows.size() || c.count == 0)
                return "remove out of range";
            rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(c.first),
                       rows.begin() + static_cast<std::ptrdiff_t>(c.first + c.count));
            break;
        case Change::Kind::Changed:
            if (c.first >= rows.size())
                return "change out of range";
            rows[c.first].announced |= c.fields;
            break;
        case Change::Kind::Reset:
            rows.assign(after.size(), Slot{});
            break;
        }
    }
    if (rows.size() != after.size())
        return "row count " + std::to_string(rows.size()) + " after replay, " +
               std::to_string(after.size()) + " in the state";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!rows[i].old)
            continue;
        const Field changed = diff(*rows[i].old, after[i]);
        const auto missing =
            static_cast<std::uint32_t>(changed) & ~static_cast<std::uint32_t>(rows[i].announced);
        if (missing != 0)
            return "row " + std::to_string(i) + " changed field mask " + std::to_string(missing) +
                   " without a Changed step";
    }
    return std::nullopt;
}

} // namespace koder::agent::test
