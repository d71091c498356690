// SPDX-License-Identifier: MIT
#include "koder/agent/projection.h"

namespace koder::agent {

bool isVisible(const Message& m, const ProjectionOptions& options)
{
    switch (m.role) {
    case Role::User:
    case Role::Assistant:
        return true;
    case Role::System:
        return options.showSystem;
    case Role::Tool:
        return options.showTool;
    case Role::Checkpoint:
        return options.showCheckpoints;
    }
    return false;
}

Projection project(const State& state, const ProjectionOptions& options)
{
    Projection p;
    p.visibleRows.reserve(state.messages.size());
    for (std::size_t i = 0; i < state.messages.size(); ++i)
        if (isVisible(state.messages[i], options))
            p.visibleRows.push_back(i);
    p.streamingRow = streamingRow(state);
    return p;
}

Projection project(const State& state, const DebugLog& log, const ProjectionOptions& options)
{
    Projection p = project(state, options);
    p.log = log.entries();
    return p;
}

} // namespace koder::agent
