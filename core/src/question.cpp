// SPDX-License-Identifier: MIT
// Questions from the agent: the schema subset a question may use, the ask_user tool's arguments
// turned into a question, an answer checked against its question, and the answer as a tool
// result. A question's schema may come from a model, an MCP server or an AG-UI agent: every
// check here treats it as hostile input (limits on depth, size, options and patterns).
#include "koder/agent/question.h"

#include "enumnames.h"
#include "koder/agent/serialization.h"
#include "schemacheck.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace koder::agent {

namespace {

using nlohmann::json;
using ordered = nlohmann::ordered_json;

std::string dumped(const json& j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

json parsed(std::string_view text)
{
    if (text.empty() || checkJson(text) != JsonProblem::None)
        return json(json::value_t::discarded);
    return json::parse(text, nullptr, false);
}

bool isCount(const json& v)
{
    return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
}

// Keywords that only describe (shown, or ignored): never a reason to refuse a schema.
bool isAnnotation(const std::string& key)
{
    return key == "title" || key == "description" || key == "default" || key == "examples" ||
           key == "$comment" || key == "$schema" || key == "deprecated" || key == "readOnly" ||
           key.rfind("x-", 0) == 0;
}

// Why the choice of `where` (an enum, with enumNames, or oneOf/anyOf of const + title) is not
// one a form can show; "" when it is.
std::string choiceProblem(const std::string& where, const json& schema)
{
    std::size_t count = 0;
    if (const auto e = schema.find("enum"); e != schema.end()) {
        if (!e->is_array() || e->empty())
            return where + ": enum must be a non-empty list";
        if (!std::all_of(e->begin(), e->end(), [](const json& v) { return v.is_string(); }))
            return where + ": enum must list strings";
        if (const auto names = schema.find("enumNames"); names != schema.end())
            if (!names->is_array() || names->size() != e->size() ||
                !std::all_of(names->begin(), names->end(),
                             [](const json& v) { return v.is_string(); }))
                return where + ": enumNames must list one string per enum value";
        count = e->size();
    }
    for (const char* key : {"oneOf", "anyOf"}) {
        const auto list = schema.find(key);
        if (list == schema.end())
            continue;
        if (count != 0)
            return where + ": a choice is given twice (enum, oneOf or anyOf)";
        if (!list->is_array() || list->empty())
            return where + ": " + key + " must be a non-empty list";
        for (const json& option : *list)
            if (!option.is_object() || !option.contains("const") || !option["const"].is_string() ||
                (option.contains("title") && !option["title"].is_string()))
                return where + ": each " + key +
                       " option must be {\"const\": text, \"title\": text}";
        count = list->size();
    }
    if (count > maxQuestionOptions)
        return where + ": more than " + std::to_string(maxQuestionOptions) + " options";
    return {};
}

bool isChoice(const json& schema)
{
    return schema.contains("enum") || schema.contains("oneOf") || schema.contains("anyOf");
}

std::string stringProblem(const std::string& where, const json& p)
{
    if (const auto examples = p.find("examples"); examples != p.end())
        if (!examples->is_array() || examples->size() > maxQuestionOptions ||
            !std::all_of(examples->begin(), examples->end(),
                         [](const json& v) { return v.is_string(); }))
            return where + ": examples must list at most " + std::to_string(maxQuestionOptions) +
                   " texts";
    for (const auto& [key, value] : p.items()) {
        if (key == "type" || isAnnotation(key) || key == "enum" || key == "enumNames" ||
            key == "oneOf" || key == "anyOf")
            continue;
        if (key == "minLength" || key == "maxLength") {
            if (!isCount(value))
                return where + ": " + key + " must be a whole number, 0 or more";
        } else if (key == "format") {
            if (!value.is_string() || !detail::knownFormat(value.get<std::string>()))
                return where + ": format must be email, uri, date or date-time";
        } else if (key == "pattern") {
            if (!value.is_string())
                return where + ": pattern must be text";
            if (std::string why = detail::patternProblem(value.get<std::string>()); !why.empty())
                return where + "." + why;
        } else {
            return where + ": \"" + key + "\" is not supported in a question";
        }
    }
    return choiceProblem(where, p);
}

std::string numberProblem(const std::string& where, const json& p)
{
    for (const auto& [key, value] : p.items()) {
        if (key == "type" || isAnnotation(key))
            continue;
        if (key == "minimum" || key == "maximum" || key == "exclusiveMinimum" ||
            key == "exclusiveMaximum") {
            if (!value.is_number())
                return where + ": " + key + " must be a number";
        } else {
            return where + ": \"" + key + "\" is not supported in a question";
        }
    }
    return {};
}

std::string arrayProblem(const std::string& where, const json& p)
{
    const auto items = p.find("items");
    if (items == p.end() || !items->is_object() ||
        (!isChoice(*items) && !items->contains("examples")))
        return where + ": a list answer must be a multiple choice (items with enum, oneOf, "
                       "anyOf or examples)";
    if (const auto t = items->find("type"); t != items->end() && *t != "string")
        return where + ".items: only text options are supported";
    if (std::string why = stringProblem(where + ".items", *items); !why.empty())
        return why;
    for (const auto& [key, value] : p.items()) {
        if (key == "type" || key == "items" || key == "uniqueItems" || isAnnotation(key))
            continue;
        if (key == "minItems" || key == "maxItems") {
            if (!isCount(value))
                return where + ": " + key + " must be a whole number, 0 or more";
        } else {
            return where + ": \"" + key + "\" is not supported in a question";
        }
    }
    return {};
}

std::string propertyProblem(const std::string& name, const json& p)
{
    const std::string where = name;
    if (!p.is_object())
        return where + ": must be a schema object";
    const auto type = p.find("type");
    const std::string t = type != p.end() && type->is_string() ? type->get<std::string>()
                          : type == p.end() && isChoice(p)     ? "string"
                                                               : std::string();
    if (t == "string")
        return stringProblem(where, p);
    if (t == "number" || t == "integer")
        return numberProblem(where, p);
    if (t == "boolean") {
        for (const auto& [key, value] : p.items())
            if (key != "type" && !isAnnotation(key))
                return where + ": \"" + key + "\" is not supported in a question";
        return {};
    }
    if (t == "array")
        return arrayProblem(where, p);
    if (type == p.end())
        return where + ": has no type";
    return where + ": type " + dumped(*type) +
           " is not supported in a question (string, number, integer, boolean, or a list of "
           "choices)";
}

json parsedObject(std::string_view text)
{
    json j = parsed(text);
    return j.is_object() ? j : json::object();
}

} // namespace

/*!
    \headerfile koder/agent/question.h
    \title Questions from the agent
    \inmodule KoderAgentCore
    \brief What the user is asked, the form its schema describes, and the checks of an answer.
*/

/*!
    \class koder::agent::PendingInput
    \inheaderfile koder/agent/question.h
    \inmodule KoderAgentCore
    \brief A question the agent waits on.

    It waits in \l {koder::agent::State::pendingInputs}{State::pendingInputs} (status
    \l {koder::agent::Status}{AwaitingInput}) until \l {koder::agent::AnswerInput}{AnswerInput},
    \l {koder::agent::DeclineInput}{DeclineInput} or \l {koder::agent::CancelInput}{CancelInput}
    decides it, or its turn ends. A stored conversation keeps the questions of tool calls
    (\l {koder::agent::ApprovalState::inputs}{ApprovalState::inputs}).

    A question from outside a tool call's result (an MCP server's elicitation, an AG-UI
    interrupt) comes with \l {koder::agent::RequestInput}{RequestInput}, its \l source not
    \c "tool": its answer goes back to its asker
    (\l {koder::agent::Executor::settleInput()}{Executor::settleInput()}), and it is never
    stored.
*/
/*!
    \variable koder::agent::PendingInput::id
    Names the question in \c AnswerInput, \c DeclineInput and \c CancelInput.
*/
/*!
    \variable koder::agent::PendingInput::kind
    \c "question", the one kind so far.
*/
/*!
    \variable koder::agent::PendingInput::message
    What the user is asked: plain text from the model or a server, never rendered as markup.
*/
/*!
    \variable koder::agent::PendingInput::schema
    The answer's schema (JSON text of an object schema, see
    \l {koder::agent::checkQuestionSchema()}{checkQuestionSchema()}).
*/
/*!
    \variable koder::agent::PendingInput::source
    Who asks: \c "tool" (a tool call, such as ask_user), \c "mcp" or \c "agui".
*/
/*!
    \variable koder::agent::PendingInput::callId
    The tool call the answer becomes the result of (source \c "tool"); for a question from
    outside, the running call that asked, if any (an MCP tool asking while it runs).
*/
/*!
    \variable koder::agent::PendingInput::toolName
    The name of that call's tool.
*/
/*!
    \fn bool koder::agent::PendingInput::operator==(const koder::agent::PendingInput &a, const koder::agent::PendingInput &b)
    Returns whether \a a and \a b are the same question, field by field.
*/

/*!
    \variable koder::agent::maxQuestionOptions
    \relates koder::agent::PendingInput

    The most options one choice of a question may offer (1,000): ask_user arguments with more
    are the call's error, a schema with more is refused.
*/

/*!
    \variable koder::agent::maxQuestionBytes
    \relates koder::agent::PendingInput

    The longest question an ask_user call may ask (64 KiB).
*/

/*!
    \variable koder::agent::maxQuestionFields
    \relates koder::agent::PendingInput

    The most properties a question's schema may have (100).
*/

/*!
    \variable koder::agent::maxQuestionPatternStates
    \relates koder::agent::PendingInput

    The most states the \c pattern keywords of a question's schema may expand to in all (512;
    each pattern at most 128): an answer is checked against every one of them as the user
    types.
*/

/*!
    \variable koder::agent::declinedAnswerText
    \relates koder::agent::PendingInput

    \c {"The user declined to answer."}: the result a tool call's question gives when it is
    declined or cancelled, or its turn ends before an answer.
*/

/*!
    \enum koder::agent::InputDecision
    \relates koder::agent::PendingInput

    What became of a question, as its tool message's \c {metadata.input.decision} records it.

    \value Answered \c "answered": the user answered (\c {metadata.input.value} holds the answer).
    \value Declined \c "declined": the user declined to answer, or sent a message instead
           (BusyPolicy::Steer).
    \value Cancelled \c "cancelled": the user dismissed the question, or the turn was stopped.
*/

/*!
    \fn std::string koder::agent::checkQuestionSchema(std::string_view schemaJson)
    \relates koder::agent::PendingInput

    Returns why \a schemaJson is not a question's schema, or an empty string when it is.

    A question's schema is the subset MCP elicitation uses: JSON within the library's limits,
    an object schema (\c type \c "object") whose \c properties are each
    \list
    \li a string: \c minLength, \c maxLength, \c pattern, \c format (\c email, \c uri,
        \c date, \c date-time);
    \li a number or an integer: \c minimum, \c maximum (\c exclusiveMinimum,
        \c exclusiveMaximum);
    \li a boolean;
    \li a single choice: \c enum (of strings; \c enumNames titles them) or \c oneOf / \c anyOf
        of \c {{"const": text, "title": text}};
    \li a multiple choice: \c type \c "array" whose \c items are such a choice, with
        \c minItems and \c maxItems.
    \endlist
    Each may have \c title, \c description, \c default and \c examples (a string with
    \c examples and no \c enum is shown as those choices and a field for another answer).
    \c required lists properties the answer must have. Any other keyword of a property is
    refused, as is a choice of more than 1,000 options, a nested object, and a \c pattern that
    is not an ECMAScript regular expression, is longer than 512 bytes, uses back-references, or
    expands to more than 128 states (each character or class one, a counted repetition copying
    what it repeats, nested ones multiplying: \c{[0-9]{5}} is 5, \c{((.?){40}){40}} 3,200), a
    schema of more than 100 properties or whose patterns expand to more than 512 states in all.
    A pattern is matched in time polynomial in the text and the pattern (libstdc++'s
    breadth-first matcher; with another standard library, a repeated group that itself repeats
    or alternates is refused too), and only on a text of at most 256 bytes: the slowest check
    within these limits takes a fraction of a second.
*/
std::string checkQuestionSchema(std::string_view schemaJson)
{
    if (const JsonProblem problem = checkJson(schemaJson); problem != JsonProblem::None)
        return "schema: " + describe(problem);
    const json schema = json::parse(schemaJson, nullptr, false);
    if (!schema.is_object())
        return "schema: must be a JSON object";
    if (schema.value("type", json()) != "object")
        return "schema: type must be \"object\"";
    const auto properties = schema.find("properties");
    if (properties != schema.end() && !properties->is_object())
        return "schema: properties must be an object";
    for (const auto& [key, value] : schema.items()) {
        if (key == "type" || key == "properties" || key == "required" || isAnnotation(key))
            continue;
        if (key == "additionalProperties" && value.is_boolean())
            continue;
        return "schema: \"" + key + "\" is not supported in a question";
    }
    if (properties != schema.end()) {
        if (properties->size() > maxQuestionFields)
            return "schema: more than " + std::to_string(maxQuestionFields) + " properties";
        std::size_t states = 0; // of every pattern: an answer is checked against them all
        for (const auto& [name, property] : properties->items()) {
            if (name.empty())
                return "schema: a property has no name";
            if (std::string why = propertyProblem(name, property); !why.empty())
                return why;
            for (const json* p :
                 {&property, property.contains("items") ? &property["items"] : nullptr})
                if (p && p->is_object() && p->contains("pattern")) {
                    std::string ignored;
                    states += detail::patternStates((*p)["pattern"].get<std::string>(), ignored);
                }
        }
        if (states > maxQuestionPatternStates)
            return "schema: its patterns repeat too much to check quickly (more than " +
                   std::to_string(maxQuestionPatternStates) + " steps in all)";
    }
    if (const auto required = schema.find("required"); required != schema.end()) {
        if (!required->is_array())
            return "schema: required must be a list of property names";
        for (const json& name : *required)
            if (!name.is_string() || properties == schema.end() ||
                !properties->contains(name.get<std::string>()))
                return "schema: required names " + dumped(name) + ", which is not a property";
    }
    return {};
}

/*!
    \class koder::agent::AnswerProblem
    \inheaderfile koder/agent/question.h
    \inmodule KoderAgentCore
    \brief The first problem of an answer to a question, as checkAnswer() finds it.

    A form shows it in the user's language from \l code, \l limit and \l field; \l text is an
    English sentence for logs and for the model.
*/
/*!
    \variable koder::agent::AnswerProblem::field
    The top-level property the problem is about; empty for the answer as a whole.
*/
/*!
    \variable koder::agent::AnswerProblem::code
    The rule that failed: \c required, \c type, \c enum, \c const, \c minimum, \c maximum,
    \c exclusiveMinimum, \c exclusiveMaximum, \c minLength, \c maxLength, \c minItems,
    \c maxItems, \c pattern, \c format, \c additional, \c shapes, or \c json (the answer is
    not a JSON object). Empty when the answer fits.
*/
/*!
    \variable koder::agent::AnswerProblem::limit
    The rule's value as JSON text (\c 3 for \c {minItems: 3}, \c {"email"} for a format, the
    missing property's name for \c required); empty when the rule has none.
*/
/*!
    \variable koder::agent::AnswerProblem::text
    The problem in English with its path, such as \c {answer: must be one of "a", "b"}.
*/
/*!
    \fn bool koder::agent::AnswerProblem::empty() const
    Returns whether there is no problem: the answer fits.
*/
/*!
    \fn bool koder::agent::AnswerProblem::operator==(const koder::agent::AnswerProblem &a, const koder::agent::AnswerProblem &b)
    Returns whether \a a and \a b are the same problem.
*/

/*!
    \fn koder::agent::AnswerProblem koder::agent::checkAnswer(std::string_view schemaJson, std::string_view valueJson)
    \relates koder::agent::PendingInput

    Returns the first problem of the answer \a valueJson (JSON text of an object) to the
    question whose schema is \a schemaJson, or an empty problem when it fits. The rules are
    those of \l {koder::agent::checkToolArguments()}{checkToolArguments()} plus \c pattern
    (ECMAScript, found anywhere in the text unless anchored; a text longer than 256 bytes never
    matches), \c uniqueItems and \c format (\c email, \c uri, \c date, \c date-time). Never throws.
*/
AnswerProblem checkAnswer(std::string_view schemaJson, std::string_view valueJson)
{
    try {
        if (const JsonProblem problem = checkJson(valueJson); problem != JsonProblem::None)
            return {{}, "json", {}, "answer: " + describe(problem)};
        const json value = json::parse(valueJson, nullptr, false);
        if (!value.is_object())
            return {{}, "json", {}, "the answer must be a JSON object"};
        const json schema = parsed(schemaJson);
        if (!schema.is_object())
            return {};
        const auto problem = detail::checkValue(schema, value, {true, true, true});
        if (!problem)
            return {};
        return {problem->field, problem->code,
                problem->limit.is_null() ? std::string() : dumped(problem->limit), problem->text};
    } catch (const json::exception&) {
        return {{}, "json", {}, "answer: " + describe(JsonProblem::NotJson)};
    }
}

/*!
    \fn std::vector<std::string> koder::agent::questionFields(std::string_view schemaJson)
    \relates koder::agent::PendingInput

    Returns the names of the properties of \a schemaJson in the order the schema lists them
    (a form shows them in that order), or none for a schema that is not an object with
    properties.
*/
std::vector<std::string> questionFields(std::string_view schemaJson)
{
    std::vector<std::string> names;
    if (schemaJson.empty() || checkJson(schemaJson) != JsonProblem::None)
        return names;
    const ordered schema = ordered::parse(schemaJson, nullptr, false);
    if (!schema.is_object())
        return names;
    const auto properties = schema.find("properties");
    if (properties == schema.end() || !properties->is_object())
        return names;
    for (const auto& item : properties->items())
        names.push_back(item.key());
    return names;
}

/*!
    \fn std::string koder::agent::answerText(std::string_view valueJson)
    \relates koder::agent::PendingInput

    Returns what the answer \a valueJson says as a tool result: for an answer of one property,
    that property's value (a string as itself, a list of strings joined by \c {", "}, anything
    else as JSON); otherwise the answer's JSON text.
*/
std::string answerText(std::string_view valueJson)
{
    const json value = parsed(valueJson);
    if (value.is_discarded())
        return std::string(valueJson);
    if (!value.is_object() || value.size() != 1)
        return dumped(value);
    const json& only = value.begin().value();
    if (only.is_string())
        return only.get<std::string>();
    if (only.is_array() &&
        std::all_of(only.begin(), only.end(), [](const json& v) { return v.is_string(); })) {
        std::string text;
        for (const json& v : only)
            text += (text.empty() ? "" : ", ") + v.get<std::string>();
        return text;
    }
    return dumped(only);
}

/*!
    \class koder::agent::AskedQuestion
    \inheaderfile koder/agent/question.h
    \inmodule KoderAgentCore
    \brief The question an ask_user call asks, or why it cannot be asked.
*/
/*!
    \variable koder::agent::AskedQuestion::message
    The question.
*/
/*!
    \variable koder::agent::AskedQuestion::schema
    The answer's schema (JSON text): one required property, \c answer.
*/
/*!
    \variable koder::agent::AskedQuestion::error
    Why the call cannot be asked (the model receives it as the call's error result); empty when
    it can.
*/

/*!
    \fn koder::agent::AskedQuestion koder::agent::askUserQuestion(std::string_view argumentsJson)
    \relates koder::agent::PendingInput

    Returns the question the arguments \a argumentsJson of an ask_user call ask:
    \c {{"question": text, "options": [text], "multiple": bool, "allowOther": bool}}.
    The question is the message; the schema has one required property, \c answer:
    \list
    \li no options: any text (\c {{"type": "string", "minLength": 1}});
    \li options: one of them (\c enum), or several (\c multiple: a list of them, at least
        one);
    \li options and \c allowOther: any text, the options offered as \c examples (several, with
        \c multiple: a list of texts, the options as the items' \c examples).
    \endlist
    A question that is missing or empty, longer than 64 KiB, options that are not a list of
    non-empty texts, repeat one, or number more than 1,000, and \c multiple or \c allowOther
    that are not booleans give an \c error instead.
*/
AskedQuestion askUserQuestion(std::string_view argumentsJson)
{
    AskedQuestion out;
    if (const JsonProblem problem = checkJson(argumentsJson); problem != JsonProblem::None)
        return {{}, {}, "Invalid question: arguments " + describe(problem)};
    const json args = json::parse(argumentsJson, nullptr, false);
    if (!args.is_object())
        return {{}, {}, "Invalid question: the arguments must be a JSON object"};
    const auto question = args.find("question");
    if (question == args.end() || !question->is_string() ||
        question->get_ref<const std::string&>().find_first_not_of(" \t\r\n") == std::string::npos)
        return {{}, {}, "Invalid question: \"question\" must be a non-empty text"};
    if (question->get_ref<const std::string&>().size() > maxQuestionBytes)
        return {{}, {}, "Invalid question: \"question\" is longer than 64 KiB"};
    for (const char* flag : {"multiple", "allowOther"})
        if (const auto it = args.find(flag);
            it != args.end() && !it->is_boolean() && !it->is_null())
            return {
                {}, {}, std::string("Invalid question: \"") + flag + "\" must be true or false"};
    const bool multiple = args.value("multiple", json(false)) == true;
    const bool allowOther = args.value("allowOther", json(false)) == true;
    json options = json::array();
    if (const auto it = args.find("options"); it != args.end() && !it->is_null()) {
        if (!it->is_array())
            return {{}, {}, "Invalid question: \"options\" must be a list of texts"};
        if (it->size() > maxQuestionOptions)
            return {{},
                    {},
                    "Invalid question: more than " + std::to_string(maxQuestionOptions) +
                        " options"};
        std::set<std::string> seen;
        for (const json& option : *it) {
            if (!option.is_string() || option.get_ref<const std::string&>().empty())
                return {{}, {}, "Invalid question: each option must be a non-empty text"};
            if (!seen.insert(option.get<std::string>()).second)
                return {
                    {}, {}, "Invalid question: the option " + dumped(option) + " is listed twice"};
        }
        options = *it;
    }
    ordered answer;
    if (options.empty()) {
        answer = {{"type", "string"}, {"minLength", 1}};
    } else {
        ordered choice = {{"type", "string"}};
        if (allowOther) {
            choice["minLength"] = 1;
            choice["examples"] = options;
        } else {
            choice["enum"] = options;
        }
        if (multiple)
            answer = {{"type", "array"}, {"items", choice}, {"minItems", 1}, {"uniqueItems", true}};
        else
            answer = std::move(choice);
    }
    ordered schema = {{"type", "object"},
                      {"properties", {{"answer", std::move(answer)}}},
                      {"required", {"answer"}}};
    out.message = question->get<std::string>();
    out.schema = schema.dump(-1, ' ', false, json::error_handler_t::replace);
    return out;
}

/*!
    \fn std::string koder::agent::withSchemaDefaults(std::string_view schemaJson, std::string_view valueJson)
    \relates koder::agent::PendingInput

    Returns the answer \a valueJson (JSON text of an object) with the defaults of the schema
    \a schemaJson filled in: each top-level property that has a \c default and is absent from
    the answer gets it, in the order the schema lists them. This is what an MCP server gets back
    when the user accepts its elicitation. When nothing is missing, or \a valueJson or
    \a schemaJson is not a JSON object, \a valueJson is returned as it is. Never throws.

    \code
    withSchemaDefaults(R"({"type":"object","properties":{"n":{"type":"integer","default":3}}})",
                       "{}"); // {"n":3}
    \endcode
*/
std::string withSchemaDefaults(std::string_view schemaJson, std::string_view valueJson)
{
    if (valueJson.empty() || schemaJson.empty() || checkJson(valueJson) != JsonProblem::None ||
        checkJson(schemaJson) != JsonProblem::None)
        return std::string(valueJson);
    try {
        ordered value = ordered::parse(valueJson, nullptr, false);
        const ordered schema = ordered::parse(schemaJson, nullptr, false);
        if (!value.is_object() || !schema.is_object())
            return std::string(valueJson);
        const auto properties = schema.find("properties");
        if (properties == schema.end() || !properties->is_object())
            return std::string(valueJson);
        bool filled = false;
        for (const auto& property : properties->items()) {
            const ordered& p = property.value();
            if (!p.is_object() || value.contains(property.key()))
                continue;
            if (const auto fallback = p.find("default"); fallback != p.end()) {
                value[property.key()] = *fallback;
                filled = true;
            }
        }
        return filled ? value.dump(-1, ' ', false, ordered::error_handler_t::replace)
                      : std::string(valueJson);
    } catch (const ordered::exception&) {
        return std::string(valueJson);
    }
}

/*!
    \fn std::string koder::agent::withInputDecision(std::string_view metadata, koder::agent::InputDecision decision, std::string_view valueJson)
    \relates koder::agent::PendingInput

    Returns \a metadata (JSON text of an object, or empty; its other keys are kept) with
    \c {{"input": {"decision": "answered", "value": ...}}}: the \a decision and, when
    \a valueJson is not empty, the answer.
*/
std::string withInputDecision(std::string_view metadata, InputDecision decision,
                              std::string_view valueJson)
{
    json j = parsedObject(metadata);
    json input = {{"decision", toString(decision)}};
    if (!valueJson.empty()) {
        json value = parsed(valueJson);
        if (!value.is_discarded())
            input["value"] = std::move(value);
    }
    j["input"] = std::move(input);
    return dumped(j);
}

/*!
    \relates koder::agent::PendingInput
    Returns the name of \a decision: \c "answered", \c "declined" or \c "cancelled".
*/
std::string_view toString(InputDecision decision)
{
    switch (decision) {
    case InputDecision::Answered:
        return "answered";
    case InputDecision::Declined:
        return "declined";
    case InputDecision::Cancelled:
        return "cancelled";
    }
    return {};
}

/*!
    \relates koder::agent::PendingInput
    Returns the decision named \a text, or none for any other text.
*/
std::optional<InputDecision> inputDecisionFromString(std::string_view text)
{
    return detail::enumFromName<InputDecision>([](InputDecision d) { return toString(d); }, text);
}

} // namespace koder::agent
