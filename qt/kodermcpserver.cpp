// SPDX-License-Identifier: MIT
#include "kodermcpserver.h"

#include "agentlogging.h"
#include "mcpchannel.h"
#include "mcpmessages.h"
#include "mcpsession.h"
#include "qtconvert.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QHash>
#include <QtCore/QJsonDocument>
#include <QtCore/QMetaMethod>
#include <QtCore/QPointer>
#include <QtCore/QTimer>

#include <atomic>
#include <map>
#include <vector>

using namespace koder::agent::qt;
namespace mcp = koder::wire::mcp;
using json = nlohmann::json;

/*!
    \qmltype KoderMcpServer
    \inqmlmodule Koder.Agent
    \instantiates KoderMcpServer
    \brief A Model Context Protocol server: its tools join a controller's under the approval
    policy, its prompts and resources are the application's to use.

    A KoderMcpServer is one MCP server: a program the application starts and talks to over
    its standard input and output (\l command, \l args, \l environment, \l workingDirectory),
    or a server at an address (\l url, \l headers; Streamable HTTP). Listed in a controller's
    \l [QML] {KoderAgentController::mcpServers}{mcpServers}, it offers the model each of its
    tools as \c{<name>__<tool>} once it is \c ready, and every call of them is decided by the
    controller's approval engine like a call of the application's own tools (\l toolPolicy).
    From \c{tests/qml/tst_mcp.qml}, a server started with Node whose tools always ask:

    \snippet qml/tst_mcp.qml mcp-server

    A server starts on its own once it is configured and \l enabled: the properties a
    declaration sets are all read before it starts, on a later turn of the event loop. It then
    goes through \l status \c connecting to \c ready (or \c failed, with \l errorString). It
    stops when it is destroyed or \l enabled is set to \c false, and a change of its
    configuration (\l name, \l command, \l args, \l environment, \l workingDirectory, \l url,
    \l headers) starts it again with the new one. Nothing restarts a failed server by itself:
    restart() does.

    What the server sends is untrusted: its tools' names, descriptions and annotations, its
    results, progress messages and questions, its \l instructions. A server cannot make a
    tool call happen; only the model asks for calls, and the approval policy decides each one.
    \l {MCP servers} describes the whole flow and what a server can and cannot do.

    \sa KoderAgentController, {MCP servers}, {Tools and Permissions}
*/

/*!
    \qmlproperty string KoderMcpServer::name

    The server's name: the prefix of its tools' names for the model (\c{<name>__<tool>};
    characters other than ASCII letters, digits, \c _ and \c - become \c _) and the start of
    its log lines. A server must have one: without it, it fails with \e{The server has no
    name.} Give each server of a controller its own: of two servers whose names are alike once
    the characters are replaced, the second is \c failed. The default is empty.
*/

/*!
    \qmlproperty string KoderMcpServer::command

    The program of a server that runs on this machine, such as \c npx, \c uvx, \c node or
    the path of an executable: started with \l args, \l environment and
    \l workingDirectory, one JSON-RPC message per line on its standard input and output. Set
    either \c command or \l url: with both the server fails (\e{Set either command or url,
    not both.}). The default is empty.
*/

/*!
    \qmlproperty list<string> KoderMcpServer::args

    The arguments of \l command, each passed as it is: no shell reads them, so nothing is
    quoted, expanded or split. The default is an empty list.
*/

/*!
    \qmlproperty var KoderMcpServer::environment

    Variables for the server's process, as an object of strings, such as
    \c{({ GITHUB_TOKEN: token })}. The process gets them on top of a minimal base taken from
    the application's environment: \c PATH, \c HOME, \c USER, \c LANG, the \c LC_ variables
    and \c TMPDIR. Nothing else of the application's environment reaches it: no API key of
    the application, unless it is given here. The default is an empty object.
*/

/*!
    \qmlproperty string KoderMcpServer::workingDirectory

    The working directory of the server's process; empty (the default) is the application's.
*/

/*!
    \qmlproperty url KoderMcpServer::url

    The address of a server that speaks Streamable HTTP, such as
    \c{https://example.com/mcp}: each message is a POST whose answer is JSON or an event
    stream, and what the server sends on its own comes on a stream it may open after the
    handshake. Only \c http and \c https are taken (another scheme fails the server). Set
    either \c url or \l command. The default is empty.
*/

/*!
    \qmlproperty var KoderMcpServer::headers

    HTTP headers sent with every request to \l url, as an object of strings, such as
    \c{({ Authorization: "Bearer " + token })}. They go to the origin of \l url only: a
    redirect to another origin is not followed, and that request fails. The default is an
    empty object.
*/

/*!
    \qmlproperty bool KoderMcpServer::enabled

    Whether the server runs. Setting it to \c false stops it (\l status \c disconnected):
    its tools leave the controller's and its calls still running end as failed tool calls.
    Setting it back to \c true starts it again. The default is \c true.
*/

/*!
    \qmlproperty string KoderMcpServer::status
    \readonly

    Where the server stands:

    \table
    \header \li Value \li Meaning
    \row \li \c disconnected \li Not running: not configured yet (no \l command or
         \l url), not started yet, \l enabled \c false, or stopped. The default.
    \row \li \c connecting \li Started: the handshake (\c initialize) and the first listing
         of its tools are under way. A call approved meanwhile waits for it, up to
         \l callTimeout.
    \row \li \c ready \li The handshake is done and the tools are listed: a controller
         offers them to the model.
    \row \li \c failed \li Stopped for the reason in \l errorString: a configuration that
         cannot start, a process that could not start, crashed or exited, a handshake or tool
         list that failed or took longer than \l callTimeout, a protocol revision this
         client does not speak, a message larger than \l maxEventBytes, a list longer than
         the limit, or a name another server of the controller has. Its tools are gone, and
         nothing restarts it by itself: restart(), a change of its configuration or
         \l enabled set to \c false and back try again.
    \endtable
*/

/*!
    \qmlproperty string KoderMcpServer::errorString
    \readonly

    Why the server is \c failed: a sentence in the application's language (see
    \l {Translations}). Empty in every other \l status, \c ready included. It changes with
    \l status.
*/

/*!
    \qmlproperty var KoderMcpServer::serverInfo
    \readonly

    What the server said of itself in its handshake (its \c serverInfo), as an object:
    \c name and \c version, and \c title when it gave one. Empty until its first handshake.
    Untrusted: show it as plain text.
*/

