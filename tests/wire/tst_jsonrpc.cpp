// SPDX-License-Identifier: MIT
#include "jsonrpc.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace koder::wire::jsonrpc {
namespace {

using nlohmann::json;

// --- parse: nesting is bounded before anything is built ---------------------------------------

std::string nested(std::size_t depth, std::string_view leaf = "1")
{
    // The message object is one level; `depth` counts it.
    std::string params(depth - 1, '[');
    params += leaf;
    params += std::string(depth - 1, ']');
    return R"({"jsonrpc":"2.0","method":"m","params":)" + params + "}";
}

TEST(JsonRpcParse, NestingUpToTheLimitIsRead)
{
    const Message m = parse(nested(maxDepth));
    EXPECT_EQ(m.kind, Kind::Notification) << m.problem;
}

TEST(JsonRpcParse, NestingPastTheLimitIsInvalid)
{
    const Message m = parse(nested(maxDepth + 1));
    EXPECT_EQ(m.kind, Kind::Invalid);
    EXPECT_NE(m.problem.find("deep"), std::string::npos) << m.problem;
    // A million brackets: refused without building (a recursive copy of it would crash).
    EXPECT_EQ(parse(std::string(1'000'000, '[')).kind, Kind::Invalid);
}

TEST(JsonRpcParse, BracketsInStringsDoNotCount)
{
    const std::string brackets(200, '[');
    const Message m =
        parse(R"({"jsonrpc":"2.0","method":"m","params":{"t":")" + brackets + R"(\"[["}})");
    ASSERT_EQ(m.kind, Kind::Notification) << m.problem;
    EXPECT_EQ(m.params["t"].get<std::string>(), brackets + "\"[[");
}

// --- parse: the four kinds ---------------------------------------------------------------------

TEST(JsonRpcParse, Request)
{
    const Message m =
        parse(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo"}})");
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.id, json(7));
    EXPECT_EQ(m.method, "tools/call");
    EXPECT_EQ(m.params, json({{"name", "echo"}}));
    EXPECT_TRUE(m.problem.empty());
}

TEST(JsonRpcParse, RequestWithoutParamsHasNullParams)
{
    const Message m = parse(R"({"jsonrpc":"2.0","id":"a","method":"ping"})");
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.id, json("a"));
    EXPECT_TRUE(m.params.is_null());
}

TEST(JsonRpcParse, ArrayParams)
{
    const Message m = parse(R"({"jsonrpc":"2.0","id":1,"method":"m","params":[1,2]})");
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.params, json::array({1, 2}));
}

TEST(JsonRpcParse, Notification)
{
    const Message m = parse(
        R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":5}})");
    ASSERT_EQ(m.kind, Kind::Notification) << m.problem;
    EXPECT_EQ(m.method, "notifications/progress");
    EXPECT_TRUE(m.id.is_null());
    EXPECT_EQ(m.params["progress"], json(5));
}

TEST(JsonRpcParse, Result)
{
    const Message m = parse(R"({"jsonrpc":"2.0","id":3,"result":{"tools":[]}})");
    ASSERT_EQ(m.kind, Kind::Result) << m.problem;
    EXPECT_EQ(m.id, json(3));
    EXPECT_EQ(m.result, json({{"tools", json::array()}}));
    EXPECT_TRUE(m.method.empty());
}

TEST(JsonRpcParse, ResultMayBeAnyValueEvenNull)
{
    Message m = parse(R"({"jsonrpc":"2.0","id":3,"result":null})");
    ASSERT_EQ(m.kind, Kind::Result) << m.problem;
    EXPECT_TRUE(m.result.is_null());
    m = parse(R"({"jsonrpc":"2.0","id":3,"result":"text"})");
    ASSERT_EQ(m.kind, Kind::Result) << m.problem;
    EXPECT_EQ(m.result, json("text"));
}

