// SPDX-License-Identifier: MIT
#pragma once

#include "kodertool.h"

/// The ask_user tool: the model asks the user a question and reads the answer as the call's
/// result. Add it to a controller's tools; it needs no handler and no approval.
class KoderAskUserTool : public KoderTool {
    Q_OBJECT

public:
    explicit KoderAskUserTool(QObject* parent = nullptr);
};
