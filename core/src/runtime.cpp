// SPDX-License-Identifier: MIT
#include "koder/agent/runtime.h"

#include "koder/agent/reducer.h"

#include <algorithm>
#include <type_traits>
#include <utility>

/*!
    \class koder::agent::Executor
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/runtime.h
    \brief The I/O a \l {koder::agent::Runtime}{Runtime} asks for: model requests, tool runs,
    storage and timers.

    The core does no I/O of its own. A runtime hands every side effect of a turn to its
    executor, which a toolkit layer implements: the Koder Agent library implements it with its
    transports, tools, conversation store and timers, and the core tests with a fake that records
    every call and runs the timers on a virtual clock.

    The executor decides nothing. What it learns comes back to the runtime as inputs:

    \list
    \li a transport's events (\c StreamStarted, \c TextDelta, \c ReasoningDelta,
        \c ToolCallRequested, \c StreamEnded, \c StreamFailed, \c Handoff), each naming the
        request id of the \l {koder::agent::StartTurn}{StartTurn} it answers, through
        \l {koder::agent::Runtime::dispatch()}{Runtime::dispatch()};
    \li a loaded conversation, through \c {Runtime::dispatch(SwitchConversation{...})};
    \li a tool's result, through
        \l {koder::agent::Runtime::toolFinished()}{Runtime::toolFinished()};
    \li a timer falling due, through
        \l {koder::agent::Runtime::timerFired()}{Runtime::timerFired()}.
    \endlist

    Answering synchronously, from inside the executor's own call, is allowed: the runtime queues
    what arrives while it is busy and handles it once the current dispatch is done (see
    \l {Re-entrancy}). An executor must outlive the runtime
    that uses it.

    The loader of the core tests' fake executor shows the shape of an answer:

    \snippet core/runtimefixture.h runtime-executor-load

    \sa koder::agent::Runtime, koder::agent::RuntimeObserver
*/

/*!
    \enum koder::agent::Executor::Timer

    The two timers a runtime runs on its executor. Each is a single-shot timer:
    \l {koder::agent::Executor::startTimer()}{startTimer()} (re)starts it and the executor calls
    \l {koder::agent::Runtime::timerFired()}{Runtime::timerFired()} once when it falls due.

    \value Retry The backoff before a retried request. One timer serves the retries of every
            conversation: it is set for the one that falls due first.
    \value Flush The periodic save of a reply while it streams (crash safety): it runs only while
           a reply streams and \l {koder::agent::Executor::hasStore()}{hasStore()} is true, every
           \l {koder::agent::Runtime::flushInterval()}{Runtime::flushInterval()} milliseconds.
*/

/*!
    \fn koder::agent::Executor::Executor()

    Constructs an executor. Only a subclass can.
*/

/*!
    \fn koder::agent::Executor::Executor(const koder::agent::Executor &other)

    Copy-constructs an executor from \a other. Only a subclass can.
*/

/*!
    \fn koder::agent::Executor &koder::agent::Executor::operator=(const koder::agent::Executor &other)

    Copy-assigns \a other to this executor. Only a subclass can.
*/

/*!
    \fn koder::agent::Executor::~Executor()

    Destroys the executor.
*/

/*!
    \fn void koder::agent::Executor::startRequest(const koder::agent::StartTurn &request)

    Sends \a request to the model. \c {request.history} is what to send: the system prompt first
    when one is set, then the active path without checkpoints, as the
    \l {koder::agent::HookSet::prepareStep}{prepareStep} hooks left it.

    The transport's events for it come back through
    \l {koder::agent::Runtime::dispatch()}{Runtime::dispatch()}, each carrying
    \c {request.requestId}; events naming another request id are dropped by the core. For a
    retry (\c {request.attempt} > 0) the runtime has already waited \c {request.delayMs} on the
    \l {koder::agent::Executor::Timer}{Retry} timer: send it at once.
*/

/*!
    \fn void koder::agent::Executor::cancelRequest(koder::agent::RequestId id)

    Stops the request \a id: its turn ended early (an abort; a regenerate, edit, clear or reset
    while it ran; a busy policy that interrupts or steers) or its conversation was deleted.
    \a id is the turn's most recent request. It may have finished already, when the turn was
    waiting for tools (a transport that keeps one session per turn ends that session), or never
    gone out, when it was a retry waiting for its backoff. Events that still arrive for \a id
    are dropped by the core.
*/

/*!
    \fn void koder::agent::Executor::runTool(const koder::agent::ToolCall &call)

    Runs the approved tool call \a call: the user approved it, or a policy
    (\c autoAccept, \c toolPolicies, a grant for the conversation) let it run. \c {call.arguments}
    is JSON text; it holds the user's arguments when they edited them. Answer with
    \l {koder::agent::Runtime::toolFinished()}{Runtime::toolFinished(call.id, result, isError)},
    now or later.
*/

/*!
    \fn void koder::agent::Executor::cancelTool(const std::string &callId)

    No result is expected any more for the call \a callId: its turn ended (abort, a steering
    message, the conversation deleted). Stopping the tool is up to the executor; a result that
    arrives anyway is ignored.
*/

/*!
    \fn void koder::agent::Executor::settleInput(const koder::agent::PendingInput &input, koder::agent::InputDecision decision, const std::string &valueJson)

    The question \a input from outside a tool call (it came with
    \l {koder::agent::RequestInput}{RequestInput}) stopped waiting: tell its asker \a decision.
    For \c InputDecision::Answered, \a valueJson is the answer (JSON text of an object) with the
    schema's defaults filled in for the properties the user left out; it is empty otherwise. An
    MCP client answers the server's \c elicitation/create with \c accept (and \a valueJson),
    \c decline or \c cancel.

    \c Cancelled also comes when the question was refused (no open turn, an id already waiting,
    a schema the core does not take), and when its wait ended without the user: the turn ended,
    a message steered it, or the conversation was switched, replaced, cleared, deleted or left
    running in the background. Every question added is settled exactly once, unless its asker
    withdrew it (\l {koder::agent::WithdrawInput}{WithdrawInput}). The default does nothing.
*/

/*!
    \fn void koder::agent::Executor::settleApproval(const koder::agent::SettleApproval &decision)

    A call whose server waits for a decision before it runs it (it came with
    \l {koder::agent::CallRunner}{CallRunner::ServerAfterApproval}) was decided by a policy or
    the user: tell the server \a decision. Nothing runs here. The default does nothing.
*/

/*!
    \fn bool koder::agent::Executor::hasStore() const

    Returns whether conversations are stored: the executor's
    \l {koder::agent::ConversationStorage}{ConversationStorage} members are then the store's.
    Without a store the runtime keeps conversations in memory
    (\l {koder::agent::MemoryConversations}{MemoryConversations}) and never calls them. When
    the answer changes, call \l {koder::agent::Runtime::storeChanged()}{Runtime::storeChanged()}.
*/

