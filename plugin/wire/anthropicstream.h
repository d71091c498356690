// SPDX-License-Identifier: MIT
// Placeholder: the Anthropic stream decoder is being written.
#pragma once
