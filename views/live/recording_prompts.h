// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

class QMessageBox;
class QWidget;

namespace numasight {

class Session;

// The questions a recording asks the user, so that it never grows nor vanishes without a word.

// Before the window closes with a recording in the cache folder that was not saved: Save (moved to a file
// the user picks), Discard (deleted) or Cancel. True when closing may go on.
bool confirmCloseWithRecording(QWidget* parent, Session* session);

// The recording reached its size limit and is paused: Keep Recording (to twice the limit) or Stop. Opened,
// not executed, so the views go on behind it; returned for tests.
QMessageBox* askPastSizeLimit(QWidget* parent, Session* session, qint64 bytes, qint64 limit);

} // namespace numasight