/*!
    \fn void koder::agent::ConversationStorage::saveConversation(const koder::agent::Persist &write, const std::vector<koder::agent::Message> &messages, const koder::agent::Versions &versions, const koder::agent::ApprovalState &approvals, const std::vector<koder::agent::QueuedMessage> &queued, std::size_t streamingRow)

    Writes the conversation that \a write names (\c {write.conversationId}).

    \a messages is its active path; the rows from \c {write.fromRow} on changed, and rows past
    the end of \a messages are gone. Of the other versions, read from \a versions, the ones
    \c {write.versionsWritten} names left the path (write them), the ones
    \c {write.versionsDropped} names joined it or are gone (drop them), or, with
    \c {write.allVersions}, all of them are rewritten (the history was replaced; a fork is
    written so, with empty \a versions).

    \a approvals is what the conversation keeps of an open tool phase, so that it reloads
    waiting for the user; \a queued its queued messages (\c BusyPolicy::Queue).
    \a streamingRow is the row of the reply still growing (a periodic save while it streams), or
    \c noRow.

    A turn's messages are written before its terminal event is delivered.
*/

/*!
    \fn void koder::agent::ConversationStorage::loadConversation(const std::string &id)

    Loads the stored conversation \a id. Answer with
    \c {Runtime::dispatch(SwitchConversation{...})} carrying its messages, versions, stored
    tool phase and queued messages; a conversation that is not stored is answered with none.
    When it exists but cannot be read, set the input's \c loadError: the conversation is then
    shown empty and read-only, so nothing overwrites the stored copy.
*/

/*!
    \fn void koder::agent::ConversationStorage::removeConversation(const std::string &id)

    Deletes the stored conversation \a id (the user deleted it).
*/

/*!
    \fn void koder::agent::Executor::startTimer(koder::agent::Executor::Timer timer, std::int64_t delayMs)

    Calls \l {koder::agent::Runtime::timerFired()}{Runtime::timerFired(timer)} once, after
    \a delayMs milliseconds. Starting \a timer while it runs restarts it.
*/

/*!
    \fn void koder::agent::Executor::stopTimer(koder::agent::Executor::Timer timer)

    Stops \a timer. A call of \l {koder::agent::Runtime::timerFired()}{Runtime::timerFired()}
    that was already on its way does no harm: the runtime checks what is due.
*/

/*!
    \enum koder::agent::Aspect

    The derived properties of the shown conversation, as bits, so that one
    \l {koder::agent::RuntimeObserver::propertiesChanged()}{propertiesChanged()} call names
    every property a dispatch changed (a toolkit layer emits exactly those change signals).
    Combine them with \c {operator|()} and test them with \c {has()}.

    \value None Nothing changed.
    \value Status The status (\c idle, \c streaming, \c reviewingToolCall, \c runningTool,
           \c awaitingInput, \c error, \c interrupted, \c handoff).
    \value Streaming Whether the status is \c streaming.
    \value Abortable Whether a turn is open.
    \value PendingToolCalls The tool calls awaiting the user's decision.
    \value LastError The last error (appeared, went, or another code).
    \value ConversationId The shown conversation's id.
    \value AutoAccept The auto-accept mode.
    \value SystemPrompt The system prompt.
    \value MaxSteps The step limit of a turn.
    \value MaxRetries The retry budget of a step.
    \value Policies The per-tool policies (\c toolPolicies).
    \value Busy The busy policy (\c busyPolicy).
    \value Queue The queued messages.
    \value PendingInputs The questions awaiting the user's answer.
    \value Context contextUsed(), contextRatio() or Settings::contextWindow (also from the token
           path, when the meter counts a whole token more).
    \value Compaction Whether a compaction runs.
    \value AutoCompact Settings::autoCompact.
*/

/*!
    \fn constexpr koder::agent::Aspect koder::agent::operator|(koder::agent::Aspect a, koder::agent::Aspect b)
    \relates koder::agent::RuntimeObserver

    Returns the union of the aspect sets \a a and \a b.
*/

/*!
    \fn constexpr koder::agent::Aspect &koder::agent::operator|=(koder::agent::Aspect &a, koder::agent::Aspect b)
    \relates koder::agent::RuntimeObserver

    Adds the aspects of \a b to \a a and returns \a a.
*/

/*!
    \fn constexpr bool koder::agent::has(koder::agent::Aspect set, koder::agent::Aspect a)
    \relates koder::agent::RuntimeObserver

    Returns \c true when \a set holds any aspect of \a a.
*/

/*!
    \class koder::agent::RuntimeObserver
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/runtime.h
    \brief What a \l {koder::agent::Runtime}{Runtime} tells the view layer: list changes,
    property changes, announcements, lifecycle events, tools and hook failures.

    A runtime has one observer (\l {koder::agent::Runtime::setObserver()}{setObserver()}); the
    Koder Agent library's controller is one. Every member has a no-op default, so a subclass
    overrides only what it needs.

    For each dispatch the observer hears, in this order:

    \list 1
    \li \l {koder::agent::RuntimeObserver::messagesChanged()}{messagesChanged()}: the rows
        inserted, removed or changed;
    \li \l {koder::agent::RuntimeObserver::turnStarting()}{turnStarting()}, when a turn's first
        request goes out (the effects are performed here);
    \li \l {koder::agent::RuntimeObserver::propertiesChanged()}{propertiesChanged()}: the
        derived properties that changed;
    \li \l {koder::agent::RuntimeObserver::announced()}{announced()} for each announcement;
    \li \l {koder::agent::RuntimeObserver::event()}{event()} for each lifecycle event, with
        \l {koder::agent::RuntimeObserver::beforeTerminal()}{beforeTerminal()} just before a
        terminal one;
    \li \l {koder::agent::RuntimeObserver::toolExecutionStarted()}{toolExecutionStarted()} for
        each tool the step runs, after the step's events.
    \endlist

    A rejected input is reported through
    \l {koder::agent::RuntimeObserver::rejected()}{rejected()} alone. A handler may dispatch
    again; what it dispatches waits until the current dispatch's events are out.

    Of a turn that runs on in a conversation that is not shown, the observer hears only its
    status, through \l {koder::agent::RuntimeObserver::backgroundChanged()}{backgroundChanged()},
    and the failures of the hooks it calls.

    \sa koder::agent::Runtime, {Turn Lifecycle}
*/

/*!
    \fn koder::agent::RuntimeObserver::RuntimeObserver()

    Constructs an observer. Only a subclass can.
*/

/*!
    \fn koder::agent::RuntimeObserver::RuntimeObserver(const koder::agent::RuntimeObserver &other)

    Copy-constructs an observer from \a other. Only a subclass can.
*/

/*!
    \fn koder::agent::RuntimeObserver &koder::agent::RuntimeObserver::operator=(const koder::agent::RuntimeObserver &other)

    Copy-assigns \a other to this observer. Only a subclass can.
*/

/*!
    \fn koder::agent::RuntimeObserver::~RuntimeObserver()

    Destroys the observer. Call \l {koder::agent::Runtime::setObserver()}{setObserver(nullptr)}
    on its runtime first.
*/

/*!
    \fn void koder::agent::RuntimeObserver::rejected(const koder::agent::Rejection &rejection)

    The core refused an input; the state is untouched. \a rejection names the action
    (\c "send", \c "edit", ...), the reason (for example \c TurnInProgress for a second send
    while a turn is open under the busy policy \c reject, or \c TooManyTurns when the background
    is full) and a detail.
*/

