// SPDX-License-Identifier: MIT
// The Koder Agent demo: a desktop chat window over the offline local agent, an OpenAI-compatible
// server, the OpenAI Responses API, Ollama, Anthropic, an aichat.v1 WebSocket server or an AG-UI
// agent.
// `koder-demo --help` lists the options;
// `--headless --send "text" --screenshot out.png` runs without a display;
// `--mcp-config servers.json` adds MCP servers (default: mcp.json in the configuration folder).
#include "appearance.h"
#include "demosettings.h"
#include "headless.h"
#include "mcpconfiguration.h"
#include "notebook.h"
#include "secretstore.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QDir>
#include <QtCore/QStandardPaths>
#include <QtGui/QGuiApplication>
#include <QtQml/QQmlApplicationEngine>
#include <QtQuick/QQuickWindow>
#include <QtQuickControls2/QQuickStyle>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

const char noDisplayHint[] = "Run it in a desktop session, or without a window:\n"
                             "  koder-demo --headless --send \"Hello\" --screenshot out.png\n"
                             "(scripts/demo does this by itself when there is no display).\n";

// Whether the platform Qt would pick has a display to open a window on. Qt aborts a
// QGuiApplication without one (qFatal), so the demo asks first. A platform chosen in
// QT_QPA_PLATFORM that needs no display (offscreen, vnc, eglfs, ...) is trusted.
bool hasDisplay()
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN) && !defined(Q_OS_ANDROID)
    const bool x11 = !qEnvironmentVariableIsEmpty("DISPLAY");
    const bool wayland = !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    const QString platforms = qEnvironmentVariable("QT_QPA_PLATFORM");
    if (platforms.isEmpty())
        return x11 || wayland;
    for (const QString& entry : platforms.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString name = entry.section(QLatin1Char(':'), 0, 0);
        if (name == QLatin1String("xcb")) {
            if (x11)
                return true;
        } else if (name.startsWith(QLatin1String("wayland"))) {
            if (wayland)
                return true;
        } else {
            return true;
        }
    }
    return false;
#else
    return true;
#endif
}

