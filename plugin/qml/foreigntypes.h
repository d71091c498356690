// SPDX-License-Identifier: MIT
// Type information for the Qt Core models the module's types derive from, so that qmllint and
// the QML tooling resolve KoderVisibleMessages (Qt 6.4 ships none for these).
#pragma once

#include <QtCore/QAbstractItemModel>
#include <QtCore/QAbstractProxyModel>
#include <QtCore/QSortFilterProxyModel>
#include <QtQml/qqml.h>

struct QAbstractItemModelForeign {
    Q_GADGET
    QML_FOREIGN(QAbstractItemModel)
    QML_ANONYMOUS
};

struct QAbstractProxyModelForeign {
    Q_GADGET
    QML_FOREIGN(QAbstractProxyModel)
    QML_ANONYMOUS
};

struct QSortFilterProxyModelForeign {
    Q_GADGET
    QML_FOREIGN(QSortFilterProxyModel)
    QML_ANONYMOUS
};