/*!
    \fn void koder::agent::RuntimeObserver::messagesChanged(const std::vector<koder::agent::Change> &changes)

    The shown conversation's rows changed. Apply \a changes in order: each index refers to the
    list as the previous step left it. Opening another conversation reports one reset.
*/

/*!
    \fn void koder::agent::RuntimeObserver::propertiesChanged(koder::agent::Aspect changed)

    The derived properties in \a changed have new values. Not called for a text or reasoning
    delta, which changes nothing but the streaming row.
*/

/*!
    \fn void koder::agent::RuntimeObserver::beforeTerminal()

    A terminal event (\c streamEnd, \c error, \c aborted) follows: list updates that a view
    coalesces must be made visible now, so that the terminal event is observed after them.
*/

/*!
    \fn void koder::agent::RuntimeObserver::event(const koder::agent::Event &event)

    One lifecycle \a event, in the order of the \l {Turn Lifecycle}. The strings of a
    \c StreamTokenEvent are views into the state, valid during this call only: copy what you
    keep.
*/

/*!
    \fn void koder::agent::RuntimeObserver::turnStarting(const koder::agent::StartTurn &request)

    A turn's first \a request is about to go out, after the \c onStart hooks and before the
    \c prepareStep chain. Retries and later steps of the turn do not call it.
*/

/*!
    \fn void koder::agent::RuntimeObserver::toolExecutionStarted(const koder::agent::ToolCall &call)

    The approved \a call is about to run: called after the \c onToolExecutionStart hooks and
    before \l {koder::agent::Executor::runTool()}{Executor::runTool()}. A handler that ends
    the turn here keeps the tool from running.
*/

/*!
    \fn void koder::agent::RuntimeObserver::toolExecutionFinished(const koder::agent::ToolCall &call, const koder::agent::ToolResult &result)

    The tool of \a call answered with \a result: called after the \c onToolExecutionEnd hooks and
    before the result is dispatched (and appended as a \c tool message). A result for a call
    that is no longer running is ignored and not reported.
*/

/*!
    \fn void koder::agent::RuntimeObserver::hookFailed(const koder::agent::HookFailure &failure)

    A hook threw (\a failure says which and why); its chain went on without it. Reported once
    the chain is done, before what the hook precedes (the request, the event).
*/

/*!
    \fn void koder::agent::RuntimeObserver::backgroundChanged(const std::string &conversationId, koder::agent::Status status, bool finished)

    The conversation \a conversationId, which is not shown, changed status: its turn runs on in
    the background (\a status \c Streaming or \c RunningTool), waits there for a tool decision
    (\c ReviewingToolCall), or ended. \a finished is true when the turn's terminal event came
    while the conversation was not shown; \a status is then how it ended (\c Idle, \c Error,
    \c Interrupted or \c Handoff).
*/

