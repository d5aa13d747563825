// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/entity.h"

namespace numasight::test {

// A bare entity of `kind` with the identity fields set, for tests that build snapshots by hand.
inline Entity makeEntity(EntityKind kind, const QString& key, const QString& name = {},
                         const QString& ns = QStringLiteral("local"))
{
    Entity e;
    e.kind = kind;
    e.typeName = entityKindName(kind);
    e.ns = ns;
    e.key = key;
    e.name = name;
    e.attributes = "{}";
    return e;
}

} // namespace numasight::test
