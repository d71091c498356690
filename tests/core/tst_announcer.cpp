// SPDX-License-Identifier: MIT
// The announcer alone: what a screen reader hears of the reducer's announcements, and what waits
// for a listener that comes late.
#include "koder/agent/announcer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace koder::agent::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using K = Announcement::Kind;

State withReply(std::string text)
{
    State s;
    s.conversation.messages.emplace_back("m1", Role::User, "q");
    s.conversation.messages.emplace_back("m2", Role::Assistant, std::move(text));
    return s;
}

TEST(Announcer, APhraseCarriesItsTextAndItsPositionInUtf16Units)
{
    // "é" is two UTF-8 bytes and one UTF-16 unit; "😀" four bytes and two units.
    const State s = withReply("\xC3\xA9t\xC3\xA9. \xF0\x9F\x98\x80 Two.");
    Announcer a;
    const auto spoken = a.voice({{K::ReplyText, Politeness::Polite, "m2", 0, 6},
                                 {K::ReplyText, Politeness::Polite, "m2", 7, 9}},
                                s);
    ASSERT_EQ(spoken.size(), 2u);
    EXPECT_EQ(spoken[0].text, "\xC3\xA9t\xC3\xA9.");
    EXPECT_EQ(spoken[0].position, 0u);
    EXPECT_EQ(spoken[1].text, "\xF0\x9F\x98\x80 Two.");
    EXPECT_EQ(spoken[1].position, 5u) << "é t é . space: five units before the emoji";
}

TEST(Announcer, AnErrorIsSpokenWithTheStateErrorMessage)
{
    State s = withReply("");
    s.lastError = ErrorInfo{"transport", "The server went away", true, -1};
    Announcer a;
    const auto spoken = a.voice({{K::Error, Politeness::Assertive, "m2", 0, 0}}, s);
    ASSERT_EQ(spoken.size(), 1u);
    EXPECT_EQ(spoken[0].text, "The server went away");
    EXPECT_EQ(spoken[0].politeness, Politeness::Assertive);
}

TEST(Announcer, WhatNobodyHeardWaitsForItsListenerAndIsGivenOnce)
{
    Announcer a;
    const SpokenAnnouncement one{K::ReplyText, Politeness::Polite, "m2", "One.", 0};
    const SpokenAnnouncement other{K::ReplyText, Politeness::Polite, "m9", "Else.", 0};
    EXPECT_FALSE(a.said(one));
    EXPECT_FALSE(a.said(other));
    EXPECT_EQ(a.unheardCount(), 2u);
    EXPECT_THAT(a.listen("m2"), ElementsAre(one));
    EXPECT_EQ(a.unheardCount(), 1u) << "only m2's was given";
    EXPECT_TRUE(a.said(one)) << "m2 is heard now";
    EXPECT_EQ(a.unheardCount(), 1u);
}

TEST(Announcer, ListenersAreCounted)
{
    Announcer a;
    a.listen("m2");
    a.listen("m2");
    a.unlisten("m2");
    const SpokenAnnouncement s{K::ReplyFinished, Politeness::Polite, "m2", "", 0};
    EXPECT_TRUE(a.said(s)) << "one listener is left";
    a.unlisten("m2");
    EXPECT_FALSE(a.said(s));
}

TEST(Announcer, ANewTurnForgetsWhatNobodyHeardOfTheLastOne)
{
    Announcer a;
    a.said({K::ReplyText, Politeness::Polite, "m2", "Old.", 0});
    a.said({K::ReplyStarted, Politeness::Polite, "m4", "", 0});
    EXPECT_THAT(a.listen("m2"), IsEmpty());
    EXPECT_EQ(a.unheardCount(), 1u) << "the new turn's start waits";
}

TEST(Announcer, WhatWaitsIsBounded)
{
    Announcer a;
    for (std::size_t i = 0; i < Announcer::maxUnheard + 10; ++i)
        a.said({K::ReplyText, Politeness::Polite, "m" + std::to_string(i), "x", 0});
    EXPECT_EQ(a.unheardCount(), Announcer::maxUnheard);
}

} // namespace
} // namespace koder::agent::test
