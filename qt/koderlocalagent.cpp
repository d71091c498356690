// SPDX-License-Identifier: MIT
#include "koderlocalagent.h"

#include "qtconvert.h"

#include <QtCore/QJsonDocument>

/*!
    \class KoderLocalAgent
    \inmodule KoderAgent
    \inheaderfile koderlocalagent.h
    \brief An offline, deterministic agent for demos and tests: no network, no model.

    Streams a fixed reply (or an echo of the user's last message) token by token, can ask for
    tool calls and can fail on purpose, so that an application and its tests run the whole
    turn lifecycle without a server. In QML:
    \l [QML] {KoderLocalAgent}{the KoderLocalAgent QML type}.

    \sa {Transports}
*/

/*!
    \qmltype KoderLocalAgent
    \inqmlmodule Koder.Agent
    \instantiates KoderLocalAgent
    \inherits KoderTransport
    \brief An offline, deterministic agent for demos and tests: no network, no model.

    Streams \l reply token by token, each token a word with the whitespace before it (so the
    streamed text is exactly \l reply), at \l tokensPerSecond. When \l reply is empty it
    answers with an echo quoting the user's last message: \c{You said: "..."}. It ends each
    reply with \c finishReason \c{"stop"} and reports no usage unless \l estimateUsage is
    set.

    \section1 Context budget

    It plays the requests of the context budget as a server would, whatever \l reply says:

    \list
    \li A compaction's request
        (\l [QML] {KoderAgentController::compact()}{compact()}) is answered with a summary
        built from the history: \c{Summary of <n> earlier messages: } and the first six words
        of each user message (\c{...} after a longer one), separated by semicolons (\e n counts the messages before the
        request for the summary, system messages left out).
    \li A user message that says "Write a long story" (any case) is answered with the start of
        a story, cut off like a reply that reached the model's output limit:
        \c finishReason \c{"length"}. Continuing it
        (\l [QML] {KoderAgentController::continueReply()}{continueReply()}) streams the rest,
        which ends with "The end." and \c finishReason \c{"stop"}; continuing any other reply
        streams " The end.".
    \endlist

    Neither asks for \l toolCalls.

    With \l toolCalls set, the first step of every turn asks for those calls instead of
    answering, and \l reply streams in the step after their results, which exercises tool
    permissions and results. \l failAfterTokens makes a reply fail on purpose.

    It is the default agent of the demo, which sets \l reply and \l toolCalls before each turn
    from the words of the message:

    \snippet Main.qml local-agent

    In a test, one line makes a controller ask for a tool and then answer:

    \qml
    transport: KoderLocalAgent { reply: "done"; toolCalls: [{ name: "save_note", arguments: { text: "hello" } }] }
    \endqml

    Several conversations stream at once, each its own reply; a new request of a conversation
    replaces the one it had streaming. Attachments are accepted and ignored.

    \sa {Transports}
*/

/*!
    \qmlproperty string KoderLocalAgent::reply

    The text each reply streams, word by word with its whitespace. An empty string (the
    default) makes each reply an echo of the user's last message: \c{You said: "<text>"}.
    A change applies to the next request.
*/

/*!
    \property KoderLocalAgent::reply
    \brief The text to stream; empty echoes the user's last message.

    The default is empty.
*/

/*!
    \qmlproperty real KoderLocalAgent::tokensPerSecond

    How fast replies stream, in tokens (words) per second, measured from the start of each
    request, so a busy event loop catches up rather than slowing down. 0 streams one token per
    event-loop turn, as fast as the application can show them.

    The default is 0. Values below 0 are taken as 0.
*/

/*!
    \property KoderLocalAgent::tokensPerSecond
    \brief Tokens per second; 0 streams one token per event-loop turn.

    The default is 0.
*/

/*!
    \qmlproperty var KoderLocalAgent::toolCalls

    Tool calls the first step of every turn asks for, as a list of \c{{name, arguments}} maps
    (\c arguments an object; missing, it is \c{{}}). That step streams no text and ends with
    \c finishReason \c{"tool_calls"}; once the controller has the results (run, denied or
    failed), the next step streams \l reply. Each call gets a unique id,
    \c{local-<request>-<n>}.

    The default is an empty list: no tool calls.
*/