TEST(JsonRpcParse, Error)
{
    const Message m = parse(
        R"({"jsonrpc":"2.0","id":"x","error":{"code":-32602,"message":"Unknown tool","data":{"name":"nope"}}})");
    ASSERT_EQ(m.kind, Kind::Error) << m.problem;
    EXPECT_EQ(m.id, json("x"));
    EXPECT_EQ(m.errorCode, invalidParams);
    EXPECT_EQ(m.errorMessage, "Unknown tool");
    EXPECT_EQ(m.errorData, json({{"name", "nope"}}));
}

TEST(JsonRpcParse, ErrorWithoutDataHasNullData)
{
    const Message m =
        parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}})");
    ASSERT_EQ(m.kind, Kind::Error) << m.problem;
    EXPECT_EQ(m.errorCode, methodNotFound);
    EXPECT_TRUE(m.errorData.is_null());
}

TEST(JsonRpcParse, ErrorMayHaveANullId)
{
    const Message m =
        parse(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}})");
    ASSERT_EQ(m.kind, Kind::Error) << m.problem;
    EXPECT_TRUE(m.id.is_null());
    EXPECT_EQ(m.errorCode, parseError);
}

TEST(JsonRpcParse, UnknownMembersAreIgnored)
{
    const Message m =
        parse(R"({"jsonrpc":"2.0","id":1,"method":"m","extra":{"deep":[1]},"_meta":true})");
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.method, "m");
    const Message e =
        parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m","extra":2},"x":null})");
    EXPECT_EQ(e.kind, Kind::Error) << e.problem;
}

TEST(JsonRpcParse, WhitespaceAroundTheObjectIsFine)
{
    EXPECT_EQ(parse(" \t{\"jsonrpc\":\"2.0\",\"method\":\"m\"} \r").kind, Kind::Notification);
}

// --- parse: ids --------------------------------------------------------------------------------

TEST(JsonRpcParse, IntegerIdsStayIntegers)
{
    const Message m = parse(R"({"jsonrpc":"2.0","id":42,"result":{}})");
    ASSERT_EQ(m.kind, Kind::Result);
    EXPECT_TRUE(m.id.is_number_integer());
    EXPECT_EQ(m.id.dump(), "42");
    const Message negative = parse(R"({"jsonrpc":"2.0","id":-5,"result":{}})");
    EXPECT_EQ(negative.id.dump(), "-5");
}

TEST(JsonRpcParse, BigIntegerIdsKeepEveryDigit)
{
    // 2^53 + 1: a double would round it to ...992.
    Message m = parse(R"({"jsonrpc":"2.0","id":9007199254740993,"method":"m"})");
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.id.dump(), "9007199254740993");
    m = parse(R"({"jsonrpc":"2.0","id":18446744073709551615,"result":1})");
    ASSERT_EQ(m.kind, Kind::Result) << m.problem;
    EXPECT_EQ(m.id.dump(), "18446744073709551615");
    EXPECT_EQ(parse(result(m.id, 1)).id, m.id);
}

TEST(JsonRpcParse, StringIds)
{
    const Message m = parse(R"({"jsonrpc":"2.0","id":"","method":"m"})");
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.id, json(""));
}

TEST(JsonRpcParse, FloatIdsAreRefused)
{
    for (const char* id : {"1.5", "1.0", "1e3", "-0.0", "1e400"}) {
        const std::string text =
            std::string(R"({"jsonrpc":"2.0","id":)") + id + R"(,"method":"m"})";
        const Message m = parse(text);
        EXPECT_EQ(m.kind, Kind::Invalid) << id;
        EXPECT_FALSE(m.problem.empty()) << id;
        EXPECT_EQ(parse(std::string(R"({"jsonrpc":"2.0","id":)") + id + R"(,"result":1})").kind,
                  Kind::Invalid)
            << id;
    }
}

