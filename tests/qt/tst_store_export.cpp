// SPDX-License-Identifier: MIT
// KoderConversationStore::exportMarkdown() and exportHtml() on conversations stored in memory:
// hostile text is escaped and nothing is loaded or linked dangerously, code blocks keep their
// language, only the active path is exported, system and checkpoint rows are left out, the
// Markdown export's fences outlast the backticks inside, and an unknown id gives "". The
// renderer's link, image and entity rules through safeHtmlOfMarkdown() directly.
#include "conversationexport.h"
#include "koderconversationstore.h"
#include "storetest.h"

#include <QtCore/QDateTime>
#include <QtTest/QTest>

#include <string>
#include <vector>

using namespace koder::agent;
using namespace koder::test;
using koder::agent::qt::markdownFence;
using koder::agent::qt::safeHtmlOfMarkdown;

namespace {

// What must never be in an exported HTML document or fragment, in any case.
void verifyNothingActive(const QString& html)
{
    for (const char* word : {"<img", "<script", "src=", "javascript:", "<svg", "<iframe"}) {
        if (html.contains(QLatin1String(word), Qt::CaseInsensitive))
            QFAIL(qPrintable(
                QStringLiteral("\"%1\" in the HTML:\n%2").arg(QLatin1String(word), html)));
    }
}

QString anchor(const char* href, const char* label)
{
    return QStringLiteral("<a href=\"%1\" rel=\"noopener noreferrer nofollow\">%2</a>")
        .arg(QLatin1String(href), QString::fromUtf8(label));
}

} // namespace

