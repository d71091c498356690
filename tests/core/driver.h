// SPDX-License-Identifier: MIT
// A small harness around reduce() so the tests read like the scenarios they check.
#pragma once

#include "koder/agent/contextbudget.h"
#include "koder/agent/debuglog.h"
#include "koder/agent/reducer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace koder::agent::test {

struct Driver {
    State s;
    Environment env = Environment::deterministic();
    Outcome out;
    DebugLog log; ///< fed every dispatch, as the runtime feeds its own

    Driver()
    {
        s.settings.tools = {{"read_file", true}, {"write_file", false}};
        s.context.settled = settledContextTokens(s, noRow); // as SetTools would count
    }

    Outcome& dispatch(const Input& input)
    {
        reduce(s, input, out, env);
        log.record(input, out, s);
        return out;
    }

    RequestId request() const { return s.turn ? s.turn->requestId : 0; }
    Outcome& send(std::string text = "hello") { return dispatch(Send{std::move(text), {}}); }
    Outcome& token(std::string text) { return dispatch(TextDelta{request(), std::move(text)}); }
    Outcome& end(std::string reason = "stop")
    {
        return dispatch(StreamEnded{request(), std::move(reason)});
    }
    Outcome& fail(ErrorInfo error, ErrorVerdict verdict = ErrorVerdict::Default)
    {
        return dispatch(StreamFailed{request(), std::move(error), verdict});
    }
    Outcome& call(std::string id, std::string name, std::string args = "{}")
    {
        return dispatch(
            ToolCallRequested{request(), {std::move(id), std::move(name), std::move(args), false}});
    }

    /// A complete exchange: send, stream `reply` as one token, end.
    void exchange(std::string text, std::string reply)
    {
        send(std::move(text));
        token(std::move(reply));
        end();
    }

    std::vector<std::string> eventNames() const
    {
        std::vector<std::string> names;
        for (const Event& e : out.events)
            names.emplace_back(eventName(e));
        return names;
    }

    template<class T>
    std::vector<T> effects() const
    {
        std::vector<T> found;
        for (const Effect& e : out.effects)
            if (const T* t = std::get_if<T>(&e))
                found.push_back(*t);
        return found;
    }

    template<class T>
    bool hasEffect() const
    {
        return !effects<T>().empty();
    }

    std::vector<std::string> texts() const
    {
        std::vector<std::string> t;
        for (const Message& m : s.conversation.messages)
            t.push_back(m.text);
        return t;
    }

    const Message& last() const { return s.conversation.messages.back(); }
};

} // namespace koder::agent::test
