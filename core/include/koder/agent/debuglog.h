// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace koder::agent {

/// One compact entry of the debug log. `kind` names a static string ("send", "token", ...).
struct DebugEntry {
    std::uint64_t seq = 0;
    std::string_view kind;
    std::string subject; ///< message id, call id or request id, as fits
    std::uint64_t repeat = 1;

    friend bool operator==(const DebugEntry&, const DebugEntry&) = default;
};

/// A bounded ring of compact events. Repeated events of the same kind and subject fold into one
/// entry with a count; the reducer logs a step's tokens as one entry.
class DebugLog {
public:
    explicit DebugLog(std::size_t capacity = 256)
        : capacity_(capacity == 0 ? 1 : capacity)
    {
    }

    /// `kind` must be a string with static storage. `times` > 1 records a batch at once.
    void record(std::string_view kind, std::string_view subject, std::uint64_t times = 1);
    /// Oldest first.
    std::vector<DebugEntry> entries() const;
    std::size_t size() const { return ring_.size(); }
    std::size_t capacity() const { return capacity_; }
    void clear();

private:
    std::size_t capacity_;
    std::size_t head_ = 0; ///< index of the oldest entry once the ring is full
    std::uint64_t seq_ = 0;
    std::vector<DebugEntry> ring_;
    std::size_t last_ = static_cast<std::size_t>(-1); ///< index of the newest entry
};

} // namespace koder::agent
