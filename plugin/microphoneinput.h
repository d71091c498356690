// SPDX-License-Identifier: MIT
// KoderDictation's audio in QML: the default microphone through Qt Multimedia, converted to
// 16 kHz 16-bit mono (what transcription servers take best).
#pragma once

#include "koderaudioinput.h"

#include <QtMultimedia/QAudioFormat>

#include <memory>

class QAudioSource;
class QIODevice;

class MicrophoneInput : public KoderAudioInput {
    Q_OBJECT
public:
    explicit MicrophoneInput(QObject* parent = nullptr);
    ~MicrophoneInput() override;

    void start() override;
    void stop() override;

private:
    void onReadable();
    QByteArray converted(const QByteArray& bytes);

    std::unique_ptr<QAudioSource> m_source;
    QIODevice* m_device = nullptr;
    QAudioFormat m_format;
    double m_position = 0.0; ///< where the next output sample falls, in input frames
    float m_last = 0.0f;     ///< the last input frame, for interpolating across reads
};
