// SPDX-License-Identifier: MIT
// The QML components from C++: Markdown safety against a live local server, outside text shown
// as plain text everywhere (no fetch from any field), the safe-link filter and a ChatView that
// opens nothing, the exact accessibility events of a streamed, a stopped and a failed reply
// (through the notifier seam), the translations, and screenshots in light and dark palettes.
#include "accessibilitynotifier.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"
#include "koderopenaitransport.h"
#include "kodertext.h"
#include "scriptedhttpserver.h"
#include "urlcatcher.h"

#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QScopeGuard>
#include <QtCore/QTranslator>
#include <QtGui/QDesktopServices>
#include <QtGui/QFontInfo>
#include <QtGui/QGuiApplication>
#include <QtGui/QPalette>
#include <QtGui/QTextBlock>
#include <QtGui/QTextDocument>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickTextDocument>
#include <QtQuick/QQuickView>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>

using koder::agent::qt::AccessibilityNotifier;
using koder::agent::qt::AccessibilityRecord;

namespace {

// A window showing a ChatView bound to a controller with a local agent.
struct ChatWindow {
    explicit ChatWindow(const QByteArray& agentProperties, const QSize& size = {480, 640},
                        const QByteArray& controllerChildren = {},
                        const QByteArray& viewProperties = {})
    {
        view.engine()->addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
        view.resize(size);
        view.setColor(QGuiApplication::palette().color(QPalette::Window));
        const QByteArray qml = "import QtQuick\nimport Koder.Agent\n"
                               "ChatView { " +
                               viewProperties + "\ncontroller: KoderAgentController { " +
                               controllerChildren + "\ntransport: KoderLocalAgent { " +
                               agentProperties + " } } }";
        QQmlComponent component(view.engine());
        // A local URL: the component loads synchronously.
        component.setData(
            qml, QUrl::fromLocalFile(QDir::current().filePath(QStringLiteral("ChatWindow.qml"))));
        root.reset(qobject_cast<QQuickItem*>(component.create()));
        if (!root) {
            qWarning().noquote() << component.errorString();
            return;
        }
        root->setParentItem(view.contentItem());
        root->setSize(size);
    }

    KoderAgentController* controller() const
    {
        return root ? root->property("controller").value<KoderAgentController*>() : nullptr;
    }

    // The delegate showing `messageId`, found in the visual tree (delegates are not QObject
    // children of the view).
    QQuickItem* bubbleFor(const QString& messageId) const
    {
        QList<QQuickItem*> todo{root.get()};
        while (!todo.isEmpty()) {
            QQuickItem* item = todo.takeFirst();
            if (item->property("messageId").toString() == messageId &&
                item->property("role").isValid())
                return item;
            todo.append(item->childItems());
        }
        return nullptr;
    }

    QQuickView view;
    std::unique_ptr<QQuickItem> root;
};

struct Recorder {
    Recorder()
    {
        AccessibilityNotifier::setObserver(
            [this](const AccessibilityRecord& r) { records.append(r); });
    }
    ~Recorder() { AccessibilityNotifier::setObserver({}); }

    // "insert@pos:text" or "say:text" or "ALERT:text", in order.
    QStringList summary(QObject* onlyFor) const
    {
        QStringList out;
        for (const AccessibilityRecord& r : records) {
            if (r.object != onlyFor)
                continue;
            if (r.kind == AccessibilityRecord::Kind::TextInserted)
                out << QStringLiteral("insert@%1:%2").arg(r.position).arg(r.text);
            else
                out << (r.assertive ? QStringLiteral("ALERT:") : QStringLiteral("say:")) + r.text;
        }
        return out;
    }

    QList<AccessibilityRecord> records;
};

// Every item under `root` that has a text and a text format (Text, Label, TextEdit, ...).
QList<QQuickItem*> textItems(QQuickItem* root)
{
    QList<QQuickItem*> out;
    QList<QQuickItem*> todo{root};
    while (!todo.isEmpty()) {
        QQuickItem* item = todo.takeFirst();
        if (item->property("textFormat").isValid() && item->property("text").isValid())
            out.append(item);
        todo.append(item->childItems());
    }
    return out;
}

// The first visible item named `name` under `root` in the visual tree (a bubble's Markdown blocks
// are delegates of a Repeater, not QObject children of the bubble).
QQuickItem* findItem(QQuickItem* root, QLatin1String name)
{
    QList<QQuickItem*> todo{root};
    while (!todo.isEmpty()) {
        QQuickItem* item = todo.takeFirst();
        if (item->objectName() == name && item->isVisible())
            return item;
        todo.append(item->childItems());
    }
    return nullptr;
}

// A finished reply's reasoning is folded: open every reasoning section so its text is on screen.
void openReasoning(QQuickItem* root)
{
    QList<QQuickItem*> todo{root};
    while (!todo.isEmpty()) {
        QQuickItem* item = todo.takeFirst();
        if (item->objectName() == QLatin1String("reasoningToggle") && item->isVisible() &&
            !item->property("checked").toBool())
            QMetaObject::invokeMethod(item->property("action").value<QObject*>(), "trigger");
        todo.append(item->childItems());
    }
}

QString lastId(KoderAgentController* agent)
{
    return agent->messages()
        ->get(agent->messages()->count() - 1)
        .value(QStringLiteral("messageId"))
        .toString();
}

} // namespace

