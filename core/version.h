// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "numasight_version.h"

#include <QString>

namespace numasight {
inline QString version()
{
    return QStringLiteral(NUMASIGHT_VERSION);
}
// `git describe` of the tree this was built from ("v0.1.0-12-g4e86e55", "4e86e55-dirty"), or empty when it
// was built outside a git checkout.
QString gitDescription();
// What --version and About show: "0.1.0 (git 4e86e55)", or the version alone.
QString versionWithGit();
} // namespace numasight
