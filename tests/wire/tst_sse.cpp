// SPDX-License-Identifier: MIT
// The WHATWG SSE algorithm under every read schedule.
#include "splits.h"
#include "ssedecoder.h"

#include <gtest/gtest.h>

namespace koder::wire::test {
namespace {

struct Seen {
    std::string type, data, id;
    friend bool operator==(const Seen&, const Seen&) = default;
};

std::vector<Seen> decode(std::string_view bytes, const Schedule& schedule, bool finish = true)
{
    std::vector<Seen> seen;
    SseDecoder d([&](const SseEvent& e) {
        seen.push_back({std::string(e.type), std::string(e.data), std::string(e.id)});
    });
    for (std::string_view piece : cut(bytes, schedule))
        d.feed(piece);
    if (finish)
        d.finish();
    return seen;
}

void expectEverySchedule(std::string_view bytes, const std::vector<Seen>& expected)
{
    for (const Schedule& s : schedulesFor(bytes.size()))
        EXPECT_EQ(decode(bytes, s), expected) << "schedule " << s.name;
}

TEST(Sse, LineEndingsLfCrlfAndCrAreAllOneLineEnd)
{
    const std::vector<Seen> expected{{"message", "a", ""}, {"message", "b", ""}};
    expectEverySchedule("data: a\n\ndata: b\n\n", expected);
    expectEverySchedule("data: a\r\n\r\ndata: b\r\n\r\n", expected);
    expectEverySchedule("data: a\r\rdata: b\r\r", expected);
    expectEverySchedule("data: a\r\n\ndata: b\r\r\n", expected); // mixed
}

TEST(Sse, CrAtTheEndOfOneReadAndLfAtTheStartOfTheNextIsOneLineEnd)
{
    std::vector<std::string> data;
    SseDecoder d([&](const SseEvent& e) { data.emplace_back(e.data); });
    d.feed("data: x\r");
    d.feed("\ndata: y\r");
    d.feed("\n\r");
    d.feed("\n");
    // "x" and "y" are one event's two lines: no blank line between them.
    EXPECT_EQ(data, (std::vector<std::string>{"x\ny"}));
}

TEST(Sse, MultiLineDataCommentsFieldsAndBom)
{
    const std::string bytes = "\xEF\xBB\xBF: comment\n"
                              "event: update\n"
                              "id: 42\n"
                              "retry: 1500\n"
                              "data:first\n"
                              "data:  second has one space kept\n"
                              "data\n"
                              "\n"
                              "data: after\n\n";
    expectEverySchedule(bytes, {{"update", "first\n second has one space kept\n", "42"},
                                {"message", "after", "42"}});
    SseDecoder d([](const SseEvent&) {});
    d.feed(bytes);
    EXPECT_EQ(d.retryMs(), 1500);
    EXPECT_EQ(d.lastEventId(), "42");
}

TEST(Sse, OnlyALeadingBomIsStripped)
{
    expectEverySchedule("\xEF\xBB\xBF\xEF\xBB\xBF"
                        "data: x\n\n",
                        {});
    expectEverySchedule("data: \xEF\xBB\xBFx\n\n", {{"message", "\xEF\xBB\xBFx", ""}});
}

TEST(Sse, EmptyDataDispatchesEmptyEventAndNoDataDispatchesNothing)
{
    expectEverySchedule("data:\n\nevent: x\n\n: c\n\n", {{"message", "", ""}});
}

TEST(Sse, InvalidRetryAndIdWithNulAreIgnored)
{
    SseDecoder d([](const SseEvent&) {});
    using namespace std::string_literals;
    d.feed("retry: 12a\nid: a\0b\ndata: x\n\n"s);
    EXPECT_FALSE(d.retryMs());
    EXPECT_EQ(d.lastEventId(), "");
}

TEST(Sse, AnEventWithoutItsBlankLineIsDroppedAtEndOfStream)
{
    for (const Schedule& s : schedulesFor(22))
        EXPECT_EQ(decode("data: a\n\ndata: partial", s), (std::vector<Seen>{{"message", "a", ""}}));
}

TEST(Sse, Utf8SplitAnywhereArrivesWhole)
{
    expectEverySchedule("data: caf\xC3\xA9 \xF0\x9F\x99\x82\n\n",
                        {{"message", "caf\xC3\xA9 \xF0\x9F\x99\x82", ""}});
}

TEST(Sse, StopIgnoresTheRest)
{
    int events = 0;
    SseDecoder* self = nullptr;
    SseDecoder d([&](const SseEvent&) {
        ++events;
        self->stop();
    });
    self = &d;
    d.feed("data: 1\n\ndata: 2\n\n");
    EXPECT_EQ(events, 1);
}

TEST(Sse, TheLastEventIdIsSetAtDispatchNeverFromACutOffBlock)
{
    // WHATWG "dispatch the event", step 1 (the web-platform-tests expect "" here).
    SseDecoder d([](const SseEvent&) {});
    d.feed("id: 7\ndata: cut off");
    d.finish();
    EXPECT_EQ(d.lastEventId(), "");

    // A dispatched event sets it, an id-only block too; a later cut-off block does not.
    SseDecoder e([](const SseEvent&) {});
    e.feed("id: 1\ndata: a\n\nid: 2\n\nid: 3\ndata: b");
    EXPECT_EQ(e.lastEventId(), "2");
    e.finish();
    EXPECT_EQ(e.lastEventId(), "2");
    // The next stream (a reconnection) starts from that id.
    std::vector<std::string> ids;
    SseDecoder f([&](const SseEvent& ev) { ids.emplace_back(ev.id); });
    f.feed("id: 5\ndata: x");
    f.finish();
    f.feed("data: y\n\n");
    EXPECT_EQ(ids, std::vector<std::string>{""});
}

TEST(Sse, AReusedDecoderStartsClean)
{
    std::vector<std::string> data;
    SseDecoder d([&](const SseEvent& e) { data.emplace_back(e.data); });
    d.feed("\xEF\xBB\xBF"
           "data: one\n\ndata: half");
    d.finish();
    // A second stream: its BOM is stripped again and nothing of the first one leaks in.
    d.feed("\xEF\xBB");
    d.feed("\xBF"
           "data: two\n\n");
    d.reset();
    d.feed("\xEF\xBB\xBF"
           "id: 9\ndata: three\n\n");
    EXPECT_EQ(data, (std::vector<std::string>{"one", "two", "three"}));
    EXPECT_EQ(d.lastEventId(), "9");
    d.reset();
    EXPECT_EQ(d.lastEventId(), "");
    EXPECT_FALSE(d.retryMs());
}

TEST(Sse, ALineOrEventPastTheLimitStopsTheDecoder)
{
    constexpr std::size_t limit = 1000;
    // A line with no end: refused once it passes the limit, whatever the read sizes.
    const std::string stream = "data: ok\n\ndata: " + std::string(3000, 'x');
    for (const Schedule& s : schedulesFor(stream.size())) {
        int events = 0;
        SseDecoder d([&](const SseEvent&) { ++events; }, limit);
        for (std::string_view piece : cut(stream, s))
            d.feed(piece);
        EXPECT_TRUE(d.overflowed()) << s.name;
        EXPECT_TRUE(d.stopped());
        EXPECT_EQ(events, 1);
    }
    // Many short data lines of one event add up.
    SseDecoder d([](const SseEvent&) {}, limit);
    for (int i = 0; i < 200 && !d.overflowed(); ++i)
        d.feed("data: 0123456789\n");
    EXPECT_TRUE(d.overflowed());
    // Exactly at the limit is fine.
    int events = 0;
    SseDecoder e([&](const SseEvent&) { ++events; }, limit);
    e.feed("data: " + std::string(limit - 6, 'y') + "\n\n");
    EXPECT_FALSE(e.overflowed());
    EXPECT_EQ(events, 1);
}

} // namespace
} // namespace koder::wire::test
