// SPDX-License-Identifier: MIT
#include "appearance.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QLibraryInfo>
#include <QtCore/QLocale>
#include <QtCore/QRegularExpression>
#include <QtGui/QColor>
#include <QtGui/QGuiApplication>
#include <QtGui/QPalette>
#include <QtGui/QWindow>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickItem>

namespace {

QVariantMap colorsOf(bool dark)
{
    // Role, light, dark. Contrast of text on window and base is above 12:1 in both.
    static const char* const table[][3] = {
        {"window", "#f3f3f3", "#202124"},
        {"windowText", "#1f1f1f", "#e8eaed"},
        {"base", "#ffffff", "#17181a"},
        {"alternateBase", "#f7f7f7", "#2a2b2e"},
        {"text", "#1f1f1f", "#e8eaed"},
        {"button", "#ececec", "#303134"},
        {"buttonText", "#1f1f1f", "#e8eaed"},
        {"brightText", "#b00020", "#ff8a80"},
        {"highlight", "#1a66c9", "#3367d6"},
        {"highlightedText", "#ffffff", "#ffffff"},
        {"link", "#1a56b0", "#8ab4f8"},
        {"linkVisited", "#5b3ea8", "#c58af9"},
        {"placeholderText", "#6b6b6b", "#9aa0a6"},
        {"toolTipBase", "#ffffff", "#303134"},
        {"toolTipText", "#1f1f1f", "#e8eaed"},
        {"mid", "#b8b8b8", "#5f6368"},
        {"midlight", "#f7f7f7", "#3c4043"},
        {"light", "#ffffff", "#4a4d51"},
        {"dark", "#9f9f9f", "#111214"},
        {"shadow", "#767676", "#000000"},
        {"disabledText", "#8a8a8a", "#7d8186"},
    };
    QVariantMap colors;
    for (const auto& row : table)
        colors.insert(QLatin1String(row[0]), QColor(QLatin1String(row[dark ? 2 : 1])));
    return colors;
}

const QStringList offered{QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("es"),
                          QStringLiteral("pt_BR"), QStringLiteral("ar")};

// The texts Qt gives a Dialog's standard buttons (QPlatformTheme's, and the GNOME theme's own),
// as Qt's translations name them: the button (QPlatformDialogHelper::StandardButton), the
// source text and its context.
struct StandardText {
    int button;
    const char* context;
    const char* text;
};
constexpr StandardText standardTexts[] = {{0x00000400, "QPlatformTheme", "OK"},
                                          {0x00000800, "QPlatformTheme", "Save"},
                                          {0x00001000, "QPlatformTheme", "Save All"},
                                          {0x00002000, "QPlatformTheme", "Open"},
                                          {0x00004000, "QPlatformTheme", "&Yes"},
                                          {0x00008000, "QPlatformTheme", "Yes to &All"},
                                          {0x00010000, "QPlatformTheme", "&No"},
                                          {0x00020000, "QPlatformTheme", "N&o to All"},
                                          {0x00040000, "QPlatformTheme", "Abort"},
                                          {0x00080000, "QPlatformTheme", "Retry"},
                                          {0x00100000, "QPlatformTheme", "Ignore"},
                                          {0x00200000, "QPlatformTheme", "Close"},
                                          {0x00400000, "QPlatformTheme", "Cancel"},
                                          {0x00800000, "QPlatformTheme", "Discard"},
                                          {0x01000000, "QPlatformTheme", "Help"},
                                          {0x02000000, "QPlatformTheme", "Apply"},
                                          {0x04000000, "QPlatformTheme", "Reset"},
                                          {0x08000000, "QPlatformTheme", "Restore Defaults"},
                                          {0x00000400, "QGnomeTheme", "&OK"},
                                          {0x00000800, "QGnomeTheme", "&Save"},
                                          {0x00400000, "QGnomeTheme", "&Cancel"},
                                          {0x00200000, "QGnomeTheme", "&Close"},
                                          {0x00800000, "QGnomeTheme", "Close without Saving"}};

// The standard buttons' texts in the language installed now, in the order of standardTexts,
// without mnemonics (as the buttons show them).
QStringList standardButtonNames()
{
    QStringList names;
    for (const StandardText& t : standardTexts) {
        QString name = QCoreApplication::translate(t.context, t.text);
        name.remove(QRegularExpression(QStringLiteral("\\s*\\(&.\\)"))); // "(&Y)" after CJK text
        names.append(name.remove(QLatin1Char('&')));
    }
    return names;
}

// Qt Quick Controls 6.4 name a Dialog's standard buttons once, when they are made, and do not
// rename them when the language changes (QML's qsTr bindings are retranslated, these are not):
// each button of a DialogButtonBox that shows a standard text in the old language gets it in the
// new one.
void renameStandardButtons(const QStringList& before, const QStringList& after)
{
    for (QWindow* window : QGuiApplication::allWindows()) {
        for (QObject* box : window->findChildren<QObject*>()) {
            if (!box->inherits("QQuickDialogButtonBox"))
                continue;
            const int buttons = box->property("standardButtons").toInt();
            const int count = box->property("count").toInt();
            for (int i = 0; i < count; ++i) {
                QQuickItem* button = nullptr;
                QMetaObject::invokeMethod(box, "itemAt", Q_RETURN_ARG(QQuickItem*, button),
                                          Q_ARG(int, i));
                if (!button)
                    continue;
                // Of the box's own standard buttons: in German, Cancel and Abort are both
                // "Abbrechen".
                const QString text = button->property("text").toString();
                for (qsizetype t = 0; t < before.size(); ++t) {
                    if ((standardTexts[t].button & buttons) != 0 && before.at(t) == text) {
                        button->setProperty("text", after.at(t));
                        break;
                    }
                }
            }
        }
    }
}

} // namespace

