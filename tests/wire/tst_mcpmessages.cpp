// SPDX-License-Identifier: MIT
#include "jsonrpc.h"
#include "mcpmessages.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace koder::wire::mcp {
namespace {

using nlohmann::json;

// --- handshake ---------------------------------------------------------------------------------

TEST(McpHandshake, SupportedVersions)
{
    for (const char* v : {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"})
        EXPECT_TRUE(supportedVersion(v)) << v;
    for (const char* v : {"2026-07-28", "", "2025-11-25 ", "2025-11-26", "DRAFT-2026-v1"})
        EXPECT_FALSE(supportedVersion(v)) << v;
    EXPECT_TRUE(supportedVersion(protocolVersion));
    EXPECT_EQ(protocolVersion, "2025-11-25");
}

TEST(McpHandshake, InitializeParamsShape)
{
    const json p = initializeParams("Koder", "1.2.3");
    EXPECT_EQ(p["protocolVersion"], json("2025-11-25"));
    ASSERT_TRUE(p["capabilities"].is_object());
    ASSERT_TRUE(p["capabilities"]["elicitation"].is_object());
    ASSERT_TRUE(p["capabilities"]["elicitation"].contains("form"));
    EXPECT_TRUE(p["capabilities"]["elicitation"]["form"].is_object());
    EXPECT_FALSE(p["capabilities"]["elicitation"].contains("url")) << "URL mode is not supported";
    EXPECT_FALSE(p["capabilities"].contains("sampling"));
    EXPECT_EQ(p["clientInfo"], json({{"name", "Koder"}, {"version", "1.2.3"}}));
    // It goes out as a request's params.
    const jsonrpc::Message m = jsonrpc::parse(jsonrpc::request(0, "initialize", p));
    ASSERT_EQ(m.kind, jsonrpc::Kind::Request) << m.problem;
    EXPECT_EQ(m.params, p);
}

TEST(McpHandshake, ReadInitializeResult)
{
    const ServerHello h = readInitializeResult(json::parse(R"({
        "protocolVersion": "2025-06-18",
        "capabilities": {"tools": {"listChanged": true}, "logging": {}},
        "serverInfo": {"name": "everything", "version": "2.0"},
        "instructions": "Use the echo tool.",
        "extra": 1})"));
    EXPECT_TRUE(h.problem.empty()) << h.problem;
    EXPECT_EQ(h.protocolVersion, "2025-06-18");
    EXPECT_EQ(h.capabilities["tools"]["listChanged"], json(true));
    EXPECT_EQ(h.serverInfo["name"], json("everything"));
    EXPECT_EQ(h.instructions, "Use the echo tool.");
}

TEST(McpHandshake, ReadInitializeResultMinimal)
{
    const ServerHello h = readInitializeResult({{"protocolVersion", "2024-11-05"}});
    EXPECT_TRUE(h.problem.empty()) << h.problem;
    EXPECT_EQ(h.serverInfo, json::object());
    EXPECT_EQ(h.capabilities, json::object());
    EXPECT_TRUE(h.instructions.empty());
}

TEST(McpHandshake, ReadInitializeResultIgnoresMistypedMembers)
{
    const ServerHello h = readInitializeResult({{"protocolVersion", "2025-11-25"},
                                                {"serverInfo", "x"},
                                                {"capabilities", json::array()},
                                                {"instructions", 5}});
    EXPECT_TRUE(h.problem.empty()) << h.problem;
    EXPECT_EQ(h.serverInfo, json::object());
    EXPECT_EQ(h.capabilities, json::object());
    EXPECT_TRUE(h.instructions.empty());
}

TEST(McpHandshake, ReadInitializeResultWithoutVersion)
{
    EXPECT_FALSE(readInitializeResult({{"capabilities", json::object()}}).problem.empty());
    EXPECT_FALSE(readInitializeResult({{"protocolVersion", 20251125}}).problem.empty());
}

TEST(McpHandshake, ReadInitializeResultUnsupportedVersion)
{
    const ServerHello h = readInitializeResult({{"protocolVersion", "2026-07-28"}});
    EXPECT_NE(h.problem.find("2026-07-28"), std::string::npos) << h.problem;
    EXPECT_EQ(h.protocolVersion, "2026-07-28");
}

TEST(McpHandshake, ReadInitializeResultNotAnObject)
{
    for (const json& r : {json(nullptr), json::array(), json("2025-11-25"), json(1)})
        EXPECT_FALSE(readInitializeResult(r).problem.empty()) << r.dump();
}

// --- list pages --------------------------------------------------------------------------------

TEST(McpPage, ToolsPageWithCursor)
{
    const Page p = readPage(json::parse(R"({
        "tools": [{"name": "echo", "inputSchema": {"type": "object"}},
                  {"name": "add", "title": "Add"}],
        "nextCursor": "page-2"})"),
                            "tools");
    EXPECT_TRUE(p.problem.empty()) << p.problem;
    ASSERT_EQ(p.items.size(), 2u);
    EXPECT_EQ(p.items[0]["name"], json("echo"));
    EXPECT_EQ(p.items[0]["inputSchema"]["type"], json("object")) << "kept as the server sent it";
    EXPECT_EQ(p.items[1]["title"], json("Add"));
    EXPECT_EQ(p.nextCursor, "page-2");
    EXPECT_EQ(p.skipped, 0u);
}

TEST(McpPage, LastPage)
{
    EXPECT_TRUE(readPage({{"tools", json::array()}}, "tools").nextCursor.empty());
    for (const json& cursor : {json(nullptr), json(2), json::object(), json(true), json("")}) {
        const Page p = readPage({{"prompts", json::array()}, {"nextCursor", cursor}}, "prompts");
        EXPECT_TRUE(p.problem.empty());
        EXPECT_TRUE(p.nextCursor.empty()) << cursor.dump();
    }
}

TEST(McpPage, BadItemsAreSkippedAndCounted)
{
    const Page p = readPage(json::parse(R"({"prompts": [
        {"name": "a"}, 1, "b", null, {}, {"name": ""}, {"name": 7}, {"title": "x"},
        [{"name": "c"}], {"name": "d"}]})"),
                            "prompts");
    EXPECT_TRUE(p.problem.empty());
    ASSERT_EQ(p.items.size(), 2u);
    EXPECT_EQ(p.items[0]["name"], json("a"));
    EXPECT_EQ(p.items[1]["name"], json("d"));
    EXPECT_EQ(p.skipped, 8u);
}

