// SPDX-License-Identifier: MIT
// KoderDictation's audio in QML: the default microphone through Qt Multimedia, converted to
// 16 kHz 16-bit mono (what transcription servers take best).
#pragma once

#include "koderaudioinput.h"

#include <QtMultimedia/QAudioFormat>

#include <array>
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
    void onStateChanged();
    QByteArray converted(const QByteArray& bytes);

    // The source is never deleted inside one of its own signals: stop() called from a slot of
    // samples() or failed() (the dictation ends its recording there) hands it to deleteLater().
    std::unique_ptr<QAudioSource> m_source;
    QIODevice* m_device = nullptr;
    int m_inSourceSignal = 0; ///< depth of the source's signals being handled
    QAudioFormat m_format;
    QByteArray m_partial;    ///< the bytes of an incomplete frame, for the next read
    double m_position = 0.0; ///< where the next output sample falls, in input frames
    float m_last = 0.0f;     ///< the last filtered input frame, for interpolating across reads
    /// The last input frames, averaged before decimating (a box low-pass against aliasing).
    static constexpr int maxTaps = 8;
    std::array<float, maxTaps> m_history{};
    int m_taps = 1;
    int m_next = 0;
};
