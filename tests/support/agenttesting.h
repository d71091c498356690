// SPDX-License-Identifier: MIT
// Helpers of the tests that drive KoderAgentController through a transport: the recorded streams
// of tests/wire/streams, a send that waits for the turn to settle, and a capture of what is
// logged.
#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtCore/QVariant>
#include <QtCore/QtMessageHandler>

class KoderAgentController;

namespace koder::test {

/// The recording `name` of tests/wire/streams; empty when it cannot be read.
QByteArray streamFile(const QString& name);

/// Sends `text` (with `attachments`) and waits, up to `timeoutMs`, for the turn to stop moving:
/// a terminal event or a tool call to review. A refused send or a turn still streaming at the
/// end fails the test.
void sendAndSettle(KoderAgentController& agent, const QString& text = QStringLiteral("hi"),
                   const QVariant& attachments = {}, int timeoutMs = 10'000);

/// Captures every message logged from its construction until stop() (or its end), with the
/// logging categories' filter rules set to `filterRules` meanwhile; nothing captured is printed.
class LogCapture {
public:
    explicit LogCapture(const QString& filterRules);
    ~LogCapture();
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;

    /// Puts the previous message handler and filter rules back; the lines stay.
    void stop();
    const QStringList& lines() const { return m_lines; }

private:
    static void capture(QtMsgType, const QMessageLogContext&, const QString& text);

    QStringList m_lines;
    QtMessageHandler m_previous = nullptr;
    bool m_capturing = false;
};

} // namespace koder::test