TEST(JsonRpcParse, OtherIdTypesAreRefused)
{
    for (const char* id : {"true", "false", "{}", "[1]"}) {
        EXPECT_EQ(parse(std::string(R"({"jsonrpc":"2.0","id":)") + id + R"(,"method":"m"})").kind,
                  Kind::Invalid)
            << id;
        EXPECT_EQ(parse(std::string(R"({"jsonrpc":"2.0","id":)") + id + R"(,"result":1})").kind,
                  Kind::Invalid)
            << id;
        EXPECT_EQ(parse(std::string(R"({"jsonrpc":"2.0","id":)") + id +
                        R"(,"error":{"code":1,"message":"m"}})")
                      .kind,
                  Kind::Invalid)
            << id;
    }
}

TEST(JsonRpcParse, NullIdIsRefusedForRequestsAndResults)
{
    Message m = parse(R"({"jsonrpc":"2.0","id":null,"method":"m"})");
    EXPECT_EQ(m.kind, Kind::Invalid);
    EXPECT_NE(m.problem.find("null"), std::string::npos) << m.problem;
    m = parse(R"({"jsonrpc":"2.0","id":null,"result":{}})");
    EXPECT_EQ(m.kind, Kind::Invalid);
}

TEST(JsonRpcParse, ResponsesNeedAnId)
{
    EXPECT_EQ(parse(R"({"jsonrpc":"2.0","result":{}})").kind, Kind::Invalid);
    EXPECT_EQ(parse(R"({"jsonrpc":"2.0","error":{"code":1,"message":"m"}})").kind, Kind::Invalid);
}

// --- parse: every invalid case -----------------------------------------------------------------

struct InvalidCase {
    const char* name;
    const char* text;
};

class JsonRpcInvalid : public testing::TestWithParam<InvalidCase> {};

TEST_P(JsonRpcInvalid, IsRefusedWithAProblem)
{
    const Message m = parse(GetParam().text);
    EXPECT_EQ(m.kind, Kind::Invalid);
    EXPECT_FALSE(m.problem.empty());
    // Only the fields of its kind are set.
    EXPECT_TRUE(m.id.is_null());
    EXPECT_TRUE(m.method.empty());
    EXPECT_TRUE(m.params.is_null());
    EXPECT_TRUE(m.result.is_null());
    EXPECT_EQ(m.errorCode, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, JsonRpcInvalid,
    testing::Values(
        InvalidCase{"empty", ""}, InvalidCase{"notJson", "hello"},
        InvalidCase{"truncated", R"({"jsonrpc":"2.0","id":1,"method":"m")"},
        InvalidCase{"trailingGarbage", R"({"jsonrpc":"2.0","method":"m"} x)"},
        InvalidCase{"badUtf8", "{\"jsonrpc\":\"2.0\",\"method\":\"\xff\"}"},
        InvalidCase{"batch", R"([{"jsonrpc":"2.0","id":1,"method":"m"}])"},
        InvalidCase{"emptyBatch", "[]"}, InvalidCase{"string", R"("2.0")"},
        InvalidCase{"number", "1"}, InvalidCase{"null", "null"},
        InvalidCase{"noVersion", R"({"id":1,"method":"m"})"},
        InvalidCase{"version1", R"({"jsonrpc":"1.0","id":1,"method":"m"})"},
        InvalidCase{"versionNumber", R"({"jsonrpc":2.0,"id":1,"method":"m"})"},
        InvalidCase{"emptyMethod", R"({"jsonrpc":"2.0","id":1,"method":""})"},
        InvalidCase{"methodNumber", R"({"jsonrpc":"2.0","id":1,"method":5})"},
        InvalidCase{"methodNull", R"({"jsonrpc":"2.0","method":null})"},
        InvalidCase{"paramsString", R"({"jsonrpc":"2.0","id":1,"method":"m","params":"x"})"},
        InvalidCase{"paramsNumber", R"({"jsonrpc":"2.0","method":"m","params":1})"},
        InvalidCase{"paramsNull", R"({"jsonrpc":"2.0","method":"m","params":null})"},
        InvalidCase{"resultAndError",
                    R"({"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}})"},
        InvalidCase{"neither", R"({"jsonrpc":"2.0","id":1})"},
        InvalidCase{"errorNotObject", R"({"jsonrpc":"2.0","id":1,"error":"boom"})"},
        InvalidCase{"errorNoCode", R"({"jsonrpc":"2.0","id":1,"error":{"message":"m"}})"},
        InvalidCase{"errorFloatCode",
                    R"({"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}})"},
        InvalidCase{"errorStringCode",
                    R"({"jsonrpc":"2.0","id":1,"error":{"code":"-32600","message":"m"}})"},
        InvalidCase{"errorCodeTooBig",
                    R"({"jsonrpc":"2.0","id":1,"error":{"code":4294967296,"message":"m"}})"},
        InvalidCase{"errorNoMessage", R"({"jsonrpc":"2.0","id":1,"error":{"code":1}})"},
        InvalidCase{"errorMessageNumber",
                    R"({"jsonrpc":"2.0","id":1,"error":{"code":1,"message":2}})"}),
    [](const testing::TestParamInfo<InvalidCase>& p) { return p.param.name; });

