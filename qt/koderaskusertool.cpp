// SPDX-License-Identifier: MIT
#include "koderaskusertool.h"

#include <QtCore/QJsonDocument>

/*!
    \class KoderAskUserTool
    \inmodule KoderAgent
    \brief The ask_user tool: the model asks the user a question, with options or free text,
    and reads the answer as the call's result.

    Add it to a controller's tools like any KoderTool. It needs no handler: a call of it is
    never run. The controller makes the call's arguments a question that waits in
    \l {KoderAgentController::pendingInputs}{pendingInputs} (status \c{"awaitingInput"}) until
    the user answers (\l {KoderAgentController::answerInput()}{answerInput()}), declines or
    dismisses it; the answer is the call's result and the reply goes on. It asks no approval
    (a \c{"deny"} entry in \l {KoderAgentController::toolPolicies}{toolPolicies} still denies
    it), and a waiting question is stored with the conversation like a waiting approval.

    The model sees the name \c ask_user, a description and these parameters:

    \table
    \header \li Argument \li Type \li Meaning
    \row \li \c question \li string \li What the user is asked (required, plain text).
    \row \li \c options \li list of strings \li The answers to choose from (at most 1,000).
    \row \li \c multiple \li bool \li Several options may be chosen.
    \row \li \c allowOther \li bool \li An answer other than the options may be written.
    \endtable

    The question's schema has one required property, \c answer: one of the options (several,
    as a list, with \c multiple), or any text when there are no options or \c allowOther is
    set. The result the model reads is the answer as text (several joined by \c{", "}), or
    \e{The user declined to answer.} A question the arguments cannot make (no question text,
    options that are not texts, one listed twice, more than 1,000) is the call's error result,
    which says why.

    In QML:

    \snippet qml/tst_questions.qml ask-user-tool

    The name, description and parameters are properties like any tool's and may be changed (a
    translated description, for instance); the way an answer is checked and given back does not
    change.

    \sa KoderAgentController::pendingInputs, {Questions from the agent}
*/

/*!
    \qmltype KoderAskUserTool
    \inqmlmodule Koder.Agent
    \instantiates KoderAskUserTool
    \inherits KoderTool
    \brief The ask_user tool: the model asks the user a question, with options or free text,
    and reads the answer as the call's result.

    Declare it inside a \l [QML] KoderAgentController, beside its other tools. It needs no
    \c handler: a call of it is never run. Its arguments (\c question, and optionally
    \c options, \c multiple, \c allowOther) become a question that waits in
    \l [QML] {KoderAgentController::pendingInputs}{pendingInputs} (status
    \c{"awaitingInput"}) until the user answers it
    (\l [QML] {KoderAgentController::answerInput()}{answerInput()}), declines or dismisses
    it; the answer is the call's result and the reply goes on. It asks no approval, and a
    waiting question is stored with the conversation. \l ChatView shows it in a
    \l QuestionPrompt.

    \snippet qml/tst_questions.qml ask-user-tool

    \sa {Questions from the agent}
*/

namespace {
// The schema the model reads (a JSON Schema object for the `parameters` of the tool).
constexpr const char* parametersJson = R"({
  "type": "object",
  "properties": {
    "question": {"type": "string", "description": "The question to ask the user, in plain text."},
    "options": {"type": "array", "items": {"type": "string"},
                "description": "Answers the user may choose from. Leave out for a free answer."},
    "multiple": {"type": "boolean",
                 "description": "Whether the user may choose several options."},
    "allowOther": {"type": "boolean",
                   "description": "Whether the user may write an answer other than the options."}
  },
  "required": ["question"]
})";
} // namespace

/*!
    Makes the ask_user tool with \a parent: the name \c ask_user, a description for the model,
    its parameters, and \c readOnly set.
*/
KoderAskUserTool::KoderAskUserTool(QObject* parent)
    : KoderTool(parent)
{
    setAsksUser(true);
    setName(QStringLiteral("ask_user"));
    setDescription(QStringLiteral(
        "Ask the user a question and wait for the answer. Use it when you need a decision or "
        "information only the user has; offer options when the answer is one of a few."));
    setParameters(QJsonDocument::fromJson(parametersJson).toVariant().toMap());
    setReadOnly(true);
}
