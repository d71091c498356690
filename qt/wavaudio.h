// SPDX-License-Identifier: MIT
// The sound of dictation: how loud a piece of 16-bit PCM is, and the WAV file a transcription
// server takes.
#pragma once

#include <QtCore/QByteArray>

namespace koder::agent::qt {

/// The loudness of 16-bit signed little-endian mono samples, from 0 (-60 dBFS or quieter) to 1
/// (full scale), by their root mean square on a decibel scale: what a level meter shows.
double levelOf(const QByteArray& pcm);

/// A RIFF WAVE file of 16-bit signed little-endian mono `pcm` at `sampleRate` Hz.
QByteArray wavOf(const QByteArray& pcm, int sampleRate);

} // namespace koder::agent::qt
