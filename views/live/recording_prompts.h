// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

class QMessageBox;
class QString;
class QWidget;

namespace numasight {

class Session;

// The questions a recording asks the user, so that it never grows nor vanishes without a word.

// Before the window closes with a recording in the cache folder that was not saved: Save (moved to a file
// the user picks), Discard (deleted) or Cancel. True when closing may go on.
bool confirmCloseWithRecording(QWidget* parent, Session* session);

// Moves a finished recording to `target` (a rename, or a copy with progress across file systems), replacing
// what was there only once the recording is in place. False with the reason when it cannot: then the
// recording and the file at `target` are as they were.
bool moveRecording(QWidget* parent, const QString& path, const QString& target, QString* error);

// The recording reached its size limit and is paused: Keep Recording (to twice the limit) or Stop. Opened,
// not executed, so the views go on behind it; returned for tests.
QMessageBox* askPastSizeLimit(QWidget* parent, Session* session, qint64 bytes, qint64 limit);

} // namespace numasight
