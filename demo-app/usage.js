// SPDX-License-Identifier: MIT
// How the demo words token usage (a reply's `usage` map: promptTokens, completionTokens,
// totalTokens and, when the server said, reasoningTokens, cachedTokens, cacheWriteTokens).
.pragma library

/*! The tokens a reply cost: totalTokens, else prompt + completion; 0 without usage. */
function tokensOf(usage) {
    if (!usage)
        return 0
    if (usage.totalTokens !== undefined)
        return usage.totalTokens
    return (usage.promptTokens || 0) + (usage.completionTokens || 0)
}

/*! "1,234 tokens", in the UI's language. */
function tokenText(count) {
    return count === 1 ? qsTr("%Ln token", "", count) : qsTr("%Ln tokens", "", count)
}

/*! What a reply's usage was made of, for a tooltip and a screen reader. */
function details(usage) {
    if (!usage)
        return ""
    const parts = []
    if (usage.promptTokens !== undefined)
        parts.push(qsTr("prompt: %L1").arg(usage.promptTokens))
    if (usage.completionTokens !== undefined)
        parts.push(qsTr("completion: %L1").arg(usage.completionTokens))
    if (usage.reasoningTokens !== undefined)
        parts.push(qsTr("reasoning: %L1").arg(usage.reasoningTokens))
    if (usage.cachedTokens !== undefined)
        parts.push(qsTr("read from cache: %L1").arg(usage.cachedTokens))
    if (usage.cacheWriteTokens !== undefined)
        parts.push(qsTr("written to cache: %L1").arg(usage.cacheWriteTokens))
    return parts.join(qsTr(", "))
}