/*!
    \class koder::agent::Runtime
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/runtime.h
    \brief The agent loop of the core: it owns the conversation state, runs the reducer on every
    input and carries out what the reducer asks for.

    The reducer is a pure function: it takes a \l {koder::agent::State}{State} and one input (a
    user action or a transport event) and reports an \l {koder::agent::Outcome}{Outcome}: list
    changes, effects, lifecycle events, announcements, or a rejection. The Runtime is the loop
    around it (the store of a Redux or lager application): it holds the state, feeds it every
    input, and does what the outcome says, in a fixed order, through an
    \l {koder::agent::Executor}{Executor} for the I/O and a
    \l {koder::agent::RuntimeObserver}{RuntimeObserver} for the view. It stays toolkit-free:
    no threads, no clock, no I/O of its own. The Koder Agent library's controller is a property
    layer over one Runtime; a C++ application or a test can drive one directly.

    Besides the loop the runtime keeps what is not part of any one conversation's state: the
    input queue, the agent-loop hooks (\l {koder::agent::HookSet}{HookSet}), the tool calls
    running, the retries waiting for their backoff, the turns running on in conversations that
    are not shown, the conversations kept in memory when there is no store, the announcements no
    listener has heard yet, and a \l {koder::agent::DebugLog}{DebugLog}.

    The runtime is not thread-safe: call it from one thread, and let the executor answer on
    that thread.

    \section1 Setting up

    Construct a runtime with its executor and an \l {koder::agent::Environment}{Environment}
    (how ids and time are made), then set its observer and add hooks. The core tests set one up
    with a fake executor, a recording observer and a virtual clock:

    \snippet core/runtimefixture.h runtime-setup

    Every change goes through \l {koder::agent::Runtime::dispatch()}{dispatch()}: user actions
    as they come, and the transport's events with the request id of the
    \l {koder::agent::StartTurn}{StartTurn} they answer. The tests' helpers are one line each:

    \snippet core/runtimefixture.h runtime-inputs

    \target runtime-dispatch
    \section1 What a dispatch does

    \l {koder::agent::Runtime::dispatch()}{dispatch()} reduces the input, records it in the
    debug log, and then, unless the core refused it:

    \list 1
    \li reports the list changes
        (\l {koder::agent::RuntimeObserver::messagesChanged()}{messagesChanged()});
    \li performs the effects in order: a request goes out through
        \l {koder::agent::Executor::startRequest()}{Executor::startRequest()} (on a turn's
        first request after the \c onStart hooks and
        \l {koder::agent::RuntimeObserver::turnStarting()}{turnStarting()}; every request
        through the \c prepareStep chain; a retry after its backoff on the
        \l {koder::agent::Executor::Timer}{Retry} timer); a cancel stops the request and the
        running tools; a save, a fork and a deletion go to the store, or to memory without one;
    \li reports the derived properties that changed
        (\l {koder::agent::RuntimeObserver::propertiesChanged()}{propertiesChanged()});
    \li voices the announcements
        (\l {koder::agent::RuntimeObserver::announced()}{announced()});
    \li delivers the lifecycle events: a step's \c onStepFinish hooks before its \c stepFinish
        event, and before a terminal event (\c streamEnd, \c error, \c aborted)
        \l {koder::agent::RuntimeObserver::beforeTerminal()}{beforeTerminal()} and the
        \c onFinish hooks;
    \li starts the tools the step approved, if the turn still wants them (a handler of the
        events may have aborted it): \c onToolExecutionStart hooks,
        \l {koder::agent::RuntimeObserver::toolExecutionStarted()}{toolExecutionStarted()}, then
        \l {koder::agent::Executor::runTool()}{Executor::runTool()};
    \li handles the inputs that arrived meanwhile.
    \endlist

    A full turn with one tool round, two hook sets and auto-accepted tools, with everything the
    executor, the observer and the hooks heard in one ordered log:

    \snippet core/tst_runtime.cpp runtime-turn

    A text delta takes a shorter path: it grows the streaming row, reports the change, the
    \c streamToken event and, at the end of a phrase, an announcement; it changes no property and
    allocates nothing beyond the text's growth.

    \target Re-entrancy
    \section1 Re-entrancy

    An input dispatched while the runtime is busy (a transport or a tool that answers from
    inside the executor's call, a handler that dispatches from inside an event) waits in a queue,
    and \l {koder::agent::Runtime::dispatch()}{dispatch()} returns \c true for it. The queue is
    taken once the current dispatch has delivered all of its events, so a token never overtakes
    the \c streamStart it follows and outcomes never interleave:

    \snippet core/tst_runtime.cpp runtime-synchronous

    \target runtime-hooks
    \section1 Hooks

    \l {koder::agent::Runtime::addHooks()}{addHooks()} adds a \l {koder::agent::HookSet}{HookSet};
    sets run in the order they were added (see \l {koder::agent::Hooks}{Hooks} for how they
    compose). The runtime calls them at these moments:

    \table
    \header \li Hook \li When
    \row \li \c onStart \li A turn's first request is about to go out (not a retry, not a later
         step).
    \row \li \c prepareStep \li Every request, retries included; each set receives what the
         previous one returned, and the executor gets the last result.
    \row \li \c onError \li A failure of the live request, before the core decides about a
         retry: any \c Retry wins, else any \c Abort, else the retry policy decides. A failure of
         a stale request is not asked about.
    \row \li \c onStepFinish \li A model step ended (before its \c stepFinish event).
    \row \li \c onToolExecutionStart \li An approved tool is about to run. A hook that aborts the
         turn here keeps the tool from running.
    \row \li \c onToolExecutionEnd \li A running tool answered, before its result is
         dispatched.
    \row \li \c onFinish \li The turn's terminal event, once per turn, before the observer hears
         it.
    \endtable

    Hooks see the turns of background conversations too (\c prepareStep, \c onStepFinish,
    the tool hooks, \c onFinish), except \c onError: a failure there follows the retry policy.
    A hook that throws is reported through
    \l {koder::agent::RuntimeObserver::hookFailed()}{hookFailed()} and skipped.

    \section1 Errors and retries

    A failed request is retried when an \c onError hook asks for it or when the error is
    retryable and the state's \c maxRetries allows one more (see
    \l {koder::agent::decideRetry()}{decideRetry()}). The turn stays open and \c streaming
    while the runtime waits for the backoff on the
    \l {koder::agent::Executor::Timer}{Retry} timer; the retry is a new request of the same step
    with the next attempt number. An abort during the backoff stops the timer and nothing goes
    out. When no retry is left the turn ends with \c error and \c lastError:

    \snippet core/tst_runtime.cpp runtime-retry

    An \c onError hook overrides the policy, either way:

    \snippet core/tst_runtime.cpp runtime-onerror

    \section1 Tools

    The core's turn is the one record of the running tool calls
    (\l {koder::agent::Runtime::runningTool()}{runningTool()}). The executor answers each with
    \l {koder::agent::Runtime::toolFinished()}{toolFinished()}; a result for a call that is not
    running (its turn was aborted) is ignored. When the turn ends, the runtime cancels the
    running tools through \l {koder::agent::Executor::cancelTool()}{Executor::cancelTool()}.
    A running tool may report how far it got (\l {koder::agent::ToolProgress}{ToolProgress},
    read with \l {koder::agent::toolProgressOf()}{toolProgressOf()}), and ask the user a
    question while it runs (\l {koder::agent::RequestInput}{RequestInput}; the answer goes back
    through \l {koder::agent::Executor::settleInput()}{Executor::settleInput()}).

    \section1 Conversations and background turns

    \l {koder::agent::Runtime::openConversation()}{openConversation()} shows another
    conversation, from the store or, without one, from memory. A turn open in the conversation
    being left is not stopped: it runs on in the background, up to
    \l {koder::agent::Runtime::maxBackgroundTurns()}{maxBackgroundTurns()} of them, with its own
    state reduced by the same reducer (transport events and tool results find their conversation
    by request id and call id, and request ids are unique across conversations). Its changes
    reach no view and its announcements no screen reader; the hooks see it, and the observer hears
    its status through \l {koder::agent::RuntimeObserver::backgroundChanged()}{backgroundChanged()}.
    Opening it again shows it live, as it is. The reducer decides all of this
    (\l {koder::agent::OpenConversation}{OpenConversation} and the effects
    \l {koder::agent::LeaveRunning}{LeaveRunning}, \l {koder::agent::ShowBackground}{ShowBackground},
    \l {koder::agent::LoadConversation}{LoadConversation}, which the runtime performs), and the
    transition table shows it. The \l {koder::agent::Settings}{settings} hold for every
    conversation: the background ones follow the shown one.

    The runtime's parts, each in its own file with its own tests: the dispatch loop and the
    effects (\c runtime.cpp), the turns in the background (\c runtime_background.cpp), the
    retries (\c runtime_retries.cpp), the announcements (\l {koder::agent::Announcer}{Announcer})
    and the conversations kept in memory
    (\l {koder::agent::MemoryConversations}{MemoryConversations}, behind the
    \l {koder::agent::ConversationStorage}{ConversationStorage} interface a store implements).

    With a store, a reply is saved while it streams, every
    \l {koder::agent::Runtime::flushInterval()}{flushInterval()} milliseconds on the
    \l {koder::agent::Executor::Timer}{Flush} timer, so a crash loses at most that much.

    \section1 Announcements

    Each announcement reaches the observer as a
    \l {koder::agent::SpokenAnnouncement}{SpokenAnnouncement} with its own text
    (\l {koder::agent::Announcer}{Announcer} voices it). One that nobody listens to yet (no
    \l {koder::agent::Runtime::listen()}{listen()} for its message) is also kept, up to
    \l {koder::agent::Runtime::maxUnheard}{maxUnheard}, and handed to the listener that comes
    later; a new reply starting drops what was kept.

    \sa {Turn Lifecycle}, koder::agent::Executor, koder::agent::RuntimeObserver,
        koder::agent::HookSet
*/

/*!
    \fn koder::agent::Runtime::Runtime(koder::agent::Executor &executor, koder::agent::Environment env = Environment::deterministic())

    Constructs a runtime that performs its I/O through \a executor and makes ids and time with
    \a env. The runtime keeps a reference to \a executor, which must outlive it. The state starts
    empty, with a new conversation id from \a env.

    The default environment is deterministic (counter ids, a clock at 0), as tests want; an
    application passes one with unique ids and the real time.
*/

/*!
    \fn void koder::agent::Runtime::setObserver(koder::agent::RuntimeObserver *observer)

    Sets the one \a observer that hears what the runtime does, or none with \c nullptr. The
    runtime does not own it.
*/

/*!
    \fn bool koder::agent::Runtime::dispatch(koder::agent::Input &&input)

    Applies one \a input, a user action or a transport event, and carries out its outcome (see
    \l {runtime-dispatch}{What a dispatch does}). Returns \c false when the core refused it:
    the observer heard why through
    \l {koder::agent::RuntimeObserver::rejected()}{rejected()}, and nothing else changed.

    A transport event or tool result of a conversation whose turn runs in the background goes to
    that conversation. A transport event of a request that is no longer live (a late token of an
    aborted turn) or a result nobody waits for is dropped, and still returns \c true. An input
    dispatched while the runtime is busy waits its turn and returns \c true (see
    \l {Re-entrancy}).

    While as many turns run in the background as
    \l {koder::agent::Runtime::maxBackgroundTurns()}{maxBackgroundTurns()} allows, an input that
    would open a turn in the shown conversation (send, regenerate, edit, send queued) is refused
    with \c TooManyTurns. A \c Reset starts a new conversation; a turn open in the one left runs
    on in the background, as with
    \l {koder::agent::Runtime::openConversation()}{openConversation()}.
*/