/*!
    \property KoderLocalAgent::toolCalls
    \brief The tool calls, as \c{{name, arguments}} maps, that the first step of every turn
    asks for.

    The default is empty.
*/

/*!
    \qmlproperty int KoderLocalAgent::failAfterTokens

    Makes a reply fail on purpose: after this many tokens the stream ends with the error
    \c{{code: "transport", message: "The local agent simulated a transport failure.",
    retryable: true}}, so that an application can show and test its error handling (and a
    retry, which fails the same way). 0 fails before the first token. A step that asks for
    \l toolCalls does not fail.

    The default is -1: never fail. Values below -1 are taken as -1.
*/

/*!
    \property KoderLocalAgent::failAfterTokens
    \brief After how many tokens a reply fails with code \c{"transport"}; -1 never.

    The default is -1.
*/

/*!
    \qmlproperty bool KoderLocalAgent::estimateUsage

    Whether each reply reports a usage, estimated as a server would count it roughly: one
    token per four bytes, \c promptTokens for the text (and tool calls) of the whole history
    sent, \c completionTokens for the reply's. With it, the reply rows' \c usage and the
    controller's \l [QML] {KoderAgentController::contextUsed}{contextUsed} move as they do
    with a real model. A failed reply reports none.

    The default is \c false: no usage, as before.
*/

/*!
    \property KoderLocalAgent::estimateUsage
    \brief Whether each reply reports an estimated usage: a token per four bytes of the
    history (prompt) and of the reply (completion).

    The default is \c false.
*/

using namespace koder::agent;
using namespace koder::agent::qt;

/*!
    Constructs a local agent with \a parent: it echoes, as fast as the event loop allows.
*/
KoderLocalAgent::KoderLocalAgent(QObject* parent)
    : KoderTransport(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &KoderLocalAgent::tick);
}

namespace {
constexpr bool isAsciiSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// The story a user message asking for a long one gets: its start, cut as by an output limit
// ("length"), then the rest that a continuation brings.
constexpr std::string_view storyStart =
    "Once upon a time, in a harbour town at the edge of the map, a lighthouse keeper named Ada "
    "kept a logbook of every ship that passed. One stormy night a ship with no name and no "
    "lights drifted into the bay, and Ada rowed out alone to see who was aboard. On its deck "
    "she found";
constexpr std::string_view storyRest =
    " a single lantern, still warm, and a letter addressed to her in her own handwriting. She "
    "read it by the lantern's light, smiled, and rowed home before dawn. From that night on, "
    "her logbook had one more page. The end.";
constexpr std::size_t summaryWords = 6; // of each user message, in a summary

bool asksForLongStory(const std::vector<Message>& history)
{
    for (auto it = history.rbegin(); it != history.rend(); ++it)
        if (it->role == Role::User)
            return toQString(it->text).contains(QLatin1String("write a long story"),
                                                Qt::CaseInsensitive);
    return false;
}

// A compaction's summary: how many messages came before the request for it (system messages
// left out), and the first words of each user message.
std::string summaryOf(const std::vector<Message>& history)
{
    std::size_t count = 0;
    std::string openings;
    for (std::size_t i = 0; i + 1 < history.size(); ++i) {
        const Message& m = history[i];
        if (m.role == Role::System)
            continue;
        ++count;
        if (m.role != Role::User)
            continue;
        std::string words;
        std::size_t taken = 0;
        for (std::size_t at = 0; at < m.text.size();) {
            const std::string_view token = KoderLocalAgent::nextToken(m.text, at);
            at += token.size();
            std::size_t word = 0;
            while (word < token.size() && isAsciiSpace(token[word]))
                ++word;
            if (word == token.size())
                continue;
            if (taken == summaryWords) {
                words += "...";
                break;
            }
            words += (taken++ ? " " : "") + std::string(token.substr(word));
        }
        if (words.empty())
            continue;
        openings += (openings.empty() ? "" : "; ") + words;
    }
    std::string text = "Summary of " + std::to_string(count) + " earlier messages";
    return openings.empty() ? text + "." : text + ": " + openings;
}

// What a server would count for the history: a token per four bytes of its text, tool names
// and arguments.
std::int64_t estimatedPrompt(const std::vector<Message>& history)
{
    std::size_t bytes = 0;
    for (const Message& m : history) {
        bytes += m.text.size();
        for (const ToolCall& c : m.toolCalls())
            bytes += c.name.size() + c.arguments.size();
    }
    return static_cast<std::int64_t>((bytes + 3) / 4);
}

// The usage a reply reports: none when the prompt was not estimated (estimateUsage off).
Usage usageOf(std::int64_t promptTokens, std::size_t replyBytes)
{
    Usage usage;
    if (promptTokens < 0)
        return usage;
    usage.promptTokens = promptTokens;
    usage.completionTokens = static_cast<std::int64_t>((replyBytes + 3) / 4);
    usage.totalTokens = usage.promptTokens + usage.completionTokens;
    return usage;
}
} // namespace

