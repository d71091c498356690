// SPDX-License-Identifier: MIT
#include "microphoneinput.h"

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
}

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
    m_position = 0.0;
    m_last = 0.0f;
    m_source = std::make_unique<QAudioSource>(device, m_format);
    connect(m_source.get(), &QAudioSource::stateChanged, this, [this](QAudio::State state) {
        if (state == QAudio::StoppedState && m_source && m_source->error() != QAudio::NoError) {
            const bool opened = m_device != nullptr;
            stop();
            Q_EMIT failed(QStringLiteral("microphone"),
                          opened ? tr("The microphone stopped working.")
                                 : tr("The microphone could not be opened. Is it in use, or "
                                      "was access to it denied?"));
        }
    });
    m_device = m_source->start();
    if (!m_device || m_source->error() != QAudio::NoError) {
        m_device = nullptr;
        m_source.reset();
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
    m_source->stop();
    m_source.reset();
}

void MicrophoneInput::onReadable()
{
    if (!m_device)
        return;
    const QByteArray bytes = m_device->readAll();
    if (bytes.isEmpty())
        return;
    const QByteArray pcm = converted(bytes);
    if (!pcm.isEmpty())
        Q_EMIT samples(pcm);
}

// The device's frames as 16 kHz 16-bit mono: the channels averaged, resampled linearly.
QByteArray MicrophoneInput::converted(const QByteArray& bytes)
{
    const int frameBytes = m_format.bytesPerFrame();
    const int channels = std::max(1, m_format.channelCount());
    const int rate = std::max(1, m_format.sampleRate());
    if (frameBytes <= 0)
        return {};
    if (rate == outputRate && channels == 1 && m_format.sampleFormat() == QAudioFormat::Int16)
        return bytes.left(bytes.size() - bytes.size() % 2);

    const qsizetype frames = bytes.size() / frameBytes;
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
        const char* frame = bytes.constData() + i * frameBytes;
        float mono = 0.0f;
        for (int c = 0; c < channels; ++c)
            mono += sampleAt(frame + c * sampleBytes);
        mono /= static_cast<float>(channels);
        // Output samples falling between the previous frame (i - 1) and this one.
        while (m_position <= static_cast<double>(i)) {
            const double t = 1.0 - (static_cast<double>(i) - m_position);
            const double v = previous + (mono - previous) * std::clamp(t, 0.0, 1.0);
            const auto s = static_cast<std::int16_t>(std::clamp(v, -1.0, 1.0) * 32767.0);
            char le[2];
            qToLittleEndian(s, le);
            out.append(le, 2);
            m_position += step;
        }
        previous = mono;
    }
    m_position -= static_cast<double>(frames);
    m_last = previous;
    return out;
}
