// SPDX-License-Identifier: MIT
// Response bodies of the four HTTP dialects, built for transport tests: OpenAI Chat Completions
// (SSE), OpenAI Responses and Anthropic Messages (SSE with named events) and Ollama /api/chat
// (NDJSON). Each reply reports usage 11 prompt + 4 completion tokens.
#pragma once

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QStringList>

namespace koder::test {

inline QByteArray compact(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// ---- OpenAI Chat Completions -------------------------------------------------------------------

inline QByteArray openAiChunk(const QJsonObject& delta, const QJsonValue& finish = QJsonValue::Null)
{
    const QJsonObject chunk{{QStringLiteral("choices"),
                             QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                    {QStringLiteral("delta"), delta},
                                                    {QStringLiteral("finish_reason"), finish}}}}};
    return "data: " + compact(chunk) + "\n\n";
}

inline QByteArray openAiReply(const QStringList& tokens, bool finish = true)
{
    QByteArray body;
    for (const QString& t : tokens)
        body += openAiChunk({{QStringLiteral("content"), t}});
    if (finish)
        body +=
            openAiChunk({}, QStringLiteral("stop")) +
            R"(data: {"choices":[],"usage":{"prompt_tokens":11,"completion_tokens":4,"total_tokens":15}})"
            "\n\ndata: [DONE]\n\n";
    return body;
}

// ---- Anthropic Messages ------------------------------------------------------------------------

/// An SSE event named by its data's `type` (Anthropic and Responses send them so).
inline QByteArray namedEvent(const QJsonObject& data)
{
    return "event: " + data.value(QStringLiteral("type")).toString().toUtf8() +
           "\ndata: " + compact(data) + "\n\n";
}

inline QByteArray anthropicEvent(const QJsonObject& data)
{
    return namedEvent(data);
}

inline QByteArray anthropicStart()
{
    return anthropicEvent(QJsonDocument::fromJson(R"({"type":"message_start","message":{
        "id":"msg_1","type":"message","role":"assistant","content":[],
        "usage":{"input_tokens":11,"output_tokens":1}}})")
                              .object());
}

inline QByteArray anthropicBlockDelta(int index, const QJsonObject& delta)
{
    return anthropicEvent({{QStringLiteral("type"), QStringLiteral("content_block_delta")},
                           {QStringLiteral("index"), index},
                           {QStringLiteral("delta"), delta}});
}

inline QByteArray anthropicBlockStart(int index, const QJsonObject& block)
{
    return anthropicEvent({{QStringLiteral("type"), QStringLiteral("content_block_start")},
                           {QStringLiteral("index"), index},
                           {QStringLiteral("content_block"), block}});
}

inline QByteArray anthropicBlockStop(int index)
{
    return anthropicEvent({{QStringLiteral("type"), QStringLiteral("content_block_stop")},
                           {QStringLiteral("index"), index}});
}

inline QByteArray anthropicText(int index, const QStringList& tokens)
{
    QByteArray body = anthropicBlockStart(index, {{QStringLiteral("type"), QStringLiteral("text")},
                                                  {QStringLiteral("text"), QString()}});
    for (const QString& t : tokens)
        body += anthropicBlockDelta(index, {{QStringLiteral("type"), QStringLiteral("text_delta")},
                                            {QStringLiteral("text"), t}});
    return body + anthropicBlockStop(index);
}

/// A tool_use block whose input arrives in two fragments, cut inside the JSON.
inline QByteArray anthropicToolUse(int index, const QString& id, const QString& name,
                                   const QJsonObject& input)
{
    const QByteArray json = compact(input);
    return anthropicBlockStart(index, {{QStringLiteral("type"), QStringLiteral("tool_use")},
                                       {QStringLiteral("id"), id},
                                       {QStringLiteral("name"), name},
                                       {QStringLiteral("input"), QJsonObject{}}}) +
           anthropicBlockDelta(
               index, {{QStringLiteral("type"), QStringLiteral("input_json_delta")},
                       {QStringLiteral("partial_json"), QString::fromUtf8(json.left(4))}}) +
           anthropicBlockDelta(index,
                               {{QStringLiteral("type"), QStringLiteral("input_json_delta")},
                                {QStringLiteral("partial_json"), QString::fromUtf8(json.mid(4))}}) +
           anthropicBlockStop(index);
}

inline QByteArray anthropicEnd(const QString& reason)
{
    return anthropicEvent(
               {{QStringLiteral("type"), QStringLiteral("message_delta")},
                {QStringLiteral("delta"), QJsonObject{{QStringLiteral("stop_reason"), reason}}},
                {QStringLiteral("usage"), QJsonObject{{QStringLiteral("output_tokens"), 4}}}}) +
           anthropicEvent({{QStringLiteral("type"), QStringLiteral("message_stop")}});
}

inline QByteArray anthropicReply(const QStringList& tokens, bool finish = true)
{
    const QByteArray body = anthropicStart() + anthropicText(0, tokens);
    return finish ? body + anthropicEnd(QStringLiteral("end_turn")) : body;
}

// ---- Ollama /api/chat --------------------------------------------------------------------------

