// SPDX-License-Identifier: MIT
#include "koderagentcontrollerextension.h"

#include "koderagentcontroller.h"

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
