// SPDX-License-Identifier: MIT
#include "wavaudio.h"

#include <QtCore/QtEndian>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace koder::agent::qt {

double levelOf(const QByteArray& pcm)
{
    const qsizetype count = pcm.size() / 2;
    if (count == 0)
        return 0.0;
    double sum = 0.0;
    for (qsizetype i = 0; i < count; ++i) {
        const double s = qFromLittleEndian<std::int16_t>(pcm.constData() + 2 * i) / 32768.0;
        sum += s * s;
    }
    const double rms = std::sqrt(sum / static_cast<double>(count));
    if (rms <= 0.001)
        return 0.0; // -60 dBFS
    return std::clamp((20.0 * std::log10(rms) + 60.0) / 60.0, 0.0, 1.0);
}

QByteArray wavOf(const QByteArray& pcm, int sampleRate)
{
    const auto dataBytes = static_cast<std::uint32_t>(pcm.size() & ~qsizetype(1));
    QByteArray wav(44, Qt::Uninitialized);
    char* h = wav.data();
    const auto u32 = [](char* at, std::uint32_t v) { qToLittleEndian(v, at); };
    const auto u16 = [](char* at, std::uint16_t v) { qToLittleEndian(v, at); };
    std::memcpy(h, "RIFF", 4);
    u32(h + 4, 36 + dataBytes);
    std::memcpy(h + 8, "WAVEfmt ", 8);
    u32(h + 16, 16);                                         // the fmt chunk's size
    u16(h + 20, 1);                                          // PCM
    u16(h + 22, 1);                                          // mono
    u32(h + 24, static_cast<std::uint32_t>(sampleRate));     // samples per second
    u32(h + 28, static_cast<std::uint32_t>(sampleRate) * 2); // bytes per second
    u16(h + 32, 2);                                          // bytes per frame
    u16(h + 34, 16);                                         // bits per sample
    std::memcpy(h + 36, "data", 4);
    u32(h + 40, dataBytes);
    wav.append(pcm.constData(), dataBytes);
    return wav;
}

} // namespace koder::agent::qt
