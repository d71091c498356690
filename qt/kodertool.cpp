// SPDX-License-Identifier: MIT
#include "kodertool.h"

/*!
    \class KoderTool
    \inmodule KoderAgent
    \inheaderfile kodertool.h
    \brief A tool the model may call, run only with the permission the policy requires.

    A controller offers the model its tools (added with KoderAgentController::addTool() from
    C++, child \c KoderTool items in QML) by name, description and JSON schema. When the model
    calls one, the controller checks the permission policy, asks the user when it must, and
    runs the tool's handler with the arguments. In QML: \l [QML] {KoderTool}{the KoderTool QML type}.

    This class has no Qt Qml: the JS \c handler property is added by the QML module. From C++,
    set a synchronous callable with setCallable() or an asynchronous one with
    setAsyncCallable():

    \code
    tool->setName(QStringLiteral("get_time"));
    tool->setCallable([](const QJsonObject &) { return QVariant(QTime::currentTime().toString()); });
    controller->addTool(tool);
    \endcode

    A handler that throws, reports an error or outlasts timeoutMs gives the model an error
    result; it never crashes the application.

    \sa {Tools and Permissions}
*/

/*!
    \qmltype KoderTool
    \inqmlmodule Koder.Agent
    \instantiates KoderTool
    \brief A tool the model may call, run only with the permission the policy requires.

    Declared as a child of a \l [QML] KoderAgentController, a tool is offered to the model
    with its \l name, \l description and \l parameters schema. When the model calls it, the
    controller's permission policy
    (\l [QML] {KoderAgentController::autoAccept}{autoAccept},
    \l [QML] {KoderAgentController::toolPolicies}{toolPolicies}) decides whether it runs at
    once or waits for the user's approval; \l readOnly tells the policy the tool changes
    nothing. Then \l handler runs with the arguments, and what it returns goes back to the
    model as the tool's result.

    The demo's two tools, one that reads and one that writes:

    \snippet Main.qml demo-tools

    \section1 Handlers and results

    \l handler receives the parsed arguments object and returns the result: a string (sent
    as it is), any other JSON value (sent as JSON text), or a Promise of one, for work that
    finishes later:

    \qml
    handler: function(args) { return Promise.resolve("09:41") }
    \endqml

    The call ends with an error result (\c isError, which the model reads) instead when:

    \list
    \li the handler throws or the Promise rejects: \c{"The tool failed: <message>"};
    \li it takes longer than \l timeoutMs: \c{"The tool timed out after <n> ms."} (a result
        that comes later is dropped);
    \li it returns a value JSON cannot hold (a function, a cycle);
    \li the arguments are not a JSON object, or the tool has no handler.
    \endlist

    A tool call never crashes the application. A call the model makes to a name no tool has
    gets an error result too, without running anything.

    \sa {Tools and Permissions}
*/

/*!
    \qmlproperty string KoderTool::name

    The name the model calls the tool by; give each of a controller's tools its own. Keep to
    letters, digits, \c _ and \c -, which every provider accepts. A tool with an empty name
    (the default) is not offered to the model.
*/

/*!
    \property KoderTool::name
    \brief The name the model calls the tool by.

    A tool with an empty name (the default) is not offered to the model.
*/

/*!
    \qmlproperty string KoderTool::description

    What the tool does, in words for the model (it decides from them when to call the tool)
    and for the permission prompt. The default is an empty string.
*/

/*!
    \property KoderTool::description
    \brief What the tool does, for the model and the permission prompt.

    The default is empty.
*/

/*!
    \qmlproperty var KoderTool::parameters

    The JSON schema of the arguments object, as a JS object:
    \c{({ type: "object", properties: { tz: { type: "string" } }, required: ["tz"] })}. The
    model is asked to call the tool with arguments that match it; the handler still gets
    whatever the model sent. The default is an empty map, sent as an object schema without
    properties.
*/

/*!
    \property KoderTool::parameters
    \brief The JSON schema of the arguments object.

    The default is empty (an object without properties).
*/

/*!
    \qmlproperty bool KoderTool::readOnly

    Whether the tool only reads and changes nothing. The controller's
    \l [QML] {KoderAgentController::autoAccept}{autoAccept} \c{"onlyRead"} runs read-only
    tools without asking and asks before the others; the flag is
    read when the decision is made, not when the call arrived. The default is \c false: the
    tool may change something.
*/

/*!
    \fn bool KoderTool::asksUser() const

    Returns whether a call of this tool asks the user a question instead of running (true for
    KoderAskUserTool, false for every other tool). The controller tells the core, which makes
    the call's arguments a question that waits in
    \l {KoderAgentController::pendingInputs}{pendingInputs}.
*/

