// SPDX-License-Identifier: MIT
#include <QtCore/QObject>
#include <QtCore/QTemporaryDir>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>
#include <QtQuickTest/quicktest.h>

// Gives the tests a scratch directory (`testTempDir`, removed when the run ends), for stores that
// must outlive one KoderConversationStore object.
class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    void qmlEngineAvailable(QQmlEngine* engine)
    {
        engine->rootContext()->setContextProperty(QStringLiteral("testTempDir"), m_dir.path());
    }

private:
    QTemporaryDir m_dir;
};

QUICK_TEST_MAIN_WITH_SETUP(koder_agent, Setup)

#include "tst_qml.moc"
