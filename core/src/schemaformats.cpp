// SPDX-License-Identifier: MIT
// The string rules of answers to questions: `format` (email, uri, date, date-time) and
// `pattern`. A question's schema may come from an MCP server or an AG-UI agent, so a pattern is
// hostile input: std::regex backtracks by default, and `(a+)+$` or even `.*.*.*x` take
// exponential or high polynomial time (minutes on 512 bytes). So the pattern is matched by
// libstdc++'s breadth-first executor (polynomial in text and pattern), the states it expands to
// are bounded (nested counted repetitions multiply: ((.?){40}){40} is 3,200), back-references
// refused, and the text has a length limit: the worst pattern within the limits takes about a
// tenth of a second on the longest text on a 2-core CI machine, a usual one microseconds.
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

} // namespace

// The states the matcher walks for `pattern`, as it expands it: an atom (a character, a class,
// an escape) is one; a group the sum of its parts; a counted repetition copies what it repeats
// (a{3} is three, (ab){2,4} eight, and nested counts multiply); * + ? add one copy. Saturates
// at maxPatternStates + 1. A back-reference is refused with `why`; without the polynomial
// executor, so is a repeated group that itself repeats or alternates (it takes exponential time
// to fail by backtracking).
std::size_t patternStates(std::string_view pattern, std::string& why)
{
    constexpr std::size_t over = maxPatternStates + 1;
    const auto add = [over](std::size_t a, std::size_t b) { return std::min(a + b, over); };
    std::vector<std::size_t> costs{0}; // of each open group so far; [0] the whole pattern
    std::vector<bool> risky{false};    // each open group repeats or alternates inside
    std::size_t last = 0;              // what a quantifier here repeats: the atom or group before
    bool lastRisky = false;            // that group repeats or alternates inside
    bool inClass = false;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (inClass) {
            if (c == '\\')
                ++i;
            else if (c == ']')
                inClass = false;
            continue;
        }
        std::size_t times = 0; // a quantifier: how many copies in all
        if (c == '\\') {
            if (i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
                why = "pattern: back-references are not supported";
                return over;
            }
            ++i;
        } else if (c == '[') {
            inClass = true;
        } else if (c == '(') {
            costs.push_back(0);
            risky.push_back(false);
            if (i + 2 < pattern.size() && pattern[i + 1] == '?')
                i += 2; // (?: (?= (?!
            last = 0;
            continue;
        } else if (c == ')') {
            if (costs.size() == 1)
                break; // unbalanced: std::regex says so
            last = costs.back();
            lastRisky = risky.back();
            costs.pop_back();
            risky.pop_back();
            costs.back() = add(costs.back(), last);
            risky.back() = risky.back() || lastRisky;
            continue;
        } else if (c == '|') {
            risky.back() = true;
            last = 0;
            continue;
        } else if (c == '*' || c == '+' || c == '?') {
            times = 2;
        } else if (c == '{') {
            // {n}, {n,} or {n,m}: n copies, or m when given (n + 1 for {n,}).
            std::size_t j = i + 1, low = 0, high = 0;
            bool digits = false, comma = false, highDigits = false;
            for (; j < pattern.size() && pattern[j] != '}'; ++j) {
                const char d = pattern[j];
                if (d == ',' && !comma) {
                    comma = true;
                } else if (d >= '0' && d <= '9') {
                    std::size_t& n = comma ? high : low;
                    n = std::min<std::size_t>(n * 10 + static_cast<std::size_t>(d - '0'), over);
                    (comma ? highDigits : digits) = true;
                } else {
                    break;
                }
            }
            if (j < pattern.size() && pattern[j] == '}' && digits) {
                times = std::max<std::size_t>(
                    comma ? (highDigits ? std::max(low, high) : low + 1) : low, 1);
                i = j;
            }
        }
        if (times > 0) {
#ifndef __GLIBCXX__
            if (lastRisky) {
                why = "pattern: a repeated group that repeats or alternates inside can take too "
                      "long to check";
                return over;
            }
#endif
            // `last` is counted once already.
            const std::size_t copies = last == 0 ? 0 : std::min(last * (times - 1), over);
            costs.back() = add(costs.back(), copies);
            risky.back() = true;
            last = std::min(last * times, over);
            lastRisky = true;
            continue;
        }
        costs.back() = add(costs.back(), 1);
        last = 1;
        lastRisky = false;
    }
    std::size_t total = 0;
    for (const std::size_t cost : costs)
        total = add(total, cost);
    return total;
}

namespace {
// The pattern's problem, or its compiled form in `re`.
std::string compiled(std::string_view pattern, std::regex& re)
{
    if (pattern.size() > maxPatternBytes)
        return "pattern: longer than " + std::to_string(maxPatternBytes) + " bytes";
    std::string why;
    if (patternStates(pattern, why) > maxPatternStates)
        return why.empty() ? "pattern: repeats too much to check quickly (more than " +
                                 std::to_string(maxPatternStates) + " steps)"
                           : why;
    try {
        re.assign(std::string(pattern), patternFlags);
    } catch (const std::regex_error&) {
        return "pattern: not a valid regular expression";
    }
    return {};
}
} // namespace

std::string patternProblem(std::string_view pattern)
{
    std::regex re;
    return compiled(pattern, re);
}

bool matchesPattern(std::string_view pattern, std::string_view text)
{
    std::regex re;
    if (text.size() > maxPatternTextBytes || !compiled(pattern, re).empty())
        return false;
    try {
        return std::regex_search(text.begin(), text.end(), re);
    } catch (const std::regex_error&) { // complexity or stack limits of the library
        return false;
    }
}

} // namespace koder::agent::detail
