// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/progress.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <chrono>

namespace numasight {

// The two ways of running Graphviz on DOT text; both return its -Tjson0 output. Used by layoutGraph()
// and, separately, by the benchmark that compares them.

// Runs the `engine` binary from PATH with DOT on stdin. Polls `progress` for cancel and kills the child on
// cancel or after `timeLimit`; `graphSize` ("120 nodes, 300 edges") goes into the timeout message.
// `arguments` go before -Tjson0 (e.g. "-n2" for neato to keep the given positions); `hint` ends the
// timeout message: what the user can do about it.
Result<QByteArray> runGraphvizSubprocess(const QByteArray& dot, const QString& engine,
                                         std::chrono::milliseconds timeLimit, const Progress& progress,
                                         const QString& graphSize, const QStringList& arguments = {},
                                         const QString& hint = {});

// libgvc in this process, serialised by a mutex (Graphviz keeps global state). Cannot be interrupted:
// cancel is only seen before and after the layout.
Result<QByteArray> runGraphvizInProcess(const QByteArray& dot, const QString& engine,
                                        const Progress& progress);

// The version of the libgvc this process runs with (from its one context), or "unavailable".
QString graphvizLibraryVersion();

} // namespace numasight
