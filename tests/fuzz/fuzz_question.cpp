// SPDX-License-Identifier: MIT
// Questions from any source: the input is split at the first NUL byte into a schema (or, with no
// NUL, ask_user arguments) and an answer. Never crashes, never throws, never hangs on a pattern
// (the exponential shapes are refused before a question is asked), and
// - ask_user arguments give a question or an error, never both; the question's schema is one
//   checkQuestionSchema() accepts, with the one required property `answer`;
// - a schema checkQuestionSchema() accepts lists its fields; checkAnswer() gives the same
//   verdict when asked again, a code for every problem and no code for a fit;
// - the answer's text as a tool result is computed without throwing.
#include "fuzzcheck.h"

#include "koder/agent/question.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace koder::agent;
    using koder::fuzz::printable;

    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = all.find('\0');
    if (cut == std::string_view::npos) {
        const AskedQuestion q = askUserQuestion(all);
        KODER_FUZZ_CHECK(q.error.empty() != q.schema.empty(),
                         "a question and an error, or neither, for " + printable(all));
        if (q.error.empty()) {
            KODER_FUZZ_CHECK(checkQuestionSchema(q.schema).empty(),
                             "ask_user made a schema outside the subset: " + q.schema);
            KODER_FUZZ_CHECK(questionFields(q.schema) == std::vector<std::string>{"answer"},
                             "the ask_user schema's fields: " + q.schema);
            KODER_FUZZ_CHECK(checkAnswer(q.schema, "{}").code == "required",
                             "an empty answer to ask_user fits: " + q.schema);
        }
        return 0;
    }
    const std::string_view schema = all.substr(0, cut);
    const std::string_view answer = all.substr(cut + 1);
    const std::string why = checkQuestionSchema(schema);
    if (why.empty())
        (void)questionFields(schema);
    const AnswerProblem problem = checkAnswer(schema, answer);
    KODER_FUZZ_CHECK(problem.empty() == problem.text.empty(),
                     "a problem without its text, or a text without its rule");
    KODER_FUZZ_CHECK(checkAnswer(schema, answer) == problem,
                     "a second check differs for " + printable(all));
    (void)answerText(answer);
    return 0;
}
