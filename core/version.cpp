// SPDX-License-Identifier: GPL-3.0-or-later
#include "version.h"

// Regenerated at every build, so it is included here only: a new commit recompiles this file alone.
#include "numasight_git_description.h"

namespace numasight {

QString gitDescription()
{
    return QStringLiteral(NUMASIGHT_GIT_DESCRIPTION);
}

QString versionWithGit()
{
    const QString git = gitDescription();
    return git.isEmpty() ? version() : QStringLiteral("%1 (git %2)").arg(version(), git);
}

} // namespace numasight
