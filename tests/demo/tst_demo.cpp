// SPDX-License-Identifier: MIT
// The demo's helpers: settings keep API keys only in the platform's secret store and only with
// permission (never in the settings file), the note book appends and
// reports failures, the conversation filter follows the live list, the appearance switches
// language and theme; and the window opens a link only after the user said so. MCP servers come
// from a configuration file (--mcp-config or the default one): ready with their tools in
// Settings, a switch kept across a restart, a broken file said in Settings and the log, never
// fatal; koder-demo --headless --mcp-config says how each server is. --agent agui --base-url
// talks to an AG-UI agent (the scripted one), with KODER_API_KEY as its key. DemoFiles writes
// exports whole (UTF-8, through QSaveFile) and says why it could not; a conversation exported
// from the window's pane is in the file: the HTML with no script and the title escaped. The voice:
// reading aloud (Voice menu, its shortcut, Settings) and the speech settings are kept across a
// restart, the speech-to-text key like the agents' keys; with a server set the chat dictates.
#include "appearance.h"
#include "conversationfilter.h"
#include "demofiles.h"
#include "demosettings.h"
#include "mcpconfiguration.h"
#include "notebook.h"
#include "secretstore.h"

#include "koderconversationlistmodel.h"
#include "koderconversationstore.h"
#include "urlcatcher.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QLibraryInfo>
#include <QtCore/QLocale>
#include <QtCore/QProcess>
#include <QtCore/QScopeGuard>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtDBus/QDBusMessage>
#include <QtDBus/QDBusVariant>
#include <QtDBus/QDBusVirtualObject>
#include <QtGui/QGuiApplication>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtQml/QJSEngine>
#include <QtQml/QQmlComponent>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickWindow>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>

using namespace koder::agent;

namespace {

// The scripted test server as a configuration file names it, with extra arguments.
QJsonObject scriptedServer(const QStringList& extra = {})
{
    QJsonArray args{QStringLiteral(KODER_MCP_SERVERS_DIR "/scripted_server.mjs")};
    for (const QString& arg : extra)
        args.append(arg);
    return {{QStringLiteral("command"), QStringLiteral(KODER_NODE_EXECUTABLE)},
            {QStringLiteral("args"), args}};
}

QString writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write(text);
    return path;
}

QByteArray configuration(const QJsonObject& servers)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("mcpServers"), servers}}).toJson();
}

KoderMcpServer* serverNamed(const McpConfiguration& mcp, const QString& name)
{
    for (KoderMcpServer* server : mcp.servers())
        if (server->name() == name)
            return server;
    return nullptr;
}

// The demo's window as main() makes it, with the MCP configuration's servers added; its
// settings kept in QSettings when \a persistent.
struct DemoWindow {
    explicit DemoWindow(bool persistent = false) : settings(persistent) {}
    QTemporaryDir dir;
    DemoSettings settings;
    Appearance appearance;
    NoteBook notes{dir.filePath(QStringLiteral("notes.md"))};
    QQmlEngine engine;
    std::unique_ptr<QObject> object;
    QQuickWindow* window = nullptr;
    QObject* dialog = nullptr;

    /// Shows the window (and the settings dialog, when \a openSettings); \a mcp may be null.
    QString open(McpConfiguration* mcp, bool openSettings = true)
    {
        engine.addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
        QQmlComponent component(&engine);
        component.setData("import KoderDemo\nMain {}\n", QUrl());
        object.reset(component.createWithInitialProperties(
            {{QStringLiteral("settings"), QVariant::fromValue(&settings)},
             {QStringLiteral("appearance"), QVariant::fromValue(&appearance)},
             {QStringLiteral("notes"), QVariant::fromValue(&notes)},
             {QStringLiteral("mcp"), QVariant::fromValue(mcp)},
             {QStringLiteral("storePath"), QString()}}));
        window = qobject_cast<QQuickWindow*>(object.get());
        if (!window)
            return component.errorString();
        if (mcp)
            mcp->addTo(window->property("agent").value<KoderAgentController*>());
        window->show();
        window->requestActivate();
        if (!QTest::qWaitForWindowExposed(window) || !QTest::qWaitForWindowActive(window))
            return QStringLiteral("the window is not shown");
        dialog = window->property("settingsDialog").value<QObject*>();
        if (!dialog)
            return QStringLiteral("no settings dialog");
        if (openSettings)
            QMetaObject::invokeMethod(dialog, "open");
        return {};
    }
    QQuickItem* itemOf(const char* repeater, int index) const
    {
        auto* rows = dialog->property(repeater).value<QObject*>();
        QQuickItem* item = nullptr;
        if (rows)
            QMetaObject::invokeMethod(rows, "itemAt", Q_RETURN_ARG(QQuickItem*, item),
                                      Q_ARG(int, index));
        return item;
    }
    int countOf(const char* repeater) const
    {
        auto* rows = dialog->property(repeater).value<QObject*>();
        return rows ? rows->property("count").toInt() : -1;
    }
    /// A text of the server row \a index: its label \a alias ("statusLabel", "detailsLabel"...).
    QString rowText(int index, const char* alias) const
    {
        QQuickItem* row = itemOf("mcpRows", index);
        auto* label = row ? row->property(alias).value<QObject*>() : nullptr;
        return label ? label->property("text").toString() : QString();
    }
};

} // namespace

namespace {

// Just enough of the freedesktop Secret Service for SecretStore: OpenSession ("plain"),
// SearchItems, GetSecrets, CreateItem on the default collection (replacing), Item.Delete; never
// a prompt.
class FakeSecretService : public QDBusVirtualObject {
public:
    struct Item {
        QString path;
        QString label;
        secretservice::Attributes attributes;
        QByteArray secret;
    };
    QList<Item> items;
    int sessionsOpened = 0;
    int next = 0;

    QString introspect(const QString&) const override { return {}; }