TEST(McpPage, ResourcesAndTemplates)
{
    const Page r = readPage(json::parse(R"({"resources": [
        {"uri": "file:///a.txt", "name": "a.txt", "mimeType": "text/plain"},
        {"uri": "file:///nameless"}]})"),
                            "resources");
    ASSERT_EQ(r.items.size(), 1u);
    EXPECT_EQ(r.items[0]["uri"], json("file:///a.txt"));
    EXPECT_EQ(r.skipped, 1u) << "name is required of resources too";
    const Page t = readPage(
        json::parse(
            R"({"resourceTemplates": [{"uriTemplate": "file:///{path}", "name": "file"}]})"),
        "resourceTemplates");
    ASSERT_EQ(t.items.size(), 1u);
    EXPECT_EQ(t.items[0]["uriTemplate"], json("file:///{path}"));
}

TEST(McpPage, ItemsAreCappedAtMaxListItems)
{
    json tools = json::array();
    for (std::size_t i = 0; i < maxListItems + 3; ++i)
        tools.push_back({{"name", "t" + std::to_string(i)}});
    tools.push_back(json(1));
    const Page p = readPage({{"tools", tools}, {"nextCursor", "more"}}, "tools");
    EXPECT_TRUE(p.problem.empty());
    ASSERT_EQ(p.items.size(), maxListItems);
    EXPECT_EQ(p.items.back()["name"], json("t" + std::to_string(maxListItems - 1)));
    EXPECT_EQ(p.skipped, 4u);
    EXPECT_EQ(p.nextCursor, "more");
}