// A display that is set but cannot be reached still ends in Qt's fatal platform-plugin message:
// said with the way out, and an exit code instead of an abort.
QtMessageHandler qtHandler = nullptr;
void platformFailure(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtFatalMsg && message.contains(QLatin1String("platform plugin"))) {
        std::fprintf(stderr, "koder-demo: cannot open a window: the display cannot be used.\n%s",
                     noDisplayHint);
        std::fflush(stderr);
        std::_Exit(3);
    }
    if (qtHandler)
        qtHandler(type, context, message);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication::setOrganizationName(QStringLiteral("Koder"));
    QCoreApplication::setApplicationName(QStringLiteral("koder-demo"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KODER_DEMO_VERSION));

    // The command line is read before the GUI exists: --help, --version and a mistake in the
    // options need no display (a QGuiApplication aborts without one).
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The Koder Agent demo chat window."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption agentOption(
        QStringLiteral("agent"),
        QStringLiteral("The agent: local (default, offline), openai (an OpenAI-compatible server), "
                       "responses (the OpenAI Responses API), ollama (Ollama's native API), "
                       "anthropic, ws or agui (an AG-UI agent)."),
        QStringLiteral("agent"));
    const QCommandLineOption baseUrlOption(
        QStringLiteral("base-url"),
        QStringLiteral("The chosen agent's server, e.g. http://127.0.0.1:11434/v1 (openai), "
                       "https://api.openai.com/v1 (responses), http://127.0.0.1:11434 (ollama), "
                       "https://api.anthropic.com, http://127.0.0.1:8000/agent (agui: the "
                       "agent's endpoint)."),
        QStringLiteral("url"));
    const QCommandLineOption modelOption(
        QStringLiteral("model"),
        QStringLiteral("The model the chosen agent's server should use (not agui: the agent "
                       "chooses)."),
        QStringLiteral("name"));
    const QCommandLineOption urlOption(QStringLiteral("url"),
                                       QStringLiteral("aichat.v1 WebSocket server, ws://..."),
                                       QStringLiteral("url"));
    const QCommandLineOption themeOption(QStringLiteral("theme"),
                                         QStringLiteral("system (default), light or dark."),
                                         QStringLiteral("theme"));
    const QCommandLineOption languageOption(
        QStringLiteral("language"),
        QStringLiteral("en, de, es, pt_BR or ar (default: the system's)."), QStringLiteral("code"));
    const QCommandLineOption storeOption(
        QStringLiteral("store"),
        QStringLiteral("The conversation database (default: in the app data folder; "
                       "in memory with --headless)."),
        QStringLiteral("file"));
    const QCommandLineOption mcpConfigOption(
        QStringLiteral("mcp-config"),
        QStringLiteral("MCP servers from this file ({\"mcpServers\": {...}} as desktop MCP "
                       "clients write it; default: mcp.json in the configuration folder when it "
                       "exists; none with --headless)."),
        QStringLiteral("file"));
    const QCommandLineOption headlessOption(
        QStringLiteral("headless"), QStringLiteral("No window: render offscreen (with --send "
                                                   "and --screenshot)."));
    const QCommandLineOption sendOption(QStringLiteral("send"),
                                        QStringLiteral("Send this text once the window is up."),
                                        QStringLiteral("text"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral("With --headless: wait for the reply, save a picture here and quit."),
        QStringLiteral("file.png"));
    parser.addOptions({agentOption, baseUrlOption, modelOption, urlOption, themeOption,
                       languageOption, storeOption, mcpConfigOption, headlessOption, sendOption,
                       screenshotOption});
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    if (!parser.parse(arguments)) {
        std::fprintf(stderr, "koder-demo: %s\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(helpOption)) {
        // Without an application object Qt cannot name the program in the usage line.
        std::fputs(qPrintable(parser.helpText().replace(QStringLiteral("<executable_name>"),
                                                        QStringLiteral("koder-demo"))),
                   stdout);
        return 0;
    }
    if (parser.isSet(versionOption)) {
        std::printf("koder-demo %s\n", KODER_DEMO_VERSION);
        return 0;
    }
    if (parser.isSet(QStringLiteral("help-all"))) {
        // Qt's own options are listed by the application object, which needs a platform: the
        // offscreen one needs no display.
        qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        parser.process(app); // prints the help with Qt's options and exits
        return 0;
    }

    const QString agent = parser.value(agentOption);
    const QStringList agents{QStringLiteral("local"),     QStringLiteral("openai"),
                             QStringLiteral("responses"), QStringLiteral("ollama"),
                             QStringLiteral("anthropic"), QStringLiteral("ws"),
                             QStringLiteral("agui")};
    if (parser.isSet(agentOption) && !agents.contains(agent)) {
        std::fprintf(stderr,
                     "koder-demo: --agent must be local, openai, responses, ollama, anthropic, "
                     "ws or agui, not %s\n",
                     qPrintable(agent));
        return 2;
    }
    const bool headless = parser.isSet(headlessOption);
    if (headless && !parser.isSet(screenshotOption)) {
        std::fprintf(stderr, "koder-demo: --headless needs --screenshot <file.png>\n");
        return 2;
    }
    // Offscreen rendering needs to be chosen before the application object exists.
    if (headless)
        qputenv("QT_QPA_PLATFORM", "offscreen");
    else if (!hasDisplay()) {
        std::fprintf(stderr,
                     "koder-demo: there is no display to open the window on (DISPLAY and "
                     "WAYLAND_DISPLAY are not set).\n%s",
                     noDisplayHint);
        return 3;
    }
    qtHandler = qInstallMessageHandler(platformFailure);
    QGuiApplication app(argc, argv);
    qInstallMessageHandler(qtHandler);
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Koder Agent"));

    // A headless run leaves the user's settings, keys and conversations alone.
    std::unique_ptr<SecretStore> secrets;
    if (!headless)
        secrets = std::make_unique<SecretStore>();
    DemoSettings settings(!headless, secrets.get());
    const std::pair<const QCommandLineOption*, const char*> overrides[] = {
        {&agentOption, "agent"},
        {&urlOption, "wsUrl"},
        {&themeOption, "theme"},
        {&languageOption, "language"}};
    for (const auto& [option, property] : overrides)
        if (parser.isSet(*option))
            settings.setProperty(property, parser.value(*option));
    // --base-url and --model are the chosen agent's.
    const QString chosen = settings.agent();
    const char* urlProperty = chosen == QLatin1String("responses")   ? "responsesUrl"
                              : chosen == QLatin1String("ollama")    ? "ollamaUrl"
                              : chosen == QLatin1String("anthropic") ? "anthropicUrl"
                              : chosen == QLatin1String("agui")      ? "aguiUrl"
                                                                     : "baseUrl";
    const char* modelProperty = chosen == QLatin1String("responses")   ? "responsesModel"
                                : chosen == QLatin1String("ollama")    ? "ollamaModel"
                                : chosen == QLatin1String("anthropic") ? "anthropicModel"
                                                                       : "model";
    if (parser.isSet(baseUrlOption))
        settings.setProperty(urlProperty, parser.value(baseUrlOption));
    if (parser.isSet(modelOption) && chosen == QLatin1String("agui"))
        std::fprintf(stderr, "koder-demo: --model is ignored with --agent agui: the agent "
                             "chooses its model.\n");
    else if (parser.isSet(modelOption))
        settings.setProperty(modelProperty, parser.value(modelOption));
    settings.useEnvironmentKeyFor(chosen);

    //! [store-path]
    const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QString storePath = parser.value(storeOption);
    if (!parser.isSet(storeOption) && !headless) {
        QDir().mkpath(dataDir);
        storePath = QDir(dataDir).filePath(QStringLiteral("conversations.sqlite"));
    }
    //! [store-path]
    NoteBook notes(QDir(dataDir).filePath(QStringLiteral("notes.md")));

    // The MCP servers' file: made before the engine, since the window refers to it to the end.
    McpConfiguration mcp(&settings);

    // Fusion takes every palette role Main.qml binds for the light and dark themes.
    QQuickStyle::setStyle(QStringLiteral("Fusion"));
    QQmlApplicationEngine engine;
    // The module Koder.Agent: next to the build, or installed beside the demo.
    engine.addImportPath(QStringLiteral(KODER_DEMO_BUILD_IMPORTS));
    engine.addImportPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../lib/qml"));

    Appearance appearance;
    appearance.setEngine(&engine);
    appearance.applyTheme(settings.property("theme").toString());
    appearance.applyLanguage(settings.property("language").toString());

    // MCP servers: the file --mcp-config names, else the user's mcp.json (not in a headless
    // run, which leaves the user's setup alone). Read once the language is in effect (the
    // file's problems are sentences). A file that cannot be read is said in Settings and in
    // the log; the demo runs on without the servers it could not read.
    if (parser.isSet(mcpConfigOption))
        mcp.load(parser.value(mcpConfigOption));
    else if (!headless)
        mcp.load();

    engine.setInitialProperties({{QStringLiteral("settings"), QVariant::fromValue(&settings)},
                                 {QStringLiteral("appearance"), QVariant::fromValue(&appearance)},
                                 {QStringLiteral("notes"), QVariant::fromValue(&notes)},
                                 {QStringLiteral("mcp"), QVariant::fromValue(&mcp)},
                                 {QStringLiteral("storePath"), storePath}});
    engine.load(QUrl(QStringLiteral("qrc:/KoderDemo/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
    // The servers start once the event loop runs, those turned off excepted.
    mcp.addTo(window->property("agent").value<KoderAgentController*>());

    if (headless)
        return runHeadless(window, parser.value(sendOption), parser.value(screenshotOption));
    if (parser.isSet(sendOption))
        QMetaObject::invokeMethod(window, "sendText", Q_ARG(QVariant, parser.value(sendOption)));
    return QGuiApplication::exec();
}