    bool handleMessage(const QDBusMessage& message, const QDBusConnection& connection) override
    {
        const QString member = message.member();
        const QVariantList in = message.arguments();
        QVariantList out;
        if (member == QLatin1String("OpenSession")) {
            if (in.value(0).toString() != QLatin1String("plain"))
                return connection.send(message.createErrorReply(
                    QStringLiteral("org.freedesktop.DBus.Error.NotSupported"), QString()));
            ++sessionsOpened;
            out = {QVariant::fromValue(QDBusVariant(QString())),
                   QVariant::fromValue(QDBusObjectPath("/org/freedesktop/secrets/session/1"))};
        } else if (member == QLatin1String("SearchItems")) {
            const auto wanted = qdbus_cast<secretservice::Attributes>(in.value(0));
            QList<QDBusObjectPath> found;
            for (const Item& item : std::as_const(items))
                if (matches(item, wanted))
                    found.append(QDBusObjectPath(item.path));
            out = {QVariant::fromValue(found), QVariant::fromValue(QList<QDBusObjectPath>())};
        } else if (member == QLatin1String("GetSecrets")) {
            const auto wanted = qdbus_cast<QList<QDBusObjectPath>>(in.value(0));
            const auto session = qdbus_cast<QDBusObjectPath>(in.value(1));
            secretservice::SecretMap secrets;
            for (const Item& item : std::as_const(items))
                if (wanted.contains(QDBusObjectPath(item.path)))
                    secrets.insert(QDBusObjectPath(item.path),
                                   {session, {}, item.secret, QStringLiteral("text/plain")});
            out = {QVariant::fromValue(secrets)};
        } else if (member == QLatin1String("CreateItem") &&
                   message.path() == QLatin1String(secretservice::defaultCollection)) {
            const auto properties = qdbus_cast<QVariantMap>(in.value(0));
            const auto secret = qdbus_cast<secretservice::Secret>(in.value(1));
            Item item;
            item.label =
                properties.value(QStringLiteral("org.freedesktop.Secret.Item.Label")).toString();
            item.attributes = qdbus_cast<secretservice::Attributes>(
                properties.value(QStringLiteral("org.freedesktop.Secret.Item.Attributes")));
            item.secret = secret.value;
            item.path = QStringLiteral("/org/freedesktop/secrets/collection/login/%1").arg(++next);
            if (in.value(2).toBool())
                items.removeIf([&](const Item& kept) { return matches(kept, item.attributes); });
            items.append(item);
            out = {QVariant::fromValue(QDBusObjectPath(item.path)),
                   QVariant::fromValue(QDBusObjectPath("/"))};
        } else if (member == QLatin1String("Delete")) {
            items.removeIf([&](const Item& kept) { return kept.path == message.path(); });
            out = {QVariant::fromValue(QDBusObjectPath("/"))};
        } else {
            return false;
        }
        return connection.send(message.createReply(out));
    }

private:
    static bool matches(const Item& item, const secretservice::Attributes& wanted)
    {
        for (auto it = wanted.cbegin(); it != wanted.cend(); ++it)
            if (item.attributes.value(it.key()) != it.value())
                return false;
        return true;
    }
};

} // namespace