TEST(McpPage, ExactlyMaxListItemsAreKept)
{
    json tools = json::array();
    for (std::size_t i = 0; i < maxListItems; ++i)
        tools.push_back({{"name", "t"}});
    const Page p = readPage({{"tools", tools}}, "tools");
    EXPECT_EQ(p.items.size(), maxListItems);
    EXPECT_EQ(p.skipped, 0u);
}

TEST(McpPage, NoSuchArrayIsAProblem)
{
    EXPECT_FALSE(readPage({{"prompts", json::array()}}, "tools").problem.empty());
    EXPECT_FALSE(readPage({{"tools", json::object()}}, "tools").problem.empty());
    EXPECT_FALSE(readPage({{"tools", nullptr}}, "tools").problem.empty());
    EXPECT_FALSE(readPage(json::array(), "tools").problem.empty());
    EXPECT_FALSE(readPage(json(nullptr), "tools").problem.empty());
    const Page p = readPage({{"tools", "x"}, {"nextCursor", "c"}}, "tools");
    EXPECT_NE(p.problem.find("tools"), std::string::npos) << p.problem;
    EXPECT_TRUE(p.items.empty());
}

// --- tools -------------------------------------------------------------------------------------

bool readOnlyWith(const char* annotations)
{
    json tool = {{"name", "t"}};
    if (annotations)
        tool["annotations"] = json::parse(annotations);
    return readOnlyTool(tool);
}

TEST(McpTool, ReadOnlyTruthTable)
{
    EXPECT_FALSE(readOnlyWith(nullptr)) << "no annotations: ask";
    EXPECT_FALSE(readOnlyWith("{}"));
    EXPECT_FALSE(readOnlyWith("null"));
    EXPECT_FALSE(readOnlyWith("[]"));
    EXPECT_TRUE(readOnlyWith(R"({"readOnlyHint":true})"));
    EXPECT_TRUE(readOnlyWith(R"({"readOnlyHint":true,"destructiveHint":false})"));
    EXPECT_FALSE(readOnlyWith(R"({"readOnlyHint":true,"destructiveHint":true})"));
    EXPECT_TRUE(readOnlyWith(R"({"readOnlyHint":true,"destructiveHint":"true"})"))
        << "only a bool true says destructive";
    EXPECT_FALSE(readOnlyWith(R"({"readOnlyHint":false})"));
    EXPECT_FALSE(readOnlyWith(R"({"readOnlyHint":"true"})"));
    EXPECT_FALSE(readOnlyWith(R"({"readOnlyHint":1})"));
    EXPECT_FALSE(readOnlyWith(R"({"destructiveHint":false})"));
    EXPECT_FALSE(readOnlyTool(json("tool")));
    EXPECT_FALSE(readOnlyTool(json(nullptr)));
}

TEST(McpTool, SanitizedName)
{
    EXPECT_EQ(sanitizedName("get-sum_2"), "get-sum_2");
    EXPECT_EQ(sanitizedName("read file.txt"), "read_file_txt");
    EXPECT_EQ(sanitizedName("a/b:c@d"), "a_b_c_d");
    EXPECT_EQ(sanitizedName(""), "");
    EXPECT_EQ(sanitizedName("caf\xc3\xa9"), "caf_") << "one '_' per character, not per byte";
    EXPECT_EQ(sanitizedName(std::string("\xe2\x82\xac") + "1"), "_1") << "the euro sign";
    EXPECT_EQ(sanitizedName("\xf0\x9f\x98\x80x"), "_x");
    EXPECT_EQ(sanitizedName("\xff\x80z"), "__z") << "stray bytes are characters of their own";
    EXPECT_EQ(sanitizedName(std::string_view("a\0b", 3)), "a_b");
}

