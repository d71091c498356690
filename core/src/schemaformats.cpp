// SPDX-License-Identifier: MIT
// The string rules of answers to questions: `format` (email, uri, date, date-time) and
// `pattern`. A question's schema may come from an MCP server or an AG-UI agent, so a pattern is
// hostile input: std::regex backtracks by default, and `(a+)+$` or even `.*.*.*x` take
// exponential or high polynomial time (minutes on 512 bytes). So the pattern is matched by
// libstdc++'s breadth-first executor (polynomial in text and pattern), its repetitions are
// bounded, back-references refused, and the text has a length limit: the worst pattern of the
// limits takes about half a second on the longest text (measured on this project's CI machine
// class), a usual one microseconds.
#include "schemacheck.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <string>
#include <vector>

namespace koder::agent::detail {

namespace {

bool digits(std::string_view s, std::size_t from, std::size_t n)
{
    if (from + n > s.size())
        return false;
    return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(from),
                       s.begin() + static_cast<std::ptrdiff_t>(from + n),
                       [](char c) { return c >= '0' && c <= '9'; });
}

int number(std::string_view s, std::size_t from, std::size_t n)
{
    int v = 0;
    for (std::size_t i = from; i < from + n; ++i)
        v = v * 10 + (s[i] - '0');
    return v;
}

// YYYY-MM-DD with a day the month has (leap years counted).
bool isDate(std::string_view s)
{
    if (s.size() != 10 || !digits(s, 0, 4) || s[4] != '-' || !digits(s, 5, 2) || s[7] != '-' ||
        !digits(s, 8, 2))
        return false;
    const int year = number(s, 0, 4), month = number(s, 5, 2), day = number(s, 8, 2);
    if (month < 1 || month > 12 || day < 1)
        return false;
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= days[month - 1] + (month == 2 && leap ? 1 : 0);
}

// RFC 3339: a date, T (or t, or a space), HH:MM:SS, an optional fraction, Z or ±HH:MM.
bool isDateTime(std::string_view s)
{
    if (s.size() < 20 || !isDate(s.substr(0, 10)))
        return false;
    if (s[10] != 'T' && s[10] != 't' && s[10] != ' ')
        return false;
    if (!digits(s, 11, 2) || s[13] != ':' || !digits(s, 14, 2) || s[16] != ':' || !digits(s, 17, 2))
        return false;
    if (number(s, 11, 2) > 23 || number(s, 14, 2) > 59 || number(s, 17, 2) > 60)
        return false;
    std::size_t i = 19;
    if (s[i] == '.') {
        const std::size_t start = ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        if (i == start)
            return false;
    }
    if (i < s.size() && (s[i] == 'Z' || s[i] == 'z'))
        return i + 1 == s.size();
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        return i + 6 == s.size() && digits(s, i + 1, 2) && s[i + 3] == ':' && digits(s, i + 4, 2) &&
               number(s, i + 1, 2) <= 23 && number(s, i + 4, 2) <= 59;
    return false;
}

bool isSpaceOrControl(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return u <= 0x20 || u == 0x7F;
}

// One @, something before it, a dotted domain after it, no spaces: what a form can check
// without sending mail.
bool isEmail(std::string_view s)
{
    const std::size_t at = s.find('@');
    if (at == 0 || at == std::string_view::npos || s.find('@', at + 1) != std::string_view::npos)
        return false;
    if (std::any_of(s.begin(), s.end(), isSpaceOrControl))
        return false;
    const std::string_view domain = s.substr(at + 1);
    const std::size_t dot = domain.find('.');
    return dot != std::string_view::npos && dot > 0 && domain.back() != '.' &&
           domain.find("..") == std::string_view::npos;
}

// RFC 3986's absolute URI: a scheme (a letter, then letters, digits, + - .), a colon, and a
// rest without spaces.
bool isUri(std::string_view s)
{
    const std::size_t colon = s.find(':');
    if (colon == 0 || colon == std::string_view::npos || colon + 1 == s.size())
        return false;
    if (!std::isalpha(static_cast<unsigned char>(s[0])))
        return false;
    for (std::size_t i = 1; i < colon; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (!std::isalnum(c) && c != '+' && c != '-' && c != '.')
            return false;
    }
    return std::none_of(s.begin(), s.end(), isSpaceOrControl);
}

} // namespace

bool knownFormat(std::string_view format)
{
    return format == "email" || format == "uri" || format == "date" || format == "date-time";
}