class TstStoreExport : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    void hostileTextIsEscaped()
    {
        KoderConversationStore store;
        Message user("u", Role::User,
                     "<script>alert(1)</script>\n\n"
                     "<img src=http://x onerror=alert(2)>\n\n"
                     "\"><svg onload=alert(3)>\n\n"
                     "[click](javascript:alert(4)) and [site](http://example.com/page)\n\n"
                     "![x](http://evil/pixel.png)\n",
                     1700000000000);
        Message reply("a", Role::Assistant, "<iframe src=\"http://evil\"></iframe>", 1700000001000);
        reply.extras().reasoning = "<script>thinking</script>";
        reply.extras().toolCalls = {{"c1", "<b>tool</b>", R"({"q":"<script>"})", false}};
        Message tool("t", Role::Tool, "<script>result</script>", 1700000002000);
        tool.extras().toolCallId = "c1";
        tool.extras().toolName = "<b>tool</b>";
        QVERIFY(store.save(QStringLiteral("h"), {user, reply, tool}, 0));

        const QString html = store.exportHtml(QStringLiteral("h"));
        QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
        verifyNothingActive(html);
        // The text is there, as text.
        QVERIFY(html.contains(QLatin1String("&lt;script&gt;alert(1)&lt;/script&gt;")));
        QVERIFY(html.contains(QLatin1String("&lt;img src&#61;http://x onerror=alert(2)&gt;")));
        QVERIFY(html.contains(QLatin1String("&quot;&gt;&lt;svg onload=alert(3)&gt;")));
        QVERIFY(html.contains(QLatin1String("&lt;script&gt;thinking&lt;/script&gt;")));
        QVERIFY(html.contains(QLatin1String("&lt;script&gt;result&lt;/script&gt;")));
        QVERIFY(html.contains(QLatin1String("&lt;b&gt;tool&lt;/b&gt;")));
        QVERIFY(html.contains(QLatin1String("{&quot;q&quot;:&quot;&lt;script&gt;&quot;}")));
        // The javascript: link keeps its label only; the http: one survives.
        QVERIFY(html.contains(QLatin1String("<p>click and ")));
        QVERIFY(html.contains(anchor("http://example.com/page", "site")));
        // The image is its address, shown and linked, never loaded.
        QVERIFY(html.contains(anchor("http://evil/pixel.png", "[image: http://evil/pixel.png]")));
        // Nothing loads: the policy and no external anything.
        QVERIFY(html.contains(QLatin1String(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">")));
        QVERIFY(html.contains(QLatin1String("<meta charset=\"utf-8\">")));
        QVERIFY(html.contains(QLatin1String("prefers-color-scheme: dark")));
        QVERIFY(!html.contains(QLatin1String("url(")));
        QVERIFY(!html.contains(QLatin1String("@import")));
    }

    void titleIsEscaped()
    {
        KoderConversationStore store;
        QVERIFY(store.save(QStringLiteral("t"), {Message("u", Role::User, "hi", 1)}, 0,
                           KoderConversationStore::noRow,
                           QStringLiteral("<b>\"Q&A\"</b> <script>x</script>")));
        const QString html = store.exportHtml(QStringLiteral("t"));
        const QLatin1String escaped(
            "&lt;b&gt;&quot;Q&amp;A&quot;&lt;/b&gt; &lt;script&gt;x&lt;/script&gt;");
        QVERIFY(html.contains(QLatin1String("<title>") + escaped + QLatin1String("</title>")));
        QVERIFY(html.contains(QLatin1String("<h1>") + escaped + QLatin1String("</h1>")));
        verifyNothingActive(html);
        // Markdown is text: the title as it is, on one line.
        QVERIFY(store.exportMarkdown(QStringLiteral("t"))
                    .startsWith(QLatin1String("# <b>\"Q&A\"</b> <script>x</script>\n\n")));
    }

    void codeBlocksAreKept()
    {
        KoderConversationStore store;
        Message reply("a", Role::Assistant,
                      "Here:\n\n```python\nprint('<b>' & \"x\")\n```\n\n"
                      "```c++\"><script>\nint x;\n```\n\n`inline <i>`\n",
                      1);
        QVERIFY(store.save(QStringLiteral("c"), {Message("u", Role::User, "code?", 1), reply}, 0));
        const QString html = store.exportHtml(QStringLiteral("c"));
        QVERIFY2(html.contains(QLatin1String(
                     "<pre><code class=\"language-python\">"
                     "print(&#39;&lt;b&gt;&#39; &amp; &quot;x&quot;)\n</code></pre>")),
                 qPrintable(html));
        // The info string reduced to a language name's characters: no way out of the attribute.
        QVERIFY(html.contains(QLatin1String("<pre><code class=\"language-c++script\">int x;\n")));
        QVERIFY(html.contains(QLatin1String("<code>inline &lt;i&gt;</code>")));
        verifyNothingActive(html);
        // The Markdown export keeps the text verbatim.
        QVERIFY(store.exportMarkdown(QStringLiteral("c"))
                    .contains(QLatin1String("```python\nprint('<b>' & \"x\")\n```")));
    }

    void onlyTheActivePath()
    {
        KoderConversationStore store;
        const Conversation tree = treeConversation();
        QVERIFY(store.save(Persist{"tree", 0, {}, {}, true}, tree.messages, tree.versions));
        for (const QString& text : {store.exportHtml(QStringLiteral("tree")),
                                    store.exportMarkdown(QStringLiteral("tree"))}) {
            QVERIFY(!text.isEmpty());
            QVERIFY(text.contains(QLatin1String("third answer")));
            QVERIFY(text.contains(QLatin1String("second question, edited")));
            QVERIFY(text.contains(QLatin1String("answer to the edit")));
            QVERIFY(text.contains(QLatin1String("thought again"))); // the reply's reasoning
            // The regenerated reply's older versions, the edited question's original and the
            // branch under an older reply are not exported.
            QVERIFY(!text.contains(QLatin1String("first answer")));
            QVERIFY(!text.contains(QLatin1String("second answer")));
            QVERIFY(!text.contains(QLatin1String("follow-up")));
            QVERIFY(!text.contains(QLatin1String("second question\n")));
            QVERIFY(!text.contains(QLatin1String("second question<")));
        }
        const QString html = store.exportHtml(QStringLiteral("tree"));
        QCOMPARE(html.count(QLatin1String("<section")), 4);
        QVERIFY(html.contains(
            QLatin1String("<details><summary>Reasoning</summary>\n<p>thought again</p>\n")));
    }

    void rolesToolsAndLeftOutRows()
    {
        KoderConversationStore store;
        QVERIFY(store.save(QStringLiteral("e"), everyField(), 0));
        const QString html = store.exportHtml(QStringLiteral("e"));
        verifyNothingActive(html);
        QCOMPARE(html.count(QLatin1String("<h2>You</h2>")), 1);
        QCOMPARE(html.count(QLatin1String("<h2>Assistant</h2>")), 2);
        QCOMPARE(html.count(QLatin1String("<h2>Tool result</h2>")), 1);
        QCOMPARE(html.count(QLatin1String("<section")), 4);
        // The time in the reader's zone, machine-readable too.
        QVERIFY(html.contains(QLatin1String("<time datetime=\"")));
        QVERIFY(html.contains(QDateTime::fromMSecsSinceEpoch(1700000000000)
                                  .toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
        // The call with its arguments, the result with its tool, the failed reply's error.
        QVERIFY(html.contains(QLatin1String("Tool call: get_time")));
        QVERIFY(html.contains(QLatin1String("<pre><code>{&quot;tz&quot;:&quot;UTC&quot;}")));
        QVERIFY(html.contains(QLatin1String("Tool: get_time")));
        QVERIFY(html.contains(QLatin1String("<pre><code>09:41</code></pre>")));
        QVERIFY(html.contains(QLatin1String("Error: connection lost")));
        // System prompt and checkpoint: the application's, not the conversation's.
        QVERIFY(!html.contains(QLatin1String("be brief")));
        QVERIFY(!html.contains(QLatin1String("doc&quot;")));

        const QString markdown = store.exportMarkdown(QStringLiteral("e"));
        QVERIFY2(markdown.startsWith(QLatin1String("# Hello")), qPrintable(markdown));
        QVERIFY(
            markdown.contains(QString::fromUtf8("## You\n\nHello \xC3\xA9\xE2\x82\xAC \"q\"\n\n")));
        QVERIFY(markdown.contains(
            QLatin1String("Tool call: `get_time`\n\n```json\n{\"tz\":\"UTC\"}\n```\n")));
        QVERIFY(markdown.contains(QLatin1String("## Tool result\n\nTool: `get_time`\n\n")));
        QVERIFY(markdown.contains(QLatin1String("```\n09:41\n```\n")));
        QVERIFY(markdown.contains(QLatin1String("> **Reasoning**\n>\n> thinking\n")));
        QCOMPARE(markdown.count(QLatin1String("\n## ")), 4);
        QVERIFY(!markdown.contains(QLatin1String("be brief")));
        QVERIFY(!markdown.contains(QLatin1String("\"doc\"")));
    }

    void markdownFencesOutlastBackticks()
    {
        QCOMPARE(markdownFence(u""), QStringLiteral("```"));
        QCOMPARE(markdownFence(u"a`b``c"), QStringLiteral("```"));
        QCOMPARE(markdownFence(u"```"), QStringLiteral("````"));
        QCOMPARE(markdownFence(u"x ````` y ``` z"), QStringLiteral("``````"));

        KoderConversationStore store;
        Message reply("a", Role::Assistant, "", 1);
        reply.extras().toolCalls = {{"c1", "run`x", "{\"cmd\":\"echo ````\"}", false}};
        const char* result = "before\n```\nnot the end\n````\nafter ````` five";
        Message tool("t", Role::Tool, result, 2);
        tool.extras().toolCallId = "c1";
        tool.extras().toolName = "run`x";
        QVERIFY(
            store.save(QStringLiteral("f"), {Message("u", Role::User, "go", 1), reply, tool}, 0));
        const QString markdown = store.exportMarkdown(QStringLiteral("f"));
        QVERIFY2(markdown.contains(QStringLiteral("``````\n") + QString::fromUtf8(result) +
                                   QStringLiteral("\n``````\n")),
                 qPrintable(markdown));
        QVERIFY(markdown.contains(QLatin1String("`````json\n{\"cmd\":\"echo ````\"}\n`````\n")));
        // A name with a backtick in a code span that it cannot end.
        QVERIFY(markdown.contains(QLatin1String("Tool call: ``run`x``")));
        QVERIFY(markdown.contains(QLatin1String("Tool: ``run`x``")));
    }

    // A reply stopped inside a code block: its fence is closed in the Markdown, so the next
    // message's heading is a heading, not code.
    void anOpenCodeBlockIsClosed()
    {
        KoderConversationStore store;
        Message cut("a", Role::Assistant, "Here:\n\n~~~~python\nprint('half", 2);
        cut.aborted = true;
        QVERIFY(store.save(
            QStringLiteral("o"),
            {Message("u", Role::User, "code?", 1), cut, Message("u2", Role::User, "and then?", 3)},
            0));
        const QString markdown = store.exportMarkdown(QStringLiteral("o"));
        QVERIFY2(markdown.contains(QLatin1String("print('half\n~~~~\n")), qPrintable(markdown));
        QVERIFY(markdown.contains(QLatin1String("\n## You\n\nand then?")));
        // A closed block, and a fence inside a longer one, are left as they are.
        Message closed("b", Role::Assistant, "```\n~~~\n```", 2);
        QVERIFY(store.save(QStringLiteral("c"), {Message("u", Role::User, "x", 1), closed}, 0));
        QVERIFY(
            store.exportMarkdown(QStringLiteral("c")).contains(QLatin1String("```\n~~~\n```\n\n")));
    }

    void unknownIdIsEmpty()
    {
        KoderConversationStore store;
        QVERIFY(store.exportMarkdown(QStringLiteral("nope")).isEmpty());
        QVERIFY(store.exportHtml(QStringLiteral("nope")).isEmpty());
        QVERIFY(store.exportMarkdown(QString()).isEmpty());
        QVERIFY(store.exportHtml(QString()).isEmpty());
    }

    void importedConversationExports()
    {
        KoderConversationStore store;
        QVERIFY(store.save(QStringLiteral("src"),
                           {Message("u", Role::User, "<b>imported</b>", 1),
                            Message("a", Role::Assistant, "**fine**", 2)},
                           0));
        const QString id = store.importJson(store.exportJson(QStringLiteral("src")));
        QVERIFY(!id.isEmpty());
        const QString html = store.exportHtml(id);
        QVERIFY(html.contains(QLatin1String("<p>&lt;b&gt;imported&lt;/b&gt;</p>")));
        QVERIFY(html.contains(QLatin1String("<p><strong>fine</strong></p>")));
        QCOMPARE(store.exportMarkdown(id), store.exportMarkdown(QStringLiteral("src")));
    }

    void safeLinks_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("html");
        QTest::newRow("https") << QStringLiteral("[a](https://example.com/x?y=1&z=2)")
                               << QStringLiteral("<p>") +
                                      anchor("https://example.com/x?y=1&amp;z=2", "a") +
                                      QStringLiteral("</p>\n");
        QTest::newRow("mailto") << QStringLiteral("[m](mailto:a@example.com)")
                                << QStringLiteral("<p>") + anchor("mailto:a@example.com", "m") +
                                       QStringLiteral("</p>\n");
        QTest::newRow("autolink") << QStringLiteral("<https://example.com>")
                                  << QStringLiteral("<p>") +
                                         anchor("https://example.com", "https://example.com") +
                                         QStringLiteral("</p>\n");
        QTest::newRow("javascript")
            << QStringLiteral("[a](javascript:alert(1))") << QStringLiteral("<p>a</p>\n");
        QTest::newRow("javascript, mixed case and entity")
            << QStringLiteral("[a](JaVa&#115;cript:alert(1))") << QStringLiteral("<p>a</p>\n");
        QTest::newRow("data") << QStringLiteral("[a](data:text/html,<script>x</script>)")
                              << QStringLiteral("<p>a</p>\n");
        QTest::newRow("file") << QStringLiteral("[a](file:///etc/passwd)")
                              << QStringLiteral("<p>a</p>\n");
        QTest::newRow("relative") << QStringLiteral("[a](/x)") << QStringLiteral("<p>a</p>\n");
        QTest::newRow("http without a host")
            << QStringLiteral("[a](http:x)") << QStringLiteral("<p>a</p>\n");
        QTest::newRow("quote in the address")
            << QStringLiteral("[a](<http://example.com/\"onmouseover=x>)")
            << QStringLiteral("<p>") + anchor("http://example.com/%22onmouseover=x", "a") +
                   QStringLiteral("</p>\n");
        QTest::newRow("unsafe image")
            << QStringLiteral("![alt](javascript:alert(1))")
            << QStringLiteral("<p>[image: javascript&#58;alert(1)]</p>\n");
        QTest::newRow("image in a link")
            << QStringLiteral("[![alt](http://evil/i.png)](http://example.com)")
            << QStringLiteral("<p>") + anchor("http://example.com", "[image: http://evil/i.png]") +
                   QStringLiteral("</p>\n");
        QTest::newRow("text that looks active")
            << QStringLiteral("SRC=x and javascript:y")
            << QStringLiteral("<p>SRC&#61;x and javascript&#58;y</p>\n");
        QTest::newRow("character references stay text")
            << QStringLiteral("&lt;img src=x&gt; &amp; \\<b\\>")
            << QStringLiteral("<p>&lt;img src&#61;x&gt; &amp; &lt;b&gt;</p>\n");
        QTest::newRow("raw html")
            << QStringLiteral("<div onclick=\"x\">hi</div>")
            << QStringLiteral("<p>&lt;div onclick=&quot;x&quot;&gt;hi&lt;/div&gt;</p>\n");
    }

    void safeLinks()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, html);
        const QString rendered = safeHtmlOfMarkdown(markdown);
        QCOMPARE(rendered, html);
        verifyNothingActive(rendered);
    }

    void markdownBlocks()
    {
        const QString html = safeHtmlOfMarkdown(
            u"# T\n\n- [ ] todo\n- [x] done\n\n3. c\n4. d\n\n> q\n\n| a | b |\n|---|---|\n"
            u"| *e* | ~~f~~ |\n\n---\nline  \nbreak\n");
        QVERIFY2(html.contains(QLatin1String("<h1>T</h1>")), qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("<li>\u2610 todo</li>")));
        QVERIFY(html.contains(QStringLiteral("<li>\u2611 done</li>")));
        QVERIFY(html.contains(QLatin1String("<ol start=\"3\">")));
        QVERIFY(html.contains(QLatin1String("<blockquote>\n<p>q</p>\n</blockquote>")));
        QVERIFY(html.contains(QLatin1String("<th>a</th><th>b</th>")));
        QVERIFY(html.contains(QLatin1String("<td><em>e</em></td><td><del>f</del></td>")));
        QVERIFY(html.contains(QLatin1String("<hr>")));
        QVERIFY(html.contains(QLatin1String("line<br>\nbreak")));
        // md4c 0.4.8 reports a strikethrough across a permissive autolink's end (a '~' in the
        // address): the HTML stays well nested.
        QCOMPARE(safeHtmlOfMarkdown(u"a http://e.x/p~g) b !~c"),
                 QStringLiteral("<p>a ") + anchor("http://e.x/p~g", "http://e.x/p~g") +
                     QStringLiteral(") b !c</p>\n"));
        QCOMPARE(safeHtmlOfMarkdown(u"x ~a http://e.x/p~g b~"),
                 QStringLiteral("<p>x <del>a ") + anchor("http://e.x/p~g", "http://e.x/p~g") +
                     QStringLiteral(" b~</del></p>\n"));
        // Code without a language: fenced (no info string) and indented.
        QCOMPARE(safeHtmlOfMarkdown(u"~~~\n<plain>\n~~~\n\n    indented &\n"),
                 QStringLiteral("<pre><code>&lt;plain&gt;\n</code></pre>\n"
                                "<pre><code>indented &amp;\n</code></pre>\n"));
    }
};

QTEST_GUILESS_MAIN(TstStoreExport)
#include "tst_store_export.moc"
