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
    // Dispatch by type: an input that no domain takes, or that two take, does not compile.
    std::visit(overloaded{ConfigurationInputs(state, out, env), ConversationInputs(state, out, env),
                          TurnInputs(state, out, env), ToolInputs(state, out, env)},
               std::forward<In>(input));
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

void reduce(State& state, const Input& input, Outcome& out, Environment& env)
{
    run(state, input, out, env);
}

void reduce(State& state, Input&& input, Outcome& out, Environment& env)
{
    run(state, std::move(input), out, env);
}

Outcome reduce(State& state, const Input& input, Environment& env)
{
    Outcome out;
    reduce(state, input, out, env);
    return out;
}

} // namespace koder::agent