Appearance::Appearance(QObject* parent)
    : QObject(parent)
{
}

void Appearance::applyTheme(const QString& theme)
{
    const bool chosen = theme == QLatin1String("dark") || theme == QLatin1String("light");
    m_theme = chosen ? theme : QStringLiteral("system");
    m_colors = chosen ? colorsOf(theme == QLatin1String("dark")) : QVariantMap();
    Q_EMIT themeChanged();
}

bool Appearance::dark() const
{
    if (m_theme != QLatin1String("system"))
        return m_theme == QLatin1String("dark");
    const QPalette p = QGuiApplication::palette();
    return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

QString Appearance::applyLanguage(const QString& language)
{
    QString code = language;
    if (code.isEmpty()) {
        // The system's first UI language we have, else English.
        code = QStringLiteral("en");
        for (const QString& wanted : QLocale::system().uiLanguages()) {
            const QString name = QLocale(wanted).name(); // "pt_BR", "de_DE", ...
            const auto match = std::find_if(offered.begin(), offered.end(), [&](const QString& o) {
                return o == name || o == name.section(QLatin1Char('_'), 0, 0);
            });
            if (match != offered.end()) {
                code = *match;
                break;
            }
        }
    }
    // Dates and numbers (Qt.locale() in QML) follow the language too.
    QLocale::setDefault(language.isEmpty() ? QLocale::system() : QLocale(code));
    const QStringList buttonsBefore = standardButtonNames();
    for (auto* translator : {&m_module, &m_demo, &m_qtBase, &m_qtDeclarative}) {
        if (*translator)
            QCoreApplication::removeTranslator(translator->get());
        translator->reset();
    }
    if (code != QLatin1String("en")) {
        // Qt's own strings (a Dialog's standard buttons, text editing menus) from Qt's
        // translations where Qt is installed (Debian: qt6-translations-l10n); pt_BR falls back
        // to pt. Missing ones leave those strings English, nothing else.
        const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        const std::pair<std::unique_ptr<QTranslator>*, QString> qtFiles[] = {
            {&m_qtBase, QStringLiteral("qtbase")},
            {&m_qtDeclarative, QStringLiteral("qtdeclarative")}};
        for (const auto& [translator, name] : qtFiles) {
            auto loaded = std::make_unique<QTranslator>();
            if (loaded->load(QLocale(code), name, QStringLiteral("_"), qtDir)) {
                QCoreApplication::installTranslator(loaded.get());
                *translator = std::move(loaded);
            }
        }
        // The module's translations are embedded in it; the demo's in the demo.
        const std::pair<std::unique_ptr<QTranslator>*, QString> files[] = {
            {&m_module, QStringLiteral(":/i18n/koder_agent_%1.qm").arg(code)},
            {&m_demo, QStringLiteral(":/i18n/koder_demo_%1.qm").arg(code)}};
        for (const auto& [translator, file] : files) {
            auto loaded = std::make_unique<QTranslator>();
            if (loaded->load(file)) {
                QCoreApplication::installTranslator(loaded.get());
                *translator = std::move(loaded);
            } else {
                qWarning("No translation %s", qPrintable(file));
            }
        }
    }
    // A right-to-left language mirrors the window (Main.qml reads the direction).
    QGuiApplication::setLayoutDirection(QLocale(code).textDirection());
    // main() names the engine; an Appearance made in QML finds its own.
    if (QQmlEngine* engine = m_engine ? m_engine : qmlEngine(this))
        engine->retranslate();
    renameStandardButtons(buttonsBefore, standardButtonNames());
    return code;
}

QVariantList Appearance::languages() const
{
    QVariantList list;
    for (const QString& code : offered) {
        const QLocale locale(code);
        QString name = locale.nativeLanguageName();
        if (code == QLatin1String("pt_BR"))
            name = locale.nativeLanguageName() + QStringLiteral(" (") +
                   locale.nativeTerritoryName() + QLatin1Char(')');
        name[0] = name[0].toUpper();
        list.append(QVariantMap{{QStringLiteral("code"), code}, {QStringLiteral("name"), name}});
    }
    return list;
}
