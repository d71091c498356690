// SPDX-License-Identifier: MIT
// KoderAgentController's tools: the list of KoderTool objects (the QML type's `tools`), what the
// core is told of them (name, read-only flag, parameters schema), and what a view reads of them
// with a waiting call or an argument editor.
#include "koderagentcontroller.h"

#include "koder/agent/toolarguments.h"
#include "qtconvert.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
// The tool's JSON Schema as the core reads it (compact JSON text).
std::string parametersJson(const KoderTool& tool)
{
    return QJsonDocument(QJsonObject::fromVariantMap(tool.parameters()))
        .toJson(QJsonDocument::Compact)
        .toStdString();
}
} // namespace

/*!
    \fn const QList<KoderTool *> &KoderAgentController::toolList() const

    Returns the tools the model may call, in the order they were added. In QML this list is the
    \l [QML] {KoderAgentController::tools}{tools} property.

    \sa addTool(), removeTool(), clearTools()
*/

/*!
    \fn void KoderAgentController::addTool(KoderTool *tool)

    Adds \a tool to the tools the model may call, after the others, and emits toolsChanged().
    The controller does not take ownership: the tool leaves the list when it is destroyed. A
    null \a tool or one already in the list is ignored. A tool whose name is empty is not
    offered to the model.
*/

/*!
    \fn void KoderAgentController::removeTool(KoderTool *tool)

    Removes \a tool from the tools the model may call and emits toolsChanged(); nothing happens
    when it is not in the list. A later call to it is answered as a call to an unknown tool.
*/

/*!
    \fn void KoderAgentController::clearTools()

    Removes every tool and emits toolsChanged().
*/

void KoderAgentController::addTool(KoderTool* tool)
{
    if (!tool || m_tools.contains(tool))
        return;
    m_tools.append(tool);
    connect(tool, &KoderTool::definitionChanged, this, &KoderAgentController::syncTools);
    connect(tool, &QObject::destroyed, this, [this, tool] {
        m_tools.removeAll(tool);
        syncTools();
        Q_EMIT toolsChanged();
    });
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::removeTool(KoderTool* tool)
{
    if (!m_tools.removeAll(tool))
        return;
    disconnect(tool, nullptr, this, nullptr);
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::clearTools()
{
    for (KoderTool* tool : std::as_const(m_tools))
        disconnect(tool, nullptr, this, nullptr);
    m_tools.clear();
    syncTools();
    Q_EMIT toolsChanged();
}

// The core decides approvals and checks edited arguments by what it knows of the tools.
void KoderAgentController::syncTools()
{
    std::vector<ToolInfo> infos;
    for (const KoderTool* tool : std::as_const(m_tools))
        if (!tool->name().isEmpty())
            infos.push_back(
                {toStd(tool->name()), tool->readOnly(), parametersJson(*tool), tool->asksUser()});
    mcpToolInfos(infos);
    dispatch(SetTools{std::move(infos)});
}

QVariantList KoderAgentController::pendingToolCalls() const
{
    QVariantList calls = toolCallsToVariant(state().pendingToolCalls);
    for (QVariant& call : calls) {
        QVariantMap map = call.toMap();
        if (const KoderTool* tool =
                m_executor.findTool(map.value(QStringLiteral("name")).toString())) {
            map.insert(QStringLiteral("description"), tool->description());
            map.insert(QStringLiteral("parameters"), tool->parameters());
        }
        call = map;
    }
    return calls;
}

QString KoderAgentController::checkToolArguments(const QString& toolName,
                                                 const QVariant& arguments) const
{
    QString error;
    std::string text = arguments.typeId() == QMetaType::QString
                           ? toStd(arguments.toString())
                           : variantToJsonText(arguments, &error);
    if (!error.isEmpty())
        return error;
    const KoderTool* tool = m_executor.findTool(toolName);
    const std::string schema = tool ? parametersJson(*tool) : std::string();
    const std::string why = koder::agent::checkToolArguments(schema, text);
    return why.empty() ? QString() : toQString(why);
}