/*!
    \qmlproperty string KoderMcpServer::instructions
    \readonly

    The server's instructions from its handshake: how to use its tools, written for the
    model. The controller does not send them anywhere; an application that trusts the server
    may add them to its \l [QML] {KoderAgentController::systemPrompt}{systemPrompt}. Empty
    when the server gave none.
*/

/*!
    \qmlproperty list<var> KoderMcpServer::tools
    \readonly

    The server's tools as it listed them, in its order and over all the pages of its list:
    objects as the server sent them (\c name, \c description, \c inputSchema,
    \c annotations, ...). Entries without a name are left out. Empty unless \l status is
    \c ready; listed again when the server says its list changed. A controller offers them
    to the model as \c{<name>__<tool>}.
*/

/*!
    \qmlproperty list<var> KoderMcpServer::prompts
    \readonly

    The server's prompts as it listed them (\c name, \c description, \c arguments, ...),
    when it has prompts; listed again when it says the list changed. Fetch one with
    getPrompt(). Empty when it has none or is not running.
*/

/*!
    \qmlproperty list<var> KoderMcpServer::resources
    \readonly

    The server's resources as it listed them (\c uri, \c name, \c mimeType, ...), when it
    has resources; listed again when it says the list changed. Read one with
    readResource(). Empty when it has none or is not running.
*/

/*!
    \qmlproperty list<var> KoderMcpServer::resourceTemplates
    \readonly

    The server's resource templates as it listed them (\c uriTemplate, \c name, ...): the
    addresses of resources it makes on demand, to fill in and pass to readResource(). Empty
    when it has none or is not running. It changes with \l resources.
*/

/*!
    \qmlproperty string KoderMcpServer::toolPolicy

    The approval policy of the server's tools, as if it were their entry in the controller's
    \l [QML] {KoderAgentController::toolPolicies}{toolPolicies}:

    \table
    \header \li Value \li A call of one of its tools
    \row \li \c{"auto"} (the default) \li is decided by the controller's
         \l [QML] {KoderAgentController::autoAccept}{autoAccept}, as a call of the
         application's own tools; a tool counts as read-only only when its annotations say
         \c{readOnlyHint: true} and not \c{destructiveHint: true}.
    \row \li \c{"ask"} \li always waits for the user, whatever \c autoAccept says.
    \row \li \c{"allow"} \li runs without asking.
    \row \li \c{"deny"} \li never runs: the model gets a denial it can read.
    \endtable

    An entry of the controller's \c toolPolicies for the tool's name (\c{<name>__<tool>})
    wins over it. Changing either decides again the calls that wait. Any other value asks,
    and a warning goes to the \c koder.mcp log.
*/

/*!
    \qmlproperty int KoderMcpServer::callTimeout

    Milliseconds the server has to answer a request. A tool call that takes longer ends as a
    failed tool call (\e{The tool timed out after <n> ms.}) and the server is sent
    \c notifications/cancelled; the handshake or a page of the tool list that takes longer
    fails the server; getPrompt() and readResource() call back with an error. A call
    approved while the server is still connecting waits for it this long at most. 0 waits
    for ever. The default is 60000; values below 0 are taken as 0. A change applies to the
    requests sent after it.
*/

/*!
    \qmlproperty int KoderMcpServer::maxEventBytes

    The largest message the server may send, in bytes: a longer line on its standard output,
    a longer event of its event stream or a longer JSON answer fails the server (\e{The
    server sent a message larger than <n> bytes.}). The default is 8 MiB (8388608); values
    below 1024 are taken as 1024. A change applies from the next start.
*/

/*!
    \qmlmethod KoderMcpServer::restart()

    Stops the server and starts it again at once with its configuration as it is now: the
    way to try again after \c failed. Calls still running on it end as failed tool calls
    (\e{The MCP server "<name>" was stopped before the call finished.}). When \l enabled is
    \c false it only stops.
*/

/*!
    \qmlmethod KoderMcpServer::getPrompt(string name, var arguments, var callback)

    Asks the server for its prompt \a name (one of \l prompts) filled in with \a arguments,
    an object whose values are sent as strings, such as \c{({ language: "de" })}. The answer
    comes later: \a callback is called as \c{callback(result, error)} exactly once, with the
    result as the server sent it (an object with \c description and \c messages, each
    message with \c role and \c content) and an empty \c error, or with an undefined
    \c result and a sentence saying what went wrong: the server's error, no answer within
    \l callTimeout, or a server that is not \c ready.

    \qml
    server.getPrompt("summarize", { style: "short" }, function (result, error) {
        if (error)
            console.warn(error)
        else
            agent.send(result.messages[0].content.text)
    })
    \endqml

    What a prompt says comes from the server: read it before it goes to the model, as any
    untrusted text.
*/

/*!
    \qmlmethod KoderMcpServer::readResource(string uri, var callback)

    Asks the server for the resource at \a uri (the \c uri of one of \l resources, or an
    address made from one of \l resourceTemplates). The answer comes later: \a callback is
    called as \c{callback(result, error)} exactly once, with the result as the server sent it
    (an object whose \c contents lists the parts, each with \c uri, \c mimeType and \c text
    or a base64 \c blob) and an empty \c error, or with an undefined \c result and a
    sentence saying what went wrong, as for getPrompt().
*/

/*!
    \qmlsignal KoderMcpServer::elicitationRequested(string requestKey, string message, string schema)

    The server asks the user a question (an \c elicitation/create request in form mode):
    \a requestKey identifies it, \a message is what the user is asked and \a schema the
    answer's JSON Schema as the server sent it (as JSON text). It is for the controller,
    which makes the question a pending input with \c source \c{"mcp"}
    (\l [QML] {KoderAgentController::pendingInputs}{pendingInputs}) and answers the server
    when the user does; an application answers it there. A server in no controller has its
    questions dismissed at once (\c cancel).
*/

/*!
    \qmlsignal KoderMcpServer::elicitationWithdrawn(string requestKey)

    The question \a requestKey no longer waits: the server cancelled its request, or the
    server stopped. The controller removes its pending input.
*/

