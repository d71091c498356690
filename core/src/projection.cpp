// SPDX-License-Identifier: MIT
#include "koder/agent/projection.h"

/*!
    \class koder::agent::ProjectionOptions
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/projection.h
    \brief Which of the roles hidden by default a view wants to see.

    A chat view shows user and assistant messages; system, tool and checkpoint messages are
    hidden unless asked for here. The message model holds every message, hidden ones included;
    its \c visible role says which a chat view shows.
*/

/*!
    \variable koder::agent::ProjectionOptions::showSystem

    Whether \c system messages are visible. Default \c false.
*/

/*!
    \variable koder::agent::ProjectionOptions::showTool

    Whether \c tool messages (tool results) are visible. Default \c false.
*/

/*!
    \variable koder::agent::ProjectionOptions::showCheckpoints

    Whether \c checkpoint messages are visible. Default \c false.
*/

/*!
    \class koder::agent::Projection
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/projection.h
    \brief What a chat surface shows of a state: the visible rows, the streaming row and the
    compact event log.

    The projection of Jidoka's AgentView, made by \l {koder::agent::project()}{project()}.
*/

/*!
    \variable koder::agent::Projection::visibleRows

    The rows of the active path a chat view shows, in order (see
    \l {koder::agent::isVisible()}{isVisible()}).
*/

/*!
    \variable koder::agent::Projection::streamingRow

    The row being streamed into, or \c noRow when no reply streams.
*/

/*!
    \variable koder::agent::Projection::log

    The debug log's entries, oldest first; empty when the projection was made without a log.
*/

namespace koder::agent {

/*!
    \relates koder::agent::Projection

    Returns whether a chat view shows the message \a m: user, assistant and summary messages always;
    system, tool and checkpoint messages only when \a options asks for them.
*/
bool isVisible(const Message& m, const ProjectionOptions& options)
{
    switch (m.role) {
    case Role::User:
    case Role::Assistant:
    case Role::Summary: // the boundary a user sees, and undoes
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

/*!
    \relates koder::agent::Projection

    Returns the visible rows and the streaming row of \a state under \a options. The log stays
    empty: it is not part of the state.
*/
Projection project(const State& state, const ProjectionOptions& options)
{
    Projection p;
    p.visibleRows.reserve(state.conversation.messages.size());
    for (std::size_t i = 0; i < state.conversation.messages.size(); ++i)
        if (isVisible(state.conversation.messages[i], options))
            p.visibleRows.push_back(i);
    p.streamingRow = streamingRow(state);
    return p;
}

/*!
    \relates koder::agent::Projection

    Returns the visible rows and the streaming row of \a state under \a options, and the
    entries of \a log, the debug log that observes this state.
*/
Projection project(const State& state, const DebugLog& log, const ProjectionOptions& options)
{
    Projection p = project(state, options);
    p.log = log.entries();
    return p;
}

} // namespace koder::agent
