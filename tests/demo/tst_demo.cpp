// SPDX-License-Identifier: MIT
// The demo's helpers: settings keep the API key only with permission, the note book appends and
// reports failures, the conversation filter follows the live list, the appearance switches
// language and theme; and the window opens a link only after the user said so.
#include "appearance.h"
#include "conversationfilter.h"
#include "demosettings.h"
#include "notebook.h"

#include "koderconversationlistmodel.h"
#include "koderconversationstore.h"
#include "urlcatcher.h"

#include <QtCore/QFile>
#include <QtCore/QLocale>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickWindow>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>

using namespace koder::agent;

class TstDemo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings and data in a test location
        QCoreApplication::setOrganizationName(QStringLiteral("KoderTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_demo"));
        QSettings().clear();
    }

    void theApiKeyReachesTheDiskOnlyWithPermission()
    {
        {
            DemoSettings settings(true);
            settings.setProperty("apiKey", QStringLiteral("sk-secret"));
            settings.setProperty("agent", QStringLiteral("openai"));
            settings.save();
        }
        QSettings stored;
        QCOMPARE(stored.value(QStringLiteral("agent")).toString(), QStringLiteral("openai"));
        QVERIFY(!stored.contains(QStringLiteral("apiKey")));
        {
            DemoSettings settings(true);
            QCOMPARE(settings.agent(), QStringLiteral("openai"));
            QVERIFY(settings.property("apiKey").toString().isEmpty());
            settings.setProperty("apiKey", QStringLiteral("sk-secret"));
            settings.setProperty("rememberApiKey", true);
            settings.save();
        }
        stored.sync();
        QCOMPARE(stored.value(QStringLiteral("apiKey")).toString(), QStringLiteral("sk-secret"));
        {
            DemoSettings settings(true);
            QCOMPARE(settings.property("apiKey").toString(), QStringLiteral("sk-secret"));
            settings.setProperty("rememberApiKey", false); // taking the permission back
            settings.save();
        }
        stored.sync();
        QVERIFY(!stored.contains(QStringLiteral("apiKey")));
    }

    void aHeadlessRunLeavesTheSettingsAlone()
    {
        QSettings().setValue(QStringLiteral("theme"), QStringLiteral("dark"));
        DemoSettings settings(false);
        QCOMPARE(settings.property("theme").toString(), QStringLiteral("system"));
        settings.setProperty("theme", QStringLiteral("light"));
        settings.save();
        QCOMPARE(QSettings().value(QStringLiteral("theme")).toString(), QStringLiteral("dark"));
    }

    void notesAreAppendedAndFailuresReported()
    {
        QTemporaryDir dir;
        NoteBook notes(dir.filePath(QStringLiteral("sub/notes.md")));
        QVERIFY(notes.save(QStringLiteral("buy milk")).contains(notes.path()));
        QVERIFY(!notes.save(QStringLiteral("call Ana")).isEmpty());
        QFile file(notes.path());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.indexOf(QStringLiteral("buy milk")) <
                text.indexOf(QStringLiteral("call Ana")));
        QCOMPARE(notes.save(QStringLiteral("   ")), QString()); // nothing to save

        NoteBook nowhere(QStringLiteral("/proc/koder-demo/notes.md"));
        QCOMPARE(nowhere.save(QStringLiteral("x")), QString());
    }

    void theFilterFollowsTheLiveList()
    {
        KoderConversationStore store; // in memory
        const std::vector<Message> one{Message("a", Role::User, "Trip to Lisbon")};
        const std::vector<Message> two{Message("b", Role::User, "Tax return")};
        QVERIFY(store.save(QStringLiteral("c1"), one, 0));
        KoderConversationListModel list;
        list.setStore(&store);
        ConversationFilter filter;
        filter.setSourceModel(&list);
        QSignalSpy count(&filter, &ConversationFilter::countChanged);
        filter.setText(QStringLiteral("t"));
        QCOMPARE(filter.count(), 1);
        QVERIFY(store.save(QStringLiteral("c2"), two, 0));
        QCOMPARE(filter.count(), 2);
        QVERIFY(count.count() >= 2);
        filter.setText(QStringLiteral("LISBON"));
        QCOMPARE(filter.count(), 1);
        QCOMPARE(filter.get(0).toMap().value(QStringLiteral("id")).toString(),
                 QStringLiteral("c1"));
        QVERIFY(filter.get(5).toMap().isEmpty());
        QVERIFY(list.remove(QStringLiteral("c1")));
        QCOMPARE(filter.count(), 0);
    }

    void aLinkOpensOnlyWhenTheUserSaysSo()
    {
        UrlCatcher desktop;
        QTemporaryDir dir;
        DemoSettings settings(false);
        Appearance appearance;
        NoteBook notes(dir.filePath(QStringLiteral("notes.md")));
        QQmlEngine engine;
        engine.addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
        QQmlComponent component(&engine);
        component.setData("import KoderDemo\nMain {}\n", QUrl());
        std::unique_ptr<QObject> object(component.createWithInitialProperties(
            {{QStringLiteral("settings"), QVariant::fromValue(&settings)},
             {QStringLiteral("appearance"), QVariant::fromValue(&appearance)},
             {QStringLiteral("notes"), QVariant::fromValue(&notes)},
             {QStringLiteral("storePath"), QString()}}));
        auto* window = qobject_cast<QQuickWindow*>(object.get());
        QVERIFY2(window, qPrintable(component.errorString()));
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QObject* chat = window->property("chatView").value<QObject*>();
        QObject* dialog = window->property("linkDialog").value<QObject*>();
        QVERIFY(chat && dialog);
        auto* target = dialog->property("targetLabel").value<QQuickItem*>();
        auto* openButton = dialog->property("openButton").value<QQuickItem*>();
        auto* cancelButton = dialog->property("cancelButton").value<QQuickItem*>();
        QVERIFY(target && openButton && cancelButton);
        const auto activate = [&](const QString& url) {
            QVERIFY(QMetaObject::invokeMethod(chat, "linkActivated", Q_ARG(QString, url)));
            QTRY_VERIFY(dialog->property("opened").toBool());
            QCOMPARE(target->property("text").toString(), url);
            QTRY_VERIFY(cancelButton->hasActiveFocus()); // the safe choice first
        };
        const QUrl web(QStringLiteral("https://example.invalid/docs"));

        // Enter on Cancel (the focus): nothing opens.
        activate(web.toString());
        QVERIFY(openButton->isEnabled());
        QTest::keyClick(window, Qt::Key_Return);
        QTRY_VERIFY(!dialog->property("visible").toBool());
        // Escape: nothing opens.
        activate(web.toString());
        QTest::keyClick(window, Qt::Key_Escape);
        QTRY_VERIFY(!dialog->property("visible").toBool());
        QTest::qWait(50);
        QCOMPARE(desktop.opened, QList<QUrl>());

        // Back-Tab to Open, Enter: the web address opens.
        activate(web.toString());
        QTest::keyClick(window, Qt::Key_Backtab);
        QTRY_VERIFY(openButton->hasActiveFocus());
        QTest::keyClick(window, Qt::Key_Return);
        QTRY_VERIFY(!dialog->property("visible").toBool());
        QTRY_COMPARE(desktop.opened, QList<QUrl>{web});

        // Another scheme is shown but cannot be opened, not even by accepting the dialog.
        desktop.opened.clear();
        activate(QStringLiteral("javascript:alert(1)"));
        QVERIFY(!openButton->isEnabled());
        QVERIFY(QMetaObject::invokeMethod(dialog, "accept"));
        QTRY_VERIFY(!dialog->property("visible").toBool());
        QTest::qWait(50);
        QCOMPARE(desktop.opened, QList<QUrl>());
    }

    void languageAndThemeSwitch()
    {
        Appearance appearance;
        QCOMPARE(appearance.applyLanguage(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(QCoreApplication::translate("Sender", "Send"), QStringLiteral("Senden"));
        QCOMPARE(QLocale().language(), QLocale::German); // dates follow the language
        QCOMPARE(appearance.applyLanguage(QStringLiteral("pt_BR")), QStringLiteral("pt_BR"));
        QCOMPARE(QCoreApplication::translate("Sender", "Send"), QStringLiteral("Enviar"));
        QCOMPARE(appearance.applyLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("Sender", "Send"), QStringLiteral("Send"));
        QCOMPARE(appearance.languages().size(), 4);

        QSignalSpy changed(&appearance, &Appearance::themeChanged);
        appearance.applyTheme(QStringLiteral("dark"));
        QVERIFY(appearance.dark());
        const QVariantMap dark = appearance.colors();
        QVERIFY(dark.value(QStringLiteral("window")).value<QColor>().lightness() <
                dark.value(QStringLiteral("text")).value<QColor>().lightness());
        appearance.applyTheme(QStringLiteral("light"));
        QVERIFY(!appearance.dark());
        appearance.applyTheme(QStringLiteral("system"));
        QVERIFY(appearance.colors().isEmpty()); // the style's own palette
        QCOMPARE(changed.count(), 3);
    }
};

QTEST_MAIN(TstDemo)
#include "tst_demo.moc"