// An image host on 127.0.0.1 that counts who comes (and lets them go).
struct ImageHost : QTcpServer {
    ImageHost()
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            ++connections;
            while (QTcpSocket* socket = nextPendingConnection())
                socket->deleteLater();
        });
    }
    int connections = 0;
};

class TstComponents : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void markdownNeverFetchesAndNeverInterpretsHtml()
    {
        ImageHost trap;
        QVERIFY(trap.listen(QHostAddress::LocalHost, 0));
        const int& connections = trap.connections;
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(trap.serverPort());
        const QString reply = QStringLiteral("Look: ![pixel](%1/pixel.png)\n\n"
                                             "<img src=\"%1/raw.png\"> <b>bold?</b> "
                                             "<script>alert(1)</script> <a href=\"%1/x\">x</a>")
                                  .arg(url);

        ChatWindow window("reply: " + QByteArray("\"") + reply.toUtf8().replace('"', "\\\"") +
                          "\"");
        QVERIFY(window.root);
        window.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window.view));
        QSignalSpy end(window.controller(), &KoderAgentController::streamEnd);
        window.controller()->send(QStringLiteral("show me"));
        QVERIFY(end.wait());
        QQuickItem* bubble = nullptr;
        QTRY_VERIFY((bubble = window.bubbleFor(lastId(window.controller()))));
        // Render the reply (grabbing renders synchronously), then give a fetch time to show up.
        QVERIFY(!window.view.grabWindow().isNull());

        // The reply's Markdown blocks (two paragraphs: two bodies), read as the user sees them.
        QString shown;
        QList<QQuickItem*> todo{bubble};
        while (!todo.isEmpty()) {
            QQuickItem* item = todo.takeFirst();
            todo.append(item->childItems());
            if (item->objectName() != QLatin1String("bubbleBody") || !item->isVisible())
                continue;
            QTextDocument* doc =
                item->property("textDocument").value<QQuickTextDocument*>()->textDocument();
            shown += doc->toPlainText() + u'\n';
            for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
                for (auto it = block.begin(); !it.atEnd(); ++it)
                    QVERIFY2(!it.fragment().charFormat().isImageFormat(),
                             "an image in the document");
        }
        // HTML is shown as the text it is; the image became a link, nothing was loaded.
        QVERIFY2(shown.contains(QStringLiteral("<img src=")), qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("<b>bold?</b>")));
        QVERIFY(shown.contains(QStringLiteral("<script>")));
        QVERIFY(shown.contains(url + QStringLiteral("/pixel.png")));
        QVERIFY(
            !KoderText::toSafeHtml(reply).contains(QStringLiteral("<img"), Qt::CaseInsensitive));
        QVERIFY(!trap.waitForNewConnection(300)); // a window for a fetch; none may come
        QCOMPARE(connections, 0);
    }

    // Reasoning, tool names and arguments, errors, the permission prompt: text from outside is
    // shown as the text it is. An <img> in any of them must not make the view fetch anything.
    void outsideTextIsPlainAndNeverFetched()
    {
        ImageHost trap;
        QVERIFY(trap.listen(QHostAddress::LocalHost, 0));
        const int& connections = trap.connections;
        const QString img =
            QStringLiteral("<img src=\"http://127.0.0.1:%1/x.png\">").arg(trap.serverPort());
        // JSON.stringify escapes double quotes; single quotes reach an arguments label as they are
        // (and arguments that are one string put the tag on the label's first line).
        const QString imgSingle =
            QStringLiteral("<img src='http://127.0.0.1:%1/y.png'>").arg(trap.serverPort());
        const QString port = QStringLiteral("127.0.0.1:%1").arg(trap.serverPort());

        QQuickView view;
        view.engine()->addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
        view.resize(900, 900);
        QByteArray qml = R"(
import QtQuick
import QtQuick.Layouts
import Koder.Agent
Item {
    id: stage
    readonly property string img: 'IMG'
    readonly property string imgSingle: "IMGSINGLE"
    readonly property var args: ({ a: stage.img, b: stage.imgSingle })
    property alias chat: chat
    width: 900; height: 900
    ColumnLayout {
        width: 440
        Bubble {
            Layout.fillWidth: true
            messageId: "a"; role: "assistant"; text: stage.img; reasoning: stage.img
            streaming: false; aborted: false; errorText: stage.img; toolName: ""
            toolCalls: [{ id: "c1", name: stage.img, arguments: stage.args },
                        { id: "c2", name: "raw", arguments: stage.imgSingle }]
            isError: true; denied: false
        }
        Bubble {
            Layout.fillWidth: true
            messageId: "t"; role: "tool"; text: stage.img; reasoning: ""
            streaming: false; aborted: false; errorText: ""; toolName: stage.img
            toolCalls: []; isError: false; denied: false
        }
        Bubble {
            Layout.fillWidth: true
            messageId: "d"; role: "tool"; text: stage.img; reasoning: ""
            streaming: false; aborted: false; errorText: ""; toolName: stage.img
            toolCalls: []; isError: false; denied: true
        }
    }
    ChatView {
        id: chat
        x: 450; width: 450; height: 900
        showToolResults: true
        controller: KoderAgentController {
            KoderTool { name: stage.img; description: stage.img }
            transport: KoderLocalAgent {
                tokensPerSecond: 0
                reply: stage.img
                toolCalls: [{ name: stage.img, arguments: stage.args }]
            }
        }
    }
}
)";
        qml.replace("IMGSINGLE", imgSingle.toUtf8());
        qml.replace("IMG", img.toUtf8());
        QQmlComponent component(view.engine());
        component.setData(
            qml, QUrl::fromLocalFile(QDir::current().filePath(QStringLiteral("Hostile.qml"))));
        std::unique_ptr<QQuickItem> root(qobject_cast<QQuickItem*>(component.create()));
        QVERIFY2(root, qPrintable(component.errorString()));
        root->setParentItem(view.contentItem());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        auto* chat = root->property("chat").value<QQuickItem*>();
        QVERIFY(chat);
        auto* agent = chat->property("controller").value<KoderAgentController*>();
        QVERIFY(agent);
        QVERIFY(agent->send(QStringLiteral("go")));
        QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QVERIFY(!view.grabWindow().isNull()); // renders (and lays out) every text now
        QTest::qWait(500);                    // a window for a fetch to arrive; none may
        QCOMPARE(connections, 0);

        // Everything that shows the address, and how; the prompt while it is up.
        QStringList seen;
        const auto check = [&] {
            openReasoning(root.get());
            for (QQuickItem* item : textItems(root.get())) {
                const QString text = item->property("text").toString();
                if (!text.contains(port) || !item->isVisible())
                    continue;
                const QString name = item->objectName();
                const int format = item->property("textFormat").toInt();
                if (name == QLatin1String("bubbleBody") && format == 1 /* RichText */) {
                    // The Markdown body: only what the safe renderer made of it.
                    QVERIFY2(!text.contains(QStringLiteral("<img"), Qt::CaseInsensitive),
                             qPrintable(text));
                    continue;
                }
                QVERIFY2(
                    format == 0 /* PlainText */,
                    qPrintable(QStringLiteral("%1 (%2) shows outside text with format %3")
                                   .arg(name, QString::fromLatin1(item->metaObject()->className()))
                                   .arg(format)));
                // The literal markup is what the user reads.
                QVERIFY2(text.contains(img) || text.contains(imgSingle), qPrintable(text));
                if (!name.isEmpty() && !seen.contains(name))
                    seen << name;
            }
        };
        check();
        if (QTest::currentTestFailed())
            return;
        for (const char* name : {"promptTitle", "promptDescription", "promptArguments"})
            QVERIFY2(seen.contains(QLatin1String(name)), qPrintable(seen.join(u',')));

        // Denied: the tool result card (tool name) and the reply come.
        QSignalSpy end(agent, &KoderAgentController::streamEnd);
        agent->denyToolCall(
            agent->pendingToolCalls().constFirst().toMap().value(QStringLiteral("id")).toString(),
            img);
        QVERIFY(end.wait());
        QVERIFY(!view.grabWindow().isNull());
        QTest::qWait(500);
        QCOMPARE(connections, 0);
        check();
        if (QTest::currentTestFailed())
            return;
        for (const char* name : {"reasoningLabel", "errorBadge", "toolHeader", "toolCallName",
                                 "toolCallArguments", "bubbleBody"})
            QVERIFY2(seen.contains(QLatin1String(name)), qPrintable(seen.join(u',')));

        QCOMPARE(connections, 0);
    }

    void toSafeHtmlKeepsOnlyWebAndMailLinks_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("href");  // the one link kept, or empty
        QTest::addColumn<QString>("shown"); // part of the text that stays
        QTest::newRow("https") << "[docs](https://example.com/a?b=1)"
                               << "https://example.com/a?b=1"
                               << "docs";
        QTest::newRow("http") << "[docs](http://example.com/)"
                              << "http://example.com/"
                              << "docs";
        QTest::newRow("HTTPS") << "[docs](HTTPS://example.com/)"
                               << "HTTPS://example.com/"
                               << "docs";
        QTest::newRow("mailto") << "[write](mailto:ana@example.com)"
                                << "mailto:ana@example.com"
                                << "write";
        QTest::newRow("autolink") << "see <https://example.com/x>"
                                  << "https://example.com/x"
                                  << "https://example.com/x";
        QTest::newRow("javascript") << "[click](javascript:alert(1))"
                                    << ""
                                    << "click";
        QTest::newRow("JAVASCRIPT") << "[click](JAVASCRIPT:alert(1))"
                                    << ""
                                    << "click";
        QTest::newRow("JavaScript autolink") << "<JavaScript:alert(1)>"
                                             << ""
                                             << "JavaScript:alert(1)";
        QTest::newRow("file") << "[passwords](file:///etc/passwd)"
                              << ""
                              << "passwords";
        QTest::newRow("data") << "[page](data:text/html;base64,PHNjcmlwdD4=)"
                              << ""
                              << "page";
        QTest::newRow("custom") << "[run](custom:do-something)"
                                << ""
                                << "run";
        QTest::newRow("relative") << "[next](page2.html)"
                                  << ""
                                  << "next";
        QTest::newRow("scheme-relative") << "[away](//evil.example/x)"
                                         << ""
                                         << "away";
        QTest::newRow("image https") << "![chart](https://example.com/c.png)"
                                     << "https://example.com/c.png"
                                     << "[image: https://example.com/c.png]";
        QTest::newRow("image javascript") << "![chart](javascript:alert(1))"
                                          << ""
                                          << "[image: javascript:alert(1)]";
        QTest::newRow("image file") << "![chart](file:///etc/passwd)"
                                    << ""
                                    << "[image: file:///etc/passwd]";
        QTest::newRow("image in a bad link") << "[![chart](https://example.com/c.png)](custom:x)"
                                             << "https://example.com/c.png"
                                             << "[image: https://example.com/c.png]";
    }

    // The same through a real transport: a hostile OpenAI-compatible server puts image tags in
    // the reasoning, the text, a tool call's name and arguments, an HTTP 500 body and an SSE
    // error event. The view shows them and fetches nothing.
    void aHostileServersTextNeverMakesTheViewFetch()
    {
        ImageHost trap;
        QVERIFY(trap.listen(QHostAddress::LocalHost, 0));
        const int& connections = trap.connections;
        const QByteArray img =
            "<img src=\\\"http://127.0.0.1:" + QByteArray::number(trap.serverPort()) +
            "/x.png\\\">";
        auto chunk = [](const QByteArray& delta) {
            return "data: {\"choices\":[{\"index\":0,\"delta\":" + delta + "}]}\n\n";
        };
        ScriptedHttpServer server;
        QVERIFY(server.listen());
        server.enqueue(ScriptedHttpServer::sse(
            chunk("{\"reasoning_content\":\"" + img + "\"}") +
            chunk("{\"content\":\"" + img + "\"}") +
            chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"function\":{\"name\":\"" + img +
                  "\",\"arguments\":\"{\\\"a\\\":\\\"" + img + "\\\"}\"}}]}") +
            "data: "
            "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"));
        server.enqueue(
            ScriptedHttpServer::status(500, "{\"error\":{\"message\":\"" + img + "\"}}"));
        server.enqueue(ScriptedHttpServer::sse(
            chunk("{\"content\":\"ok \"}") + "event: error\ndata: " + "{\"error\":{\"message\":\"" +
            img + "\"}}\n\n"));

        ChatWindow window({}, {480, 900});
        QVERIFY(window.root);
        auto* transport = new KoderOpenAiTransport(window.controller());
        transport->setBaseUrl(server.baseUrl());
        window.controller()->setTransport(transport);
        window.root->setProperty("showToolResults", true);
        window.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window.view));

        KoderAgentController* agent = window.controller();
        QVERIFY(agent->send(QStringLiteral("one")));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("error"), 10'000);
        QVERIFY(agent->lastError()
                    .toMap()
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QStringLiteral("<img")));
        QVERIFY(!window.view.grabWindow().isNull());
        QVERIFY(agent->send(QStringLiteral("two")));
        QTRY_COMPARE_WITH_TIMEOUT(agent->status(), QStringLiteral("error"), 10'000);
        QCOMPARE(server.received().size(), 3);
        QVERIFY(!window.view.grabWindow().isNull()); // renders every text now
        QVERIFY(!trap.waitForNewConnection(500));    // a window for a fetch; none may come
        QCOMPARE(connections, 0);
        // What came from the server is on screen, as the text it is.
        int shown = 0;
        for (QQuickItem* item : textItems(window.root.get()))
            if (item->isVisible() && item->property("text").toString().contains(
                                         QStringLiteral("<img src=\"http://127.0.0.1")))
                ++shown;
        QVERIFY2(shown >= 3, qPrintable(QString::number(shown)));
    }

    void toSafeHtmlKeepsOnlyWebAndMailLinks()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, href);
        QFETCH(QString, shown);
        const QString html =
            KoderText::toSafeHtml(QStringLiteral("before ") + markdown + QStringLiteral(" after"));
        QTextDocument doc;
        doc.setHtml(html);
        QStringList anchors;
        for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextCharFormat format = it.fragment().charFormat();
                QVERIFY(!format.isImageFormat());
                if (format.isAnchor() && !format.anchorHref().isEmpty())
                    anchors << format.anchorHref();
            }
        QCOMPARE(anchors, href.isEmpty() ? QStringList() : QStringList{href});
        const QString text = doc.toPlainText();
        QVERIFY2(text.contains(shown), qPrintable(text));
        QVERIFY2(text.startsWith(QStringLiteral("before ")) &&
                     text.endsWith(QStringLiteral(" after")),
                 qPrintable(text));
        // No other address survives as markup.
        for (const char* bad : {"href=\"javascript", "href=\"file", "href=\"data", "href=\"custom",
                                "href=\"page2", "href=\"//"})
            QVERIFY2(!html.contains(QLatin1String(bad), Qt::CaseInsensitive), qPrintable(html));
    }

    void isSafeLink_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("safe");
        QTest::newRow("https") << "https://example.com/a" << true;
        QTest::newRow("http") << "http://example.com" << true;
        QTest::newRow("HTTPS") << "HTTPS://EXAMPLE.COM/" << true;
        QTest::newRow("mailto") << "mailto:ana@example.com" << true;
        QTest::newRow("MailTo") << "MailTo:ana@example.com" << true;
        QTest::newRow("javascript") << "javascript:alert(1)" << false;
        QTest::newRow("JAVASCRIPT") << "JAVASCRIPT:alert(1)" << false;
        QTest::newRow("file") << "file:///etc/passwd" << false;
        QTest::newRow("data") << "data:text/html;base64,PHNjcmlwdD4=" << false;
        QTest::newRow("custom") << "custom:do-something" << false;
        QTest::newRow("ftp") << "ftp://example.com/x" << false;
        QTest::newRow("qrc") << "qrc:/Main.qml" << false;
        QTest::newRow("relative") << "page2.html" << false;
        QTest::newRow("scheme-relative") << "//evil.example/x" << false;
        QTest::newRow("no host") << "https:///etc/passwd" << false;
        QTest::newRow("http without slashes") << "http:relative" << false;
        QTest::newRow("empty mailto") << "mailto:" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("space before javascript") << " javascript:alert(1)" << false;
    }

    void isSafeLink()
    {
        QFETCH(QString, url);
        QFETCH(bool, safe);
        QCOMPARE(KoderText::isSafeLink(url), safe);
    }

    // A link activated in a ChatView reaches the app as it is, whatever it is; the view itself
    // opens nothing, not even a web link.
    void chatViewPassesLinksOnAndOpensNothing()
    {
        UrlCatcher desktop;
        ChatWindow window("");
        QVERIFY(window.root);
        window.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window.view));
        KoderAgentController* agent = window.controller();
        QVERIFY(agent->setChatMessages(QVariantList{QVariantMap{
            {QStringLiteral("role"), QStringLiteral("assistant")},
            {QStringLiteral("text"),
             QStringLiteral(
                 "[a](javascript:alert(1)) [b](file:///etc/passwd) [c](https://example.com)")}}}));
        QQuickItem* bubble = nullptr;
        QTRY_VERIFY((bubble = window.bubbleFor(lastId(agent))));
        auto* body = findItem(bubble, QLatin1String("bubbleBody"));
        QVERIFY(body);
        QSignalSpy activated(window.root.get(), SIGNAL(linkActivated(QString)));
        const QStringList targets{QStringLiteral("javascript:alert(1)"),
                                  QStringLiteral("file:///etc/passwd"), QStringLiteral("custom:x"),
                                  QStringLiteral("https://example.com")};
        for (const QString& target : targets)
            QVERIFY(QMetaObject::invokeMethod(body, "linkActivated", Q_ARG(QString, target)));
        QCOMPARE(activated.count(), targets.size());
        for (int i = 0; i < targets.size(); ++i)
            QCOMPARE(activated.at(i).at(0).toString(), targets.at(i));
        QTest::qWait(50);
        QCOMPARE(desktop.opened, QList<QUrl>());
        // (The stand-in does see what is opened.)
        QVERIFY(QDesktopServices::openUrl(QUrl(QStringLiteral("custom:probe"))));
        QCOMPARE(desktop.opened, QList<QUrl>{QUrl(QStringLiteral("custom:probe"))});
    }

    void streamedReplyAnnouncesPhrasesThenTheWhole()
    {
        Recorder recorder;
        ChatWindow window("reply: \"Hello world. How are you? Fine\"");
        QVERIFY(window.root);
        window.view.show();
        QSignalSpy end(window.controller(), &KoderAgentController::streamEnd);
        window.controller()->send(QStringLiteral("hi"));
        QVERIFY(end.wait());
        QQuickItem* bubble = nullptr;
        QTRY_VERIFY((bubble = window.bubbleFor(lastId(window.controller()))));
        QCOMPARE(recorder.summary(bubble), (QStringList{QStringLiteral("say:Reply started"),
                                                        QStringLiteral("insert@0:Hello world."),
                                                        QStringLiteral("insert@12: How are you?"),
                                                        QStringLiteral("insert@25: Fine"),
                                                        QStringLiteral("say:Reply finished")}));
        // The item's accessible name is now the whole reply (a single name change for AT).
        QTRY_COMPARE(bubble->property("streaming").toBool(), false);
        QCOMPARE(window.controller()->messages()->get(1).value(QStringLiteral("text")).toString(),
                 QStringLiteral("Hello world. How are you? Fine"));
    }

    void stoppedReplyIsAnnounced()
    {
        Recorder recorder;
        ChatWindow window(
            "reply: \"First sentence. second part never comes\"; tokensPerSecond: 200");
        QVERIFY(window.root);
        window.view.show();
        KoderAgentController* agent = window.controller();
        // Stop right after the first sentence, as a user pressing Stop would.
        connect(agent, &KoderAgentController::streamToken, this,
                [agent](const QString&, const QString& token) {
                    if (token.endsWith(QLatin1Char('.')))
                        agent->abort();
                });
        QSignalSpy aborted(agent, &KoderAgentController::aborted);
        agent->send(QStringLiteral("hi"));
        QVERIFY(aborted.wait());
        QQuickItem* bubble = nullptr;
        QTRY_VERIFY((bubble = window.bubbleFor(lastId(window.controller()))));
        QCOMPARE(recorder.summary(bubble), (QStringList{QStringLiteral("say:Reply started"),
                                                        QStringLiteral("insert@0:First sentence."),
                                                        QStringLiteral("say:Reply stopped")}));
    }

    void failedReplyIsAnnouncedAssertively()
    {
        Recorder recorder;
        ChatWindow window("reply: \"One. Two three four\"; failAfterTokens: 3");
        QVERIFY(window.root);
        window.view.show();
        QSignalSpy error(window.controller(), &KoderAgentController::error);
        window.controller()->send(QStringLiteral("hi"));
        QVERIFY(error.wait());
        QQuickItem* bubble = nullptr;
        QTRY_VERIFY((bubble = window.bubbleFor(lastId(window.controller()))));
        const QString message =
            window.controller()->lastError().toMap().value(QStringLiteral("message")).toString();
        QCOMPARE(recorder.summary(bubble),
                 (QStringList{QStringLiteral("say:Reply started"), QStringLiteral("insert@0:One."),
                              QStringLiteral("ALERT:Error: ") + message}));
    }

    void approvalNeededIsAssertive()
    {
        Recorder recorder;
        ChatWindow window("toolCalls: [{ name: \"save_note\" }]", {480, 640},
                          "KoderTool { name: \"save_note\" }");
        QVERIFY(window.root);
        window.view.show();
        window.controller()->send(QStringLiteral("save"));
        QTRY_COMPARE(window.controller()->status(), QStringLiteral("reviewingToolCall"));
        QQuickItem* bubble = nullptr;
        QTRY_VERIFY((bubble = window.bubbleFor(lastId(window.controller()))));
        QVERIFY(recorder.summary(bubble).contains(
            QStringLiteral("ALERT:A tool call needs your approval")));
    }

    void translations_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("send");
        QTest::addColumn<QString>("stop");
        QTest::newRow("de") << "de"
                            << "Senden"
                            << "Stopp";
        QTest::newRow("es") << "es"
                            << "Enviar"
                            << "Detener";
        QTest::newRow("pt_BR") << "pt_BR"
                               << "Enviar"
                               << "Parar";
    }

    void translations()
    {
        QFETCH(QString, language);
        QFETCH(QString, send);
        QFETCH(QString, stop);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/koder_agent_%1.qm").arg(language)));
        QCOMPARE(translator.translate("Sender", "Send"), send);
        QCOMPARE(translator.translate("Sender", "Stop"), stop);
        QVERIFY(!translator.translate("PermissionPrompt", "Approve").isEmpty());

        // And a live Sender shows it.
        QCoreApplication::installTranslator(&translator);
        ChatWindow window("");
        QVERIFY(window.root);
        auto* button = window.root->findChild<QQuickItem*>(QStringLiteral("senderButton"));
        QVERIFY(button);
        QCOMPARE(button->property("text").toString(), send);
        QCoreApplication::removeTranslator(&translator);
    }

    // Nothing the user must read is cut: in every language, at the default size and with the
    // text twice as large, no label of the permission prompt and the input is elided or
    // narrower than its text, no button or field is smaller than it asks, and nothing lies
    // outside the window.
    void nothingClipped_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("scale");
        for (const char* language : {"en", "de", "es", "pt_BR", "ar"}) {
            for (int scale : {1, 2})
                QTest::addRow("%s-%dx", language, scale) << QString::fromLatin1(language) << scale;
        }
    }

    void nothingClipped()
    {
        QFETCH(QString, language);
        QFETCH(int, scale);
        QTranslator translator;
        if (language != QLatin1String("en")) {
            QVERIFY(translator.load(QStringLiteral(":/i18n/koder_agent_%1.qm").arg(language)));
            QCoreApplication::installTranslator(&translator);
        }
        const QFont font = QGuiApplication::font();
        QFont larger = font;
        larger.setPixelSize(QFontInfo(font).pixelSize() * scale);
        QGuiApplication::setFont(larger);
        const auto restore = qScopeGuard([&] {
            QCoreApplication::removeTranslator(&translator);
            QGuiApplication::setFont(font);
        });
        const bool rtl = language == QLatin1String("ar");
        // The size of the demo's chat column.
        ChatWindow window(
            "reply: \"Done.\"; toolCalls: [{ name: \"save_note\", arguments: "
            "{ path: \"notes.md\", text: \"buy milk\" } }]",
            {720, 640},
            "busyPolicy: \"queue\"\n"
            "KoderTool { name: \"save_note\"; description: \"Saves a note for "
            "the user in their notes file\"; handler: function (args) { return "
            "\"Saved\" } }",
            rtl ? "LayoutMirroring.enabled: true; LayoutMirroring.childrenInherit: true"
                : QByteArray());
        QVERIFY(window.root);
        window.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window.view));
        KoderAgentController* controller = window.controller();
        QVERIFY(controller->send(QStringLiteral("Save a note: buy milk")));
        QTRY_COMPARE(controller->status(), QStringLiteral("reviewingToolCall"));
        // A queued message and the notice of a refused attachment in the input.
        QVERIFY(controller->send(QStringLiteral("And what about tomorrow's weather?")));
        auto* prompt = window.root->findChild<QQuickItem*>(QStringLiteral("permissionPrompt"));
        QVERIFY(prompt);
        QTRY_VERIFY(prompt->isVisible());
        QQuickItem* sender = nullptr;
        for (QQuickItem* item : window.root->findChildren<QQuickItem*>()) {
            if (item->objectName() == QLatin1String("senderInput"))
                sender = item;
        }
        QVERIFY(sender);
        // The input's Sender: the item above the text area that holds the controller.
        while (sender && !sender->property("sendAction").isValid())
            sender = sender->parentItem();
        QVERIFY(sender);
        // Open the arguments editor too: its field and buttons must fit as well.
        QQuickItem* editButton = nullptr;
        QList<QQuickItem*> search{prompt};
        while (!search.isEmpty() && !editButton) {
            QQuickItem* item = search.takeFirst();
            if (item->objectName() == QLatin1String("editArgumentsButton"))
                editButton = item;
            search.append(item->childItems());
        }
        QVERIFY(editButton);
        QVERIFY(QMetaObject::invokeMethod(editButton, "clicked"));

        QStringList problems;
        const QRectF windowRect(QPointF(0, 0), window.view.size());
        const auto check = [&](QQuickItem* top) {
            // Each item, and whether an ancestor clips it (then it may be scrolled out of
            // sight, which is not cut: the clipping view must lie inside the window).
            QList<std::pair<QQuickItem*, bool>> items{{top, false}};
            while (!items.isEmpty()) {
                const auto [item, clipped] = items.takeFirst();
                if (!item->isVisible() || item->opacity() == 0)
                    continue;
                const QString name =
                    QStringLiteral("%1 '%2' \"%3\"")
                        .arg(QString::fromLatin1(item->metaObject()->className()),
                             item->objectName(), item->property("text").toString().left(40));
                const QRectF r = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
                if (!clipped && item->width() > 0 && item->height() > 0 &&
                    !windowRect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(r)) {
                    problems << name + QStringLiteral(" lies outside the window");
                    continue; // and so does what it holds
                }
                for (QQuickItem* child : item->childItems())
                    items.append({child, clipped || item->clip()});
                if (item->property("truncated").toBool())
                    problems << name + QStringLiteral(" is elided");
                const bool isButton = item->inherits("QQuickAbstractButton");
                const bool isText = item->inherits("QQuickText");
                const bool wraps = item->property("wrapMode").toInt() != 0;
                if ((isButton || (isText && !wraps)) && item->implicitWidth() > item->width() + 1)
                    problems << name + QStringLiteral(" is %1 wide for a text of %2")
                                           .arg(item->width())
                                           .arg(item->implicitWidth());
                if ((isButton || isText) && item->implicitHeight() > item->height() + 1)
                    problems << name + QStringLiteral(" is %1 high for a text of %2")
                                           .arg(item->height())
                                           .arg(item->implicitHeight());
            }
        };
        // Give the views a few frames to lay out, then look (QTRY_VERIFY's polling, keeping
        // the problems for the message).
        QElapsedTimer elapsed;
        elapsed.start();
        for (;;) {
            problems.clear();
            check(prompt);
            check(sender);
            if (problems.isEmpty() || elapsed.elapsed() > 3000)
                break;
            QTest::qWait(20);
        }
        if (!problems.isEmpty())
            window.view.grabWindow().save(
                QDir::temp().filePath(QStringLiteral("clipped-%1.png")
                                          .arg(QString::fromLatin1(QTest::currentDataTag()))));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // The pictures of the README and the reference: light and dark, German, tool cards with
    // their results, and a regenerated reply's versions.
    void screenshots_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("scene");
        QTest::newRow("light") << false << QString() << "prompt";
        QTest::newRow("dark") << true << QString() << "prompt";
        QTest::newRow("de") << false << "de"
                            << "prompt";
        QTest::newRow("ar") << false << "ar"
                            << "prompt"; // right to left: mirrored
        QTest::newRow("tools") << false << QString() << "tools";
        QTest::newRow("versions") << true << QString() << "versions";
    }

    void screenshots()
    {
        QFETCH(bool, dark);
        QFETCH(QString, language);
        QFETCH(QString, scene);
        QTranslator translator;
        if (!language.isEmpty()) {
            QVERIFY(translator.load(QStringLiteral(":/i18n/koder_agent_%1.qm").arg(language)));
            QCoreApplication::installTranslator(&translator);
        }
        const auto removeTranslator =
            qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });
        // The palette an app in dark mode hands its windows; the components follow it.
        const QByteArray darkPalette =
            "palette { window: \"#202225\"; windowText: \"#e8e8e8\"; base: \"#2b2d31\"; "
            "alternateBase: \"#33363b\"; text: \"#e8e8e8\"; button: \"#3a3d42\"; "
            "buttonText: \"#e8e8e8\"; highlight: \"#3d7ad6\"; highlightedText: \"#ffffff\"; "
            "mid: \"#55585e\"; placeholderText: \"#999999\"; light: \"#4a4d52\"; "
            "dark: \"#18191b\"; midlight: \"#44474c\"; shadow: \"#000000\" }";
        const bool tools = scene == QLatin1String("tools");
        const QByteArray agent =
            scene == QLatin1String("versions")
                ? "reply: \"Connect, then let go:\\nthe slot wakes when the signal\\ncalls "
                  "across the threads.\""
            : tools ? "reply: \"It is **22 °C and sunny** in Lisbon; I saved that to "
                      "`notes.md`.\"; toolCalls: [{ name: \"get_weather\", arguments: { city: "
                      "\"Lisbon\", units: \"metric\" } }, { name: \"save_note\", arguments: "
                      "{ path: \"notes.md\", text: \"Lisbon: 22 °C, sunny\" } }]"
                    : "reply: \"The **local agent** streams this reply word by word. Tools ask "
                      "first: see the prompt below.\"; toolCalls: [{ name: \"save_note\", "
                      "arguments: { path: \"notes.md\" } }]";
        const QByteArray toolObjects =
            "KoderTool { name: \"save_note\"; description: \"Saves a note\"; "
            "handler: function (args) { return \"Saved to \" + args.path } }\n"
            "KoderTool { name: \"get_weather\"; readOnly: true; "
            "handler: function (args) { return \"22 °C, sunny, wind 12 km/h\" } }";
        const QByteArray mirrored = language == QLatin1String("ar")
                                        ? "LayoutMirroring.enabled: true; "
                                          "LayoutMirroring.childrenInherit: true"
                                        : "";
        ChatWindow window(agent, {560, 760}, toolObjects,
                          (dark ? darkPalette : QByteArray()) + '\n' + mirrored);
        window.view.setColor(dark ? QColor(0x20, 0x22, 0x25) : QColor(Qt::white));
        QVERIFY(window.root);
        window.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window.view));
        KoderAgentController* controller = window.controller();
        const auto message = [](const char* role, const QString& text,
                                const QString& reasoning = {}) {
            return QVariantMap{{QStringLiteral("role"), QString::fromLatin1(role)},
                               {QStringLiteral("text"), text},
                               {QStringLiteral("reasoning"), reasoning}};
        };
        QSignalSpy ends(controller, &KoderAgentController::streamEnd);
        if (tools) {
            controller->setAutoAccept(QStringLiteral("always"));
            controller->send(QStringLiteral("What is the weather in Lisbon? Note it down."));
            QVERIFY(ends.wait(10'000));
        } else if (scene == QLatin1String("versions")) {
            controller->setChatMessages(QVariantList{
                message("user", QStringLiteral("Write a haiku about Qt.")),
                message("assistant", QStringLiteral("Signals find their slots,\nproperties "
                                                    "bind like rain:\nthe scene graph blooms."))});
            QVERIFY(controller->regenerate(lastId(controller)));
            QVERIFY(ends.wait(10'000));
        } else if (language == QLatin1String("ar")) {
            // What an Arabic-speaking user writes, mirrored.
            controller->setChatMessages(
                QVariantList{message("user", QStringLiteral("ماذا يمكنك أن تفعل؟")),
                             message("assistant",
                                     QStringLiteral("أستطيع **بث** الردود، وتشغيل الأدوات بإذنك، "
                                                    "والاحتفاظ بعدة محادثات:\n\n"
                                                    "```qml\nChatView { controller: agent }\n```"),
                                     QStringLiteral("يسأل المستخدم عمّا تستطيع اللوحة فعله."))});
            controller->send(QStringLiteral("احفظ ملاحظة من فضلك."));
            QTRY_COMPARE(controller->status(), QStringLiteral("reviewingToolCall"));
        } else {
            controller->setChatMessages(QVariantList{
                message("user", QStringLiteral("What can you do?")),
                message("assistant",
                        QStringLiteral("I can **stream** replies, run tools *with your "
                                       "permission*, and keep several conversations:\n\n"
                                       "```qml\nChatView { controller: agent }\n```"),
                        QStringLiteral("The user asks what the panel can do."))});
            controller->send(QStringLiteral("Save a note, please."));
            QTRY_COMPARE(controller->status(), QStringLiteral("reviewingToolCall"));
        }
        QTRY_VERIFY(window.bubbleFor(lastId(controller)));
        const QImage shot = window.view.grabWindow();
        QVERIFY(!shot.isNull());
        // A real picture, not a blank window: many distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < shot.height(); y += 7)
            for (int x = 0; x < shot.width(); x += 7)
                colours.insert(shot.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
        QDir().mkpath(QStringLiteral(KODER_SCREENSHOTS_DIR));
        const QString file = QStringLiteral(KODER_SCREENSHOTS_DIR "/chat-%1.png")
                                 .arg(QString::fromLatin1(QTest::currentDataTag()));
        QVERIFY(shot.save(file));
        qInfo() << "screenshot:" << file;
    }
};

QTEST_MAIN(TstComponents)
#include "tst_components.moc"
