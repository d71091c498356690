// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/debuglog.h"
#include "koder/agent/state.h"

#include <cstddef>
#include <vector>

namespace koder::agent {

/// Which of the hidden-by-default roles a view wants to see.
struct ProjectionOptions {
    bool showSystem = false;
    bool showTool = false;
    bool showCheckpoints = false;
};

/// Whether a chat view shows this message: user and assistant always; system, tool and
/// checkpoint messages only when asked.
bool isVisible(const Message& m, const ProjectionOptions& options = {});

/// What a chat surface shows (Jidoka's AgentView): the visible rows, the streaming row and the
/// compact event log.
struct Projection {
    std::vector<std::size_t> visibleRows;
    std::size_t streamingRow = noRow;
    std::vector<DebugEntry> log; ///< the debug log's entries, oldest first; empty without one
};

/// The rows alone: the log is not part of the state (see DebugLog).
Projection project(const State& state, const ProjectionOptions& options = {});
/// The rows and the entries of `log`, the debug log that observes this state.
Projection project(const State& state, const DebugLog& log, const ProjectionOptions& options = {});

} // namespace koder::agent
