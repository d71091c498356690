// SPDX-License-Identifier: MIT
#include "koder/agent/import.h"

#include <nlohmann/json.hpp>

namespace koder::agent {

/*!
    \fn koder::agent::Loaded<std::vector<koder::agent::Message>> koder::agent::importMessages(std::string_view json, koder::agent::Environment &env)

    Reads the messages an application hands over (the controller's \c addChatMessages and
    \c setChatMessages) from \a json: a JSON array in the stored message format (see
    \l {koder::agent::messagesFromJson()}{messagesFromJson()}), except that \c id and
    \c createdAt may be left out. The missing ones are made here, once, with \a env: ids with
    the prefix \c "m", times from its clock.

    Returns the messages, or a \l {koder::agent::LoadError}{LoadError} naming the first invalid
    field by its path (such as \c {messages[1].role}); never throws. The result goes to
    \l {koder::agent::AddMessages}{AddMessages} or \l {koder::agent::SetMessages}{SetMessages},
    which check that no id is used twice.
*/
Loaded<std::vector<Message>> importMessages(std::string_view json, Environment& env)
{
    // Checked first: the limits hold before anything is built from the text.
    if (checkJson(json) != JsonProblem::None)
        return messagesFromJson(json); // reports the problem
    // ordered_json, like the loader: embedded objects (metadata, arguments) keep their key order.
    nlohmann::ordered_json array = nlohmann::ordered_json::parse(json, nullptr, false);
    if (!array.is_array())
        return messagesFromJson(json); // reports what it is instead
    for (nlohmann::ordered_json& item : array) {
        if (!item.is_object())
            continue; // the loader names it
        if (!item.contains("id"))
            item["id"] = env.newId ? env.newId("m") : std::string();
        if (!item.contains("createdAt"))
            item["createdAt"] = env.now ? env.now() : 0;
    }
    // An id from a custom Environment that is not UTF-8 is replaced, never thrown.
    return messagesFromJson(
        array.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

} // namespace koder::agent