bool fitsFormat(std::string_view format, std::string_view text)
{
    if (format == "email")
        return isEmail(text);
    if (format == "uri")
        return isUri(text);
    if (format == "date")
        return isDate(text);
    if (format == "date-time")
        return isDateTime(text);
    return true;
}

std::string formatName(std::string_view format)
{
    if (format == "email")
        return "an email address";
    if (format == "uri")
        return "a URI";
    if (format == "date")
        return "a date (YYYY-MM-DD)";
    if (format == "date-time")
        return "a date and time (RFC 3339)";
    return "in the format " + std::string(format);
}

namespace {

// libstdc++ can match with its breadth-first executor, in time polynomial in the text and the
// pattern, whatever the pattern's shape (no back-references: they are refused anyway).
constexpr std::regex::flag_type patternFlags = std::regex::ECMAScript
#ifdef __GLIBCXX__
                                               | std::regex_constants::__polynomial
#endif
    ;

// Why the repetitions of `pattern` could make matching too slow, or "". Every bounded repetition
// ({n}, {n,m}, {n,}) adds its largest count to the states the matcher walks: they may add up to
// maxPatternRepeats. Without the polynomial executor, a repeated group that itself repeats or
// alternates is refused too (it takes exponential time to fail by backtracking).
std::string repetitionProblem(std::string_view pattern)
{
    std::size_t repeats = 0;
    std::vector<bool> groups; // each open group: whether it repeats or alternates inside so far
    bool inClass = false;
    bool lastGroupRisky = false; // the group that just closed
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '\\') {
            if (i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9' &&
                !inClass)
                return "pattern: back-references are not supported";
            ++i;
            lastGroupRisky = false;
            continue;
        }
        if (inClass) {
            inClass = c != ']';
            continue;
        }
        bool quantifier = c == '*' || c == '+' || (c == '?' && i > 0 && pattern[i - 1] != '(');
        if (c == '{') {
            // {n}, {n,} or {n,m}: the largest count is what it costs.
            std::size_t j = i + 1, low = 0, high = 0;
            bool digits = false, comma = false, highDigits = false;
            for (; j < pattern.size() && pattern[j] != '}'; ++j) {
                const char d = pattern[j];
                if (d == ',' && !comma) {
                    comma = true;
                } else if (d >= '0' && d <= '9') {
                    std::size_t& n = comma ? high : low;
                    n = std::min<std::size_t>(n * 10 + static_cast<std::size_t>(d - '0'),
                                              1'000'000);
                    (comma ? highDigits : digits) = true;
                } else {
                    break;
                }
            }
            if (j < pattern.size() && pattern[j] == '}' && digits) {
                repeats += comma && highDigits ? std::max(low, high) : low;
                if (repeats > maxPatternRepeats)
                    return "pattern: repeats more than " + std::to_string(maxPatternRepeats) +
                           " times in all";
                quantifier = true;
                i = j;
            }
        }
        if (c == '[') {
            inClass = true;
            lastGroupRisky = false;
        } else if (c == '(') {
            groups.push_back(false);
            lastGroupRisky = false;
        } else if (c == ')') {
            if (groups.empty())
                break; // unbalanced: std::regex says so
            lastGroupRisky = groups.back();
            groups.pop_back();
            if (lastGroupRisky && !groups.empty())
                groups.back() = true;
            continue;
        } else if (quantifier) {
#ifndef __GLIBCXX__
            if (lastGroupRisky)
                return "pattern: a repeated group that repeats or alternates inside can take "
                       "too long to check";
#endif
            if (!groups.empty())
                groups.back() = true;
        } else if (c == '|') {
            if (!groups.empty())
                groups.back() = true;
        }
        if (!quantifier)
            lastGroupRisky = false;
    }
    return {};
}

} // namespace

std::string patternProblem(std::string_view pattern)
{
    if (pattern.size() > maxPatternBytes)
        return "pattern: longer than " + std::to_string(maxPatternBytes) + " bytes";
    if (std::string why = repetitionProblem(pattern); !why.empty())
        return why;
    try {
        std::regex re{std::string(pattern), patternFlags};
    } catch (const std::regex_error&) {
        return "pattern: not a valid regular expression";
    }
    return {};
}

bool matchesPattern(std::string_view pattern, std::string_view text)
{
    if (text.size() > maxPatternTextBytes || !patternProblem(pattern).empty())
        return false;
    try {
        const std::regex re{std::string(pattern), patternFlags};
        return std::regex_search(text.begin(), text.end(), re);
    } catch (const std::regex_error&) { // complexity or stack limits of the library
        return false;
    }
}

} // namespace koder::agent::detail