/*!
    \class KoderMcpServer
    \inmodule KoderAgent
    \inheaderfile kodermcpserver.h
    \brief The KoderMcpServer class connects to one Model Context Protocol server, whose
    tools a KoderAgentController offers to the model under its approval policy.

    A server is a program started as a child process (setCommand(), setArgs(),
    setEnvironment(), setWorkingDirectory(); messages on its standard input and output) or an
    address (setUrl(), setHeaders(); Streamable HTTP). It starts on a later turn of the event
    loop once it has a command or a URL and is enabled (without a name it fails), so every
    setter called right after construction is applied before it starts; a change of its
    configuration after that restarts it. KoderAgentController::addMcpServer() offers its
    tools to the model as \c{<name>__<tool>} while it is ready:

    \code
    auto* files = new KoderMcpServer(&agent);
    files->setName(QStringLiteral("files"));
    files->setCommand(QStringLiteral("npx"));
    files->setArgs({QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-filesystem"),
                    QDir::homePath()});
    files->setToolPolicy(QStringLiteral("ask"));
    agent.addMcpServer(files);
    \endcode

    fromConfiguration() and fromConfigurationFile() make servers from the \c mcpServers
    object that desktop MCP clients keep in their settings.

    The properties, their defaults and what the server sends are described on
    \l [QML] {KoderMcpServer}{the KoderMcpServer QML type}; the QML module adds its
    getPrompt() and readResource() with a JavaScript callback. The members for C++ alone are
    what a controller uses: isReady(), toolDefinitions(), callTool(), cancelCall(),
    answerElicitation(), markFailed() and the signals elicitationRequested() and
    elicitationWithdrawn(). This class needs no QML engine.

    \sa KoderAgentController, {MCP servers}
*/

/*!
    \property KoderMcpServer::name
    \brief the server's name, the prefix of its tools' names (\c{<name>__<tool>}).

    Required: a server without one fails. Empty by default. A change restarts a running
    server.
*/

/*!
    \property KoderMcpServer::command
    \brief the program of a server started as a child process.

    Empty by default. Set either it or \l url.
*/

/*!
    \property KoderMcpServer::args
    \brief the arguments of \l command, passed as they are (no shell).

    Empty by default.
*/

/*!
    \property KoderMcpServer::environment
    \brief variables for the server's process (strings), on top of \c PATH, \c HOME,
    \c USER, \c LANG, \c{LC_*} and \c TMPDIR of the application's environment.

    Nothing else of the application's environment reaches the process. Empty by default.
*/

/*!
    \property KoderMcpServer::workingDirectory
    \brief the working directory of the server's process; empty for the application's.
*/

/*!
    \property KoderMcpServer::url
    \brief the address of a Streamable HTTP server (\c http or \c https).

    Empty by default. Set either it or \l command.
*/

/*!
    \property KoderMcpServer::headers
    \brief HTTP headers (strings) sent with every request to the origin of \l url, and to
    no other origin.

    Empty by default.
*/

/*!
    \property KoderMcpServer::enabled
    \brief whether the server runs; \c false stops it.

    \c true by default.
*/

/*!
    \property KoderMcpServer::status
    \brief where the server stands: \c "disconnected" (the default), \c "connecting",
    \c "ready" or \c "failed".

    See \l [QML] {KoderMcpServer::status}{status} on the QML type for what each means.
*/

/*!
    \property KoderMcpServer::errorString
    \brief why the server is \c "failed", in the application's language; empty otherwise.
*/

/*!
    \property KoderMcpServer::serverInfo
    \brief what the server said of itself in its handshake (\c name, \c version, \c title).
*/

/*!
    \property KoderMcpServer::instructions
    \brief the server's instructions for the model, from its handshake; the controller does
    not send them anywhere.
*/

/*!
    \property KoderMcpServer::tools
    \brief the server's tools as it listed them (QVariantList of QVariantMap); empty unless
    ready.

    toolDefinitions() gives them as a controller offers them.
*/

/*!
    \property KoderMcpServer::prompts
    \brief the server's prompts as it listed them (QVariantList of QVariantMap).
*/

/*!
    \property KoderMcpServer::resources
    \brief the server's resources as it listed them (QVariantList of QVariantMap).
*/

/*!
    \property KoderMcpServer::resourceTemplates
    \brief the server's resource templates as it listed them (QVariantList of QVariantMap).
*/

/*!
    \property KoderMcpServer::toolPolicy
    \brief the approval policy of the server's tools: \c "auto" (the default: the
    controller's autoAccept decides), \c "ask", \c "allow" or \c "deny".

    An entry for \c{<name>__<tool>} in KoderAgentController::toolPolicies wins over it.
*/

/*!
    \property KoderMcpServer::callTimeout
    \brief milliseconds the server has to answer a request (a tool call, the handshake, a
    page of a list, a prompt, a resource); 0 waits for ever.

    60000 by default; values below 0 are taken as 0.
*/

/*!
    \property KoderMcpServer::maxEventBytes
    \brief the largest message the server may send, in bytes; a larger one fails the
    server.

    8 MiB by default; values below 1024 are taken as 1024. Applies from the next start.
*/

/*!
    \typedef KoderMcpServer::Callback

    How getPrompt() and readResource() answer:
    \c{std::function<void(const QVariant &result, const QString &error)>}. Called once, on
    the server's thread: with the result as the server sent it and an empty \c error, or with
    an invalid \c result and the error sentence.
*/

/*!
    \struct KoderMcpServer::ToolDefinition
    \inmodule KoderAgent
    \inheaderfile kodermcpserver.h
    \brief A tool of the server as a controller offers it to the model.

    toolDefinitions() gives one per listed tool.
*/

/*!
    \variable KoderMcpServer::ToolDefinition::name
    \brief The server's own name for the tool (the model sees it as \c{<server>__<name>}).
*/

/*!
    \variable KoderMcpServer::ToolDefinition::description
    \brief What the tool does, as the server describes it; empty when it gave none.
*/

/*!
    \variable KoderMcpServer::ToolDefinition::inputSchema
    \brief The JSON Schema of the tool's arguments, as the server sent it; empty when it is
    not an object.
*/

/*!
    \variable KoderMcpServer::ToolDefinition::readOnly
    \brief Whether the tool counts as read-only: only when its annotations say
    \c{readOnlyHint: true} and not \c{destructiveHint: true}. \c false by default.
*/

/*!
    \typedef KoderMcpServer::CallDone

    How callTool() reports a call's outcome:
    \c{std::function<void(std::string text, std::string metadata, bool isError)>}: the text
    of the tool message (UTF-8), its metadata (the JSON text of an object with \c content and
    \c structuredContent, or empty) and whether the call failed.
*/

