// SPDX-License-Identifier: MIT
#include "ssedecoder.h"

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
} // namespace

void SseDecoder::feed(std::string_view bytes)
{
    if (stopped_ || bytes.empty())
        return;
    if (atStart_) {
        // The BOM may itself arrive in pieces: hold bytes back until it is decided.
        partial_.append(bytes);
        if (partial_.size() < bom.size() && bom.substr(0, partial_.size()) == partial_)
            return;
        atStart_ = false;
        std::string start = std::move(partial_);
        partial_.clear();
        if (std::string_view(start).substr(0, bom.size()) == bom)
            start.erase(0, bom.size());
        feed(start);
        return;
    }

    const char* p = bytes.data();
    const char* end = p + bytes.size();
    if (skipLf_) {
        skipLf_ = false;
        if (*p == '\n')
            ++p;
    }
    while (p < end && !stopped_) {
        const char* eol = findLineEnd(p, end);
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

void SseDecoder::finish()
{
    partial_.clear();
    data_.clear();
    type_.clear();
    skipLf_ = false;
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
    if (field == "data") {
        data_.append(value);
        data_.push_back('\n');
    } else if (field == "event") {
        type_.assign(value);
    } else if (field == "id") {
        if (value.find('\0') == std::string_view::npos)
            lastId_.assign(value);
    } else if (field == "retry") {
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
