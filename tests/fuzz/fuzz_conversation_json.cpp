// SPDX-License-Identifier: MIT
// The JSON loaders on arbitrary text: they never crash or throw, and whatever loads round-trips:
// toJson of it loads again to an equal value, whose toJson is the same text.
#include "fuzzcheck.h"
#include "koder/agent/serialization.h"

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace {

using namespace koder::agent;
using koder::fuzz::printable;

template<class T, class Load, class Write>
void roundTrip(const char* what, std::string_view text, Load load, Write write)
{
    const Loaded<T> first = load(text);
    if (const auto* error = std::get_if<LoadError>(&first)) {
        KODER_FUZZ_CHECK(!error->toString().empty(), std::string(what) + ": an empty LoadError");
        return;
    }
    const T& value = std::get<T>(first);
    const std::string json = write(value);
    const Loaded<T> second = load(json);
    if (const auto* error = std::get_if<LoadError>(&second))
        KODER_FUZZ_CHECK(false, std::string(what) + ": toJson's output does not load: " +
                                    error->toString() + "\n  input:  " + printable(text, 1000) +
                                    "\n  toJson: " + printable(json, 1000));
    const T& again = std::get<T>(second);
    KODER_FUZZ_CHECK(again == value,
                     std::string(what) + ": the reloaded value differs\n  input:  " +
                         printable(text, 1000) + "\n  toJson: " + printable(json, 1000));
    const std::string json2 = write(again);
    KODER_FUZZ_CHECK(json2 == json, std::string(what) + ": toJson is not stable\n  first:  " +
                                        printable(json, 1000) +
                                        "\n  second: " + printable(json2, 1000));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    roundTrip<Conversation>(
        "conversation", text, [](std::string_view t) { return conversationFromJson(t); },
        [](const Conversation& c) { return toJson(c); });
    // The indented form loads to the same conversation.
    roundTrip<Conversation>(
        "conversation (indented)", text, [](std::string_view t) { return conversationFromJson(t); },
        [](const Conversation& c) { return toJson(c, 2); });
    roundTrip<std::vector<Message>>(
        "messages", text, [](std::string_view t) { return messagesFromJson(t); },
        [](const std::vector<Message>& m) { return toJson(m); });
    roundTrip<Message>(
        "message", text, [](std::string_view t) { return messageFromJson(t); },
        [](const Message& m) { return toJson(m); });
    return 0;
}
