// SPDX-License-Identifier: MIT
// Placeholder: the Ollama stream decoder is being written.
#pragma once
