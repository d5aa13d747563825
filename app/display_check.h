// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace numasight {

// Why no window can open here, or empty when one can. On Linux without QT_QPA_PLATFORM (or -platform),
// DISPLAY or WAYLAND_DISPLAY, Qt would abort while constructing QApplication ("Reinstalling the application
// may fix this problem"); checked before that, it becomes a message that says what works instead.
// `arguments` are the program's (argv).
QString missingDisplayMessage(const QProcessEnvironment& environment, const QStringList& arguments);

// The exit code of a start without a display: a usage problem, not a crash.
inline constexpr int kNoDisplayExitCode = 2;

} // namespace numasight