class TstDemo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings and data in a test location
        QCoreApplication::setOrganizationName(QStringLiteral("KoderTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_demo"));
        QSettings().clear();
        qunsetenv("KODER_API_KEY");
    }

    // Nothing the user typed as a key may be found in the settings file, in any form.
    static bool settingsFileHolds(const QString& secret)
    {
        QSettings settings;
        settings.sync();
        for (const QString& key : settings.allKeys())
            if (settings.value(key).toString().contains(secret))
                return true;
        QFile file(settings.fileName());
        return file.open(QIODevice::ReadOnly) && file.readAll().contains(secret.toUtf8());
    }

    void withoutASecretStoreNoKeyIsKept()
    {
        QSettings().clear();
        // A bus that is not there: the CI machine, a headless session.
        SecretStore store(QDBusConnection::connectToBus(
            QStringLiteral("unix:path=/nonexistent/koder-demo-bus"), QStringLiteral("nobus")));
        QSignalSpy state(&store, &SecretStore::stateChanged);
        QTRY_COMPARE(store.state(), QStringLiteral("unavailable"));
        QVERIFY(!store.available());
        QVERIFY(!store.error().isEmpty());
        QSignalSpy failed(&store, &SecretStore::failed);
        QSignalSpy found(&store, &SecretStore::found);
        store.lookup(QStringLiteral("openai"));
        store.store(QStringLiteral("openai"), QStringLiteral("sk-nowhere"), QStringLiteral("x"));
        QTRY_COMPARE(failed.count(), 2);
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("openai"));
        QCOMPARE(found.count(), 0);
        QDBusConnection::disconnectFromBus(QStringLiteral("nobus"));

        {
            DemoSettings settings(true, &store);
            QCOMPARE(settings.secretStore(), &store);
            settings.setProperty("agent", QStringLiteral("anthropic"));
            settings.setApiKey(QStringLiteral("anthropic"), QStringLiteral("sk-ant-secret"));
            settings.setApiKey(QStringLiteral("openai"), QStringLiteral("sk-secret"));
            settings.setApiKey(QStringLiteral("responses"), QStringLiteral("sk-resp-secret"));
            // The Responses API's choices are kept like the other servers' (an empty summary:
            // none, not the default).
            settings.setProperty("responsesUrl", QStringLiteral("https://proxy.invalid/v1"));
            settings.setProperty("responsesModel", QStringLiteral("o4-mini"));
            settings.setProperty("responsesReasoningEffort", QStringLiteral("high"));
            settings.setProperty("responsesReasoningSummary", QString());
            settings.setProperty("rememberApiKey", true); // asked for, but nowhere to keep it
            QCOMPARE(settings.apiKeys().value(QStringLiteral("anthropic")).toString(),
                     QStringLiteral("sk-ant-secret"));
            settings.save();
        }
        QSettings stored;
        QCOMPARE(stored.value(QStringLiteral("agent")).toString(), QStringLiteral("anthropic"));
        QVERIFY(!stored.contains(QStringLiteral("apiKey")));
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-secret")));
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-ant-secret")));
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-resp-secret")));
        {
            DemoSettings settings(true, &store);
            QCOMPARE(settings.agent(), QStringLiteral("anthropic"));
            QCOMPARE(settings.property("responsesUrl").toString(),
                     QStringLiteral("https://proxy.invalid/v1"));
            QCOMPARE(settings.property("responsesModel").toString(), QStringLiteral("o4-mini"));
            QCOMPARE(settings.property("responsesReasoningEffort").toString(),
                     QStringLiteral("high"));
            QCOMPARE(settings.property("responsesReasoningSummary").toString(), QString());
            for (const QString& provider : DemoSettings::keyedProviders())
                QVERIFY(settings.apiKeys().value(provider).toString().isEmpty());
        }
        // Not persistent, no store: the same.
        DemoSettings memory;
        QCOMPARE(memory.secretStore(), nullptr);
        memory.setApiKey(QStringLiteral("openai"), QStringLiteral("sk-memory"));
        memory.setProperty("rememberApiKey", true);
        memory.save();
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-memory")));
    }

    // The Responses API's defaults: OpenAI's server, a small reasoning model, the server's own
    // effort and an automatic summary of the reasoning; a key of its own.
    void theResponsesApiHasItsOwnDefaultsAndKey()
    {
        QSettings().clear();
        DemoSettings settings(true);
        QCOMPARE(settings.property("responsesUrl").toString(),
                 QStringLiteral("https://api.openai.com/v1"));
        QCOMPARE(settings.property("responsesModel").toString(), QStringLiteral("gpt-5-mini"));
        QCOMPARE(settings.property("responsesReasoningEffort").toString(), QString());
        QCOMPARE(settings.property("responsesReasoningSummary").toString(), QStringLiteral("auto"));
        QVERIFY(DemoSettings::keyedProviders().contains(QStringLiteral("responses")));
        QVERIFY(settings.apiKeys().contains(QStringLiteral("responses")));
        settings.setApiKey(QStringLiteral("responses"), QStringLiteral("sk-resp-own"));
        QCOMPARE(settings.apiKeys().value(QStringLiteral("responses")).toString(),
                 QStringLiteral("sk-resp-own"));
        QVERIFY(settings.apiKeys().value(QStringLiteral("openai")).toString().isEmpty());
    }

    void aKeyLeftInClearTextIsRemovedOnLoad()
    {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("rememberApiKey"), true);
        QSettings().setValue(QStringLiteral("apiKey"), QStringLiteral("sk-old-clear-text"));
        QSettings().sync();
        DemoSettings settings(true); // no store
        // Used for this run, gone from the disk at once.
        QCOMPARE(settings.apiKeys().value(QStringLiteral("openai")).toString(),
                 QStringLiteral("sk-old-clear-text"));
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-old-clear-text")));
        settings.save();
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-old-clear-text")));
    }

    // The environment's key is the starting agent's only: another provider's server never gets it.
    void theEnvironmentKeyGoesToTheStartingAgentOnly()
    {
        QSettings().clear();
        qputenv("KODER_API_KEY", "sk-from-env");
        DemoSettings settings(true);
        qunsetenv("KODER_API_KEY");
        for (const QString& provider : DemoSettings::keyedProviders())
            QVERIFY(settings.apiKeys().value(provider).toString().isEmpty());
        settings.useEnvironmentKeyFor(QStringLiteral("anthropic"));
        QCOMPARE(settings.apiKeys().value(QStringLiteral("anthropic")).toString(),
                 QStringLiteral("sk-from-env"));
        QVERIFY(settings.apiKeys().value(QStringLiteral("ollama")).toString().isEmpty());
        QVERIFY(settings.apiKeys().value(QStringLiteral("openai")).toString().isEmpty());
        QVERIFY(settings.apiKeys().value(QStringLiteral("responses")).toString().isEmpty());
        settings.setProperty("rememberApiKey", true);
        settings.save();
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-from-env")));

        // The Responses API started with (--agent responses): its key only, not the
        // OpenAI-compatible server's (another host, perhaps).
        qputenv("KODER_API_KEY", "sk-resp-from-env");
        DemoSettings responses(true);
        qunsetenv("KODER_API_KEY");
        responses.useEnvironmentKeyFor(QStringLiteral("responses"));
        QCOMPARE(responses.apiKeys().value(QStringLiteral("responses")).toString(),
                 QStringLiteral("sk-resp-from-env"));
        QVERIFY(responses.apiKeys().value(QStringLiteral("openai")).toString().isEmpty());
        responses.setProperty("rememberApiKey", true);
        responses.save();
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-resp-from-env")));
    }

    // The Secret Service protocol against a fake service on a private bus: keys are kept under
    // {application, provider}, read back by a later run, and deleted when permission is taken back.
    void keysGoToTheSecretServiceWhenAllowed()
    {
        const QString daemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
        if (daemon.isEmpty())
            QSKIP("dbus-daemon is not installed");
        QTemporaryDir dir;
        FakeSecretService fake; // outlives the connections
        QProcess bus;
        // The session bus's configuration, on an address of its own.
        bus.start(daemon,
                  {QStringLiteral("--session"), QStringLiteral("--nofork"),
                   QStringLiteral("--print-address"),
                   QStringLiteral("--address=unix:path=") + dir.filePath(QStringLiteral("bus"))});
        QVERIFY2(bus.waitForStarted(), qPrintable(bus.errorString()));
        const auto stop = qScopeGuard([&bus] {
            // Every connection is closed before the bus goes (libdbus aborts otherwise).
            for (const char* name :
                 {"fake-secret-service", "run0", "run-legacy", "run1", "run2", "run3"})
                QDBusConnection::disconnectFromBus(QLatin1String(name));
            bus.terminate();
            bus.waitForFinished(3000);
        });
        QTRY_VERIFY_WITH_TIMEOUT(bus.canReadLine() || bus.state() != QProcess::Running, 10000);
        const QString address = QString::fromUtf8(bus.readLine()).trimmed();
        if (address.isEmpty())
            QSKIP("dbus-daemon did not start a bus here");

        QDBusConnection serviceBus =
            QDBusConnection::connectToBus(address, QStringLiteral("fake-secret-service"));
        QVERIFY(serviceBus.isConnected());
        QVERIFY(serviceBus.registerVirtualObject(QLatin1String(secretservice::servicePath), &fake,
                                                 QDBusConnection::SubPath));
        const auto client = [&address](const QString& name) {
            return QDBusConnection::connectToBus(address, name);
        };
        {
            // A bus with no Secret Service on it: unavailable, said quickly.
            SecretStore none(client(QStringLiteral("run0")));
            QTRY_COMPARE(none.state(), QStringLiteral("unavailable"));
            QVERIFY2(none.error().contains(QLatin1String("ServiceUnknown")),
                     qPrintable(none.error()));
        }
        QVERIFY(serviceBus.registerService(QLatin1String(secretservice::service)));

        {
            // A key an older demo left in clear text moves to the store (the user allowed
            // remembering it) and leaves the settings file.
            QSettings().clear();
            QSettings().setValue(QStringLiteral("rememberApiKey"), true);
            QSettings().setValue(QStringLiteral("apiKey"), QStringLiteral("sk-legacy"));
            QSettings().sync();
            SecretStore store(client(QStringLiteral("run-legacy")));
            DemoSettings settings(true, &store);
            QVERIFY(!settingsFileHolds(QStringLiteral("sk-legacy")));
            QTRY_COMPARE(fake.items.size(), 1);
            QCOMPARE(fake.items.constFirst().secret, QByteArray("sk-legacy"));
            QCOMPARE(fake.items.constFirst().attributes.value(QStringLiteral("provider")),
                     QStringLiteral("openai"));
            fake.items.clear();
        }
        QSettings().clear();
        {
            SecretStore store(client(QStringLiteral("run1")));
            QTRY_COMPARE(store.state(), QStringLiteral("available"));
            DemoSettings settings(true, &store);
            settings.setApiKey(QStringLiteral("anthropic"), QStringLiteral("sk-ant-kept"));
            settings.setApiKey(QStringLiteral("openai"), QStringLiteral("sk-openai-kept"));
            settings.setApiKey(QStringLiteral("responses"), QStringLiteral("sk-resp-kept"));
            settings.save(); // not allowed yet: nothing is kept
            QTest::qWait(100);
            QVERIFY(fake.items.isEmpty());
            settings.setProperty("rememberApiKey", true);
            settings.save();
            QTRY_COMPARE(fake.items.size(), 3);
        }
        QCOMPARE(fake.sessionsOpened, 2); // one per run
        const auto itemFor = [&fake](const QString& provider) {
            for (const auto& item : std::as_const(fake.items))
                if (item.attributes.value(QStringLiteral("provider")) == provider)
                    return item;
            return FakeSecretService::Item();
        };
        QCOMPARE(itemFor(QStringLiteral("anthropic")).secret, QByteArray("sk-ant-kept"));
        QCOMPARE(
            itemFor(QStringLiteral("anthropic")).attributes.value(QStringLiteral("application")),
            QStringLiteral("koder-demo"));
        QCOMPARE(itemFor(QStringLiteral("openai")).secret, QByteArray("sk-openai-kept"));
        QVERIFY(!itemFor(QStringLiteral("openai")).label.isEmpty());
        QCOMPARE(itemFor(QStringLiteral("responses")).secret, QByteArray("sk-resp-kept"));
        QCOMPARE(
            itemFor(QStringLiteral("responses")).attributes.value(QStringLiteral("application")),
            QStringLiteral("koder-demo"));
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-ant-kept")));
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-openai-kept")));
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-resp-kept")));

        {
            // A later run reads them back; a changed key replaces the kept one.
            SecretStore store(client(QStringLiteral("run2")));
            DemoSettings settings(true, &store);
            QTRY_COMPARE(settings.apiKeys().value(QStringLiteral("anthropic")).toString(),
                         QStringLiteral("sk-ant-kept"));
            QTRY_COMPARE(settings.apiKeys().value(QStringLiteral("openai")).toString(),
                         QStringLiteral("sk-openai-kept"));
            QTRY_COMPARE(settings.apiKeys().value(QStringLiteral("responses")).toString(),
                         QStringLiteral("sk-resp-kept"));
            QVERIFY(settings.apiKeys().value(QStringLiteral("ollama")).toString().isEmpty());
            settings.setApiKey(QStringLiteral("openai"), QStringLiteral("sk-openai-new"));
            settings.save();
            QTRY_COMPARE(itemFor(QStringLiteral("openai")).secret, QByteArray("sk-openai-new"));
            QCOMPARE(itemFor(QStringLiteral("responses")).secret, QByteArray("sk-resp-kept"));
            QCOMPARE(fake.items.size(), 3);
            // Permission taken back: the kept keys go.
            settings.setProperty("rememberApiKey", false);
            settings.save();
            QTRY_VERIFY(fake.items.isEmpty());
            QCOMPARE(settings.apiKeys().value(QStringLiteral("openai")).toString(),
                     QStringLiteral("sk-openai-new")); // still used for this run
        }
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-openai-new")));

        // The store read directly: a key nobody kept is found empty.
        SecretStore store(client(QStringLiteral("run3")));
        QSignalSpy found(&store, &SecretStore::found);
        store.lookup(QStringLiteral("ollama"));
        QTRY_COMPARE(found.count(), 1);
        QCOMPARE(found.at(0).at(1).toString(), QString());
    }

    // The voice's settings: reading aloud off and no speech-to-text server by default (so no
    // dictation), everything kept across a restart; the speech-to-text server's key is a key like
    // the agents' (never in the settings file).
    void theVoiceSettingsAreKept()
    {
        QSettings().clear();
        QVERIFY(DemoSettings::keyedProviders().contains(QStringLiteral("transcription")));
        {
            DemoSettings settings(true);
            QCOMPARE(settings.property("readAloud").toBool(), false);
            QCOMPARE(settings.property("speechVoice").toString(), QString());
            QCOMPARE(settings.property("speechRate").toDouble(), 0.0);
            QCOMPARE(settings.property("transcriptionUrl").toString(), QString());
            QCOMPARE(settings.property("transcriptionModel").toString(), QStringLiteral("whisper-1"));
            QCOMPARE(settings.property("transcriptionLanguage").toString(), QString());
            settings.setProperty("readAloud", true);
            settings.setProperty("speechVoice", QStringLiteral("slt"));
            settings.setProperty("speechRate", -0.3);
            settings.setProperty("transcriptionUrl", QStringLiteral("http://127.0.0.1:8000/v1"));
            settings.setProperty("transcriptionModel", QStringLiteral("Systran/faster-whisper-small"));
            settings.setProperty("transcriptionLanguage", QStringLiteral("de"));
            settings.setApiKey(QStringLiteral("transcription"), QStringLiteral("sk-whisper-secret"));
            QCOMPARE(settings.apiKeys().value(QStringLiteral("transcription")).toString(),
                     QStringLiteral("sk-whisper-secret"));
            settings.save();
        }
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-whisper-secret")));
        {
            DemoSettings settings(true);
            QCOMPARE(settings.property("readAloud").toBool(), true);
            QCOMPARE(settings.property("speechVoice").toString(), QStringLiteral("slt"));
            QCOMPARE(settings.property("speechRate").toDouble(), -0.3);
            QCOMPARE(settings.property("transcriptionUrl").toString(),
                     QStringLiteral("http://127.0.0.1:8000/v1"));
            QCOMPARE(settings.property("transcriptionModel").toString(),
                     QStringLiteral("Systran/faster-whisper-small"));
            QCOMPARE(settings.property("transcriptionLanguage").toString(), QStringLiteral("de"));
            // No secret store: the key lived for that run only.
            QVERIFY(settings.apiKeys().value(QStringLiteral("transcription")).toString().isEmpty());
        }
        QSettings().clear();
    }

    // Voice > Read replies aloud (here by its shortcut, then from the menu's action) is kept at
    // once, alone (the other settings wait for OK: the command line may have overridden them),
    // and the window reads aloud again after a restart.
    void readAloudIsKeptAcrossARestart()
    {
        QSettings().clear();
        const auto readAloudOf = [](QObject* window) {
            auto* action = window->property("readAloudAction").value<QObject*>();
            auto* speech = window->property("speech").value<QObject*>();
            if (!action || !speech)
                return QStringLiteral("no action or speech");
            return QStringLiteral("%1 %2").arg(action->property("checked").toBool() ? u"on" : u"off",
                                               speech->property("readAloud").toBool() ? u"on" : u"off");
        };
        {
            DemoWindow demo(true);
            const QString error = demo.open(nullptr, false);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(readAloudOf(demo.window), QStringLiteral("off off"));
            demo.settings.setProperty("theme", QStringLiteral("dark")); // as --theme dark does
            QTest::keyClick(demo.window, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
            QTRY_COMPARE(readAloudOf(demo.window), QStringLiteral("on on"));
            QVERIFY(demo.settings.property("readAloud").toBool());
            QCOMPARE(QSettings().value(QStringLiteral("readAloud")), QVariant(true));
            QVERIFY(!QSettings().contains(QStringLiteral("theme"))); // written alone
        }
        {
            DemoWindow demo(true);
            const QString error = demo.open(nullptr, false);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(readAloudOf(demo.window), QStringLiteral("on on"));
            // Off from the menu; the Settings dialog shows it so.
            auto* action = demo.window->property("readAloudAction").value<QObject*>();
            QVERIFY(QMetaObject::invokeMethod(action, "toggle"));
            QCOMPARE(readAloudOf(demo.window), QStringLiteral("off off"));
            QCOMPARE(QSettings().value(QStringLiteral("readAloud")), QVariant(false));
            QVERIFY(QMetaObject::invokeMethod(demo.dialog, "open"));
            auto* box = demo.dialog->property("readAloudBox").value<QObject*>();
            QVERIFY(box);
            QTRY_VERIFY(demo.dialog->property("opened").toBool());
            QCOMPARE(box->property("checked").toBool(), false);
            // On in the settings: the menu follows.
            box->setProperty("checked", true);
            QVERIFY(QMetaObject::invokeMethod(demo.dialog, "accept"));
            QCOMPARE(readAloudOf(demo.window), QStringLiteral("on on"));
        }
        DemoSettings again(true);
        QVERIFY(again.property("readAloud").toBool());
        QSettings().clear();
    }

    // The voice settings made in the dialog are kept, and after a restart the window uses them:
    // the speech reads with the voice and rate, dictation sends to the server with its model and
    // language (the microphone itself: tst_demowindow.qml).
    void voiceSettingsFromTheDialogAreUsedAfterARestart()
    {
        QSettings().clear();
        {
            DemoWindow demo(true);
            const QString error = demo.open(nullptr, false);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            auto* chat = demo.window->property("chatView").value<QObject*>();
            QVERIFY(chat);
            // No server yet: no dictation, so no microphone that could only fail.
            QCOMPARE(chat->property("dictation").value<QObject*>(), nullptr);
            QVERIFY(chat->property("speech").value<QObject*>());
            QVERIFY(QMetaObject::invokeMethod(demo.dialog, "open"));
            QTRY_VERIFY(demo.dialog->property("opened").toBool());
            const auto field = [&](const char* name) {
                return demo.dialog->property(name).value<QObject*>();
            };
            field("transcriptionUrlField")->setProperty("text", QStringLiteral(" http://127.0.0.1:9/v1 "));
            field("transcriptionModelField")->setProperty("text", QStringLiteral("whisper-large-v3"));
            field("transcriptionLanguageField")->setProperty("text", QStringLiteral("pt"));
            field("transcriptionKeyField")->setProperty("text", QStringLiteral("sk-stt"));
            field("rateSlider")->setProperty("value", 0.5);
            QVERIFY(QMetaObject::invokeMethod(demo.dialog, "accept"));
            QCOMPARE(demo.settings.property("transcriptionUrl").toString(),
                     QStringLiteral("http://127.0.0.1:9/v1"));
            QCOMPARE(demo.settings.apiKeys().value(QStringLiteral("transcription")).toString(),
                     QStringLiteral("sk-stt"));
            QVERIFY(chat->property("dictation").value<QObject*>());
        }
        QVERIFY(!settingsFileHolds(QStringLiteral("sk-stt")));
        {
            DemoWindow demo(true);
            const QString error = demo.open(nullptr, false);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            auto* transcriber = demo.window->property("transcriber").value<QObject*>();
            auto* speech = demo.window->property("speech").value<QObject*>();
            auto* dictation = demo.window->property("dictation").value<QObject*>();
            auto* chat = demo.window->property("chatView").value<QObject*>();
            QVERIFY(transcriber && speech && dictation && chat);
            QCOMPARE(transcriber->property("baseUrl").toUrl(), QUrl(QStringLiteral("http://127.0.0.1:9/v1")));
            QCOMPARE(transcriber->property("model").toString(), QStringLiteral("whisper-large-v3"));
            QCOMPARE(transcriber->property("language").toString(), QStringLiteral("pt"));
            QCOMPARE(speech->property("rate").toDouble(), 0.5);
            QCOMPARE(dictation->property("transcriber").value<QObject*>(), transcriber);
            QCOMPARE(dictation->property("speech").value<QObject*>(), speech);
            QCOMPARE(chat->property("dictation").value<QObject*>(), dictation);
            QCOMPARE(chat->property("speech").value<QObject*>(), speech);
        }
        QSettings().clear();
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
        // The reply names the file, not where the user's data lives (the model may repeat it).
        const QString saved = notes.save(QStringLiteral("buy milk"));
        QVERIFY2(saved.contains(QStringLiteral("notes.md")), qPrintable(saved));
        QVERIFY2(!saved.contains(dir.path()), qPrintable(saved));
        QVERIFY(!notes.save(QStringLiteral("call Ana")).isEmpty());
        QFile file(notes.path());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.indexOf(QStringLiteral("buy milk")) <
                text.indexOf(QStringLiteral("call Ana")));
        QCOMPARE(notes.save(QStringLiteral("   ")), QString()); // nothing to save

        NoteBook nowhere(QStringLiteral("/proc/koder-demo/notes.md"));
        QCOMPARE(nowhere.save(QStringLiteral("x")), QString());
        // A failure is a JS error for the tool call, and it does not name the folder either.
        QJSEngine engine;
        QJSEngine::setObjectOwnership(&nowhere, QJSEngine::CppOwnership);
        engine.globalObject().setProperty(QStringLiteral("notes"), engine.newQObject(&nowhere));
        const QString error =
            engine.evaluate(QStringLiteral("try { notes.save('x'); '' } catch (e) { e.message }"))
                .toString();
        QVERIFY2(error.contains(QStringLiteral("notes.md")), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("/proc/koder-demo")), qPrintable(error));
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

    // --- Export ------------------------------------------------------------------------------

    void demoFilesWriteWholeFilesAndSayWhy()
    {
        QTemporaryDir dir;
        DemoFiles files;
        QSignalSpy error(&files, &DemoFiles::errorStringChanged);
        const QString path = dir.filePath(QStringLiteral("café.md"));
        const QString text = QStringLiteral("# Pão de queijo\n\nعربي — “quoted” ✓\n");
        QVERIFY(files.save(QUrl::fromLocalFile(path), text));
        QCOMPARE(files.errorString(), QString());
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), text.toUtf8());
        written.close();
        // Replaced, not appended.
        QVERIFY(files.save(QUrl::fromLocalFile(path), QStringLiteral("short")));
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), QByteArray("short"));

        // A folder that is not there, a web address, nothing chosen: false, and why.
        QVERIFY(!files.save(QUrl::fromLocalFile(dir.filePath(QStringLiteral("no/such/x.html"))),
                            text));
        QVERIFY2(files.errorString().startsWith(QStringLiteral("Cannot write x.html: ")),
                 qPrintable(files.errorString()));
        QCOMPARE(error.count(), 1);
        QVERIFY(!files.save(QUrl(QStringLiteral("https://example.invalid/x.md")), text));
        QVERIFY2(files.errorString().contains(QStringLiteral("https://example.invalid/x.md")),
                 qPrintable(files.errorString()));
        QVERIFY(!files.save(QUrl(), text));
        QCOMPARE(files.errorString(), QStringLiteral("No file was chosen."));
        QVERIFY(files.save(QUrl::fromLocalFile(path), text));
        QCOMPARE(files.errorString(), QString());
    }

    void theSuggestedFileIsNamedAfterTheTitle_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("name");
        QTest::newRow("plain") << QStringLiteral("Trip to Lisbon") << QStringLiteral("Trip to Lisbon.md");
        QTest::newRow("refused characters")
            << QStringLiteral("a/b\\c: <d>*?\"e\"|") << QStringLiteral("abc de.md");
        QTest::newRow("control characters and blanks")
            << QStringLiteral("  one\ttwo\nthree\u0007 ") << QStringLiteral("one two three.md");
        QTest::newRow("hidden") << QStringLiteral(".profile") << QStringLiteral("profile.md");
        QTest::newRow("nothing left") << QStringLiteral("<>/") << QStringLiteral("conversation.md");
        QTest::newRow("empty") << QString() << QStringLiteral("conversation.md");
        QTest::newRow("long") << QString(100, QLatin1Char('x')) << QString(60, QLatin1Char('x')) + QStringLiteral(".md");
        QTest::newRow("accents") << QStringLiteral("Pão de queijo") << QStringLiteral("Pão de queijo.md");
    }

    void theSuggestedFileIsNamedAfterTheTitle()
    {
        QFETCH(QString, title);
        QFETCH(QString, name);
        const QUrl file = DemoFiles().suggestedFile(title, QStringLiteral("md"));
        QVERIFY(file.isLocalFile());
        const QFileInfo info(file.toLocalFile());
        QCOMPARE(info.fileName(), name);
        QVERIFY2(info.absoluteDir().exists(), qPrintable(info.absolutePath()));
    }

    // The pane's export writes what the store exports: the HTML is a page with no script, the
    // title escaped; the Markdown has the title and the messages as they were written.
    void theWindowExportsAConversation()
    {
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
        auto* store = window->property("store").value<KoderConversationStore*>();
        QObject* pane = window->property("conversationPane").value<QObject*>();
        QVERIFY(store && pane);
        const std::vector<Message> messages{
            Message("u1", Role::User, "Is <script>alert(1)</script> safe?"),
            Message("a1", Role::Assistant, "No: <SCRIPT src=x></SCRIPT> & **never** inline.")};
        QVERIFY(store->save(QStringLiteral("c1"), messages, 0));
        QVERIFY(store->rename(QStringLiteral("c1"), QStringLiteral("Tips & <Tricks> \"quoted\"")));

        const auto exportAs = [&](const QString& format, const QString& name) {
            const QUrl file = QUrl::fromLocalFile(dir.filePath(name));
            bool written = false;
            if (!QMetaObject::invokeMethod(pane, "exportTo", Q_RETURN_ARG(bool, written),
                                           Q_ARG(QString, QStringLiteral("c1")),
                                           Q_ARG(QString, format), Q_ARG(QUrl, file)) ||
                !written)
                return QString();
            QFile in(file.toLocalFile());
            return in.open(QIODevice::ReadOnly) ? QString::fromUtf8(in.readAll()) : QString();
        };
        const QString html = exportAs(QStringLiteral("html"), QStringLiteral("tips.html"));
        QVERIFY(!html.isEmpty());
        QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY2(!html.contains(QStringLiteral("<script"), Qt::CaseInsensitive), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("<title>Tips &amp; &lt;Tricks&gt;")), qPrintable(html));
        QVERIFY(!html.contains(QStringLiteral("<Tricks>")));
        QVERIFY(html.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;")));
        QCOMPARE(pane->property("noticeText").toString(), QStringLiteral("Exported to tips.html"));
        QCOMPARE(html, store->exportHtml(QStringLiteral("c1")));

        const QString markdown = exportAs(QStringLiteral("markdown"), QStringLiteral("tips.md"));
        QCOMPARE(markdown, store->exportMarkdown(QStringLiteral("c1")));
        QVERIFY2(markdown.startsWith(QStringLiteral("# Tips & <Tricks>")),
                 qPrintable(markdown.left(80)));
        QVERIFY(markdown.contains(QStringLiteral("**never** inline")));
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

    // --- MCP servers -----------------------------------------------------------------------

    // The file's servers, its problems (logged, kept for Settings), and the user's switch: kept at
    // once (alone: the other settings wait for OK) and winning over the file's "disabled" at the
    // next start; a server turned off never starts.
    void mcpServersComeFromTheFileAndTheSwitchIsKept()
    {
        QSettings().clear();
        QTemporaryDir dir;
        const QString path = writeFile(
            dir.filePath(QStringLiteral("mcp.json")),
            configuration({{QStringLiteral("scripted"), scriptedServer()},
                           {QStringLiteral("later"), [] {
                                QJsonObject later = scriptedServer();
                                later.insert(QStringLiteral("disabled"), true);
                                return later;
                            }()},
                           {QStringLiteral("bad"), QJsonObject{}}}));
        QVERIFY(!path.isEmpty());
        {
            DemoSettings settings(true);
            McpConfiguration mcp(&settings);
            QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("\"bad\"")));
            mcp.load(path);
            QVERIFY(mcp.loaded());
            QCOMPARE(mcp.path(), QFileInfo(path).absoluteFilePath());
            QCOMPARE(mcp.servers().size(), 2);
            QCOMPARE(mcp.problems().size(), 1);
            QVERIFY2(mcp.problems().constFirst().contains(QLatin1String("\"bad\"")),
                     qPrintable(mcp.problems().constFirst()));
            KoderMcpServer* scripted = serverNamed(mcp, QStringLiteral("scripted"));
            KoderMcpServer* later = serverNamed(mcp, QStringLiteral("later"));
            QVERIFY(scripted && later);
            QVERIFY(scripted->enabled());
            QVERIFY(!later->enabled());
            QTRY_COMPARE_WITH_TIMEOUT(scripted->status(), QStringLiteral("ready"), 20000);

            scripted->setEnabled(false);
            later->setEnabled(true);
            const QVariantMap kept = QSettings().value(QStringLiteral("mcpServersEnabled")).toMap();
            QCOMPARE(kept.value(QStringLiteral("scripted")), QVariant(false));
            QCOMPARE(kept.value(QStringLiteral("later")), QVariant(true));
            QVERIFY(!QSettings().contains(QStringLiteral("agent"))); // nothing else was saved
        }
        {
            DemoSettings settings(true);
            McpConfiguration mcp(&settings);
            QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("\"bad\"")));
            mcp.load(path);
            KoderMcpServer* scripted = serverNamed(mcp, QStringLiteral("scripted"));
            KoderMcpServer* later = serverNamed(mcp, QStringLiteral("later"));
            QVERIFY(scripted && later);
            QVERIFY(!scripted->enabled());
            QVERIFY(later->enabled());
            QTRY_COMPARE_WITH_TIMEOUT(later->status(), QStringLiteral("ready"), 20000);
            QCOMPARE(scripted->status(), QStringLiteral("disconnected"));
        }
        QSettings().clear();
    }

    // Without --mcp-config: mcp.json in the configuration folder when it is there, and no problem
    // when it is not; a named file that is missing is a problem.
    void theDefaultFileIsReadWhenThere()
    {
        const QString defaultPath = McpConfiguration::defaultPath();
        QVERIFY(defaultPath.endsWith(QLatin1String("/mcp.json")));
        QFile::remove(defaultPath);
        McpConfiguration none;
        none.load();
        QVERIFY(!none.loaded());
        QCOMPARE(none.path(), defaultPath);
        QVERIFY(none.problems().isEmpty());
        QVERIFY(none.servers().isEmpty());

        QVERIFY(!writeFile(defaultPath,
                           configuration({{QStringLiteral("remote"),
                                           QJsonObject{{QStringLiteral("url"),
                                                        QStringLiteral("http://127.0.0.1:9/mcp")},
                                                       {QStringLiteral("disabled"), true}}}}))
                     .isEmpty());
        const auto removeIt = qScopeGuard([&] { QFile::remove(defaultPath); });
        McpConfiguration some;
        some.load();
        QVERIFY(some.loaded());
        QCOMPARE(some.path(), defaultPath);
        QCOMPARE(some.servers().size(), 1);
        QCOMPARE(some.servers().constFirst()->url(), QUrl(QStringLiteral("http://127.0.0.1:9/mcp")));

        QTemporaryDir dir;
        McpConfiguration missing;
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("cannot be read")));
        missing.load(dir.filePath(QStringLiteral("nowhere.json")));
        QVERIFY(!missing.loaded());
        QCOMPARE(missing.problems().size(), 1);
        QVERIFY(missing.servers().isEmpty());
    }

    // The window's Settings: the server becomes ready and its tools are listed; the file's
    // problem is a line of its own; the switch and Restart name their server.
    void settingsShowTheServersAndTheirTools()
    {
        QTemporaryDir dir;
        const QString path = writeFile(
            dir.filePath(QStringLiteral("mcp.json")),
            configuration({{QStringLiteral("scripted"), scriptedServer()},
                           {QStringLiteral("dies"),
                            scriptedServer({QStringLiteral("--fault"),
                                            QStringLiteral("die-after-init")})},
                           {QStringLiteral("bad"), QJsonObject{{QStringLiteral("args"),
                                                                 QJsonArray()}}}}));
        DemoWindow demo;
        McpConfiguration mcp(&demo.settings);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("\"bad\"")));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^dies failed")));
        mcp.load(path);
        const QString error = demo.open(&mcp);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QTRY_VERIFY(demo.dialog->property("opened").toBool());
        QCOMPARE(demo.countOf("mcpRows"), 2);
        // The file's entries in its order ("dies" before "scripted": a JSON object's keys).
        const int dies = demo.itemOf("mcpRows", 0)->objectName() == QLatin1String("mcpServer_dies")
                             ? 0
                             : 1;
        const int scripted = 1 - dies;
        QTRY_COMPARE_WITH_TIMEOUT(demo.rowText(scripted, "statusLabel"), QStringLiteral("Ready"),
                                  20000);
        const QString tools = demo.rowText(scripted, "detailsLabel");
        QVERIFY2(tools.startsWith(QLatin1String("6 tools: ")), qPrintable(tools));
        for (const char* tool : {"noop", "echo", "write_file", "add_tool"})
            QVERIFY2(tools.contains(QLatin1String(tool)), qPrintable(tools));
        QTRY_COMPARE_WITH_TIMEOUT(demo.rowText(dies, "statusLabel"), QStringLiteral("Failed"),
                                  20000);
        QVERIFY2(!demo.rowText(dies, "detailsLabel").isEmpty(), "the error is shown");

        // The switch acts at once (and is kept, see above); the row says so.
        QQuickItem* row = demo.itemOf("mcpRows", scripted);
        auto* toggle = row->property("enabledSwitch").value<QQuickItem*>();
        auto* restart = row->property("restartButton").value<QQuickItem*>();
        QVERIFY(toggle && restart);
        QVERIFY(toggle->property("checked").toBool());
        KoderMcpServer* server = serverNamed(mcp, QStringLiteral("scripted"));
        server->setEnabled(false);
        QTRY_VERIFY(!toggle->property("checked").toBool());
        QCOMPARE(demo.rowText(scripted, "statusLabel"), QStringLiteral("Not connected"));
        QVERIFY(!restart->isEnabled());
        server->setEnabled(true);
        QTRY_COMPARE_WITH_TIMEOUT(demo.rowText(scripted, "statusLabel"), QStringLiteral("Ready"),
                                  20000);

        QCOMPARE(demo.countOf("mcpProblemRows"), 1);
        auto* problem = demo.itemOf("mcpProblemRows", 0)->property("label").value<QObject*>();
        QVERIFY(problem);
        QVERIFY2(problem->property("text").toString().contains(QLatin1String("\"bad\"")),
                 qPrintable(problem->property("text").toString()));
        auto* note = demo.dialog->property("mcpNote").value<QObject*>();
        QVERIFY(note->property("text").toString().contains(QFileInfo(path).absoluteFilePath()));
    }

    // A file that is not JSON: said in Settings (and the log), no server, the window goes on.
    void aBrokenFileIsSaidNotFatal()
    {
        QTemporaryDir dir;
        const QString path =
            writeFile(dir.filePath(QStringLiteral("mcp.json")), "{ \"mcpServers\": { nope");
        DemoWindow demo;
        McpConfiguration mcp(&demo.settings);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("not JSON")));
        mcp.load(path);
        QVERIFY(mcp.loaded());
        QVERIFY(mcp.servers().isEmpty());
        const QString error = demo.open(&mcp);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QTRY_VERIFY(demo.dialog->property("opened").toBool());
        QCOMPARE(demo.countOf("mcpRows"), 0);
        QCOMPARE(demo.countOf("mcpProblemRows"), 1);
        auto* problem = demo.itemOf("mcpProblemRows", 0)->property("label").value<QQuickItem*>();
        QVERIFY(problem && problem->isVisible());
        QVERIFY2(problem->property("text").toString().contains(QLatin1String("not JSON")),
                 qPrintable(problem->property("text").toString()));
        auto* note = demo.dialog->property("mcpNote").value<QObject*>();
        const QString hint = note->property("text").toString();
        QVERIFY2(hint.startsWith(QLatin1String("No MCP servers in ")), qPrintable(hint));
        // The window still works.
        QObject* agent = demo.window->property("agent").value<QObject*>();
        QSignalSpy ended(agent, SIGNAL(streamEnd(QString)));
        QMetaObject::invokeMethod(demo.dialog, "reject");
        QVERIFY(QMetaObject::invokeMethod(demo.window, "sendText",
                                          Q_ARG(QVariant, QStringLiteral("hello"))));
        QVERIFY(ended.wait(20000));
    }

    // The command line: koder-demo --mcp-config <file> starts the file's servers (the headless
    // mode says how each is); a broken file is said on stderr and the demo runs on.
    void theCommandLineNamesTheMcpConfiguration()
    {
        QTemporaryDir dir;
        const QString good = writeFile(
            dir.filePath(QStringLiteral("good.json")),
            configuration({{QStringLiteral("scripted"), scriptedServer()},
                           {QStringLiteral("off"), [] {
                                QJsonObject off = scriptedServer();
                                off.insert(QStringLiteral("disabled"), true);
                                return off;
                            }()}}));
        const QString broken = writeFile(dir.filePath(QStringLiteral("broken.json")), "[1, 2");
        const auto run = [&](const QString& config, QString* out, QString* err) {
            QProcess demo;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), dir.path()); // no user file is read
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
            demo.setProcessEnvironment(env);
            demo.start(QStringLiteral(KODER_DEMO_EXECUTABLE),
                       {QStringLiteral("--headless"), QStringLiteral("--mcp-config"), config,
                        QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("shot.png"))});
            if (!demo.waitForFinished(90000))
                return -1;
            *out = QString::fromUtf8(demo.readAllStandardOutput());
            *err = QString::fromUtf8(demo.readAllStandardError());
            return demo.exitStatus() == QProcess::NormalExit ? demo.exitCode() : -2;
        };
        QString out, err;
        QCOMPARE(run(good, &out, &err), 0);
        QVERIFY2(out.contains(QLatin1String(
                     "koder-demo: MCP server \"scripted\": ready, 6 tools: noop, echo, write_file")),
                 qPrintable(out + err));
        QVERIFY2(out.contains(QLatin1String("koder-demo: MCP server \"off\": turned off")),
                 qPrintable(out + err));
        QVERIFY2(out.contains(QLatin1String("koder-demo: nothing sent; screenshot: ")),
                 qPrintable(out + err));

        QCOMPARE(run(broken, &out, &err), 0);
        QVERIFY2(err.contains(QLatin1String("koder.demo.mcp: The MCP configuration is not JSON")) ||
                     err.contains(QLatin1String("koder.demo.mcp: The MCP configuration has no")),
                 qPrintable(err));
        QVERIFY2(!out.contains(QLatin1String("MCP server \"")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("koder-demo: nothing sent; screenshot: ")),
                 qPrintable(out + err));
    }

    // The command line chooses an AG-UI agent: --agent agui, --base-url its endpoint, and
    // KODER_API_KEY goes to it as a bearer token; --model is said to be ignored.
    void theCommandLineChoosesAnAgUiAgent()
    {
        QProcess agent;
        agent.setProgram(QStringLiteral(KODER_NODE_EXECUTABLE));
        agent.setArguments({QStringLiteral(KODER_AGUI_SERVER_DIR "/scripted_agent.mjs")});
        agent.start();
        const auto stopAgent = qScopeGuard([&agent] {
            agent.closeWriteChannel(); // the agent exits when its stdin closes
            if (!agent.waitForFinished(5000))
                agent.kill();
        });
        QVERIFY2(agent.waitForStarted(10000), qPrintable(agent.errorString()));
        QByteArray line;
        QElapsedTimer waited;
        waited.start();
        while (!line.startsWith("LISTENING ") && waited.elapsed() < 20000) {
            if (!agent.canReadLine())
                agent.waitForReadyRead(1000);
            if (agent.canReadLine())
                line = agent.readLine().trimmed();
        }
        QVERIFY2(line.startsWith("LISTENING "), agent.readAllStandardError().constData());
        const QString origin = QStringLiteral("http://127.0.0.1:%1").arg(line.mid(10).toInt());

        QTemporaryDir dir;
        QProcess demo;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.path()); // no user file is read
        env.insert(QStringLiteral("KODER_API_KEY"), QStringLiteral("agui-env-key"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        demo.setProcessEnvironment(env);
        demo.start(QStringLiteral(KODER_DEMO_EXECUTABLE),
                   {QStringLiteral("--headless"), QStringLiteral("--agent"), QStringLiteral("agui"),
                    QStringLiteral("--base-url"), origin + QStringLiteral("/agent/state"),
                    QStringLiteral("--model"), QStringLiteral("ignored"), QStringLiteral("--send"),
                    QStringLiteral("Count, please"), QStringLiteral("--screenshot"),
                    dir.filePath(QStringLiteral("shot.png"))});
        QVERIFY(demo.waitForFinished(90000));
        const QString out = QString::fromUtf8(demo.readAllStandardOutput());
        const QString err = QString::fromUtf8(demo.readAllStandardError());
        QCOMPARE(demo.exitStatus(), QProcess::NormalExit);
        QVERIFY2(demo.exitCode() == 0, qPrintable(out + err));
        QVERIFY2(out.contains(QLatin1String("koder-demo: reply finished; screenshot: ")),
                 qPrintable(out + err));
        QVERIFY2(err.contains(QLatin1String("--model is ignored with --agent agui")),
                 qPrintable(err));

        // What reached the agent: one run, at the endpoint as given, with the key.
        QNetworkAccessManager network;
        std::unique_ptr<QNetworkReply> reply(
            network.get(QNetworkRequest(QUrl(origin + QStringLiteral("/requests")))));
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 10000);
        const QJsonArray requests = QJsonDocument::fromJson(reply->readAll()).array();
        QCOMPARE(requests.size(), 1);
        const QJsonObject request = requests.first().toObject();
        QCOMPARE(request.value(QStringLiteral("path")).toString(), QStringLiteral("/agent/state"));
        QCOMPARE(request.value(QStringLiteral("authorization")).toString(),
                 QStringLiteral("Bearer agui-env-key"));
        QCOMPARE(request.value(QStringLiteral("status")).toInt(), 200);
    }

    // Quitting is quick: the window with a file store, a conversation just written and the
    // secret store on the session bus (as main() makes them) is torn down in well under the
    // half second the demo aims for (measured: about 0.1 s from Ctrl+Q to the process's end).
    void quittingIsQuick()
    {
        QTemporaryDir dir;
        SecretStore secrets;
        DemoSettings settings(false, &secrets);
        Appearance appearance;
        NoteBook notes(dir.filePath(QStringLiteral("notes.md")));
        auto engine = std::make_unique<QQmlEngine>();
        engine->addImportPath(QStringLiteral(KODER_IMPORTS_DIR));
        QQmlComponent component(engine.get());
        component.setData("import KoderDemo\nMain {}\n", QUrl());
        std::unique_ptr<QObject> object(component.createWithInitialProperties(
            {{QStringLiteral("settings"), QVariant::fromValue(&settings)},
             {QStringLiteral("appearance"), QVariant::fromValue(&appearance)},
             {QStringLiteral("notes"), QVariant::fromValue(&notes)},
             {QStringLiteral("storePath"), dir.filePath(QStringLiteral("conversations.sqlite"))}}));
        auto* window = qobject_cast<QQuickWindow*>(object.get());
        QVERIFY2(window, qPrintable(component.errorString()));
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QObject* agent = window->property("agent").value<QObject*>();
        QVERIFY(agent);
        QSignalSpy ended(agent, SIGNAL(streamEnd(QString)));
        QVERIFY(QMetaObject::invokeMethod(window, "sendText",
                                          Q_ARG(QVariant, QStringLiteral("What time is it?"))));
        QVERIFY(ended.wait(20000));

        QElapsedTimer teardown;
        teardown.start();
        window->close();
        object.reset();
        engine.reset();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        const qint64 ms = teardown.elapsed();
        qInfo("the demo's window, engine and store were torn down in %lld ms",
              static_cast<long long>(ms));
        QVERIFY2(ms < 1500, qPrintable(QStringLiteral("%1 ms").arg(ms)));
    }

    // Qt's own strings (a Dialog's standard buttons) follow the language, at start and live:
    // Qt's translations are loaded with the library's and the demo's.
    void qtStringsFollowTheLanguage()
    {
        const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (!QFile::exists(qtDir + QStringLiteral("/qtbase_de.qm")))
            QSKIP("Qt's translations are not installed (Debian: qt6-translations-l10n)");
        QQmlEngine engine;
        Appearance appearance;
        appearance.setEngine(&engine);
        const auto restore = qScopeGuard([&] { appearance.applyLanguage(QStringLiteral("en")); });
        QCOMPARE(appearance.applyLanguage(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"),
                 QStringLiteral("Abbrechen"));

        QQmlComponent component(&engine);
        component.setData("import QtQuick\nimport QtQuick.Controls\n"
                          "ApplicationWindow {\n"
                          "  function cancelText() {\n"
                          "    const b = dialog.standardButton(Dialog.Cancel)\n"
                          "    return b ? b.text : '(none)' }\n"
                          "  Dialog { id: dialog; standardButtons: Dialog.Ok | Dialog.Cancel } }",
                          QUrl());
        std::unique_ptr<QObject> window(component.create());
        QVERIFY2(window, qPrintable(component.errorString()));
        const auto cancelText = [&] {
            QVariant text;
            QMetaObject::invokeMethod(window.get(), "cancelText", Q_RETURN_ARG(QVariant, text));
            return text.toString();
        };
        QCOMPARE(cancelText(), QStringLiteral("Abbrechen"));
        QCOMPARE(appearance.applyLanguage(QStringLiteral("es")), QStringLiteral("es"));
        QTRY_COMPARE(cancelText(), QStringLiteral("Cancelar"));
        QCOMPARE(appearance.applyLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QTRY_COMPARE(cancelText(), QStringLiteral("Cancel"));
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
        QCOMPARE(appearance.languages().size(), 5);
        // A right-to-left language mirrors the application; the others do not.
        QCOMPARE(QGuiApplication::layoutDirection(), Qt::LeftToRight);
        QCOMPARE(appearance.applyLanguage(QStringLiteral("ar")), QStringLiteral("ar"));
        QCOMPARE(QGuiApplication::layoutDirection(), Qt::RightToLeft);
        QCOMPARE(appearance.applyLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(QGuiApplication::layoutDirection(), Qt::LeftToRight);

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