TEST(McpTool, QualifiedNameShort)
{
    EXPECT_EQ(qualifiedToolName("everything", "echo"), "everything__echo");
    EXPECT_EQ(qualifiedToolName("my server", "do.it"), "my_server__do_it");
    EXPECT_EQ(qualifiedToolName("gr\xc3\xbc\xc3\x9f", "t\xc3\xa9st"), "gr____t_st");
}

TEST(McpTool, QualifiedNameOfExactlyTheLimitIsNotCut)
{
    const std::string tool(maxToolNameLength - 3, 't'); // "s__" + tool
    const std::string name = qualifiedToolName("s", tool);
    EXPECT_EQ(name.size(), maxToolNameLength);
    EXPECT_EQ(name, "s__" + tool);
}

TEST(McpTool, LongNameIsCutWithAHash)
{
    const std::string server = "a-very-long-server-name-for-testing";
    const std::string tool = "and-an-even-longer-tool-name-that-goes-on";
    const std::string name = qualifiedToolName(server, tool);
    EXPECT_EQ(name.size(), maxToolNameLength);
    const std::string whole = server + "__" + tool;
    EXPECT_EQ(name.substr(0, 55), whole.substr(0, 55));
    // FNV-1a 32 of "server\0tool": stable from run to run and release to release.
    EXPECT_EQ(name.substr(55), "_088c33c9");
    EXPECT_EQ(qualifiedToolName(server, tool), name);
}

TEST(McpTool, OneOverTheLimitIsCut)
{
    const std::string tool(maxToolNameLength - 2, 't');
    const std::string name = qualifiedToolName("s", tool);
    EXPECT_EQ(name.size(), maxToolNameLength);
    EXPECT_EQ(name[55], '_');
    EXPECT_EQ(name.find_first_not_of("0123456789abcdef", 56), std::string::npos) << name;
}

TEST(McpTool, LongNamesThatDifferAtTheEndStayApart)
{
    const std::string stem(80, 'x');
    const std::string a = qualifiedToolName("srv", stem + "_read");
    const std::string b = qualifiedToolName("srv", stem + "_write");
    EXPECT_NE(a, b);
    EXPECT_LE(a.size(), maxToolNameLength);
    EXPECT_LE(b.size(), maxToolNameLength);
    EXPECT_EQ(a.substr(0, 55), b.substr(0, 55));
    // Names that sanitize alike differ by their hash: it is taken before sanitizing.
    EXPECT_NE(qualifiedToolName("srv", stem + ".a"), qualifiedToolName("srv", stem + "/a"));
    // The NUL between the names keeps the split point in the hash.
    EXPECT_NE(qualifiedToolName(stem + "a", "b" + stem), qualifiedToolName(stem + "ab", stem));
}

TEST(McpTool, QualifiedNamesOnlyUseTheModelAlphabet)
{
    const std::string name = qualifiedToolName("\xe2\x98\x83 snow", std::string(100, '?'));
    EXPECT_EQ(name.size(), maxToolNameLength);
    EXPECT_EQ(
        name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"),
        std::string::npos)
        << name;
}

// --- tool call results -------------------------------------------------------------------------

json metadataOf(const CallOutcome& out)
{
    return out.metadata.empty() ? json() : json::parse(out.metadata);
}

TEST(McpCallResult, Text)
{
    const CallOutcome out = readCallResult(json::parse(
        R"({"content":[{"type":"text","text":"Echo: hi"},{"type":"text","text":"second"}]})"));
    EXPECT_EQ(out.text, "Echo: hi\nsecond");
    EXPECT_EQ(out.metadata, "") << "nothing beside text";
    EXPECT_FALSE(out.isError);
}

TEST(McpCallResult, Image)
{
    const json image = {{"type", "image"}, {"data", "iVBORw0KGgo="}, {"mimeType", "image/png"}};
    const CallOutcome out =
        readCallResult({{"content", {{{"type", "text"}, {"text", "A tiny image:"}}, image}}});
    EXPECT_EQ(out.text, "A tiny image:");
    EXPECT_EQ(metadataOf(out), json({{"content", {image}}}));
}