/*!
    \fn void koder::agent::Runtime::openConversation(const std::string &id)

    Shows the conversation \a id: dispatches
    \l {koder::agent::OpenConversation}{OpenConversation}, and the reducer decides what becomes
    of the open turn. The conversation is loaded through the executor's
    \l {koder::agent::ConversationStorage::loadConversation()}{loadConversation()} with a
    store, from memory without one (where every conversation written is kept, as a store keeps
    it). A reply streaming in the conversation being left is written first. Opening the shown
    conversation again reloads it.

    A turn open in the conversation being left runs on in the background while there is room
    (\l {koder::agent::Runtime::maxBackgroundTurns()}{maxBackgroundTurns()}); beyond that, or
    with a limit of 0, it stops as an abort would. Opening a conversation whose turn runs in the
    background shows it live, as it is; when a tool decision waits there, the approval is
    announced again.
*/

/*!
    \fn void koder::agent::Runtime::forgetConversation(const std::string &id)

    The conversation \a id is gone (deleted from the store): its background turn, if any, is
    cancelled and forgotten, its in-memory copy dropped, and nothing of it is written again.
*/

/*!
    \fn void koder::agent::Runtime::abortBackground()

    Stops every background turn, as an abort stops the shown one: each ends with \c aborted and
    its partial reply is kept and stored.

    \sa transportReplaced()
*/

/*!
    \fn void koder::agent::Runtime::transportReplaced()

    Tells the runtime that the transport is being replaced: the new one cannot finish the open
    turns, so every one stops, each with \c aborted and its partial reply kept, in the background
    (abortBackground()) and in the shown conversation. Call it before the executor switches to
    the new transport, so that the requests are cancelled on the old one.
*/

/*!
    \fn void koder::agent::Runtime::setMaxBackgroundTurns(int turns)

    Sets how many turns may run on in conversations that are not shown to \a turns (a negative
    value counts as 0): dispatches
    \l {koder::agent::SetMaxBackgroundTurns}{SetMaxBackgroundTurns}, since the reducer decides
    with it (\l {koder::agent::Settings::maxBackgroundTurns}{Settings::maxBackgroundTurns}).

    \sa maxBackgroundTurns()
*/

/*!
    \fn int koder::agent::Runtime::maxBackgroundTurns() const

    Returns how many turns may run on in conversations that are not shown. The default is 4.
    With 0 a turn stops when its conversation is left. While that many run, an input that would
    open a turn in the shown conversation is refused (\c TooManyTurns).

    \sa setMaxBackgroundTurns()
*/

/*!
    \fn std::vector<std::string> koder::agent::Runtime::backgroundConversations() const

    Returns the ids of the conversations whose turn runs in the background, oldest first.
*/

/*!
    \fn const koder::agent::State *koder::agent::Runtime::backgroundState(std::string_view conversationId) const

    Returns the state of the background conversation \a conversationId, or \c nullptr when its
    turn does not run in the background. For tests and debug panels.
*/

/*!
    \fn koder::agent::Status koder::agent::Runtime::statusOf(std::string_view conversationId) const

    Returns the status of the conversation \a conversationId: the shown one's, a background
    turn's, or how a background turn ended (\c Error, \c Interrupted or \c Handoff) until the
    conversation is shown again; otherwise \c Idle.
*/

/*!
    \fn void koder::agent::Runtime::toolFinished(const std::string &callId, std::string result, bool isError, std::string metadata = {})

    The executor's answer to \l {koder::agent::Executor::runTool()}{Executor::runTool()}: the
    tool of the call \a callId returned \a result (text, or JSON text for a value that is not a
    string); \a isError is true when it failed (it threw, timed out or reported an error).
    \a metadata (JSON text of an object, or empty) is merged into the tool message's metadata
    (\l {koder::agent::ToolResult::metadata}{ToolResult::metadata}: an MCP result's
    \c content parts and \c structuredContent).

    The \c onToolExecutionEnd hooks and
    \l {koder::agent::RuntimeObserver::toolExecutionFinished()}{toolExecutionFinished()} hear it,
    then the result is dispatched: it is appended as a \c tool message and, once no call of the
    step waits, the next step streams. A result for a call that is not running (its turn was
    aborted or ended) is ignored.
*/

/*!
    \fn void koder::agent::Runtime::timerFired(koder::agent::Executor::Timer timer)

    The executor's \a timer fell due. For \c Retry, the retries whose time has come go out; for
    \c Flush, the streaming replies are saved and the timer is started again while one streams.
    A call when nothing is due does nothing.
*/

/*!
    \fn void koder::agent::Runtime::storeChanged()

    Tells the runtime that \l {koder::agent::Executor::hasStore()}{Executor::hasStore()} changed:
    the periodic save of a streaming reply starts or stops accordingly, and a store that holds
    the shown conversation (\l {koder::agent::ConversationStorage::holdsConversation()}{holdsConversation()})
    shows it as stored.
*/

/*!
    \fn void koder::agent::Runtime::flushStreamingReply()

    Saves the replies streaming now, in the shown conversation and in the background, so that a
    window closing mid-reply keeps what streamed so far. Does nothing without a store.
*/

/*!
    \fn void koder::agent::Runtime::addHooks(koder::agent::HookSet hooks)

    Adds the set \a hooks after those added before. See \l {runtime-hooks}{Hooks} for when
    each runs.
*/

/*!
    \fn void koder::agent::Runtime::setEnvironment(koder::agent::Environment env)

    Replaces how ids and time are made with \a env.
*/

/*!
    \fn koder::agent::Environment &koder::agent::Runtime::environment()

    Returns the environment that makes ids and time (tests use
    \c {Environment::deterministic()}).
*/

/*!
    \fn void koder::agent::Runtime::setFlushInterval(std::int64_t ms)

    Sets the milliseconds between two saves of a streaming reply to \a ms; values below 10
    count as 10.

    \sa flushInterval()
*/

/*!
    \fn std::int64_t koder::agent::Runtime::flushInterval() const

    Returns the milliseconds between two saves of a streaming reply, with a store. The default
    is 1000.

    \sa setFlushInterval()
*/

/*!
    \fn const koder::agent::State &koder::agent::Runtime::state() const

    Returns the state of the shown conversation. A view reads it directly, guided by the
    observer's change reports.
*/

/*!
    \fn const std::string &koder::agent::Runtime::lastResult() const

    Returns the result of the last accepted dispatch: the new conversation id of a branch, or
    the id a send got in the queue under the busy policy \c queue; empty for other inputs.
    A text delta leaves it as it was.
*/