/*!
    \typedef KoderMcpServer::CallProgress

    How callTool() reports a call's progress:
    \c{std::function<void(double progress, double total, const QString &message)>}, once per
    progress notification of the server; \c total is negative when the server gave none.
*/

/*!
    \fn KoderMcpServer::KoderMcpServer(QObject *parent)

    Constructs a server with \a parent. It has no configuration yet: it is
    \c "disconnected", and starts on a later turn of the event loop once it has a command or
    a URL (and is enabled).
*/

/*!
    \fn KoderMcpServer::~KoderMcpServer()

    Destroys the server and ends its session: a process has its standard input closed, then
    is terminated and killed if it does not exit; an HTTP session is ended with a
    \c DELETE.
*/

/*!
    \fn void KoderMcpServer::restart()

    Stops the server and starts it again at once with its configuration as it is now. Calls
    still running on it end as failed tool calls. When enabled() is false it only stops.
*/

/*!
    \fn void KoderMcpServer::markFailed(const QString &reason)

    Stops the server and makes it \c "failed" with \a reason as its errorString. A controller
    does so when another of its servers has the same name; restart() or a change of the
    configuration tries again.
*/

/*!
    \fn void KoderMcpServer::getPrompt(const QString &name, const QVariantMap &arguments, KoderMcpServer::Callback callback)

    Asks the server for its prompt \a name filled in with \a arguments (each value sent as
    a string): \c prompts/get. \a callback gets the result as the server sent it (a map with
    \c description and \c messages, each message with \c role and \c content) and an empty
    error, or an invalid result and an error sentence: the server's error, no answer within
    callTimeout(), or a server that is not ready. It is called exactly once and never from
    inside this call, unless the server object is destroyed first.
*/

/*!
    \fn void KoderMcpServer::readResource(const QString &uri, KoderMcpServer::Callback callback)

    Asks the server for the resource at \a uri: \c resources/read. \a callback gets the
    result as the server sent it (a map whose \c contents lists the parts, each with \c uri,
    \c mimeType and \c text or base64 \c blob) and an empty error, or an invalid result and
    an error sentence, as for getPrompt(): exactly once and never from inside this call,
    unless the server object is destroyed first.
*/

/*!
    \fn bool KoderMcpServer::isReady() const

    Returns whether status() is \c "ready": the handshake is done and the tools are listed.
*/

/*!
    \fn QList<KoderMcpServer::ToolDefinition> KoderMcpServer::toolDefinitions() const

    Returns the server's tools as a controller offers them to the model, in the server's
    order; empty unless the server is ready.
*/

/*!
    \fn qint64 KoderMcpServer::callTool(const QString &tool, const std::string &arguments, KoderMcpServer::CallProgress progress, KoderMcpServer::CallDone done)

    Calls the server's tool \a tool (its own name, without the prefix) with \a arguments, the
    JSON text of an object (anything else is sent as an empty object), and returns the call's
    handle for cancelCall(). \a progress is called for each progress notification of the
    call; \a done exactly once with the outcome, never from inside this call, unless
    cancelCall() comes first. A server that is connecting or about to start is waited for,
    up to callTimeout(); a server that is disconnected or failed makes \a done report so.

    This asks nobody: KoderAgentController calls it for a call its approval policy allowed.
    An application that calls it itself makes that decision itself.
*/

/*!
    \fn void KoderMcpServer::cancelCall(qint64 call)

    Drops the call with the handle \a call: a running call's request is cancelled on the
    server (\c notifications/cancelled), a call still waiting for the server is never sent.
    Its \c done is not called. An unknown or finished handle is ignored.
*/

/*!
    \fn void KoderMcpServer::answerElicitation(const QString &requestKey, const QString &action, const std::string &content)

    Answers the server's question \a requestKey (see elicitationRequested()): \a action
    \c "accept" with \a content, the JSON text of the answer's object (anything else is
    sent as an empty object), or \c "decline" or \c "cancel" without content. A key that no
    longer waits (answered, withdrawn, or the server stopped) is ignored. The controller
    calls it when the user answers, declines or dismisses the pending input.
*/

/*!
    \fn void KoderMcpServer::elicitationRequested(const QString &requestKey, const QString &message, const std::string &schema)

    The server asks the user a question (\c elicitation/create, form mode): \a message is
    the question and \a schema the answer's JSON Schema as the server sent it (JSON text).
    Answer it with answerElicitation() and \a requestKey. KoderAgentController makes it a
    pending input with source \c "mcp". When nothing is connected to this signal, the server
    is answered \c cancel at once.
*/

/*!
    \fn void KoderMcpServer::elicitationWithdrawn(const QString &requestKey)

    The question \a requestKey no longer waits: the server cancelled its request, or the
    server stopped.
*/

namespace {
const QString statusDisconnected = QStringLiteral("disconnected");
const QString statusConnecting = QStringLiteral("connecting");
const QString statusReady = QStringLiteral("ready");
const QString statusFailed = QStringLiteral("failed");

QVariant toVariant(const json& value)
{
    return jsonTextToVariant(value.dump(-1, ' ', false, json::error_handler_t::replace));
}

QVariantList toVariantList(const std::vector<json>& items)
{
    QVariantList list;
    list.reserve(static_cast<qsizetype>(items.size()));
    for (const json& item : items)
        list.append(toVariant(item));
    return list;
}

// Runs `f` on a later turn of the event loop, unless `context` is gone by then.
template<typename F>
void later(QObject* context, F&& f)
{
    QMetaObject::invokeMethod(context, std::forward<F>(f), Qt::QueuedConnection);
}

// Reports to a caller on a later turn, whatever becomes of the server meanwhile: a callback is
// called exactly once (`f` captures no server state).
template<typename F>
void reportLater(F&& f)
{
    QMetaObject::invokeMethod(QCoreApplication::instance(), std::forward<F>(f),
                              Qt::QueuedConnection);
}

// Elicitation keys are unique in the process: a server object made again under the same name
// never reuses one that may still wait.
std::atomic<int> nextElicitationKey{1};
} // namespace

struct KoderMcpServer::Private {
    struct Call {
        qint64 requestId = 0;
        CallProgress progress;
        CallDone done;
    };
    /// A call made before the server was ready, waiting for it (up to callTimeout).
    struct Queued {
        Call call;
        QString tool;
        std::string arguments;
        std::unique_ptr<QTimer> timer; ///< callTimeout
    };

