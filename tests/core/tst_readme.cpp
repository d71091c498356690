// SPDX-License-Identifier: MIT
// The core example of the reference (Getting Started, the koder::agent namespace and reduce()),
// compiled and checked so the documentation cannot drift from the API.
#include "koder/agent/reducer.h"

#include <gtest/gtest.h>

using namespace koder::agent;

TEST(Readme, CoreExample)
{
    //! [core-ten-lines]
    State state;
    Environment env = Environment::deterministic(); // the Qt layer injects uuids and a clock
    Outcome out;

    reduce(state, Send{"Hi!", {}}, out, env);          // effects: StartTurn{requestId, history}
    const RequestId id = state.turn->requestId;        // the transport echoes it on every event
    reduce(state, TextDelta{id, "Hello"}, out, env);   // changes: row 1 Text; events: streamToken
    reduce(state, TextDelta{id, " there."}, out, env); // announcements: "Hello there." (a phrase)
    reduce(state, StreamEnded{id, "stop"}, out, env);  // effects: Persist; events: streamEnd
    // state.messages: user "Hi!", assistant "Hello there."; state.status == Status::Idle
    //! [core-ten-lines]
    ASSERT_EQ(state.conversation.messages.size(), 2u);
    EXPECT_EQ(state.conversation.messages[1].text, "Hello there.");
    EXPECT_EQ(state.status, Status::Idle);
    EXPECT_TRUE(std::holds_alternative<StreamEndEvent>(out.events.back()));
}
