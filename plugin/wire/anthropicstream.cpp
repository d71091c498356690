// SPDX-License-Identifier: MIT
#include "anthropicstream.h"