    explicit Private(KoderMcpServer* server)
        : q(server)
    {
    }

    KoderMcpServer* q;
    QString status = statusDisconnected;
    QString error;
    bool startScheduled = false;
    McpChannel* channel = nullptr;
    McpSession* session = nullptr;
    mcp::ServerHello hello;
    std::vector<json> tools, prompts, resources, templates;
    QVariantList toolsValue, promptsValue, resourcesValue, templatesValue;
    QVariantMap serverInfoValue;
    bool listingTools = false;
    bool listToolsAgain = false;
    /// Call results that arrived while the tools were being listed again: reported after the
    /// new list, so the request that carries a result also carries the tools it announced.
    std::vector<std::function<void()>> afterListing;
    qint64 nextHandle = 1;
    QHash<qint64, Call> calls;
    std::map<qint64, Queued> queued;   ///< by handle, in the order the calls were made
    QHash<QString, json> elicitations; ///< request key -> the server's request id
    static constexpr qsizetype maxOpenQuestions = 8;
    bool refused = false; ///< markFailed() without a session: start() waits for a change

    void setStatus(const QString& next, const QString& why = {})
    {
        const bool changed = status != next || error != why;
        status = next;
        error = why;
        if (changed)
            Q_EMIT q->statusChanged();
    }

    int timeout() const { return q->m_callTimeout; }

    // What the model reads when a call cannot reach the server: English, like every tool
    // result the library writes (a view translates what it shows, see toolresulttext.h).
    std::string unavailableText() const
    {
        return "The MCP server \"" + q->m_name.toStdString() + "\" is not available (" +
               status.toStdString() + ").";
    }

    // Lists every page of `method` into `out` (up to mcp::maxListItems), then `done(error)`.
    void listAll(const std::string& method, const char* key, std::shared_ptr<std::vector<json>> out,
                 std::function<void(const QString& error)> done, const std::string& cursor = {},
                 int pages = 0)
    {
        json params = json::object();
        if (!cursor.empty())
            params["cursor"] = cursor;
        const QPointer<KoderMcpServer> guard(q);
        McpSession* asked = session;
        session->request(
            method, params,
            [this, guard, asked, method, key, out, done, cursor, pages](const McpOutcome& o) {
                if (!guard || session != asked)
                    return;
                if (!o.ok)
                    return done(o.error);
                mcp::Page page = mcp::readPage(o.result, key);
                if (!page.problem.empty())
                    return done(QString::fromStdString(page.problem));
                if (page.skipped)
                    qCWarning(lcMcp).noquote() << q->m_name << "listed" << page.skipped << key
                                               << "that are not well-formed; skipped";
                // One page at the cap was cut by readPage(): the list is too long all the same.
                if (out->size() + page.items.size() > mcp::maxListItems ||
                    (page.items.size() == mcp::maxListItems && page.skipped > 0))
                    return done(KoderMcpServer::tr("The server lists more than %1 items in %2.")
                                    .arg(mcp::maxListItems)
                                    .arg(QString::fromStdString(method)));
                for (json& item : page.items)
                    out->push_back(std::move(item));
                // A cursor that repeats would page forever.
                if (page.nextCursor.empty() || page.nextCursor == cursor ||
                    pages + 1 >= static_cast<int>(mcp::maxListItems))
                    return done({});
                listAll(method, key, out, done, page.nextCursor, pages + 1);
            },
            timeout());
    }

    void listTools()
    {
        if (listingTools) {
            listToolsAgain = true;
            return;
        }
        listingTools = true;
        auto out = std::make_shared<std::vector<json>>();
        listAll("tools/list", "tools", out, [this, out](const QString& why) {
            listingTools = false;
            if (!why.isEmpty())
                return fail(KoderMcpServer::tr("Listing the tools failed: %1").arg(why));
            tools = std::move(*out);
            toolsValue = toVariantList(tools);
            if (status == statusConnecting)
                setStatus(statusReady);
            Q_EMIT q->toolsChanged();
            if (std::exchange(listToolsAgain, false))
                return listTools();
            for (auto& report : std::exchange(afterListing, {}))
                report();
            if (status == statusReady)
                startQueued();
        });
    }

    void listPrompts()
    {
        auto out = std::make_shared<std::vector<json>>();
        listAll("prompts/list", "prompts", out, [this, out](const QString& why) {
            if (!why.isEmpty()) {
                qCWarning(lcMcp).noquote() << q->m_name << "prompts/list failed:" << why;
                return;
            }
            prompts = std::move(*out);
            promptsValue = toVariantList(prompts);
            Q_EMIT q->promptsChanged();
        });
    }

    void listResources()
    {
        auto out = std::make_shared<std::vector<json>>();
        listAll("resources/list", "resources", out, [this, out](const QString& why) {
            if (!why.isEmpty()) {
                qCWarning(lcMcp).noquote() << q->m_name << "resources/list failed:" << why;
                return;
            }
            resources = std::move(*out);
            resourcesValue = toVariantList(resources);
            Q_EMIT q->resourcesChanged();
        });
        auto templ = std::make_shared<std::vector<json>>();
        listAll("resources/templates/list", "resourceTemplates", templ,
                [this, templ](const QString& why) {
                    if (!why.isEmpty())
                        return; // templates are optional
                    templates = std::move(*templ);
                    templatesValue = toVariantList(templates);
                    Q_EMIT q->resourcesChanged();
                });
    }

    bool has(const char* capability) const
    {
        return hello.capabilities.is_object() && hello.capabilities.contains(capability);
    }

    void initialized()
    {
        // Every later HTTP request names the revision, the notification included.
        channel->setProtocolVersion(QByteArray::fromStdString(hello.protocolVersion));
        session->notify("notifications/initialized");
        serverInfoValue = toVariant(hello.serverInfo).toMap();
        Q_EMIT q->serverInfoChanged();
        if (has("prompts"))
            listPrompts();
        if (has("resources"))
            listResources();
        if (has("tools"))
            listTools();
        else {
            setStatus(statusReady);
            startQueued();
        }
    }