TEST(McpCallResult, Audio)
{
    const json audio = {{"type", "audio"}, {"data", "UklGRg=="}, {"mimeType", "audio/wav"}};
    const CallOutcome out = readCallResult({{"content", {audio}}});
    EXPECT_EQ(out.text, "");
    EXPECT_EQ(metadataOf(out), json({{"content", {audio}}}));
}

TEST(McpCallResult, ResourceLink)
{
    const json named = {{"type", "resource_link"},
                        {"uri", "file:///docs/readme.md"},
                        {"name", "readme.md"},
                        {"mimeType", "text/markdown"}};
    const json nameless = {{"type", "resource_link"}, {"uri", "file:///x"}};
    const CallOutcome out = readCallResult({{"content", {named, nameless}}});
    EXPECT_EQ(out.text, "file:///docs/readme.md (readme.md)\nfile:///x");
    EXPECT_EQ(metadataOf(out), json({{"content", {named, nameless}}}))
        << "resource links are kept as sent too";
}

TEST(McpCallResult, EmbeddedTextResource)
{
    const CallOutcome out = readCallResult(json::parse(R"({"content":[
        {"type":"resource","resource":{"uri":"file:///a.txt","mimeType":"text/plain","text":"file body"}}]})"));
    EXPECT_EQ(out.text, "file body");
    EXPECT_EQ(out.metadata, "");
}

TEST(McpCallResult, EmbeddedBlobResource)
{
    const json blob = json::parse(
        R"({"type":"resource","resource":{"uri":"file:///a.bin","mimeType":"application/octet-stream","blob":"AAEC"}})");
    const CallOutcome out = readCallResult({{"content", {blob}}});
    EXPECT_EQ(out.text, "");
    EXPECT_EQ(metadataOf(out), json({{"content", {blob}}}));
}

TEST(McpCallResult, NonTextPartsKeepTheirOrder)
{
    const json image = {{"type", "image"}, {"data", "AA=="}, {"mimeType", "image/png"}};
    const json audio = {{"type", "audio"}, {"data", "BB=="}, {"mimeType", "audio/wav"}};
    const json unknown = {{"type", "video"}, {"data", "CC=="}};
    const CallOutcome out = readCallResult({{"content",
                                             {audio,
                                              {{"type", "text"}, {"text", "a"}},
                                              image,
                                              5,
                                              unknown,
                                              {{"type", "text"}, {"text", "b"}}}}});
    EXPECT_EQ(out.text, "a\nb");
    EXPECT_EQ(metadataOf(out)["content"], json({audio, image, unknown}));
}

TEST(McpCallResult, StructuredContentOnly)
{
    const CallOutcome out =
        readCallResult(json::parse(R"({"content":[],"structuredContent":{"sum":3,"unit":"m"}})"));
    EXPECT_EQ(out.text, R"({"sum":3,"unit":"m"})");
    EXPECT_EQ(metadataOf(out), json::parse(R"({"structuredContent":{"sum":3,"unit":"m"}})"));
}

TEST(McpCallResult, StructuredContentAfterTheText)
{
    const CallOutcome out = readCallResult(json::parse(
        R"({"content":[{"type":"text","text":"{\"sum\": 3}"}],"structuredContent":{"sum":3}})"));
    EXPECT_EQ(out.text, "{\"sum\": 3}\n{\"sum\":3}");
    EXPECT_EQ(metadataOf(out), json::parse(R"({"structuredContent":{"sum":3}})"));
}

TEST(McpCallResult, IsError)
{
    const json content = {{{"type", "text"}, {"text", "Unknown city"}}};
    EXPECT_TRUE(readCallResult({{"content", content}, {"isError", true}}).isError);
    EXPECT_EQ(readCallResult({{"content", content}, {"isError", true}}).text, "Unknown city");
    EXPECT_FALSE(readCallResult({{"content", content}, {"isError", false}}).isError);
    EXPECT_FALSE(readCallResult({{"content", content}}).isError);
    for (const json& notBool : {json("true"), json(1), json::object(), json(nullptr)})
        EXPECT_FALSE(readCallResult({{"content", content}, {"isError", notBool}}).isError)
            << notBool.dump();
}

