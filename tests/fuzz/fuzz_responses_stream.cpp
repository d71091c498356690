// SPDX-License-Identifier: MIT
// ResponsesStreamDecoder (OpenAI Responses API) under the checks of streamdecodercheck.h.
#include "responsesstream.h"
#include "streamdecodercheck.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return koder::fuzz::streams::check(
        [](koder::agent::RequestId id, koder::wire::StreamDecoder::Emit emit,
           koder::wire::Limits limits) {
            return std::make_unique<koder::wire::ResponsesStreamDecoder>(id, std::move(emit),
                                                                         limits);
        },
        data, size);
}