    void onNotification(const std::string& method, const json& params)
    {
        if (method == "notifications/progress") {
            const mcp::Progress p = mcp::readProgress(params);
            if (!p.valid || !p.token.is_number_integer())
                return;
            const auto it = calls.constFind(p.token.get<qint64>());
            if (it != calls.cend() && it->progress)
                it->progress(p.progress, p.total.value_or(-1), QString::fromStdString(p.message));
        } else if (method == "notifications/tools/list_changed") {
            if (status == statusReady || listingTools)
                listTools();
        } else if (method == "notifications/prompts/list_changed") {
            if (!hello.protocolVersion.empty())
                listPrompts();
        } else if (method == "notifications/resources/list_changed") {
            if (!hello.protocolVersion.empty())
                listResources();
        } else if (method == "notifications/message") {
            const json data = params.is_object() ? params.value("data", json()) : json();
            qCInfo(lcMcp).noquote()
                << q->m_name << "log:"
                << QString::fromStdString(
                       data.is_string()
                           ? data.get<std::string>()
                           : data.dump(-1, ' ', false, json::error_handler_t::replace));
        } else if (method == "notifications/cancelled") {
            const json id = params.is_object() ? params.value("requestId", json()) : json();
            for (auto it = elicitations.begin(); it != elicitations.end(); ++it)
                if (it.value() == id) {
                    const QString key = it.key();
                    elicitations.erase(it);
                    Q_EMIT q->elicitationWithdrawn(key);
                    break;
                }
        }
    }

    bool onRequest(const json& id, const std::string& method, const json& params)
    {
        if (method != "elicitation/create")
            return false;
        const mcp::Elicitation e = mcp::readElicitation(params);
        if (!e.problem.empty()) {
            session->respondError(id, -32602, e.problem);
            return true;
        }
        if (!q->isSignalConnected(QMetaMethod::fromSignal(&KoderMcpServer::elicitationRequested))) {
            // Nobody can ask the user: the question is dismissed at once.
            session->respond(id, mcp::elicitationResult("cancel"));
            return true;
        }
        if (elicitations.size() >= maxOpenQuestions) {
            // A server asking without end cannot fill the view: the extra ones are dismissed.
            session->respond(id, mcp::elicitationResult("cancel"));
            return true;
        }
        const QString key = QStringLiteral("mcp-%1-%2").arg(q->m_name).arg(nextElicitationKey++);
        elicitations.insert(key, id);
        Q_EMIT q->elicitationRequested(
            key, QString::fromStdString(e.message),
            e.requestedSchema.dump(-1, ' ', false, json::error_handler_t::replace));
        return true;
    }

    void connectNow()
    {
        hello = {};
        setStatus(statusConnecting);
        if (q->m_url.isEmpty())
            channel = new McpStdioChannel(q->m_command, q->m_args, q->m_environment,
                                          q->m_workingDirectory, q->m_name, q->m_maxEventBytes, q);
        else
            channel = new McpHttpChannel(q->m_url, q->m_headers, q->m_maxEventBytes, q);
        session = new McpSession(channel, q->m_name, q);
        McpSession* opened = session;
        session->onNotification = [this](const std::string& m, const json& p) {
            onNotification(m, p);
        };
        session->setRequestHandler([this](const json& id, const std::string& m, const json& p) {
            return onRequest(id, m, p);
        });
        QObject::connect(channel, &McpChannel::failed, q, [this, opened](const QString& why) {
            if (session == opened)
                fail(why);
        });
        channel->open();
        if (session != opened)
            return; // the process could not even start: failed already
        session->request(
            "initialize",
            mcp::initializeParams("Koder Agent",
                                  QCoreApplication::applicationVersion().isEmpty()
                                      ? "1.0"
                                      : QCoreApplication::applicationVersion().toStdString()),
            [this, opened](const McpOutcome& o) {
                if (session != opened)
                    return;
                if (!o.ok)
                    return fail(KoderMcpServer::tr("The handshake failed: %1").arg(o.error));
                hello = mcp::readInitializeResult(o.result);
                if (!hello.problem.empty())
                    return fail(QString::fromStdString(hello.problem));
                initialized();
            },
            timeout());
    }

    // Ends the session: with `why` the server is failed, without it disconnected.
    void disconnect(const QString& why, bool failed)
    {
        McpSession* old = std::exchange(session, nullptr);
        McpChannel* oldChannel = std::exchange(channel, nullptr);
        const QString reason = why.isEmpty() ? KoderMcpServer::tr("The server was stopped.") : why;
        if (oldChannel) {
            oldChannel->disconnect(q);
            oldChannel->close();
            oldChannel->deleteLater();
        }
        if (old)
            old->deleteLater();
        // Every call still running ends as a failed tool; nothing is restarted.
        const std::string ended = "The MCP server \"" + q->m_name.toStdString() + "\" " +
                                  (failed ? "failed" : "was stopped") +
                                  " before the call finished.";
        const auto running = std::exchange(calls, {});
        for (const Call& call : running)
            reportLater([done = call.done, ended] { done(ended, {}, true); });
        failQueued(ended);
        // Results that waited for a new tool list are reported as they came.
        for (auto& report : std::exchange(afterListing, {}))
            reportLater(std::move(report));
        listingTools = false;
        listToolsAgain = false;
        const auto asked = std::exchange(elicitations, {});
        for (auto it = asked.cbegin(); it != asked.cend(); ++it)
            Q_EMIT q->elicitationWithdrawn(it.key());
        const bool hadTools = !tools.empty();
        const bool hadPrompts = !prompts.empty();
        const bool hadResources = !resources.empty() || !templates.empty();
        const bool hadInfo = !serverInfoValue.isEmpty() || !hello.instructions.empty();
        tools.clear();
        toolsValue.clear();
        prompts.clear();
        promptsValue.clear();
        resources.clear();
        resourcesValue.clear();
        templates.clear();
        templatesValue.clear();
        hello = {};
        serverInfoValue.clear();
        setStatus(failed ? statusFailed : statusDisconnected, failed ? reason : QString());
        if (hadInfo)
            Q_EMIT q->serverInfoChanged();
        if (hadTools)
            Q_EMIT q->toolsChanged();
        if (hadPrompts)
            Q_EMIT q->promptsChanged();
        if (hadResources)
            Q_EMIT q->resourcesChanged();
        // Last, with the state consistent: a caller told now may restart the server.
        if (old)
            old->failAll(reason);
    }

    void fail(const QString& why)
    {
        qCWarning(lcMcp).noquote() << q->m_name << "failed:" << why;
        disconnect(why, true);
    }

