// SPDX-License-Identifier: MIT
// The HTML export's renderer (qt/conversationexport.cpp, compiled in without the store) on
// arbitrary text (the input read as UTF-8): safeHtmlOfMarkdown() of it, and the whole document
// of a conversation whose title, texts, reasoning, tool names, arguments and results are all that
// text. Whatever the text, the HTML holds no "<img", "<script", "src=" or "javascript:" (in any
// case); every tag is one the renderer knows, with known attributes only, links only to http:,
// https: or mailto:; tags are balanced; and outside tags no '<', '>' or quote appears and every
// '&' starts a character reference, so no text became markup. The Markdown export runs on it
// too (it must not crash; its text is the input's, verbatim).
#include "conversationexport.h"
#include "fuzzcheck.h"

#include <QtCore/QString>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

using koder::fuzz::printable;

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) {
        return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    });
    return out;
}

// Around `at` in `html`, for a report.
std::string near(const std::string& html, std::size_t at)
{
    const std::size_t from = at < 80 ? 0 : at - 80;
    return printable(std::string_view(html).substr(from, 160), 160);
}

void checkForbidden(const std::string& html)
{
    const std::string folded = lower(html);
    for (const char* word : {"<img", "<script", "src=", "javascript:", "<iframe", "<object",
                             "<embed", "<svg", "<math", "<form", "<input", "<link", "<base"}) {
        const std::size_t at = folded.find(word);
        KODER_FUZZ_CHECK(at == std::string::npos,
                         std::string("\"") + word + "\" in the HTML: " + near(html, at));
    }
}

bool isAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Whether `html` at `at` ('&') starts a character reference: &name; &#123; or &#x1F;.
bool startsReference(const std::string& html, std::size_t at)
{
    std::size_t i = at + 1;
    if (i < html.size() && html[i] == '#') {
        ++i;
        if (i < html.size() && (html[i] == 'x' || html[i] == 'X'))
            ++i;
    }
    const std::size_t start = i;
    while (i < html.size() && isAlnum(html[i]))
        ++i;
    return i > start && i < html.size() && html[i] == ';';
}

struct Rules {
    std::set<std::string> tags;
    std::set<std::string> voids; // no closing tag
    std::set<std::string> attributes;
};

const Rules& fragmentRules()
{
    static const Rules rules{
        {"p",     "h1",         "h2",  "h3",   "h4", "h5",     "h6",  "ul",    "ol",
         "li",    "blockquote", "pre", "code", "em", "strong", "del", "table", "thead",
         "tbody", "tr",         "th",  "td",   "hr", "br",     "a"},
        {"hr", "br"},
        {"href", "rel", "class", "start"},
    };
    return rules;
}

const Rules& documentRules()
{
    static const Rules rules = [] {
        Rules r = fragmentRules();
        for (const char* tag : {"html", "head", "meta", "title", "style", "body", "section", "time",
                                "details", "summary"})
            r.tags.insert(tag);
        r.voids.insert("meta");
        for (const char* attribute : {"charset", "http-equiv", "content", "name", "datetime"})
            r.attributes.insert(attribute);
        return r;
    }();
    return rules;
}