TEST(McpCallResult, NonArrayContentIsIgnored)
{
    const CallOutcome out =
        readCallResult({{"content", {{"type", "text"}, {"text", "not in an array"}}}});
    EXPECT_EQ(out.text, "");
    EXPECT_EQ(out.metadata, "");
    EXPECT_FALSE(out.isError);
}

TEST(McpCallResult, MalformedPartsAreNotText)
{
    const CallOutcome out = readCallResult(json::parse(R"({"content":[
        {"type":"text","text":5},{"text":"no type"},{"type":"resource","resource":"x"}]})"));
    EXPECT_EQ(out.text, "");
}

TEST(McpCallResult, NotAnObject)
{
    for (const json& r : {json(nullptr), json::array(), json("text"), json(3)}) {
        const CallOutcome out = readCallResult(r);
        EXPECT_TRUE(out.isError) << r.dump();
        EXPECT_FALSE(out.text.empty()) << r.dump();
        EXPECT_EQ(out.metadata, "");
    }
}

// --- progress ----------------------------------------------------------------------------------

TEST(McpProgress, Valid)
{
    Progress p = readProgress(
        json::parse(R"({"progressToken":"call-3","progress":2.5,"total":10,"message":"Step 2"})"));
    EXPECT_TRUE(p.valid);
    EXPECT_EQ(p.token, json("call-3"));
    EXPECT_DOUBLE_EQ(p.progress, 2.5);
    ASSERT_TRUE(p.total.has_value());
    EXPECT_DOUBLE_EQ(*p.total, 10);
    EXPECT_EQ(p.message, "Step 2");

    p = readProgress({{"progressToken", 7}, {"progress", 1}});
    EXPECT_TRUE(p.valid);
    EXPECT_EQ(p.token, json(7));
    EXPECT_FALSE(p.total.has_value());
    EXPECT_TRUE(p.message.empty());
}

TEST(McpProgress, Invalid)
{
    EXPECT_FALSE(readProgress({{"progress", 1}}).valid) << "no token";
    EXPECT_FALSE(readProgress({{"progressToken", 1}}).valid) << "no progress";
    EXPECT_FALSE(readProgress({{"progressToken", 1.5}, {"progress", 1}}).valid);
    EXPECT_FALSE(readProgress({{"progressToken", true}, {"progress", 1}}).valid);
    EXPECT_FALSE(readProgress({{"progressToken", nullptr}, {"progress", 1}}).valid);
    EXPECT_FALSE(readProgress({{"progressToken", 1}, {"progress", "50"}}).valid);
    // The parser refuses 1e400; a value built in code may still hold an infinity.
    EXPECT_FALSE(
        readProgress({{"progressToken", 1}, {"progress", std::numeric_limits<double>::infinity()}})
            .valid);
    EXPECT_FALSE(readProgress(json::array()).valid);
    EXPECT_FALSE(readProgress(json(nullptr)).valid);
}

TEST(McpProgress, MistypedOptionalMembersAreLeftOut)
{
    const Progress p =
        readProgress({{"progressToken", "t"}, {"progress", 1}, {"total", "9"}, {"message", 3}});
    EXPECT_TRUE(p.valid);
    EXPECT_FALSE(p.total.has_value());
    EXPECT_TRUE(p.message.empty());
}

// --- elicitation -------------------------------------------------------------------------------

