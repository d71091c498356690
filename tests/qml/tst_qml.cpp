// SPDX-License-Identifier: MIT
#include "aichatserver.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QObject>
#include <QtCore/QTemporaryDir>
#include <QtQml/QJSValue>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>
#include <QtQuickTest/quicktest.h>

// The reference aichat.v1 server (tests/support) for QML tests, on 127.0.0.1: `script` is the
// JSON array of turns AichatServer documents; `count(type)` counts the frames of that type the
// clients sent.
class AichatTestServer : public QObject {
    Q_OBJECT
    Q_PROPERTY(QUrl url READ url CONSTANT FINAL)
    Q_PROPERTY(QJSValue script READ script WRITE setScript FINAL)
    /// Keeps turns across a dropped connection (caps.resume). Default true.
    Q_PROPERTY(bool resume READ resume WRITE setResume FINAL)
    /// Drops the next turn's connection after this many frames, once (-1: never).
    Q_PROPERTY(int dropAfterFrames READ dropAfterFrames WRITE setDropAfterFrames FINAL)

public:
    explicit AichatTestServer(QObject* parent = nullptr)
        : QObject(parent)
    {
        m_server.listen();
    }

    QUrl url() const { return m_server.url(); }
    QJSValue script() const { return m_script; }
    void setScript(const QJSValue& script)
    {
        m_script = script;
        m_server.setScript(QJsonValue::fromVariant(script.toVariant()).toArray());
    }
    bool resume() const { return m_resume; }
    void setResume(bool resume)
    {
        m_resume = resume;
        m_server.setResumeEnabled(resume);
    }
    int dropAfterFrames() const { return m_dropAfter; }
    void setDropAfterFrames(int frames)
    {
        m_dropAfter = frames;
        m_server.dropAfterFrames(frames);
    }
    Q_INVOKABLE int count(const QString& type) const
    {
        int n = 0;
        for (const QJsonObject& frame : m_server.received())
            n += frame.value(QStringLiteral("type")).toString() == type ? 1 : 0;
        return n;
    }

private:
    AichatServer m_server;
    QJSValue m_script;
    bool m_resume = true;
    int m_dropAfter = -1;
};

// Gives the tests a scratch directory (`testTempDir`, removed when the run ends), for stores that
// must outlive one KoderConversationStore object, and the test server (import Koder.Test).
class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    void qmlEngineAvailable(QQmlEngine* engine)
    {
        qmlRegisterType<AichatTestServer>("Koder.Test", 1, 0, "AichatTestServer");
        engine->rootContext()->setContextProperty(QStringLiteral("testTempDir"), m_dir.path());
    }

private:
    QTemporaryDir m_dir;
};

QUICK_TEST_MAIN_WITH_SETUP(koder_agent, Setup)

#include "tst_qml.moc"
