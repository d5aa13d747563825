#pragma once

#include "numasight_version.h"

#include <QString>

namespace numasight {
inline QString version()
{
    return QStringLiteral(NUMASIGHT_VERSION);
}
} // namespace numasight