/*!
    \fn void KoderTool::setAsksUser(bool asks)

    Sets whether a call of this tool asks the user a question instead of running to \a asks;
    for a subclass such as KoderAskUserTool.
*/

/*!
    \property KoderTool::readOnly
    \brief Whether the tool changes nothing; \c{autoAccept "onlyRead"} runs such tools
    without asking.

    The default is \c false.
*/

/*!
    \qmlproperty int KoderTool::timeoutMs

    Milliseconds a call may run before it ends with the error result
    \c{"The tool timed out after <n> ms."}; whatever the handler reports later is ignored.
    The time counts from when the call starts running, not while it waits for approval. 0
    waits for ever.

    The default is 30000. Values below 0 are taken as 0.
*/

/*!
    \property KoderTool::timeoutMs
    \brief Milliseconds a call may take before it fails; 0 waits for ever.

    The default is 30000.
*/

/*!
    \qmlsignal KoderTool::callableChanged()

    Emitted when the tool's handler changes: \l handler in QML, or a callable set from C++.
*/

/*!
    \qmlsignal KoderTool::definitionChanged()

    Emitted when what the controller must know of the tool changes: its \l name or its
    \l readOnly flag.
*/

/*!
    \typedef KoderTool::Callable

    A synchronous handler: \c{std::function<QVariant(const QJsonObject &arguments)>}. It
    returns the result, a string (sent as it is) or any QVariant that converts to JSON (sent as
    JSON text); throwing gives an error result.

    \sa setCallable()
*/

/*!
    \typedef KoderTool::Done

    How an asynchronous handler reports:
    \c{std::function<void(const QVariant &result, bool isError)>}. Call it once, on the tool's
    thread, with the result (as for Callable) or, with \c isError, the error text the model
    reads (a string). Calls after the first, after a timeout or after the call was cancelled
    are ignored.

    \sa AsyncCallable
*/

/*!
    \typedef KoderTool::AsyncCallable

    An asynchronous handler: \c{std::function<void(const QJsonObject &arguments, Done done)>}.
    It starts the call and reports through \c done, at once or later; a throw before it
    returns gives an error result. The QML module runs JS handlers and their Promises through
    one.

    \sa setAsyncCallable(), Done
*/

/*!
    \fn KoderTool::Callable KoderTool::callable() const

    Returns the synchronous handler, or an empty function when none is set.

    \sa setCallable()
*/

/*!
    \fn KoderTool::AsyncCallable KoderTool::asyncCallable() const

    Returns the asynchronous handler, or an empty function when none is set.

    \sa setAsyncCallable()
*/

/*!
    \fn void KoderTool::callableChanged()

    Emitted when the callable or the async callable changes.
*/

/*!
    \fn void KoderTool::definitionChanged()

    Emitted when the name or the read-only flag changes: what the controller must know of the
    tool.
*/

/*!
    Constructs a tool with \a parent. It has no name and no handler yet.
*/
KoderTool::KoderTool(QObject* parent)
    : QObject(parent)
{
}

void KoderTool::setName(const QString& name)
{
    if (m_name == name)
        return;
    m_name = name;
    Q_EMIT nameChanged();
    Q_EMIT definitionChanged();
}

void KoderTool::setDescription(const QString& description)
{
    if (m_description == description)
        return;
    m_description = description;
    Q_EMIT descriptionChanged();
}

void KoderTool::setParameters(const QVariantMap& parameters)
{
    if (m_parameters == parameters)
        return;
    m_parameters = parameters;
    Q_EMIT parametersChanged();
}

void KoderTool::setReadOnly(bool readOnly)
{
    if (m_readOnly == readOnly)
        return;
    m_readOnly = readOnly;
    Q_EMIT readOnlyChanged();
    Q_EMIT definitionChanged();
}

void KoderTool::setTimeoutMs(int ms)
{
    ms = qMax(0, ms);
    if (m_timeoutMs == ms)
        return;
    m_timeoutMs = ms;
    Q_EMIT timeoutMsChanged();
}

/*!
    Sets the synchronous handler to \a callable. When set, it is used before the async
    callable. It runs on the tool's thread and blocks it: use setAsyncCallable() for work that
    takes time.

    \sa Callable
*/
void KoderTool::setCallable(Callable callable)
{
    m_callable = std::move(callable);
    Q_EMIT callableChanged();
}

/*!
    Sets the asynchronous handler to \a callable. The QML module sets one when \c handler is
    set from QML.

    \sa AsyncCallable, Done
*/
void KoderTool::setAsyncCallable(AsyncCallable callable)
{
    m_asyncCallable = std::move(callable);
    Q_EMIT callableChanged();
}
