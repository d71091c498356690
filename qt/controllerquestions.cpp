// SPDX-License-Identifier: MIT
// KoderAgentController's questions from the agent: the pending inputs as QML reads them (the
// schema parsed, its fields in the schema's order), an answer given as a JS object or its JSON
// text, and the problem of an answer a form shows before it is sent.
#include "koderagentcontroller.h"

#include "koder/agent/question.h"
#include "qtconvert.h"

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
// An answer as the core reads it: JSON text of an object. A string is taken as that text.
std::string answerJson(const QVariant& value, QString* error)
{
    if (value.typeId() == QMetaType::QString)
        return toStd(value.toString());
    return variantToJsonText(value, error);
}
} // namespace

QVariantList KoderAgentController::pendingInputs() const
{
    QVariantList list;
    for (const PendingInput& input : state().pendingInputs) {
        QStringList fields;
        for (const std::string& name : questionFields(input.schema))
            fields.append(toQString(name));
        list.append(QVariantMap{
            {QStringLiteral("id"), toQString(input.id)},
            {QStringLiteral("kind"), toQString(input.kind)},
            {QStringLiteral("message"), toQString(input.message)},
            {QStringLiteral("schema"), jsonTextToVariant(input.schema)},
            {QStringLiteral("fields"), fields},
            {QStringLiteral("source"), toQString(input.source)},
            {QStringLiteral("callId"), toQString(input.callId)},
            {QStringLiteral("toolName"), toQString(input.toolName)},
        });
    }
    return list;
}

bool KoderAgentController::answerInput(const QString& id, const QVariant& value)
{
    QString error;
    std::string text = answerJson(value, &error);
    if (!error.isEmpty())
        return refuse("answerInput", RejectReason::InvalidValue, error);
    return dispatch(AnswerInput{toStd(id), std::move(text)});
}

bool KoderAgentController::declineInput(const QString& id)
{
    return dispatch(DeclineInput{toStd(id)});
}

bool KoderAgentController::cancelInput(const QString& id)
{
    return dispatch(CancelInput{toStd(id)});
}

QVariantMap KoderAgentController::checkInputAnswer(const QString& id, const QVariant& value) const
{
    const auto& inputs = state().pendingInputs;
    const auto it = std::find_if(inputs.begin(), inputs.end(),
                                 [&](const PendingInput& p) { return p.id == toStd(id); });
    if (it == inputs.end())
        return {{QStringLiteral("field"), QString()},
                {QStringLiteral("code"), QStringLiteral("unknownInput")},
                {QStringLiteral("text"), QStringLiteral("no question with that id is waiting")}};
    QString error;
    const std::string text = answerJson(value, &error);
    if (!error.isEmpty())
        return {{QStringLiteral("field"), QString()},
                {QStringLiteral("code"), QStringLiteral("json")},
                {QStringLiteral("text"), error}};
    const AnswerProblem problem = checkAnswer(it->schema, text);
    if (problem.empty())
        return {};
    QVariantMap map{{QStringLiteral("field"), toQString(problem.field)},
                    {QStringLiteral("code"), toQString(problem.code)},
                    {QStringLiteral("text"), toQString(problem.text)}};
    if (!problem.limit.empty())
        map.insert(QStringLiteral("limit"), jsonTextToVariant(problem.limit));
    return map;
}