/*!
    Returns the token of the UTF-8 \a text that starts at byte \a offset: the ASCII whitespace
    there, then the word after it (up to the next ASCII whitespace). Empty at the end of
    \a text.
*/
std::string_view KoderLocalAgent::nextToken(std::string_view text, std::size_t offset)
{
    std::size_t i = offset;
    while (i < text.size() && isAsciiSpace(text[i]))
        ++i;
    while (i < text.size() && !isAsciiSpace(text[i]))
        ++i;
    return text.substr(offset, i - offset);
}

/*!
    Returns \a text cut into the tokens the agent streams: each word with the whitespace before
    it. Joined, they give \a text back.
*/
QStringList KoderLocalAgent::tokenize(const QString& text)
{
    const std::string utf8 = toStd(text);
    QStringList tokens;
    for (std::size_t at = 0; at < utf8.size();) {
        const std::string_view token = nextToken(utf8, at);
        tokens.append(toQString(token));
        at += token.size();
    }
    return tokens;
}

/*!
    \fn void KoderLocalAgent::start(const koder::agent::StartTurn &request, const QList<KoderTransport::ToolSpec> &tools)
    \reimp

    Starts streaming the answer to \a request: a summary for a compaction's request, the rest
    of the reply for a continuation, else the tool calls of toolCalls in its first step, else
    the start of a story (cut by \c length) when the user's last message asks for a long one,
    else reply or the echo. \a tools are not used. A request of the same conversation that
    was streaming is dropped.
*/
void KoderLocalAgent::start(const StartTurn& request, const QList<ToolSpec>&)
{
    Stream s;
    s.requestId = request.requestId;
    if (m_estimateUsage)
        s.promptTokens = estimatedPrompt(request.history);
    s.toolStep = !m_toolCalls.isEmpty() && request.step == 1 && request.kind == RequestKind::Reply;
    if (request.kind == RequestKind::Summary) {
        s.text = summaryOf(request.history);
    } else if (request.kind == RequestKind::Continuation) {
        const std::string story = std::string(storyStart) + std::string(storyRest);
        const Message* cut = request.history.empty() ? nullptr : &request.history.back();
        const bool ofStory = cut && cut->role == Role::Assistant && !cut->text.empty() &&
                             cut->text.size() < story.size() && story.starts_with(cut->text);
        s.text = ofStory ? story.substr(cut->text.size()) : std::string(" The end.");
    } else if (!s.toolStep && asksForLongStory(request.history)) {
        s.text = std::string(storyStart);
        s.finishReason = "length";
    } else if (!s.toolStep) {
        QString text = m_reply;
        if (text.isEmpty()) {
            QString last;
            for (auto it = request.history.rbegin(); it != request.history.rend(); ++it) {
                if (it->role == Role::User) {
                    last = toQString(it->text);
                    break;
                }
            }
            text = QStringLiteral("You said: \"%1\"").arg(last);
        }
        s.text = toStd(text);
    }
    s.conversationId = request.conversationId;
    s.summary = request.kind == RequestKind::Summary;
    s.clock.start();
    // A conversation streams one turn's request at a time (and a summary beside it); other
    // conversations stream beside them.
    std::erase_if(m_streams, [&](const Stream& o) {
        return o.conversationId == s.conversationId && o.summary == s.summary;
    });
    m_streams.push_back(std::move(s));
    m_timer.setInterval(m_tokensPerSecond > 0 ? qMax(1, qRound(1000.0 / m_tokensPerSecond)) : 0);
    if (!m_timer.isActive())
        m_timer.start();
}

KoderLocalAgent::Stream* KoderLocalAgent::find(RequestId id)
{
    for (Stream& s : m_streams)
        if (s.requestId == id)
            return &s;
    return nullptr;
}