    void startCall(qint64 handle, const QString& tool, const std::string& arguments)
    {
        Call& call = calls[handle];
        json args = json::parse(arguments.empty() ? std::string("{}") : arguments, nullptr, false);
        if (args.is_discarded() || !args.is_object())
            args = json::object();
        json params{{"name", tool.toStdString()},
                    {"arguments", std::move(args)},
                    {"_meta", {{"progressToken", handle}}}};
        call.requestId = session->request(
            "tools/call", params,
            [this, handle](const McpOutcome& o) {
                const auto it = calls.find(handle);
                if (it == calls.end())
                    return;
                const CallDone done = it->done;
                calls.erase(it);
                if (listingTools) {
                    afterListing.push_back([done, o, ms = timeout()] { reportCall(done, o, ms); });
                    return;
                }
                reportCall(done, o, timeout());
            },
            timeout());
    }

    static void reportCall(const CallDone& done, const McpOutcome& o, int timeoutMs)
    {
        if (!o.ok) {
            if (o.timedOut)
                return done("The tool timed out after " + std::to_string(timeoutMs) + " ms.", {},
                            true);
            return done(o.error.toStdString(), {}, true);
        }
        mcp::CallOutcome outcome = mcp::readCallResult(o.result);
        done(std::move(outcome.text), std::move(outcome.metadata), outcome.isError);
    }

    void startQueued()
    {
        for (auto& [handle, entry] : std::exchange(queued, {})) {
            calls.insert(handle, std::move(entry.call));
            startCall(handle, entry.tool, entry.arguments);
        }
    }

    void failQueued(const std::string& text)
    {
        for (auto& [handle, entry] : std::exchange(queued, {}))
            reportLater([done = std::move(entry.call.done), text] { done(text, {}, true); });
    }
};

KoderMcpServer::KoderMcpServer(QObject* parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this))
{
    scheduleStart();
}

KoderMcpServer::~KoderMcpServer()
{
    if (d->channel) {
        d->channel->disconnect(this);
        d->channel->close();
    }
    // Calls still running or waiting end as failed tools (on a later turn: the caller may be
    // in the middle of something), and questions of this server stop waiting.
    const std::string ended =
        "The MCP server \"" + m_name.toStdString() + "\" was removed before the call finished.";
    QList<CallDone> unfinished;
    for (const Private::Call& call : std::exchange(d->calls, {}))
        unfinished.append(call.done);
    for (auto& [handle, entry] : std::exchange(d->queued, {}))
        unfinished.append(std::move(entry.call.done));
    for (const CallDone& done : std::as_const(unfinished))
        reportLater([done, ended] { done(ended, {}, true); });
    for (auto& report : std::exchange(d->afterListing, {}))
        reportLater(std::move(report));
    // Prompts and resources asked for: their callbacks come, once. Detached first, so the
    // session's other replies (lists, calls) find nothing to act on.
    if (McpSession* session = std::exchange(d->session, nullptr))
        session->failAll(tr("The server was removed."));
    const auto asked = std::exchange(d->elicitations, {});
    for (auto it = asked.cbegin(); it != asked.cend(); ++it)
        Q_EMIT elicitationWithdrawn(it.key());
}

// ---- configuration ----------------------------------------------------------------------------

#define KODER_MCP_SETTER(Setter, member, Type, signal)                                             \
    void KoderMcpServer::Setter(const Type& value)                                                 \
    {                                                                                              \
        if (member == value)                                                                       \
            return;                                                                                \
        member = value;                                                                            \
        Q_EMIT signal();                                                                           \
        configurationChanged();                                                                    \
    }

KODER_MCP_SETTER(setName, m_name, QString, nameChanged)
KODER_MCP_SETTER(setCommand, m_command, QString, commandChanged)
KODER_MCP_SETTER(setArgs, m_args, QStringList, argsChanged)
KODER_MCP_SETTER(setEnvironment, m_environment, QVariantMap, environmentChanged)
KODER_MCP_SETTER(setWorkingDirectory, m_workingDirectory, QString, workingDirectoryChanged)
KODER_MCP_SETTER(setUrl, m_url, QUrl, urlChanged)
KODER_MCP_SETTER(setHeaders, m_headers, QVariantMap, headersChanged)
#undef KODER_MCP_SETTER

void KoderMcpServer::setEnabled(bool enabled)
{
    if (m_enabled == enabled)
        return;
    m_enabled = enabled;
    Q_EMIT enabledChanged();
    if (enabled)
        scheduleStart();
    else
        stop();
}

void KoderMcpServer::setToolPolicy(const QString& policy)
{
    if (m_toolPolicy == policy)
        return;
    m_toolPolicy = policy;
    Q_EMIT toolPolicyChanged();
}

void KoderMcpServer::setCallTimeout(int ms)
{
    ms = std::max(ms, 0);
    if (m_callTimeout == ms)
        return;
    m_callTimeout = ms;
    Q_EMIT callTimeoutChanged();
}

void KoderMcpServer::setMaxEventBytes(qint64 bytes)
{
    bytes = std::max<qint64>(bytes, 1024);
    if (m_maxEventBytes == bytes)
        return;
    m_maxEventBytes = bytes;
    Q_EMIT maxEventBytesChanged();
}

// A server that was started again with what changed; one not started yet starts once its
// object is configured (the properties a QML declaration sets all come before the event loop).
void KoderMcpServer::configurationChanged()
{
    d->refused = false;
    if (d->session) {
        stop();
        scheduleStart();
    } else if (m_enabled)
        scheduleStart();
}

void KoderMcpServer::scheduleStart()
{
    if (d->startScheduled)
        return;
    d->startScheduled = true;
    later(this, [this] {
        d->startScheduled = false;
        start();
    });
}

void KoderMcpServer::start()
{
    if (!m_enabled || d->session)
        return;
    if (m_command.isEmpty() && m_url.isEmpty())
        return; // not configured yet: disconnected
    if (d->refused)
        return;
    QString problem;
    if (m_name.isEmpty())
        problem = tr("The server has no name.");
    else if (!m_command.isEmpty() && !m_url.isEmpty())
        problem = tr("Set either command or url, not both.");
    else if (!m_url.isEmpty() && m_url.scheme() != QLatin1String("http") &&
             m_url.scheme() != QLatin1String("https"))
        problem = tr("The url must be http or https.");
    if (!problem.isEmpty()) {
        d->failQueued("The MCP server \"" + m_name.toStdString() + "\" is misconfigured.");
        return d->setStatus(statusFailed, problem);
    }
    d->connectNow();
}

