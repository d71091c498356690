// SPDX-License-Identifier: MIT
// The QML components from C++: Markdown safety against a live local server, the exact
// accessibility events of a streamed, a stopped and a failed reply (through the notifier seam),
// the translations, and screenshots in light and dark palettes.
#include "accessibilitynotifier.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"
#include "kodertext.h"

#include <QtCore/QDir>
#include <QtCore/QTranslator>
#include <QtGui/QGuiApplication>
#include <QtGui/QPalette>
#include <QtGui/QTextBlock>
#include <QtGui/QTextDocument>
#include <QtNetwork/QTcpServer>
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

QString lastId(KoderAgentController* agent)
{
    return agent->messages()->get(agent->messages()->count() - 1).value("messageId").toString();
}

} // namespace

class TstComponents : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void markdownNeverFetchesAndNeverInterpretsHtml()
    {
        QTcpServer trap;
        QVERIFY(trap.listen(QHostAddress::LocalHost, 0));
        int connections = 0;
        connect(&trap, &QTcpServer::newConnection, this, [&] { ++connections; });
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

        auto* body = bubble->findChild<QQuickItem*>(QStringLiteral("bubbleBody"));
        QVERIFY(body);
        QTextDocument* doc =
            body->property("textDocument").value<QQuickTextDocument*>()->textDocument();
        const QString shown = doc->toPlainText();
        // HTML is shown as the text it is; the image became a link, nothing was loaded.
        QVERIFY2(shown.contains(QStringLiteral("<img src=")), qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("<b>bold?</b>")));
        QVERIFY(shown.contains(QStringLiteral("<script>")));
        QVERIFY(shown.contains(url + QStringLiteral("/pixel.png")));
        for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it)
                QVERIFY2(!it.fragment().charFormat().isImageFormat(), "an image in the document");
        QVERIFY(
            !KoderText::toSafeHtml(reply).contains(QStringLiteral("<img"), Qt::CaseInsensitive));
        QVERIFY(!trap.waitForNewConnection(300)); // a window for a fetch; none may come
        QCOMPARE(connections, 0);
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
        QCOMPARE(recorder.summary(bubble),
                 (QStringList{"say:Reply started", "insert@0:Hello world.",
                              "insert@12: How are you?", "insert@25: Fine", "say:Reply finished"}));
        // The item's accessible name is now the whole reply (a single name change for AT).
        QTRY_COMPARE(bubble->property("streaming").toBool(), false);
        QCOMPARE(window.controller()->messages()->get(1).value("text").toString(),
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
        QCOMPARE(
            recorder.summary(bubble),
            (QStringList{"say:Reply started", "insert@0:First sentence.", "say:Reply stopped"}));
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
            window.controller()->lastError().toMap().value("message").toString();
        QCOMPARE(recorder.summary(bubble),
                 (QStringList{"say:Reply started", "insert@0:One.", "ALERT:Error: " + message}));
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

    void screenshots_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void screenshots()
    {
        QFETCH(bool, dark);
        // The palette an app in dark mode hands its windows; the components follow it.
        const QByteArray darkPalette =
            "palette { window: \"#202225\"; windowText: \"#e8e8e8\"; base: \"#2b2d31\"; "
            "alternateBase: \"#33363b\"; text: \"#e8e8e8\"; button: \"#3a3d42\"; "
            "buttonText: \"#e8e8e8\"; highlight: \"#3d7ad6\"; highlightedText: \"#ffffff\"; "
            "mid: \"#55585e\"; placeholderText: \"#999999\"; light: \"#4a4d52\"; "
            "dark: \"#18191b\"; midlight: \"#44474c\"; shadow: \"#000000\" }";
        ChatWindow window("reply: \"The **local agent** streams this reply word by word. "
                          "Tools ask first: see the prompt below.\"; "
                          "toolCalls: [{ name: \"save_note\", arguments: { path: \"notes.md\" } }]",
                          {560, 720},
                          "KoderTool { name: \"save_note\"; description: \"Saves a note\" }",
                          dark ? darkPalette : QByteArray());
        window.view.setColor(dark ? QColor(0x20, 0x22, 0x25) : QColor(Qt::white));
        QVERIFY(window.root);
        window.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window.view));
        KoderAgentController* agent = window.controller();
        agent->setChatMessages(QVariantList{
            QVariantMap{{"role", "user"}, {"text", "What can you do?"}},
            QVariantMap{{"role", "assistant"},
                        {"text",
                         "I can **stream** replies, run tools *with your permission*, "
                         "and keep several conversations.\n\n- stop\n- regenerate\n- edit"}}});
        agent->send(QStringLiteral("Save a note, please."));
        QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QTRY_VERIFY(window.bubbleFor(lastId(agent)));
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
                                 .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"));
        QVERIFY(shot.save(file));
        qInfo() << "screenshot:" << file;
    }
};

QTEST_MAIN(TstComponents)
#include "tst_components.moc"
