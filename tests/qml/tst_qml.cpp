// SPDX-License-Identifier: MIT
#include <QtQuickTest/quicktest.h>

QUICK_TEST_MAIN(koder_agent)
