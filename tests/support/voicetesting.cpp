// SPDX-License-Identifier: MIT
#include "voicetesting.h"

#include <QtCore/QFile>
#include <QtCore/QtEndian>

#include <cstdint>

FakeSpeechEngine::FakeSpeechEngine(QObject* parent) : KoderSpeechEngine(parent) {}

void FakeSpeechEngine::say(const QString& text)
{
    if (onSay)
        onSay(text);
    m_said.append(text);
    m_speaking = true;
    const int utterance = ++m_utterance;
    Q_EMIT saidChanged();
    if (autoFinish)
        QTimer::singleShot(0, this, [this, utterance] {
            if (m_speaking && utterance == m_utterance)
                finish();
        });
}

void FakeSpeechEngine::stop()
{
    ++m_stops;
    m_speaking = false;
    Q_EMIT saidChanged();
}

void FakeSpeechEngine::finish()
{
    if (!m_speaking)
        return;
    m_speaking = false;
    Q_EMIT saidChanged();
    Q_EMIT sayFinished();
}

void FakeSpeechEngine::fail(const QString& message)
{
    m_speaking = false;
    Q_EMIT errorOccurred(message);
}

FileAudioInput::FileAudioInput(QObject* parent) : KoderAudioInput(parent)
{
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &FileAudioInput::deliver);
}

void FileAudioInput::setFile(const QString& path)
{
    m_file = path;
    m_pcm = path.isEmpty() ? QByteArray() : pcmOfWav(path, &m_rate);
}

// The chunks of a RIFF WAVE file: "fmt " says 16-bit PCM mono, "data" holds the samples.
QByteArray FileAudioInput::pcmOfWav(const QString& path, int* rate)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray wav = f.readAll();
    if (wav.size() < 12 || !wav.startsWith("RIFF") || wav.mid(8, 4) != "WAVE")
        return {};
    qsizetype at = 12;
    bool pcm16mono = false;
    while (at + 8 <= wav.size()) {
        const QByteArray id = wav.mid(at, 4);
        const auto size = static_cast<qsizetype>(qFromLittleEndian<std::uint32_t>(wav.constData() + at + 4));
        const qsizetype body = at + 8;
        if (body + size > wav.size())
            return {};
        if (id == "fmt " && size >= 16) {
            const auto format = qFromLittleEndian<std::uint16_t>(wav.constData() + body);
            const auto channels = qFromLittleEndian<std::uint16_t>(wav.constData() + body + 2);
            const auto bits = qFromLittleEndian<std::uint16_t>(wav.constData() + body + 14);
            pcm16mono = format == 1 && channels == 1 && bits == 16;
            if (rate)
                *rate = static_cast<int>(qFromLittleEndian<std::uint32_t>(wav.constData() + body + 4));
        } else if (id == "data") {
            return pcm16mono ? wav.mid(body, size) : QByteArray();
        }
        at = body + size + (size & 1);
    }
    return {};
}

void FileAudioInput::start()
{
    ++m_started;
    if (!failWith.isEmpty()) {
        Q_EMIT failed(failWith, QStringLiteral("test: %1").arg(failWith));
        return;
    }
    m_at = 0;
    m_timer.start();
}

void FileAudioInput::stop()
{
    m_timer.stop();
}

void FileAudioInput::deliver()
{
    const qsizetype chunk = qsizetype(m_rate) * chunkMs / 1000 * 2;
    QByteArray pcm = m_pcm.mid(m_at, chunk);
    m_at += pcm.size();
    if (pcm.size() < chunk)
        pcm.append(chunk - pcm.size(), '\0'); // the room is quiet after the file
    Q_EMIT samples(pcm);
}
