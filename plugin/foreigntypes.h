// SPDX-License-Identifier: MIT
// The QML names of the Qt library's types (KoderAgent::qt, which has no Qt Qml): each is
// registered here from the outside with QML_FOREIGN, as KDE's KItemModels registers its models,
// so the library's headers never see QML. Two of them get an extension object with what only
// QML has: the controller's `tools` list (its default property) and a tool's JS `handler`.
#pragma once

#include "koderagentcontroller.h"
#include "koderagentcontrollerextension.h"
#include "koderaguitransport.h"
#include "koderanthropictransport.h"
#include "koderaskusertool.h"
#include "koderconversationlistmodel.h"
#include "koderaudioinput.h"
#include "koderconversationstore.h"
#include "koderdictation.h"
#include "koderenums.h"
#include "koderhttptransport.h"
#include "koderlocalagent.h"
#include "kodermcpserver.h"
#include "kodermcpserverextension.h"
#include "kodermessagemodel.h"
#include "koderollamatransport.h"
#include "koderopenaitransport.h"
#include "koderresponsestransport.h"
#include "kodersearchmodel.h"
#include "koderspeech.h"
#include "koderspeechengine.h"
#include "kodertool.h"
#include "kodertoolcallstate.h"
#include "kodertoolextension.h"
#include "kodertranscriber.h"
#include "kodertransport.h"
#include "kodervisiblemessages.h"
#include "koderwebsockettransport.h"

#include <QtCore/QAbstractItemModel>
#include <QtCore/QAbstractProxyModel>
#include <QtCore/QSortFilterProxyModel>
#include <QtQml/qqml.h>

// ---- The library's types ----------------------------------------------------------------------

struct KoderAgentControllerForeign {
    Q_GADGET
    QML_FOREIGN(KoderAgentController)
    QML_NAMED_ELEMENT(KoderAgentController)
    QML_EXTENDED(KoderAgentControllerExtension)
};

struct KoderMessageModelForeign {
    Q_GADGET
    QML_FOREIGN(KoderMessageModel)
    QML_NAMED_ELEMENT(KoderMessageModel)
    QML_UNCREATABLE("KoderMessageModel is provided by KoderAgentController.messages.")
};

struct KoderVisibleMessagesForeign {
    Q_GADGET
    QML_FOREIGN(KoderVisibleMessages)
    QML_NAMED_ELEMENT(KoderVisibleMessages)
};

struct KoderConversationStoreForeign {
    Q_GADGET
    QML_FOREIGN(KoderConversationStore)
    QML_NAMED_ELEMENT(KoderConversationStore)
};

struct KoderConversationListModelForeign {
    Q_GADGET
    QML_FOREIGN(KoderConversationListModel)
    QML_NAMED_ELEMENT(KoderConversationListModel)
};

struct KoderSearchModelForeign {
    Q_GADGET
    QML_FOREIGN(KoderSearchModel)
    QML_NAMED_ELEMENT(KoderSearchModel)
};

struct KoderSpeechForeign {
    Q_GADGET
    QML_FOREIGN(KoderSpeech)
    QML_NAMED_ELEMENT(KoderSpeech)
};

struct KoderSpeechEngineForeign {
    Q_GADGET
    QML_FOREIGN(KoderSpeechEngine)
    QML_NAMED_ELEMENT(KoderSpeechEngine)
    QML_UNCREATABLE("KoderSpeechEngine is an interface: subclass it in C++.")
};

struct KoderDictationForeign {
    Q_GADGET
    QML_FOREIGN(KoderDictation)
    QML_NAMED_ELEMENT(KoderDictation)
};

struct KoderAudioInputForeign {
    Q_GADGET
    QML_FOREIGN(KoderAudioInput)
    QML_NAMED_ELEMENT(KoderAudioInput)
    QML_UNCREATABLE("KoderAudioInput is an interface: subclass it in C++.")
};

struct KoderTranscriberForeign {
    Q_GADGET
    QML_FOREIGN(KoderTranscriber)
    QML_NAMED_ELEMENT(KoderTranscriber)
};

struct KoderTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderTransport)
    QML_NAMED_ELEMENT(KoderTransport)
    QML_UNCREATABLE("KoderTransport is abstract: use KoderLocalAgent, KoderOpenAiTransport, "
                    "KoderResponsesTransport, KoderAnthropicTransport, KoderOllamaTransport, "
                    "KoderAgUiTransport or KoderWebSocketTransport.")
};

struct KoderAskUserToolForeign {
    Q_GADGET
    QML_FOREIGN(KoderAskUserTool)
    QML_NAMED_ELEMENT(KoderAskUserTool)
};

struct KoderLocalAgentForeign {
    Q_GADGET
    QML_FOREIGN(KoderLocalAgent)
    QML_NAMED_ELEMENT(KoderLocalAgent)
};

struct KoderHttpTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderHttpTransport)
    QML_NAMED_ELEMENT(KoderHttpTransport)
    QML_UNCREATABLE("KoderHttpTransport is abstract: use KoderOpenAiTransport, "
                    "KoderResponsesTransport, KoderAnthropicTransport, KoderOllamaTransport or "
                    "KoderAgUiTransport.")
};

struct KoderOpenAiTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderOpenAiTransport)
    QML_NAMED_ELEMENT(KoderOpenAiTransport)
};

struct KoderResponsesTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderResponsesTransport)
    QML_NAMED_ELEMENT(KoderResponsesTransport)
};

struct KoderAgUiTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderAgUiTransport)
    QML_NAMED_ELEMENT(KoderAgUiTransport)
};

struct KoderAnthropicTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderAnthropicTransport)
    QML_NAMED_ELEMENT(KoderAnthropicTransport)
};

struct KoderOllamaTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderOllamaTransport)
    QML_NAMED_ELEMENT(KoderOllamaTransport)
};

struct KoderWebSocketTransportForeign {
    Q_GADGET
    QML_FOREIGN(KoderWebSocketTransport)
    QML_NAMED_ELEMENT(KoderWebSocketTransport)
};

struct KoderToolForeign {
    Q_GADGET
    QML_FOREIGN(KoderTool)
    QML_NAMED_ELEMENT(KoderTool)
    QML_EXTENDED(KoderToolExtension)
};

struct KoderMcpServerForeign {
    Q_GADGET
    QML_FOREIGN(KoderMcpServer)
    QML_NAMED_ELEMENT(KoderMcpServer)
    QML_EXTENDED(KoderMcpServerExtension)
};

struct KoderToolCallStateForeign {
    Q_GADGET
    QML_FOREIGN(KoderToolCallState)
    QML_NAMED_ELEMENT(KoderToolCallState)
};

/// The typed enums (koderenums.h), scoped in QML: Koder.Status.Streaming,
/// Koder.Politeness.Assertive, ...
namespace KoderForeign {
Q_NAMESPACE
QML_FOREIGN_NAMESPACE(Koder)
QML_NAMED_ELEMENT(Koder)
} // namespace KoderForeign

// ---- Qt Core's model classes the library's types derive from ------------------------------------
// Type information only, so that qmllint and the QML tooling resolve KoderVisibleMessages and the
// models (Qt 6.4 ships none for these).

struct QAbstractItemModelForeign {
    Q_GADGET
    QML_FOREIGN(QAbstractItemModel)
    QML_ANONYMOUS
};

struct QAbstractProxyModelForeign {
    Q_GADGET
    QML_FOREIGN(QAbstractProxyModel)
    QML_ANONYMOUS
};

struct QSortFilterProxyModelForeign {
    Q_GADGET
    QML_FOREIGN(QSortFilterProxyModel)
    QML_ANONYMOUS
};
