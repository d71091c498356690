// SPDX-License-Identifier: MIT
#include "ssedecoder.h"

#include "literal.h"

#include <cstring>

namespace koder::wire {

namespace {
constexpr std::string_view bom = "\xEF\xBB\xBF";

// The first CR or LF in [p, end), or end.
const char* findLineEnd(const char* p, const char* end)
{
    const auto n = static_cast<std::size_t>(end - p);
    const char* lf = static_cast<const char*>(std::memchr(p, '\n', n));
    const char* limit = lf ? lf : end;
    const char* cr =
        static_cast<const char*>(std::memchr(p, '\r', static_cast<std::size_t>(limit - p)));
    return cr ? cr : limit;
}

// Frees the memory, not only the contents: a refused giant line must not stay allocated.
void release(std::string& s)
{
    std::string().swap(s);
}
} // namespace

void SseDecoder::feed(std::string_view bytes)
{
    if (stopped_ || bytes.empty())
        return;
    if (atStart_) {
        // The BOM may itself arrive in pieces: hold its bytes back until it is decided.
        while (!bytes.empty() && bomSeen_ < bom.size() && bytes.front() == bom[bomSeen_]) {
            ++bomSeen_;
            bytes.remove_prefix(1);
        }
        if (bomSeen_ < bom.size() && bytes.empty())
            return;
        atStart_ = false;
        if (bomSeen_ < bom.size()) // not a BOM after all: the held bytes are the stream's
            lines(bom.substr(0, bomSeen_));
        bomSeen_ = 0;
    }
    lines(bytes);
}

void SseDecoder::lines(std::string_view bytes)
{
    const char* p = bytes.data();
    const char* end = p + bytes.size();
    if (skipLf_ && p < end) {
        skipLf_ = false;
        if (*p == '\n')
            ++p;
    }
    while (p < end && !stopped_) {
        const char* eol = findLineEnd(p, end);
        const auto length = partial_.size() + static_cast<std::size_t>(eol - p);
        if (length > maxEventBytes_)
            return overflow();
        if (eol == end) {
            partial_.append(p, end);
            return;
        }
        if (partial_.empty()) {
            line(std::string_view(p, static_cast<std::size_t>(eol - p)));
        } else {
            partial_.append(p, eol);
            line(partial_);
            partial_.clear();
        }
        p = eol + 1;
        if (*eol == '\r') {
            if (p == end)
                skipLf_ = true;
            else if (*p == '\n')
                ++p;
        }
    }
}

void SseDecoder::clearPending()
{
    partial_.clear();
    data_.clear();
    type_.clear();
    idBuffer_ = lastId_; // an `id:` of a block that never dispatched does not count
    skipLf_ = false;
    atStart_ = true;
    bomSeen_ = 0;
}

void SseDecoder::finish()
{
    clearPending();
}

void SseDecoder::reset()
{
    clearPending();
    release(partial_);
    release(data_);
    idBuffer_.clear();
    lastId_.clear();
    retry_.reset();
    stopped_ = false;
    overflowed_ = false;
}

void SseDecoder::overflow()
{
    overflowed_ = true;
    stopped_ = true;
    release(partial_);
    release(data_);
    type_.clear();
}

void SseDecoder::line(std::string_view l)
{
    if (l.empty())
        return dispatch();
    if (l.front() == ':')
        return; // a comment (keep-alive)
    std::string_view field = l;
    std::string_view value;
    if (const auto colon = l.find(':'); colon != std::string_view::npos) {
        field = l.substr(0, colon);
        value = l.substr(colon + 1);
        if (!value.empty() && value.front() == ' ')
            value.remove_prefix(1);
    }
    if (is(field, "data")) {
        if (data_.size() + value.size() + 1 > maxEventBytes_)
            return overflow();
        data_.append(value);
        data_.push_back('\n');
    } else if (is(field, "event")) {
        type_.assign(value);
    } else if (is(field, "id")) {
        if (value.find('\0') == std::string_view::npos)
            idBuffer_.assign(value);
    } else if (is(field, "retry")) {
        if (!value.empty() && value.size() < 18 &&
            value.find_first_not_of("0123456789") == std::string_view::npos) {
            std::int64_t ms = 0;
            for (char c : value)
                ms = ms * 10 + (c - '0');
            retry_ = ms;
        }
    }
}

void SseDecoder::dispatch()
{
    // WHATWG "dispatch the event", step 1: the last event id is set even when no event follows.
    if (lastId_ != idBuffer_)
        lastId_ = idBuffer_;
    if (data_.empty()) {
        type_.clear();
        return;
    }
    if (data_.capacity() < data_.size() + readablePadding)
        data_.reserve(data_.size() + readablePadding);
    std::string_view data(data_);
    data.remove_suffix(1); // the last data line's LF
    const SseEvent event{type_.empty() ? std::string_view("message") : std::string_view(type_),
                         data, lastId_};
    handler_(event);
    data_.clear();
    type_.clear();
}

} // namespace koder::wire