/*!
    \fn const koder::agent::ToolCall *koder::agent::Runtime::runningTool(std::string_view callId) const

    Returns the approved call \a callId of the shown conversation whose result is outstanding,
    or \c nullptr.
*/

/*!
    \fn bool koder::agent::Runtime::hasInMemory(const std::string &id) const

    Returns whether the conversation \a id is kept in memory: without a store every conversation
    written (shown, left, forked, ended in the background) is, until it is deleted.
*/

/*!
    \class koder::agent::SpokenAnnouncement
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/runtime.h
    \brief An accessibility announcement ready to be voiced, with its own text.

    The reducer announces the boundaries of a turn (reply started, finished, stopped, an error,
    an approval needed) and the streaming reply in phrase-sized pieces. The runtime turns each
    announcement into a SpokenAnnouncement that carries its text, so one that waited for its
    listener (see \l {koder::agent::Runtime::listen()}{Runtime::listen()}) is spoken as it was
    made, whatever happened to the message since.

    \sa koder::agent::RuntimeObserver::announced()
*/

/*!
    \fn void koder::agent::RuntimeObserver::announced(const koder::agent::SpokenAnnouncement &announcement, bool heard)

    An \a announcement for assistive technology. \a heard is true when a listener listens to
    its message (\l {koder::agent::Runtime::listen()}{Runtime::listen()}); an unheard one is
    also kept for the listener that comes later.
*/

/*!
    \fn std::vector<koder::agent::SpokenAnnouncement> koder::agent::Runtime::listen(const std::string &messageId)

    A listener starts voicing the message \a messageId (its bubble appeared). Returns what was
    announced for it while nobody listened, in order, and forgets it. Listeners are counted: the
    message is heard until as many \l {koder::agent::Runtime::unlisten()}{unlisten()} calls.
*/

/*!
    \fn void koder::agent::Runtime::unlisten(const std::string &messageId)

    A listener of the message \a messageId stops (its bubble went away).
*/

/*!
    \fn std::size_t koder::agent::Runtime::unheardCount() const

    Returns how many announcements wait for a listener, at most
    \l {koder::agent::Runtime::maxUnheard}{maxUnheard}.
*/

/*!
    \variable koder::agent::Runtime::maxUnheard

    The most announcements kept for listeners to come (256); later ones are not kept.
*/

/*!
    \fn const koder::agent::DebugLog &koder::agent::Runtime::debugLog() const

    Returns the compact event log of what this runtime did, for debug panels. The runtime feeds
    it after every reduce of the shown conversation; it is not part of the state.
*/