TEST(JsonRpcParse, BatchProblemNamesTheBatch)
{
    const Message m = parse(R"([{"jsonrpc":"2.0","method":"m"}])");
    EXPECT_NE(m.problem.find("batch"), std::string::npos) << m.problem;
}

TEST(JsonRpcParse, ErrorCodesAtTheEdgesOfInt)
{
    Message m = parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":-2147483648,"message":"m"}})");
    ASSERT_EQ(m.kind, Kind::Error) << m.problem;
    EXPECT_EQ(m.errorCode, -2147483647 - 1);
    m = parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":2147483647,"message":"m"}})");
    ASSERT_EQ(m.kind, Kind::Error) << m.problem;
    EXPECT_EQ(m.errorCode, 2147483647);
    EXPECT_EQ(parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":-2147483649,"message":"m"}})").kind,
              Kind::Invalid);
}

// --- writers -----------------------------------------------------------------------------------

void expectOneLine(const std::string& text)
{
    EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    EXPECT_EQ(text.find('\r'), std::string::npos) << text;
}

TEST(JsonRpcWrite, RequestParsesBack)
{
    const json params = {{"name", "echo"}, {"arguments", {{"text", "a\nb\r\n"}}}};
    const std::string text = request(12, "tools/call", params);
    expectOneLine(text);
    const Message m = parse(text);
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.id, json(12));
    EXPECT_EQ(m.method, "tools/call");
    EXPECT_EQ(m.params, params);
    EXPECT_EQ(json::parse(text)["jsonrpc"], json("2.0"));
}

TEST(JsonRpcWrite, NullParamsAreLeftOut)
{
    const std::string text = request("r1", "ping");
    EXPECT_FALSE(json::parse(text).contains("params")) << text;
    const Message m = parse(text);
    ASSERT_EQ(m.kind, Kind::Request) << m.problem;
    EXPECT_EQ(m.id, json("r1"));
    EXPECT_FALSE(json::parse(notification("notifications/initialized")).contains("params"));
}

TEST(JsonRpcWrite, NotificationParsesBack)
{
    const std::string text =
        notification("notifications/cancelled", {{"requestId", 4}, {"reason", "line\nbreak"}});
    expectOneLine(text);
    const Message m = parse(text);
    ASSERT_EQ(m.kind, Kind::Notification) << m.problem;
    EXPECT_EQ(m.method, "notifications/cancelled");
    EXPECT_EQ(m.params["reason"], json("line\nbreak"));
    EXPECT_FALSE(json::parse(text).contains("id"));
}

TEST(JsonRpcWrite, ResultParsesBack)
{
    const std::string text = result("s-1", json::object());
    expectOneLine(text);
    const Message m = parse(text);
    ASSERT_EQ(m.kind, Kind::Result) << m.problem;
    EXPECT_EQ(m.id, json("s-1"));
    EXPECT_EQ(m.result, json::object());
    // A null result is still a result.
    EXPECT_EQ(parse(result(1, nullptr)).kind, Kind::Result);
}

