// SPDX-License-Identifier: MIT
// The performance contract in a form a test can check without timing: a token delta allocates
// nothing once the Outcome is warm and the text has room, and neither does the debug log that
// records it (Driver::dispatch feeds its DebugLog every input).
#include "driver.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> allocations{0};
}

// Counting replacements of the global allocation functions (this test binary only).
void* operator new(std::size_t size)
{
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size))
        return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept
{
    std::free(p);
}

namespace koder::agent::test {
namespace {

TEST(Allocation, TokenDeltaAllocatesNothingBeyondTextGrowth)
{
    Driver d;
    std::vector<Message> history;
    for (int i = 0; i < 1000; ++i)
        history.emplace_back("h" + std::to_string(i), Role::User, std::string(500, 'x'));
    d.dispatch(SetMessages{history});
    d.send();
    d.s.conversation.messages.back().text.reserve(1 << 20);
    const Input delta = TextDelta{d.request(), "abc "}; // a punctuation-free token
    const Input phrase = TextDelta{d.request(), "end. "};
    d.dispatch(delta); // warms the Outcome's vectors
    d.dispatch(phrase);
    const long before = allocations.load();
    for (int i = 0; i < 10'000; ++i)
        d.dispatch(i % 50 == 0 ? phrase : delta);
    EXPECT_EQ(allocations.load() - before, 0);
    EXPECT_EQ(d.last().text.size(), 4u + 5u + 200u * 5u + 9800u * 4u);
    d.dispatch(Abort{}); // the step's deltas, one entry
    const DebugEntry tokens = d.log.entries().back();
    EXPECT_EQ(tokens.kind, "tokens");
    EXPECT_EQ(tokens.repeat, 10'002u);
}

TEST(Allocation, MovingASetMessagesInputMovesTheHistory)
{
    Driver d;
    std::vector<Message> history;
    for (int i = 0; i < 100; ++i)
        history.emplace_back("h" + std::to_string(i), Role::User, std::string(500, 'x'));
    Input load = SetMessages{history};
    const long before = allocations.load();
    reduce(d.s, std::move(load), d.out, d.env);
    // Copying would cost one allocation per text; moving costs none of those.
    EXPECT_LT(allocations.load() - before, 10);
    EXPECT_EQ(d.s.conversation.messages.size(), 100u);
    EXPECT_EQ(d.s.conversation.messages[99].text, std::string(500, 'x'));
}

} // namespace
} // namespace koder::agent::test
