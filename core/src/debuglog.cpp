// SPDX-License-Identifier: MIT
#include "koder/agent/debuglog.h"

namespace koder::agent {

void DebugLog::record(std::string_view kind, std::string_view subject, std::uint64_t times)
{
    ++seq_;
    if (last_ < ring_.size()) {
        DebugEntry& last = ring_[last_];
        if (last.kind == kind && last.subject == subject) {
            last.repeat += times;
            last.seq = seq_;
            return;
        }
    }
    if (ring_.size() < capacity_) {
        ring_.push_back(DebugEntry{seq_, kind, std::string(subject), times});
        last_ = ring_.size() - 1;
        return;
    }
    DebugEntry& slot = ring_[head_];
    slot.seq = seq_;
    slot.kind = kind;
    slot.subject.assign(subject);
    slot.repeat = times;
    last_ = head_;
    head_ = (head_ + 1) % capacity_;
}

std::vector<DebugEntry> DebugLog::entries() const
{
    std::vector<DebugEntry> out;
    out.reserve(ring_.size());
    for (std::size_t i = 0; i < ring_.size(); ++i)
        out.push_back(ring_[(head_ + i) % ring_.size()]);
    return out;
}

void DebugLog::clear()
{
    ring_.clear();
    head_ = 0;
    last_ = static_cast<std::size_t>(-1);
}

} // namespace koder::agent
