// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtCore/QTranslator>
#include <QtCore/QVariant>
#include <QtQml/qqmlregistration.h>

#include <memory>

class QQmlEngine;

/*!
    Applies the theme (system, light, dark) as the application palette, which the controls and
    the Koder.Agent components follow; and the language (system, en, de, es, pt_BR), by loading
    the module's, the demo's and Qt's own translations and retranslating the running QML.
*/
class Appearance : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool dark READ dark NOTIFY themeChanged FINAL)
    /*! The palette's colors by role name ("window", "text", ..., "disabledText"); empty for
        "system", which leaves the style's own palette. Bound to the window's palette in QML:
        Qt Quick Controls take their palette from the window, not from QGuiApplication. */
    Q_PROPERTY(QVariantMap colors READ colors NOTIFY themeChanged FINAL)

public:
    explicit Appearance(QObject* parent = nullptr);
    void setEngine(QQmlEngine* engine) { m_engine = engine; }

    /// "system", "light" or "dark".
    Q_INVOKABLE void applyTheme(const QString& theme);
    /// "" (the system's), "en", "de", "es" or "pt_BR". Returns the language in effect.
    Q_INVOKABLE QString applyLanguage(const QString& language);
    /// The languages offered, as {code, name} with each name in its own language.
    Q_INVOKABLE QVariantList languages() const;

    bool dark() const;
    QVariantMap colors() const { return m_colors; }

Q_SIGNALS:
    void themeChanged();

private:
    QQmlEngine* m_engine = nullptr;
    QString m_theme = QStringLiteral("system");
    QVariantMap m_colors;
    std::unique_ptr<QTranslator> m_module;
    std::unique_ptr<QTranslator> m_demo;
    std::unique_ptr<QTranslator> m_qtBase;        ///< Qt's own strings (qtbase_<lang>.qm)
    std::unique_ptr<QTranslator> m_qtDeclarative; ///< Qt Quick's (qtdeclarative_<lang>.qm)
};
