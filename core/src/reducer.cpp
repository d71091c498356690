// SPDX-License-Identifier: MIT
// reduce(): the four domains of reduction.h composed into one visitor.
#include "koder/agent/reducer.h"

#include "koder/agent/overloaded.h"
#include "reduction.h"

#include <utility>

namespace koder::agent {

namespace {
template<class In>
void run(State& state, In&& input, Outcome& out, Environment& env)
{
    using namespace reduction;
    out.clear();
    ContextInputs context(state, out, env);
    if (context.compactionEvent(input))
        return; // the compaction's own request: no turn hears of it
    // The shown conversation's id before, to see it left (not copied on the token path).
    const bool tokens =
        std::holds_alternative<TextDelta>(input) || std::holds_alternative<ReasoningDelta>(input);
    const std::string before = tokens ? std::string() : state.conversation.id;
    // Dispatch by type: an input that no domain takes, or that two take, does not compile.
    std::visit(overloaded{ConfigurationInputs(state, out, env), ConversationInputs(state, out, env),
                          TurnInputs(state, out, env), ToolInputs(state, out, env), context},
               std::forward<In>(input));
    if (!out.rejection && !out.dropped)
        context.afterReduce(input, tokens ? state.conversation.id : before);
    if (out.rejection) {
        // The alternative survives a move, so the name is right even for a moved-from input.
        out.rejection->action = actionName(input);
        // Rejections happen before any change: nothing else may leak out.
        out.changes.clear();
        out.effects.clear();
        out.events.clear();
        out.announcements.clear();
    }
}
} // namespace

/*!
    \fn void koder::agent::reduce(koder::agent::State &state, const koder::agent::Input &input, koder::agent::Outcome &out, koder::agent::Environment &env)

    Applies \a input to \a state in place and describes what happened in \a out, which is
    cleared first. This is the state machine of Koder Agent.

    Afterwards \a out holds the changes of the message list for list models, the effects to
    perform, the lifecycle events and the announcements, in the order they happened; or a
    \l {koder::agent::Rejection}{rejection} with \a state untouched; or nothing but
    \l {koder::agent::Outcome::dropped}{dropped}, for a transport event of another request or a
    tool result nobody waits for. Feed observers such as the debug log afterwards, with the
    input, the outcome and the new state.

    A reduce does no I/O, reads no clock and touches no global state: the ids of new messages
    and conversations and the time stamps come from \a env, so that the same inputs always give
    the same results. A \l {koder::agent::TextDelta}{TextDelta} costs amortized O(1),
    independent of the length of the history and of the streaming message, and allocates
    nothing beyond the growth of the message's text when \a out is reused from one call to the
    next.

    \snippet core/tst_readme.cpp core-ten-lines

    Not thread-safe: one state is reduced by one thread at a time. The
    \l {koder::agent::Runtime}{Runtime} wraps this function with an input queue, the hooks and
    an executor for the effects.

    \sa {koder::agent}{The core}, koder::agent::Input, koder::agent::Outcome
*/
void reduce(State& state, const Input& input, Outcome& out, Environment& env)
{
    run(state, input, out, env);
}

/*!
    \fn void koder::agent::reduce(koder::agent::State &state, koder::agent::Input &&input, koder::agent::Outcome &out, koder::agent::Environment &env)

    \overload

    Applies \a input to \a state and describes what happened in \a out, taking ids and time
    from \a env. The messages of an \l {koder::agent::AddMessages}{AddMessages},
    \l {koder::agent::SetMessages}{SetMessages} or
    \l {koder::agent::SwitchConversation}{SwitchConversation} are moved out of \a input
    instead of copied, which matters for a long conversation just loaded.
*/
void reduce(State& state, Input&& input, Outcome& out, Environment& env)
{
    run(state, std::move(input), out, env);
}

/*!
    \fn koder::agent::Outcome koder::agent::reduce(koder::agent::State &state, const koder::agent::Input &input, koder::agent::Environment &env)

    \overload

    Applies \a input to \a state with \a env and returns the outcome. A convenience for tests
    and one-off calls: it allocates a new outcome every time, so reuse an Outcome with the
    other overloads on the token path.
*/
Outcome reduce(State& state, const Input& input, Environment& env)
{
    Outcome out;
    reduce(state, input, out, env);
    return out;
}

} // namespace koder::agent