TEST(JsonRpcWrite, ErrorParsesBack)
{
    const std::string text = error(9, methodNotFound, "Method \"x\"\nnot found");
    expectOneLine(text);
    const Message m = parse(text);
    ASSERT_EQ(m.kind, Kind::Error) << m.problem;
    EXPECT_EQ(m.id, json(9));
    EXPECT_EQ(m.errorCode, methodNotFound);
    EXPECT_EQ(m.errorMessage, "Method \"x\"\nnot found");
    const Message nullId = parse(error(nullptr, parseError, "Parse error"));
    ASSERT_EQ(nullId.kind, Kind::Error) << nullId.problem;
    EXPECT_TRUE(nullId.id.is_null());
}

TEST(JsonRpcWrite, InvalidUtf8IsReplacedNotThrown)
{
    std::string text;
    EXPECT_NO_THROW(text = error(1, internalError, "bad \xff byte"));
    const Message m = parse(text);
    ASSERT_EQ(m.kind, Kind::Error) << m.problem << " in " << text;
    EXPECT_NE(m.errorMessage.find("bad "), std::string::npos);
    EXPECT_NO_THROW(text = request(1, "m\xc3", {{"k", "\xe2\x82"}}));
    EXPECT_EQ(parse(text).kind, Kind::Request) << text;
}

// --- LineSplitter ------------------------------------------------------------------------------

struct Lines {
    std::vector<std::string> lines;
    std::function<void(std::string_view)> sink()
    {
        return [this](std::string_view line) { lines.emplace_back(line); };
    }
};

using Strings = std::vector<std::string>;

TEST(JsonRpcLineSplitter, SplitsOnLf)
{
    LineSplitter s(100);
    Lines out;
    s.feed("one\ntwo\nthr", out.sink());
    EXPECT_EQ(out.lines, (Strings{"one", "two"}));
    EXPECT_EQ(s.buffered(), 3u);
    s.feed("ee\n", out.sink());
    EXPECT_EQ(out.lines, (Strings{"one", "two", "three"}));
    EXPECT_EQ(s.buffered(), 0u);
    EXPECT_FALSE(s.overflowed());
}

TEST(JsonRpcLineSplitter, CrLfLosesItsCr)
{
    LineSplitter s(100);
    Lines out;
    s.feed("a\r\nb\r\n", out.sink());
    EXPECT_EQ(out.lines, (Strings{"a", "b"}));
}

TEST(JsonRpcLineSplitter, CrAloneIsPartOfTheLine)
{
    LineSplitter s(100);
    Lines out;
    s.feed("a\rb\n\r\r\nc\r\r\n", out.sink());
    // Only the CR of a CRLF is a terminator: the others are the line's.
    EXPECT_EQ(out.lines, (Strings{"a\rb", "c\r"}));
}

TEST(JsonRpcLineSplitter, CrLfSplitBetweenFeeds)
{
    LineSplitter s(100);
    Lines out;
    s.feed("abc\r", out.sink());
    EXPECT_TRUE(out.lines.empty());
    s.feed("\ndef\r", out.sink());
    s.feed("\n", out.sink());
    EXPECT_EQ(out.lines, (Strings{"abc", "def"}));
}

TEST(JsonRpcLineSplitter, ByteByByteGivesTheSameLines)
{
    const std::string stream = "{\"a\":1}\r\n\n{\"b\":2}\n\r\n{\"c\":3}\r\nrest";
    LineSplitter whole(100);
    Lines expected;
    whole.feed(stream, expected.sink());
    LineSplitter bytes(100);
    Lines got;
    for (const char c : stream)
        bytes.feed(std::string_view(&c, 1), got.sink());
    EXPECT_EQ(expected.lines, (Strings{"{\"a\":1}", "{\"b\":2}", "{\"c\":3}"}));
    EXPECT_EQ(got.lines, expected.lines);
    EXPECT_EQ(bytes.buffered(), 4u);
    EXPECT_EQ(whole.buffered(), 4u);
}