namespace koder::agent {

Runtime::Runtime(Executor& executor, Environment env)
    : executor_(executor)
    , env_(std::move(env))
{
    state_.conversation.id = env_.newId("c");
    seen_.conversationId = state_.conversation.id;
    seen_.settings = state_.settings;
}

// ---- dispatch ---------------------------------------------------------------------------------

namespace {
// Settings hold for every conversation (State::settings): an input that sets one.
bool isConfiguration(const Input& input)
{
    return std::holds_alternative<SetAutoAccept>(input) ||
           std::holds_alternative<SetToolPolicies>(input) ||
           std::holds_alternative<SetBusyPolicy>(input) ||
           std::holds_alternative<SetSystemPrompt>(input) ||
           std::holds_alternative<SetTools>(input) || std::holds_alternative<SetMaxSteps>(input) ||
           std::holds_alternative<SetMaxRetries>(input) ||
           std::holds_alternative<SetMaxBackgroundTurns>(input) ||
           std::holds_alternative<SetContextWindow>(input) ||
           std::holds_alternative<SetAutoCompact>(input);
}
} // namespace

bool Runtime::dispatch(Input&& input)
{
    if (busy_) {
        // An input produced while effects run (a transport or tool answering at once) waits for
        // the current one to finish, so outcomes never interleave.
        queue_.push_back(std::move(input));
        return true;
    }
    struct Nesting {
        int& depth;
        explicit Nesting(int& d)
            : depth(d)
        {
            ++depth;
        }
        ~Nesting() { --depth; }
        Nesting(const Nesting&) = delete;
        Nesting& operator=(const Nesting&) = delete;
    } nesting(depth_);
    if (!background_.empty())
        if (Live* other = backgroundFor(input))
            return dispatchBackground(other->state.conversation.id, std::move(input));
    if (std::holds_alternative<TextDelta>(input))
        return streamText(std::move(input));
    // onError hooks decide for the live request only; a stale failure is dropped by the core.
    if (auto* failed = std::get_if<StreamFailed>(&input)) {
        if (state_.turn && state_.turn->requestId == failed->requestId) {
            std::vector<HookFailure> failures;
            const ErrorVerdict verdict =
                hooks_.onError(failed->error, state_.turn->attempt, failures);
            report(failures);
            if (verdict != ErrorVerdict::Default)
                failed->verdict = verdict;
        }
    }
    // A reasoning delta changes the streaming row and nothing else: it compares nothing.
    const bool delta = std::holds_alternative<ReasoningDelta>(input);
    // Configuration holds for every conversation: the background ones follow the shown one.
    std::optional<Input> alsoInBackground;
    if (!background_.empty() && isConfiguration(input))
        alsoInBackground = input;

    // A question from outside that the core refuses is settled as cancelled: its asker must
    // not wait for an answer that never comes.
    std::optional<PendingInput> asked;
    if (const auto* request = std::get_if<RequestInput>(&input))
        asked = request->input;

    busy_ = true;
    reduce(state_, std::move(input), out_, env_);
    log_.record(input, out_, state_); // reads only what reduce() never moves out

    if (out_.rejected()) {
        const Rejection rejection = *out_.rejection;
        busy_ = false;
        if (observer_)
            observer_->rejected(rejection);
        if (asked)
            executor_.settleInput(*asked, InputDecision::Cancelled, {});
        drainQueue();
        return false;
    }

    if (!out_.result.empty() || !lastResult_.empty())
        lastResult_ = out_.result; // the token path assigns nothing
    if (observer_ && !out_.changes.empty())
        observer_->messagesChanged(out_.changes);
    // Tools start after the events (a step's stepFinished comes before its tools' start) and
    // only if the turn still wants them then: a handler may have aborted it meanwhile.
    std::vector<ToolCall> toolsToRun = performEffects(shown_);
    // Take the events and announcements out: handlers may dispatch again, reusing out_.
    std::vector<Event> events;
    std::vector<Announcement> announcements;
    events.swap(out_.events);
    announcements.swap(out_.announcements);
    busy_ = false;

    if (!delta) {
        updateFlushTimer();
        notifyProperties();
    }
    deliver(announcements, events);
    for (const ToolCall& call : toolsToRun)
        runTool(call);
    giveBack(events, announcements);
    if (alsoInBackground)
        for (const std::string& id : backgroundConversations())
            dispatchBackground(id, Input(*alsoInBackground));
    drainQueue();
    return true;
}

// The token path. A text delta only grows the streaming row, names its token and, at a phrase
// end, announces it: no effect, no refusal, no property change. Its one event is delivered
// from a copy of the outcome's, without the general path's swaps.
bool Runtime::streamText(Input&& input)
{
    busy_ = true;
    reduce(state_, std::move(input), out_, env_);
    log_.record(input, out_, state_); // reads only what reduce() never moves out
    if (observer_ && !out_.changes.empty())
        observer_->messagesChanged(out_.changes);
    busy_ = false;
    // The meter grows with the reply (a notification when a whole token more is counted).
    if (observer_ && contextUsed(state_) != seen_.contextUsed) {
        seen_.contextUsed = contextUsed(state_);
        observer_->propertiesChanged(Aspect::Context);
    }
    const StreamTokenEvent* token = out_.announcements.empty() && out_.events.size() == 1
                                        ? std::get_if<StreamTokenEvent>(&out_.events.front())
                                        : nullptr;
    if (token) {
        // Delivered from a copy (two views: no allocation): a handler's own dispatch reuses out_.
        if (observer_)
            observer_->event(Event{std::in_place_type<StreamTokenEvent>, *token});
    } else if (!out_.events.empty() || !out_.announcements.empty()) {
        std::vector<Event> events;
        std::vector<Announcement> announcements;
        events.swap(out_.events);
        announcements.swap(out_.announcements);
        deliver(announcements, events);
        giveBack(events, announcements);
    }
    drainQueue();
    return true;
}

// Hands the capacity of a dispatch's taken-out vectors back to the outcome (unless a nested
// dispatch gave it some already), so the token path stays allocation-free.
void Runtime::giveBack(std::vector<Event>& events, std::vector<Announcement>& announcements)
{
    events.clear();
    announcements.clear();
    if (out_.events.capacity() == 0)
        out_.events.swap(events);
    if (out_.announcements.capacity() == 0)
        out_.announcements.swap(announcements);
}

void Runtime::drainQueue()
{
    // Only the outermost dispatch takes the queue, once all its events are out: a handler's own
    // dispatch (nested in that delivery) must not let a queued input overtake them (a token
    // before its streamStart).
    if (depth_ > 1)
        return;
    while (!busy_ && !queue_.empty()) {
        Input next = std::move(queue_.front());
        queue_.pop_front();
        dispatch(std::move(next));
    }
}

void Runtime::notifyProperties()
{
    const Aspect changed = changedAspects();
    if (changed == Aspect::None)
        return;
    if (has(changed, Aspect::ConversationId) && executor_.hasStore())
        executor_.markUnread(state_.conversation.id, false); // shown: seen
    if (observer_)
        observer_->propertiesChanged(changed);
}

Aspect Runtime::changedAspects()
{
    Aspect changed = Aspect::None;
    Snapshot& b = seen_;
    const State& s = state_;
    if (b.status != s.status) {
        changed |= Aspect::Status;
        if ((b.status == Status::Streaming) != (s.status == Status::Streaming))
            changed |= Aspect::Streaming;
        b.status = s.status;
    }
    // The plain values: remembered as seen, and noted when they differ.
    const auto note = [&changed](Aspect aspect, auto& seen, const auto& now) {
        if (seen != now) {
            changed |= aspect;
            seen = now;
        }
    };
    note(Aspect::Abortable, b.open, s.turn.has_value());
    const auto& pending = s.pendingToolCalls;
    if (b.pendingCount != pending.size() ||
        (!pending.empty() && b.firstPending != pending.front().id)) {
        changed |= Aspect::PendingToolCalls;
        b.pendingCount = pending.size();
        b.firstPending = pending.empty() ? std::string() : pending.front().id;
    }
    const auto& inputs = s.pendingInputs;
    if (b.inputCount != inputs.size() || (!inputs.empty() && b.firstInput != inputs.front().id)) {
        changed |= Aspect::PendingInputs;
        b.inputCount = inputs.size();
        b.firstInput = inputs.empty() ? std::string() : inputs.front().id;
    }
    if (b.hasError != s.lastError.has_value() ||
        (s.lastError && b.errorCode != s.lastError->code)) {
        changed |= Aspect::LastError;
        b.hasError = s.lastError.has_value();
        b.errorCode = s.lastError ? s.lastError->code : std::string();
    }
    note(Aspect::ConversationId, b.conversationId, s.conversation.id);
    note(Aspect::Queue, b.queued, s.conversation.queued);
    note(Aspect::Context, b.contextUsed, contextUsed(s));
    note(Aspect::Compaction, b.compacting, s.compaction.has_value());
    // The settings: the ones a view shows each have their aspect.
    if (b.settings != s.settings) {
        const Settings& was = b.settings;
        const Settings& is = s.settings;
        const auto differs = [&changed](Aspect aspect, const auto& a, const auto& z) {
            if (a != z)
                changed |= aspect;
        };
        differs(Aspect::AutoAccept, was.autoAccept, is.autoAccept);
        differs(Aspect::SystemPrompt, was.systemPrompt, is.systemPrompt);
        differs(Aspect::MaxSteps, was.maxSteps, is.maxSteps);
        differs(Aspect::MaxRetries, was.maxRetries, is.maxRetries);
        differs(Aspect::Policies, was.toolPolicies, is.toolPolicies);
        differs(Aspect::Busy, was.busyPolicy, is.busyPolicy);
        differs(Aspect::Context, was.contextWindow, is.contextWindow);
        differs(Aspect::AutoCompact, was.autoCompact, is.autoCompact);
        b.settings = s.settings;
    }
    return changed;
}

// ---- effects ----------------------------------------------------------------------------------

// Performs the outcome's effects for `live` in order, but the tool runs: they are returned, to
// start once the events are out.
std::vector<ToolCall> Runtime::performEffects(Live& live)
{
    std::vector<ToolCall> toolsToRun;
    if (out_.effects.empty())
        return toolsToRun;
    std::vector<Effect> effects = std::move(out_.effects);
    out_.effects.clear();
    for (Effect& effect : effects) {
        if (auto* exec = std::get_if<ExecuteTool>(&effect))
            toolsToRun.push_back(std::move(exec->call));
        else
            perform(effect, live);
    }
    return toolsToRun;
}

void Runtime::perform(Effect& effect, Live& live)
{
    const State& state = live.state;
    std::visit(
        [this, &live, &state](auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, StartTurn>) {
                if (e.delayMs > 0)
                    delay(live, std::move(e));
                else
                    startRequest(std::move(e));
            } else if constexpr (std::is_same_v<T, CancelTurn>) {
                if (live.delayed && live.delayed->request.requestId == e.requestId) {
                    live.delayed.reset();
                    armRetryTimer(true);
                }
                if (e.requestId != 0)
                    executor_.cancelRequest(e.requestId);
                for (const std::string& id : e.toolCallIds)
                    executor_.cancelTool(id);
            } else if constexpr (std::is_same_v<T, Persist>) {
                storage().saveConversation(e, state.conversation.messages,
                                           state.conversation.versions, approvalStateOf(state),
                                           state.conversation.queued, streamingRow(state));
            } else if constexpr (std::is_same_v<T, ForkConversation>) {
                storage().saveConversation(Persist{e.newConversationId, 0, {}, {}, true},
                                           e.messages, Versions{}, ApprovalState{}, {}, noRow);
            } else if constexpr (std::is_same_v<T, DeleteStoredConversation>) {
                storage().removeConversation(e.conversationId);
            } else if constexpr (std::is_same_v<T, LeaveRunning>) {
                leaveRunning(e.nextConversationId);
            } else if constexpr (std::is_same_v<T, ShowBackground>) {
                showBackground(e.conversationId, e.keepLeft);
            } else if constexpr (std::is_same_v<T, LoadConversation>) {
                load(e.conversationId);
            } else if constexpr (std::is_same_v<T, SettleInput>) {
                executor_.settleInput(e.input, e.decision, e.value);
            } else if constexpr (std::is_same_v<T, SettleApproval>) {
                executor_.settleApproval(e);
            } else if constexpr (std::is_same_v<T, ExecuteTool>) {
                // dispatch() holds these back until the events are out; never reached
                if (&live == &shown_)
                    runTool(e.call);
                else
                    runBackgroundTool(state.conversation.id, e.call);
            } else {
                static_assert(!sizeof(T), "every effect must be performed");
            }
        },
        effect);
}

