// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "numasight_version.h"

#include <QString>

namespace numasight {
inline QString version()
{
    return QStringLiteral(NUMASIGHT_VERSION);
}
} // namespace numasight
