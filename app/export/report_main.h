// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace numasight {

// numasight-export report …: reads FILE (and --compare's), builds the report and writes it; returns the exit
// code. `fail` prints one line for stderr.
int runReportExport(const QStringList& args, const std::function<void(const QString&)>& fail);

} // namespace numasight