TEST(JsonRpcLineSplitter, EmptyLinesAndCrOnlyLinesAreSkipped)
{
    LineSplitter s(100);
    Lines out;
    s.feed("\n\n\r\nx\n\r\n\r\r\r\n\n\r", out.sink());
    EXPECT_EQ(out.lines, (Strings{"x"}));
    EXPECT_EQ(s.buffered(), 1u);
    s.feed("", out.sink());
    s.feed("\n", out.sink());
    EXPECT_EQ(out.lines.size(), 1u);
    EXPECT_EQ(s.buffered(), 0u);
}

TEST(JsonRpcLineSplitter, ExactlyTheLimitPasses)
{
    const std::string line(10, 'x');
    for (const char* end : {"\n", "\r\n"}) {
        LineSplitter s(10);
        Lines out;
        s.feed(line + end, out.sink());
        EXPECT_FALSE(s.overflowed()) << end;
        EXPECT_EQ(out.lines, (Strings{line})) << end;
    }
}

TEST(JsonRpcLineSplitter, ExactlyTheLimitPassesByteByByte)
{
    // The CR of the terminator arrives alone: it may not count against the limit yet.
    LineSplitter s(10);
    Lines out;
    for (const char c : std::string(10, 'x') + "\r\n")
        s.feed(std::string_view(&c, 1), out.sink());
    EXPECT_FALSE(s.overflowed());
    EXPECT_EQ(out.lines, (Strings{std::string(10, 'x')}));
}

TEST(JsonRpcLineSplitter, OneOverTheLimitOverflows)
{
    for (const char* end : {"\n", "\r\n", ""}) {
        LineSplitter s(10);
        Lines out;
        s.feed(std::string(11, 'x') + end, out.sink());
        EXPECT_TRUE(s.overflowed()) << end;
        EXPECT_TRUE(out.lines.empty()) << end;
        EXPECT_EQ(s.buffered(), 0u) << end;
    }
}

TEST(JsonRpcLineSplitter, ACrInsideCountsAgainstTheLimit)
{
    LineSplitter s(10);
    Lines out;
    s.feed(std::string(10, 'x') + "\rx", out.sink());
    EXPECT_TRUE(s.overflowed());
}

TEST(JsonRpcLineSplitter, AnUnfinishedLineOverflowsBeforeItsEnd)
{
    LineSplitter s(10);
    Lines out;
    s.feed("ok\n0123456789", out.sink());
    EXPECT_FALSE(s.overflowed());
    EXPECT_EQ(s.buffered(), 10u);
    s.feed("0", out.sink());
    EXPECT_TRUE(s.overflowed()); // no terminator needed to know
    EXPECT_EQ(s.buffered(), 0u);
    EXPECT_EQ(out.lines, (Strings{"ok"}));
}

TEST(JsonRpcLineSplitter, OverflowStopsForGood)
{
    LineSplitter s(4);
    Lines out;
    s.feed("abc\ntoo long\nnext\n", out.sink());
    EXPECT_TRUE(s.overflowed());
    EXPECT_EQ(out.lines, (Strings{"abc"})) << "nothing after the long line, even in this feed";
    s.feed("more\n", out.sink());
    s.feed("x", out.sink());
    EXPECT_EQ(out.lines.size(), 1u);
    EXPECT_EQ(s.buffered(), 0u);
}

TEST(JsonRpcLineSplitter, LinesSplitAcrossFeedsAreJoined)
{
    LineSplitter s(100);
    Lines out;
    s.feed(R"({"jsonrpc":)", out.sink());
    s.feed(R"("2.0","method")", out.sink());
    s.feed(":\"m\"}\n{", out.sink());
    ASSERT_EQ(out.lines.size(), 1u);
    EXPECT_EQ(parse(out.lines[0]).kind, Kind::Notification);
    EXPECT_EQ(s.buffered(), 1u);
}

} // namespace
} // namespace koder::wire::jsonrpc
