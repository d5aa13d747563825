// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace numasight::cli {

// Drawing needs Qt Gui, which numasight-cli must not link: this helper draws (`export` to SVG, PNG and PDF,
// `report`). It lives beside numasight-cli in a build tree, in libexec/numasight once installed.
inline constexpr const char* kDrawingHelper = "numasight-export";

// Runs the helper with `helperArguments` to write `output`; its output and exit code are the command's own,
// it ends with numasight-cli (SIGTERM, kill -9), Ctrl-C stops it. When it cannot be found, prints
// whenMissing(the path looked at) and returns Failed.
int runDrawingHelper(const QStringList& helperArguments, const QString& output,
                     const std::function<QString(const QString&)>& whenMissing);

} // namespace numasight::cli