inline QByteArray ollamaLine(const QJsonObject& message, bool done = false)
{
    QJsonObject line{{QStringLiteral("model"), QStringLiteral("m")},
                     {QStringLiteral("message"), message},
                     {QStringLiteral("done"), done}};
    if (done) {
        line.insert(QStringLiteral("done_reason"), QStringLiteral("stop"));
        line.insert(QStringLiteral("prompt_eval_count"), 11);
        line.insert(QStringLiteral("eval_count"), 4);
    }
    return compact(line) + "\n";
}

inline QJsonObject ollamaMessage(const QString& content)
{
    return {{QStringLiteral("role"), QStringLiteral("assistant")},
            {QStringLiteral("content"), content}};
}

inline QByteArray ollamaReply(const QStringList& tokens, bool finish = true)
{
    QByteArray body;
    for (const QString& t : tokens)
        body += ollamaLine(ollamaMessage(t));
    if (finish)
        body += ollamaLine(ollamaMessage(QString()), true);
    return body;
}

// ---- OpenAI Responses --------------------------------------------------------------------------

inline QByteArray responsesEvent(const QJsonObject& data)
{
    return namedEvent(data);
}

inline QJsonObject responsesObject(const QString& status, const QJsonArray& output = {})
{
    QJsonObject response{{QStringLiteral("id"), QStringLiteral("resp_1")},
                         {QStringLiteral("object"), QStringLiteral("response")},
                         {QStringLiteral("status"), status},
                         {QStringLiteral("output"), output}};
    if (status != QLatin1String("in_progress"))
        response.insert(QStringLiteral("usage"), QJsonObject{{QStringLiteral("input_tokens"), 11},
                                                             {QStringLiteral("output_tokens"), 4},
                                                             {QStringLiteral("total_tokens"), 15}});
    return response;
}

inline QByteArray responsesCreated()
{
    return responsesEvent(
        {{QStringLiteral("type"), QStringLiteral("response.created")},
         {QStringLiteral("response"), responsesObject(QStringLiteral("in_progress"))}});
}

/// A message item at `index` whose text streams as `tokens`.
inline QByteArray responsesText(int index, const QStringList& tokens)
{
    const QString id = QStringLiteral("msg_%1").arg(index);
    QByteArray body = responsesEvent(
        {{QStringLiteral("type"), QStringLiteral("response.output_item.added")},
         {QStringLiteral("output_index"), index},
         {QStringLiteral("item"), QJsonObject{{QStringLiteral("type"), QStringLiteral("message")},
                                              {QStringLiteral("id"), id},
                                              {QStringLiteral("role"), QStringLiteral("assistant")},
                                              {QStringLiteral("content"), QJsonArray{}}}}});
    for (const QString& t : tokens)
        body +=
            responsesEvent({{QStringLiteral("type"), QStringLiteral("response.output_text.delta")},
                            {QStringLiteral("item_id"), id},
                            {QStringLiteral("output_index"), index},
                            {QStringLiteral("content_index"), 0},
                            {QStringLiteral("delta"), t}});
    return body;
}

/// A reasoning item at `index`: its summary streams, its encrypted content comes with the item.
inline QByteArray responsesReasoning(int index, const QString& summary, const QString& encrypted)
{
    const QJsonObject done{
        {QStringLiteral("type"), QStringLiteral("reasoning")},
        {QStringLiteral("id"), QStringLiteral("rs_%1").arg(index)},
        {QStringLiteral("summary"),
         QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("summary_text")},
                                {QStringLiteral("text"), summary}}}},
        {QStringLiteral("encrypted_content"), encrypted}};
    return responsesEvent(
               {{QStringLiteral("type"), QStringLiteral("response.reasoning_summary_text.delta")},
                {QStringLiteral("output_index"), index},
                {QStringLiteral("summary_index"), 0},
                {QStringLiteral("delta"), summary}}) +
           responsesEvent({{QStringLiteral("type"), QStringLiteral("response.output_item.done")},
                           {QStringLiteral("output_index"), index},
                           {QStringLiteral("item"), done}});
}

/// A function_call item at `index` whose arguments come in two deltas, cut inside the JSON.
inline QByteArray responsesFunctionCall(int index, const QString& callId, const QString& name,
                                        const QJsonObject& args)
{
    const QByteArray json = compact(args);
    QJsonObject item{{QStringLiteral("type"), QStringLiteral("function_call")},
                     {QStringLiteral("id"), QStringLiteral("fc_%1").arg(index)},
                     {QStringLiteral("call_id"), callId},
                     {QStringLiteral("name"), name},
                     {QStringLiteral("arguments"), QString()}};
    QByteArray body =
        responsesEvent({{QStringLiteral("type"), QStringLiteral("response.output_item.added")},
                        {QStringLiteral("output_index"), index},
                        {QStringLiteral("item"), item}});
    for (const QByteArray& piece : {json.left(4), json.mid(4)})
        body += responsesEvent(
            {{QStringLiteral("type"), QStringLiteral("response.function_call_arguments.delta")},
             {QStringLiteral("output_index"), index},
             {QStringLiteral("delta"), QString::fromUtf8(piece)}});
    return body;
}

inline QByteArray responsesCompleted()
{
    return responsesEvent(
        {{QStringLiteral("type"), QStringLiteral("response.completed")},
         {QStringLiteral("response"), responsesObject(QStringLiteral("completed"))}});
}

inline QByteArray responsesReply(const QStringList& tokens, bool finish = true)
{
    const QByteArray body = responsesCreated() + responsesText(0, tokens);
    return finish ? body + responsesCompleted() : body;
}

} // namespace koder::test
