// SPDX-License-Identifier: MIT
#include "koderagentcontrollerextension.h"

#include "koderagentcontroller.h"

/*!
    \qmlproperty list<KoderTool> KoderAgentController::tools
    \qmldefault

    The tools the model may call, in order. It is the default property, so tools declared
    inside the controller are its tools:

    \snippet qml/tst_controller.qml tools-inside

    Assigning a JavaScript array replaces the list:

    \qml
    agent.tools = [clock, calculator]
    \endqml

    The controller does not own its tools: a tool that is destroyed leaves the list. A tool
    whose \c name is empty is not offered to the model. The model is told about the list as it
    is when each request goes out, and a call is checked against it when the call is decided:
    a call to a tool that is not in the list is answered with an error result and never
    run.

    \sa {Tools and Permissions}
*/

namespace {
KoderAgentController* controllerOf(QQmlListProperty<KoderTool>* list)
{
    return static_cast<KoderAgentController*>(list->object);
}
} // namespace

KoderAgentControllerExtension::KoderAgentControllerExtension(QObject* controller)
    : QObject(controller)
    , m_controller(qobject_cast<KoderAgentController*>(controller))
{
    Q_ASSERT(m_controller);
    connect(m_controller, &KoderAgentController::toolsChanged, this,
            &KoderAgentControllerExtension::toolsChanged);
    connect(m_controller, &KoderAgentController::mcpServersChanged, this,
            &KoderAgentControllerExtension::mcpServersChanged);
}

/*!
    \qmlproperty list<KoderMcpServer> KoderAgentController::mcpServers

    The Model Context Protocol servers whose tools join \l tools for the model. Each ready,
    enabled server's tools are offered as \c{<server>__<tool>} and decided by the same
    approval engine as the app's own (\l autoAccept, \l toolPolicies, the server's
    \l [QML] {KoderMcpServer::toolPolicy}{toolPolicy}). Assigning a JavaScript array replaces
    the list; a server is not owned and leaves the list when it is destroyed. Two servers with
    one name: the second is \c failed.

    \snippet qml/tst_mcp.qml mcp-server

    \sa {MCP servers}
*/
QQmlListProperty<KoderMcpServer> KoderAgentControllerExtension::mcpServers()
{
    return {
        m_controller,
        nullptr,
        [](QQmlListProperty<KoderMcpServer>* list, KoderMcpServer* server) {
            static_cast<KoderAgentController*>(list->object)->addMcpServer(server);
        },
        [](QQmlListProperty<KoderMcpServer>* list) {
            return static_cast<KoderAgentController*>(list->object)->mcpServerList().size();
        },
        [](QQmlListProperty<KoderMcpServer>* list, qsizetype index) {
            return static_cast<KoderAgentController*>(list->object)->mcpServerList().value(index);
        },
        [](QQmlListProperty<KoderMcpServer>* list) {
            static_cast<KoderAgentController*>(list->object)->clearMcpServers();
        }};
}

QQmlListProperty<KoderTool> KoderAgentControllerExtension::tools()
{
    // replace() and removeLast() are Qt's: clear() and append() again.
    return {m_controller, nullptr, &append, &count, &at, &clear};
}

void KoderAgentControllerExtension::append(QQmlListProperty<KoderTool>* list, KoderTool* tool)
{
    controllerOf(list)->addTool(tool);
}

qsizetype KoderAgentControllerExtension::count(QQmlListProperty<KoderTool>* list)
{
    return controllerOf(list)->toolList().size();
}

KoderTool* KoderAgentControllerExtension::at(QQmlListProperty<KoderTool>* list, qsizetype index)
{
    return controllerOf(list)->toolList().value(index);
}

void KoderAgentControllerExtension::clear(QQmlListProperty<KoderTool>* list)
{
    controllerOf(list)->clearTools();
}
