// SPDX-License-Identifier: MIT
#include "appearance.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QLocale>
#include <QtGui/QColor>
#include <QtGui/QGuiApplication>
#include <QtGui/QPalette>
#include <QtQml/QQmlEngine>

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
                          QStringLiteral("pt_BR")};

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
    for (auto* translator : {&m_module, &m_demo}) {
        if (*translator)
            QCoreApplication::removeTranslator(translator->get());
        translator->reset();
    }
    if (code != QLatin1String("en")) {
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
    // main() names the engine; an Appearance made in QML finds its own.
    if (QQmlEngine* engine = m_engine ? m_engine : qmlEngine(this))
        engine->retranslate();
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
