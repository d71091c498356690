// SPDX-License-Identifier: MIT
// SseDecoder on arbitrary bytes in arbitrary reads, with no size limit or a small maxEventBytes
// (the header's mode): the events (type, data, id), the retry time, the last event id and
// whether the limit stopped the decoder must not depend on how the stream was split; every event
// obeys the WHATWG field rules and the limit; the data is followed by the promised readable
// padding.
#include "fuzzcheck.h"
#include "ssedecoder.h"

#include <optional>
#include <string>
#include <vector>

namespace {

using koder::fuzz::Chunked;
using koder::fuzz::printable;
using koder::wire::SseDecoder;
using koder::wire::SseEvent;

struct Decoded {
    std::vector<std::string> events; ///< "type|data|id", escaped
    std::optional<std::int64_t> retryMs;
    std::string lastEventId;
    bool overflowed = false;

    bool operator==(const Decoded&) const = default;
    std::string describe() const
    {
        std::string out = std::to_string(events.size()) + " event(s)";
        for (const auto& e : events)
            out += "\n    " + e;
        out += "\n    retry " + (retryMs ? std::to_string(*retryMs) : std::string("none")) +
               ", last id " + printable(lastEventId) + (overflowed ? ", overflowed" : "");
        return out;
    }
};

void checkEvent(const SseEvent& e, std::size_t limit)
{
    KODER_FUZZ_CHECK(e.data.size() < limit, "an event past maxEventBytes " + std::to_string(limit) +
                                                ": " + std::to_string(e.data.size()) + " bytes");
    KODER_FUZZ_CHECK(!e.type.empty(), "an event without a type");
    KODER_FUZZ_CHECK(e.type.find_first_of("\r\n") == std::string_view::npos,
                     "a line end in the type: " + printable(e.type));
    KODER_FUZZ_CHECK(e.data.find('\r') == std::string_view::npos,
                     "a CR in the data: " + printable(e.data));
    KODER_FUZZ_CHECK(e.id.find_first_of(std::string_view("\r\n\0", 3)) == std::string_view::npos,
                     "a line end or NUL in the id: " + printable(e.id));
    // The padding a JSON parser may read past the data (ASan reports a read outside the buffer).
    const volatile char* p = e.data.data();
    const char last = p[e.data.size() + SseDecoder::readablePadding - 1];
    (void)last;
}

Decoded decode(const std::vector<std::string_view>& reads, std::size_t limit)
{
    Decoded out;
    SseDecoder* self = nullptr;
    SseDecoder decoder(
        [&](const SseEvent& e) {
            KODER_FUZZ_CHECK(!self->overflowed(), "an event after the limit stopped the decoder");
            checkEvent(e, limit);
            out.events.push_back(printable(e.type, 64) + "|" + printable(e.data, 4096) + "|" +
                                 printable(e.id, 256));
        },
        limit);
    self = &decoder;
    for (std::string_view read : reads)
        decoder.feed(read);
    decoder.finish();
    out.retryMs = decoder.retryMs();
    out.lastEventId = decoder.lastEventId();
    out.overflowed = decoder.overflowed();
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Chunked input(data, size);
    // Odd modes limit events to 8..248 bytes.
    const std::size_t limit =
        input.mode & 1u ? 8u + (input.mode >> 1) * 16u : SseDecoder::unlimited;
    const Decoded whole = decode({input.payload}, limit);
    const Decoded split = decode(input.pieces(), limit);
    KODER_FUZZ_CHECK(split == whole, "split reads decode differently:\n  whole: " +
                                         whole.describe() + "\n  split: " + split.describe());
    if (input.payload.size() <= 4096) {
        const Decoded bytes = decode(input.bytes(), limit);
        KODER_FUZZ_CHECK(bytes == whole, "byte-by-byte reads decode differently:\n  whole: " +
                                             whole.describe() + "\n  bytes: " + bytes.describe());
    }
    return 0;
}
