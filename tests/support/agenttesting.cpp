// SPDX-License-Identifier: MIT
#include "agenttesting.h"

#include "koderagentcontroller.h"

#include <QtCore/QFile>
#include <QtCore/QLoggingCategory>
#include <QtTest/QTest>

namespace koder::test {

namespace {
LogCapture* active = nullptr; // the capture that receives messages, if any
} // namespace

QByteArray streamFile(const QString& name)
{
    QFile f(QStringLiteral(KODER_STREAMS_DIR "/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void sendAndSettle(KoderAgentController& agent, const QString& text, const QVariant& attachments,
                   int timeoutMs)
{
    QVERIFY(agent.send(text, attachments));
    QTRY_VERIFY_WITH_TIMEOUT(!agent.streaming(), timeoutMs);
}

LogCapture::LogCapture(const QString& filterRules)
{
    Q_ASSERT(!active);
    QLoggingCategory::setFilterRules(filterRules);
    active = this;
    m_capturing = true;
    m_previous = qInstallMessageHandler(capture);
}

LogCapture::~LogCapture()
{
    stop();
}

void LogCapture::stop()
{
    if (!m_capturing)
        return;
    qInstallMessageHandler(m_previous);
    QLoggingCategory::setFilterRules(QString());
    active = nullptr;
    m_capturing = false;
}

void LogCapture::capture(QtMsgType, const QMessageLogContext&, const QString& text)
{
    if (active)
        active->m_lines.append(text);
}

} // namespace koder::test