// Reads the tags of `html`: known ones, known attributes with double-quoted values, links to
// http(s) or mailto with the rel the renderer adds, balanced; text between them escaped.
void checkMarkup(const std::string& html, const Rules& rules)
{
    std::vector<std::string> open;
    std::size_t i = 0;
    if (html.rfind("<!DOCTYPE html>", 0) == 0)
        i = std::string_view("<!DOCTYPE html>").size();
    while (i < html.size()) {
        const char c = html[i];
        if (c == '&') {
            KODER_FUZZ_CHECK(startsReference(html, i), "a bare '&' in the text: " + near(html, i));
            ++i;
            continue;
        }
        KODER_FUZZ_CHECK(c != '>' && c != '"' && c != '\'',
                         std::string("a bare ") + c + " in the text: " + near(html, i));
        if (c != '<') {
            ++i;
            continue;
        }
        const std::size_t tagStart = i++;
        const bool closing = i < html.size() && html[i] == '/';
        if (closing)
            ++i;
        std::string name;
        while (i < html.size() && isAlnum(html[i]))
            name += html[i++];
        KODER_FUZZ_CHECK(rules.tags.count(name) == 1,
                         "an unknown tag <" + printable(name) + ">: " + near(html, tagStart));
        std::string href;
        std::string rel;
        bool hasHref = false;
        while (i < html.size() && html[i] == ' ') {
            ++i;
            std::string attribute;
            while (i < html.size() && (isAlnum(html[i]) || html[i] == '-'))
                attribute += html[i++];
            KODER_FUZZ_CHECK(!closing && rules.attributes.count(attribute) == 1,
                             "an unknown attribute " + printable(attribute) + ": " +
                                 near(html, tagStart));
            KODER_FUZZ_CHECK(i + 1 < html.size() && html[i] == '=' && html[i + 1] == '"',
                             "an attribute without a quoted value: " + near(html, tagStart));
            i += 2;
            const std::size_t end = html.find('"', i);
            KODER_FUZZ_CHECK(end != std::string::npos,
                             "an unterminated value: " + near(html, tagStart));
            const std::string value = html.substr(i, end - i);
            KODER_FUZZ_CHECK(value.find_first_of("<>'") == std::string::npos || name == "meta",
                             "markup in a value: " + near(html, tagStart));
            if (attribute == "href") {
                hasHref = true;
                href = lower(value);
            } else if (attribute == "rel") {
                rel = value;
            }
            i = end + 1;
        }
        KODER_FUZZ_CHECK(i < html.size() && html[i] == '>',
                         "a tag not closed: " + near(html, tagStart));
        ++i;
        if (name == "a" && !closing) {
            KODER_FUZZ_CHECK(hasHref &&
                                 (href.rfind("http://", 0) == 0 || href.rfind("https://", 0) == 0 ||
                                  href.rfind("mailto:", 0) == 0),
                             "a link to " + printable(href));
            KODER_FUZZ_CHECK(rel == "noopener noreferrer nofollow", "a link without its rel");
            KODER_FUZZ_CHECK(std::find(open.begin(), open.end(), "a") == open.end(),
                             "a link in a link: " + near(html, tagStart));
        }
        if (rules.voids.count(name) == 1) {
            KODER_FUZZ_CHECK(!closing, "</" + name + ">");
            continue;
        }
        if (!closing) {
            open.push_back(name);
            if (name == "style") { // the document's own (quotes, '>'): skipped up to its end
                const std::size_t end = html.find("</style>", i);
                KODER_FUZZ_CHECK(end != std::string::npos, "<style> not closed");
                i = end;
            }
        } else {
            KODER_FUZZ_CHECK(!open.empty() && open.back() == name,
                             "</" + name + "> closes " + (open.empty() ? "nothing" : open.back()) +
                                 ": " + near(html, tagStart));
            open.pop_back();
        }
    }
    KODER_FUZZ_CHECK(open.empty(),
                     "<" + (open.empty() ? std::string() : open.back()) + "> never closed");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace koder::agent;
    const QString text =
        QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));

    const std::string fragment = qt::safeHtmlOfMarkdown(text).toStdString();
    checkForbidden(fragment);
    checkMarkup(fragment, fragmentRules());

    // The whole document, every field of every exported role holding the text.
    const std::string utf8 = text.toStdString();
    Conversation c;
    c.id = "fuzz";
    c.title = utf8;
    Message assistant("a", Role::Assistant, utf8, 1700000000000);
    assistant.extras().reasoning = utf8;
    assistant.extras().toolCalls = {{"c1", utf8, utf8, false}};
    assistant.extras().error = utf8;
    Message tool("t", Role::Tool, utf8, 1700000000001);
    tool.extras().toolCallId = "c1";
    tool.extras().toolName = utf8;
    tool.isError = (size & 1u) != 0;
    c.messages = {Message("u", Role::User, utf8, 1), assistant, tool,
                  Message("s", Role::Summary, utf8), Message("x", Role::System, utf8)};
    const std::string document = qt::conversationHtml(c).toStdString();
    checkForbidden(document);
    checkMarkup(document, documentRules());

    const QString markdown = qt::conversationMarkdown(c);
    KODER_FUZZ_CHECK(markdown.startsWith(QLatin1String("# ")), "no title heading");
    KODER_FUZZ_CHECK(markdown.contains(text), "the text is not in the Markdown export verbatim");
    return 0;
}
