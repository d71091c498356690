// SPDX-License-Identifier: MIT
#include "koder/agent/environment.h"

#include <memory>

/*!
    \class koder::agent::Environment
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/environment.h
    \brief What the reducer needs from the world: new ids and the time.

    The reducer reads no clock and makes no random ids itself: it asks the Environment it is
    given, so that every run can be made deterministic. The Qt layer gives it UUIDs and the
    system clock; tests use \l {koder::agent::Environment::deterministic()}{deterministic()}.
*/

/*!
    \variable koder::agent::Environment::newId

    Makes a new id with the given prefix: \c "m" for a message, \c "c" for a conversation,
    \c "call" for a tool call that came without an id. It must not repeat an id (the core asks
    again when a new message id is already used in the conversation).
*/

/*!
    \variable koder::agent::Environment::now

    Returns the time in milliseconds since the Unix epoch, for
    \l {koder::agent::Message::createdAt}{Message::createdAt} and the time of approval
    records. When it is empty, the time is \c 0.
*/

namespace koder::agent {

/*!
    \fn koder::agent::Environment koder::agent::Environment::deterministic()

    Returns the deterministic environment of the tests: ids from one counter shared by every
    prefix (the prefix and the next number: \c "c1", \c "m2", \c "m3", ...) and a clock that
    stays at \c 0. Each environment it returns counts from 1.
*/
Environment Environment::deterministic()
{
    auto counter = std::make_shared<std::uint64_t>(0);
    Environment env;
    env.newId = [counter](std::string_view prefix) {
        std::string id(prefix);
        id += std::to_string(++*counter);
        return id;
    };
    env.now = [] { return std::int64_t{0}; };
    return env;
}

} // namespace koder::agent