void Runtime::startRequest(StartTurn request)
{
    if (request.kind == RequestKind::Summary) {
        // Compaction's own request is not a turn: no hook sees it, nothing prepares it.
        executor_.startRequest(request);
        return;
    }
    if (request.step == 1 && request.attempt == 0) {
        report(hooks_.onStart(request));
        if (observer_)
            observer_->turnStarting(request);
    }
    std::vector<HookFailure> failures;
    StartTurn prepared = hooks_.prepareStep(std::move(request), failures);
    report(failures);
    executor_.startRequest(prepared);
}

void Runtime::runTool(const ToolCall& call)
{
    if (!runningTool(call.id))
        return; // a handler of the step's events ended the turn meanwhile
    report(hooks_.onToolExecutionStart(call));
    if (observer_)
        observer_->toolExecutionStarted(call);
    if (!runningTool(call.id))
        return; // the hook or a handler of toolExecutionStarted ended the turn: never run it
    executor_.runTool(call);
}

// The core's turn is the one record of running calls: `running` has the ids, `stepCalls` the
// calls themselves. A result for a call it no longer waits for (aborted, cancelled) is dropped.
const ToolCall* Runtime::runningIn(const State& state, std::string_view callId)
{
    if (!state.turn)
        return nullptr;
    const Turn& turn = *state.turn;
    if (std::find(turn.running.begin(), turn.running.end(), callId) == turn.running.end())
        return nullptr;
    const auto it = std::find_if(turn.stepCalls.begin(), turn.stepCalls.end(),
                                 [&](const ToolCall& c) { return c.id == callId; });
    return it == turn.stepCalls.end() ? nullptr : &*it;
}

void Runtime::toolFinished(const std::string& callId, std::string result, bool isError,
                           std::string metadata)
{
    ToolResult toolResult{callId, std::move(result), isError, std::move(metadata)};
    if (const ToolCall* running = runningTool(callId)) {
        const ToolCall call = *running; // the hooks may change the state
        report(hooks_.onToolExecutionEnd(call, toolResult));
        if (observer_)
            observer_->toolExecutionFinished(call, toolResult);
    } else {
        for (const auto& live : background_)
            if (const ToolCall* call = runningIn(live->state, callId)) {
                report(hooks_.onToolExecutionEnd(ToolCall(*call), toolResult));
                break;
            }
    }
    dispatch(std::move(toolResult)); // finds the conversation that waits for it
}

void Runtime::timerFired(Executor::Timer timer)
{
    switch (timer) {
    case Executor::Timer::Retry:
        fireRetries();
        break;
    case Executor::Timer::Flush:
        flushing_ = false;
        flushStreamingReply();
        updateFlushTimer();
        break;
    }
}

void Runtime::flushStreamingReply()
{
    saveStreamingRow(state_);
    for (const auto& live : background_)
        saveStreamingRow(live->state);
}

void Runtime::saveStreamingRow(const State& s)
{
    const std::size_t row = streamingRow(s);
    if (row != noRow)
        storage().saveConversation(Persist{s.conversation.id, row, {}, {}, false},
                                   s.conversation.messages, s.conversation.versions,
                                   approvalStateOf(s), s.conversation.queued, row);
}

void Runtime::updateFlushTimer()
{
    bool anyStreaming = isStreaming(state_);
    for (const auto& live : background_)
        anyStreaming = anyStreaming || isStreaming(live->state);
    const bool wanted = anyStreaming && executor_.hasStore();
    if (wanted == flushing_)
        return;
    flushing_ = wanted;
    if (wanted)
        executor_.startTimer(Executor::Timer::Flush, flushIntervalMs_);
    else
        executor_.stopTimer(Executor::Timer::Flush);
}

void Runtime::storeChanged()
{
    updateFlushTimer();
    // A store that already holds the shown conversation shows it as stored.
    if (executor_.hasStore() && executor_.holdsConversation(state_.conversation.id))
        openConversation(state_.conversation.id);
}

void Runtime::transportReplaced()
{
    abortBackground();
    if (state_.turn)
        dispatch(Abort{});
    if (state_.compaction)
        dispatch(Abort{}); // with no turn open, a stop ends the compaction
}

void Runtime::report(const std::vector<HookFailure>& failures)
{
    if (!observer_)
        return;
    for (const HookFailure& f : failures)
        observer_->hookFailed(f);
}

// ---- events and announcements -----------------------------------------------------------------

void Runtime::deliver(std::vector<Announcement>& announcements, std::vector<Event>& events)
{
    if (events.empty()) {
        if (!announcements.empty())
            speak(announcements);
        return;
    }
    // A handler of an announcement or of an earlier event may change the state the token views
    // point into: they are copied first (all of them, then pointed at: the vector must not grow
    // while views into its short strings exist). A lone token, the hot path, is not.
    std::vector<std::string> tokenCopies; // local: a handler's own dispatch delivers too
    if (events.size() > 1 || !announcements.empty()) {
        for (const Event& e : events)
            if (const auto* token = std::get_if<StreamTokenEvent>(&e)) {
                tokenCopies.emplace_back(token->messageId);
                tokenCopies.emplace_back(token->token);
            }
        std::size_t next = 0;
        for (Event& e : events)
            if (auto* token = std::get_if<StreamTokenEvent>(&e)) {
                token->messageId = tokenCopies[next++];
                token->token = tokenCopies[next++];
            }
    }
    if (!announcements.empty())
        speak(announcements);
    for (const Event& e : events) {
        if (isTerminal(e)) {
            if (observer_)
                observer_->beforeTerminal();
            report(hooks_.onFinish(e));
        } else if (const auto* step = std::get_if<StepFinishEvent>(&e)) {
            report(hooks_.onStepFinish(*step));
        }
        if (observer_)
            observer_->event(e);
    }
}

void Runtime::speak(std::vector<Announcement>& announcements)
{
    // Texts first: the offsets point into the state, which a listener may change.
    for (const SpokenAnnouncement& s : announcer_.voice(announcements, state_)) {
        const bool heard = announcer_.said(s);
        if (observer_)
            observer_->announced(s, heard);
    }
}

} // namespace koder::agent
