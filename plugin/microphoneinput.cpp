// SPDX-License-Identifier: MIT
#include "microphoneinput.h"

#include <QtCore/QScopedValueRollback>
#include <QtCore/QtEndian>
#include <QtMultimedia/QAudioDevice>
#include <QtMultimedia/QAudioSource>
#include <QtMultimedia/QMediaDevices>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace {
constexpr int outputRate = 16000;
} // namespace

MicrophoneInput::MicrophoneInput(QObject* parent)
    : KoderAudioInput(parent)
{
}

MicrophoneInput::~MicrophoneInput()
{
    stop();
}

void MicrophoneInput::start()
{
    stop();
    const QAudioDevice device = QMediaDevices::defaultAudioInput();
    if (device.isNull()) {
        Q_EMIT failed(QStringLiteral("noMicrophone"), tr("No microphone was found."));
        return;
    }
    QAudioFormat wanted;
    wanted.setSampleRate(outputRate);
    wanted.setChannelCount(1);
    wanted.setSampleFormat(QAudioFormat::Int16);
    m_format = device.isFormatSupported(wanted) ? wanted : device.preferredFormat();
    m_partial.clear();
    m_position = 0.0;
    m_last = 0.0f;
    m_history.fill(0.0f);
    m_next = 0;
    // Above 16 kHz, the average of the input frames one output sample spans (3 at 48 kHz).
    m_taps = std::clamp(m_format.sampleRate() / outputRate, 1, maxTaps);
    // Parented: a source handed to deleteLater() goes with the input at the latest.
    m_source = std::make_unique<QAudioSource>(device, m_format, this);
    connect(m_source.get(), &QAudioSource::stateChanged, this, &MicrophoneInput::onStateChanged);
    QIODevice* opened = m_source->start();
    if (!m_source)
        return; // stateChanged reported the failure already (onStateChanged())
    m_device = opened;
    if (!m_device || m_source->error() != QAudio::NoError) {
        stop();
        Q_EMIT failed(QStringLiteral("microphone"),
                      tr("The microphone could not be opened. Is it in use, or was access to it "
                         "denied?"));
        return;
    }
    connect(m_device, &QIODevice::readyRead, this, &MicrophoneInput::onReadable);
}

void MicrophoneInput::stop()
{
    if (!m_source)
        return;
    if (m_device)
        disconnect(m_device, nullptr, this, nullptr);
    m_device = nullptr;
    disconnect(m_source.get(), nullptr, this, nullptr);
    QAudioSource* source = m_source.release();
    if (m_inSourceSignal > 0) {
        // Inside the source's readyRead or stateChanged (through samples() or failed() to the
        // dictation): it is still delivering, so it stops and goes once that returned. Nothing
        // it captures until then reaches this input any more.
        QMetaObject::invokeMethod(source, &QAudioSource::stop, Qt::QueuedConnection);
        source->deleteLater();
    } else {
        source->stop();
        delete source;
    }
}

void MicrophoneInput::onStateChanged()
{
    // Counts a signal of the source being handled, for stop() to know it must not delete it.
    const QScopedValueRollback inSignal(m_inSourceSignal, m_inSourceSignal + 1);
    if (!m_source || m_source->state() != QAudio::StoppedState ||
        m_source->error() == QAudio::NoError)
        return;
    const bool opened = m_device != nullptr;
    stop();
    Q_EMIT failed(QStringLiteral("microphone"),
                  opened ? tr("The microphone stopped working.")
                         : tr("The microphone could not be opened. Is it in use, or "
                              "was access to it denied?"));
}

void MicrophoneInput::onReadable()
{
    // Counts a signal of the source being handled, for stop() to know it must not delete it.
    const QScopedValueRollback inSignal(m_inSourceSignal, m_inSourceSignal + 1);
    if (!m_device)
        return;
    const QByteArray bytes = m_device->readAll();
    if (bytes.isEmpty())
        return;
    const QByteArray pcm = converted(bytes);
    if (!pcm.isEmpty())
        Q_EMIT samples(pcm); // may stop() this input, or start() it again
}

// The device's frames as 16 kHz 16-bit mono: the channels averaged, low-passed by a box filter
// when the rate is higher, resampled linearly. A read ending inside a frame (or, as 16-bit
// mono, inside a sample) keeps that rest for the next read: every later sample stays aligned.
QByteArray MicrophoneInput::converted(const QByteArray& bytes)
{
    const int frameBytes = m_format.bytesPerFrame();
    const int channels = std::max(1, m_format.channelCount());
    const int rate = std::max(1, m_format.sampleRate());
    if (frameBytes <= 0 || frameBytes % channels != 0)
        return {};
    QByteArray input = m_partial.isEmpty() ? bytes : m_partial + bytes;
    const qsizetype frames = input.size() / frameBytes;
    m_partial = input.mid(frames * frameBytes);
    input.truncate(frames * frameBytes);
    if (rate == outputRate && channels == 1 && m_format.sampleFormat() == QAudioFormat::Int16)
        return input;

    const int sampleBytes = frameBytes / channels;
    const auto sampleAt = [&](const char* p) -> float {
        switch (m_format.sampleFormat()) {
        case QAudioFormat::UInt8:
            return (static_cast<unsigned char>(*p) - 128) / 128.0f;
        case QAudioFormat::Int16:
            return qFromLittleEndian<std::int16_t>(p) / 32768.0f;
        case QAudioFormat::Int32:
            return static_cast<float>(qFromLittleEndian<std::int32_t>(p) / 2147483648.0);
        case QAudioFormat::Float: {
            float f;
            std::memcpy(&f, p, sizeof f);
            return f;
        }
        default:
            return 0.0f;
        }
    };
    QByteArray out;
    out.reserve(static_cast<qsizetype>(frames * outputRate / rate + 2) * 2);
    const double step = static_cast<double>(rate) / outputRate;
    float previous = m_last;
    for (qsizetype i = 0; i < frames; ++i) {
        const char* frame = input.constData() + i * frameBytes;
        float mono = 0.0f;
        for (int c = 0; c < channels; ++c)
            mono += sampleAt(frame + c * sampleBytes);
        mono /= static_cast<float>(channels);
        m_history[static_cast<std::size_t>(m_next)] = mono;
        m_next = (m_next + 1) % m_taps;
        float filtered = 0.0f;
        for (int t = 0; t < m_taps; ++t)
            filtered += m_history[static_cast<std::size_t>(t)];
        filtered /= static_cast<float>(m_taps);
        // Output samples falling between the previous frame (i - 1) and this one.
        while (m_position <= static_cast<double>(i)) {
            const double t = 1.0 - (static_cast<double>(i) - m_position);
            const double v = previous + (filtered - previous) * std::clamp(t, 0.0, 1.0);
            const auto s = static_cast<std::int16_t>(std::clamp(v, -1.0, 1.0) * 32767.0);
            char le[2];
            qToLittleEndian(s, le);
            out.append(le, 2);
            m_position += step;
        }
        previous = filtered;
    }
    m_position -= static_cast<double>(frames);
    m_last = previous;
    return out;
}