void KoderMcpServer::stop()
{
    if (d->session || d->status != statusDisconnected)
        d->disconnect({}, false);
    else
        d->failQueued("The MCP server \"" + m_name.toStdString() + "\" was stopped.");
}

void KoderMcpServer::markFailed(const QString& reason)
{
    d->refused = true; // until restart() or a change of configuration
    if (d->session)
        d->fail(reason);
    else {
        d->failQueued("The MCP server \"" + m_name.toStdString() + "\" failed.");
        d->setStatus(statusFailed, reason);
    }
}

void KoderMcpServer::restart()
{
    d->refused = false;
    stop();
    if (m_enabled)
        start();
}

// ---- state ------------------------------------------------------------------------------------

QString KoderMcpServer::status() const
{
    return d->status;
}
QString KoderMcpServer::errorString() const
{
    return d->error;
}
QVariantMap KoderMcpServer::serverInfo() const
{
    return d->serverInfoValue;
}
QString KoderMcpServer::instructions() const
{
    return QString::fromStdString(d->hello.instructions);
}
QVariantList KoderMcpServer::tools() const
{
    return d->toolsValue;
}
QVariantList KoderMcpServer::prompts() const
{
    return d->promptsValue;
}
QVariantList KoderMcpServer::resources() const
{
    return d->resourcesValue;
}
QVariantList KoderMcpServer::resourceTemplates() const
{
    return d->templatesValue;
}
bool KoderMcpServer::isReady() const
{
    return d->status == statusReady;
}

QList<KoderMcpServer::ToolDefinition> KoderMcpServer::toolDefinitions() const
{
    QList<ToolDefinition> list;
    list.reserve(static_cast<qsizetype>(d->tools.size()));
    for (const json& tool : d->tools) {
        ToolDefinition def;
        def.name = QString::fromStdString(tool.value("name", std::string()));
        const json description = tool.value("description", json());
        if (description.is_string())
            def.description = QString::fromStdString(description.get<std::string>());
        const json schema = tool.value("inputSchema", json());
        if (schema.is_object())
            def.inputSchema =
                QJsonDocument::fromJson(QByteArray::fromStdString(schema.dump(
                                            -1, ' ', false, json::error_handler_t::replace)))
                    .object();
        def.readOnly = mcp::readOnlyTool(tool);
        list.append(std::move(def));
    }
    return list;
}

// ---- calls ------------------------------------------------------------------------------------

qint64 KoderMcpServer::callTool(const QString& tool, const std::string& arguments,
                                CallProgress progress, CallDone done)
{
    const qint64 handle = d->nextHandle++;
    if (d->status == statusReady && d->session) {
        d->calls.insert(handle, {0, std::move(progress), std::move(done)});
        d->startCall(handle, tool, arguments);
        return handle;
    }
    if (d->status == statusConnecting || (m_enabled && d->startScheduled)) {
        // A call approved before the server is ready (a reloaded conversation) waits for it.
        Private::Queued& entry = d->queued[handle];
        entry.call = {0, std::move(progress), std::move(done)};
        entry.tool = tool;
        entry.arguments = arguments;
        if (m_callTimeout > 0) {
            entry.timer = std::make_unique<QTimer>();
            entry.timer->setSingleShot(true);
            connect(entry.timer.get(), &QTimer::timeout, this, [this, handle] {
                const auto it = d->queued.find(handle);
                if (it == d->queued.end())
                    return;
                const CallDone late = std::move(it->second.call.done);
                it->second.timer.release()->deleteLater(); // its own signal is being emitted
                d->queued.erase(it);
                late("The MCP server \"" + m_name.toStdString() + "\" was not ready within " +
                         std::to_string(m_callTimeout) + " ms.",
                     {}, true);
            });
            entry.timer->start(m_callTimeout);
        }
        return handle;
    }
    reportLater([done = std::move(done), text = d->unavailableText()] { done(text, {}, true); });
    return handle;
}

void KoderMcpServer::cancelCall(qint64 call)
{
    d->queued.erase(call);
    const auto it = d->calls.find(call);
    if (it == d->calls.end())
        return;
    const qint64 requestId = it->requestId;
    d->calls.erase(it);
    if (d->session)
        d->session->cancel(requestId, "The user stopped the call.");
}

void KoderMcpServer::answerElicitation(const QString& requestKey, const QString& action,
                                       const std::string& content)
{
    const auto it = d->elicitations.find(requestKey);
    if (it == d->elicitations.end() || !d->session)
        return;
    const json id = *it;
    d->elicitations.erase(it);
    json value;
    if (action == QLatin1String("accept")) {
        value = json::parse(content.empty() ? std::string("{}") : content, nullptr, false);
        if (value.is_discarded() || !value.is_object())
            value = json::object();
    }
    d->session->respond(id, mcp::elicitationResult(action.toStdString(), value));
}

// ---- prompts and resources -------------------------------------------------------------------

namespace {
void askServer(KoderMcpServer* server, McpSession* session, const std::string& method,
               const json& params, int timeoutMs, KoderMcpServer::Callback callback)
{
    if (!session || !server->isReady()) {
        const QString why =
            KoderMcpServer::tr("The server is not ready (%1).").arg(server->status());
        reportLater([callback = std::move(callback), why] { callback({}, why); });
        return;
    }
    session->request(
        method, params,
        [callback = std::move(callback)](const McpOutcome& o) {
            // Through the application: a reply made while the server is being destroyed
            // reaches the caller after, not inside, its destruction.
            reportLater([callback, o] {
                if (!o.ok)
                    return callback({}, o.error);
                callback(toVariant(o.result), {});
            });
        },
        timeoutMs);
}
} // namespace

void KoderMcpServer::getPrompt(const QString& name, const QVariantMap& arguments, Callback callback)
{
    json args = json::object();
    for (auto it = arguments.cbegin(); it != arguments.cend(); ++it)
        args[it.key().toStdString()] = it.value().toString().toStdString();
    askServer(this, d->session, "prompts/get", {{"name", name.toStdString()}, {"arguments", args}},
              m_callTimeout, std::move(callback));
}

void KoderMcpServer::readResource(const QString& uri, Callback callback)
{
    askServer(this, d->session, "resources/read", {{"uri", uri.toStdString()}}, m_callTimeout,
              std::move(callback));
}