void KoderLocalAgent::remove(RequestId id)
{
    std::erase_if(m_streams, [id](const Stream& s) { return s.requestId == id; });
    if (m_streams.empty())
        m_timer.stop();
}

/*!
    \reimp

    Stops streaming \a requestId.
*/
void KoderLocalAgent::cancel(RequestId requestId)
{
    remove(requestId);
}

void KoderLocalAgent::tick()
{
    std::vector<RequestId> ids;
    ids.reserve(m_streams.size());
    for (const Stream& s : m_streams)
        ids.push_back(s.requestId);
    for (const RequestId id : ids)
        tickStream(id);
    if (m_streams.empty())
        m_timer.stop();
}

// The controller may cancel, replace or add streams from inside any deliver(): the stream is
// looked up again after each one.
void KoderLocalAgent::tickStream(RequestId id)
{
    Stream* s = find(id);
    if (!s)
        return;
    if (!s->started) {
        s->started = true;
        deliver(StreamStarted{id});
        if (!(s = find(id)))
            return;
    }
    if (s->toolStep) {
        emitToolStep(id);
        return;
    }
    qsizetype due = s->next + 1;
    if (m_tokensPerSecond > 0) {
        const double elapsed = static_cast<double>(s->clock.nsecsElapsed()) / 1e9;
        due = qMax<qsizetype>(s->next, static_cast<qsizetype>(elapsed * m_tokensPerSecond) + 1);
    }
    while ((s = find(id)) && s->next < due) {
        if (m_failAfterTokens >= 0 && s->next >= m_failAfterTokens) {
            remove(id);
            deliver(StreamFailed{
                id,
                {"transport", "The local agent simulated a transport failure.", true, -1},
                ErrorVerdict::Default});
            return;
        }
        if (s->offset >= s->text.size()) {
            StreamEnded ended{id, s->finishReason, usageOf(s->promptTokens, s->text.size())};
            remove(id);
            deliver(std::move(ended));
            return;
        }
        const std::string_view token = nextToken(s->text, s->offset);
        s->offset += token.size();
        ++s->next;
        deliver(TextDelta{id, std::string(token)});
    }
}

void KoderLocalAgent::emitToolStep(RequestId id)
{
    const QVariantList calls = m_toolCalls;
    const Stream* s = find(id);
    const std::int64_t promptTokens = s ? s->promptTokens : -1;
    remove(id);
    std::size_t replyBytes = 0;
    int i = 0;
    for (const QVariant& v : calls) {
        const QVariantMap call = v.toMap();
        ToolCall tc;
        // Request ids are unique across conversations, so these are too.
        tc.id = "local-" + std::to_string(id) + "-" + std::to_string(i++);
        tc.name = toStd(call.value(QStringLiteral("name")).toString());
        tc.arguments = variantToJsonText(call.value(QStringLiteral("arguments")));
        if (tc.arguments.empty())
            tc.arguments = "{}";
        replyBytes += tc.name.size() + tc.arguments.size();
        deliver(ToolCallRequested{id, std::move(tc)});
    }
    deliver(StreamEnded{id, "tool_calls", usageOf(promptTokens, replyBytes)});
}

void KoderLocalAgent::setReply(const QString& reply)
{
    if (m_reply == reply)
        return;
    m_reply = reply;
    Q_EMIT replyChanged();
}

void KoderLocalAgent::setTokensPerSecond(double tps)
{
    tps = qMax(0.0, tps);
    if (qFuzzyCompare(m_tokensPerSecond + 1, tps + 1))
        return;
    m_tokensPerSecond = tps;
    Q_EMIT tokensPerSecondChanged();
}

void KoderLocalAgent::setToolCalls(const QVariantList& calls)
{
    if (m_toolCalls == calls)
        return;
    m_toolCalls = calls;
    Q_EMIT toolCallsChanged();
}

void KoderLocalAgent::setEstimateUsage(bool estimate)
{
    if (m_estimateUsage == estimate)
        return;
    m_estimateUsage = estimate;
    Q_EMIT estimateUsageChanged();
}

void KoderLocalAgent::setFailAfterTokens(int n)
{
    n = qMax(-1, n);
    if (m_failAfterTokens == n)
        return;
    m_failAfterTokens = n;
    Q_EMIT failAfterTokensChanged();
}