TEST(McpElicitation, FormMode)
{
    const json schema = json::parse(
        R"({"type":"object","properties":{"color":{"type":"string","enum":["Red","Blue"]}},"required":["color"]})");
    Elicitation e = readElicitation({{"message", "Pick a color"}, {"requestedSchema", schema}});
    EXPECT_TRUE(e.problem.empty()) << e.problem;
    EXPECT_EQ(e.message, "Pick a color");
    EXPECT_EQ(e.requestedSchema, schema);

    e = readElicitation(
        {{"mode", "form"}, {"message", "Pick"}, {"requestedSchema", schema}, {"_meta", 1}});
    EXPECT_TRUE(e.problem.empty()) << e.problem;
}

TEST(McpElicitation, UrlModeIsRefused)
{
    const Elicitation e = readElicitation({{"mode", "url"},
                                           {"message", "Sign in"},
                                           {"url", "https://example.com"},
                                           {"elicitationId", "e1"}});
    EXPECT_NE(e.problem.find("URL"), std::string::npos) << e.problem;
}

TEST(McpElicitation, UnknownModeIsRefused)
{
    const json schema = {{"type", "object"}};
    EXPECT_FALSE(readElicitation({{"mode", "voice"}, {"message", "m"}, {"requestedSchema", schema}})
                     .problem.empty());
    EXPECT_FALSE(readElicitation({{"mode", 1}, {"message", "m"}, {"requestedSchema", schema}})
                     .problem.empty());
}

TEST(McpElicitation, NoMessage)
{
    const json schema = {{"type", "object"}};
    EXPECT_FALSE(readElicitation({{"requestedSchema", schema}}).problem.empty());
    EXPECT_FALSE(readElicitation({{"message", ""}, {"requestedSchema", schema}}).problem.empty());
    EXPECT_FALSE(readElicitation({{"message", 5}, {"requestedSchema", schema}}).problem.empty());
}

TEST(McpElicitation, BadSchema)
{
    EXPECT_FALSE(readElicitation({{"message", "m"}}).problem.empty());
    for (const json& schema : {json("object"), json::array(), json(nullptr), json(true)}) {
        const Elicitation e = readElicitation({{"message", "m"}, {"requestedSchema", schema}});
        EXPECT_NE(e.problem.find("requestedSchema"), std::string::npos) << schema.dump();
        EXPECT_EQ(e.requestedSchema, json::object());
    }
}

TEST(McpElicitation, NotAnObject)
{
    EXPECT_FALSE(readElicitation(json(nullptr)).problem.empty());
    EXPECT_FALSE(readElicitation(json::array()).problem.empty());
}

TEST(McpElicitation, Result)
{
    const json content = {{"color", "Blue"}};
    EXPECT_EQ(elicitationResult("accept", content),
              json({{"action", "accept"}, {"content", content}}));
    EXPECT_EQ(elicitationResult("accept"), json({{"action", "accept"}}));
    EXPECT_EQ(elicitationResult("decline"), json({{"action", "decline"}}));
    EXPECT_EQ(elicitationResult("cancel", content), json({{"action", "cancel"}}))
        << "no content unless accepted";
    EXPECT_EQ(elicitationResult("decline", content), json({{"action", "decline"}}));
    // It goes out as the result of the server's request.
    const jsonrpc::Message m =
        jsonrpc::parse(jsonrpc::result("srv-1", elicitationResult("accept", content)));
    ASSERT_EQ(m.kind, jsonrpc::Kind::Result) << m.problem;
    EXPECT_EQ(m.result["content"], content);
}

// --- cancellation ------------------------------------------------------------------------------

TEST(McpCancelled, Params)
{
    EXPECT_EQ(cancelledParams(12, "Timed out"), json({{"requestId", 12}, {"reason", "Timed out"}}));
    EXPECT_EQ(cancelledParams("r-1", ""), json({{"requestId", "r-1"}})) << "the reason is optional";
    const jsonrpc::Message m =
        jsonrpc::parse(jsonrpc::notification("notifications/cancelled", cancelledParams(3, "x")));
    ASSERT_EQ(m.kind, jsonrpc::Kind::Notification) << m.problem;
    EXPECT_TRUE(m.params["requestId"].is_number_integer());
}

} // namespace
} // namespace koder::wire::mcp
