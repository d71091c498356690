// SPDX-License-Identifier: MIT
#include "ollamastream.h"
