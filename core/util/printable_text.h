// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

namespace numasight {

enum class LineBreaks
{
    Escape, // one field (a name, a command line): a line break in it is data, shown as \n
    Keep,   // a whole report: its own line breaks stay, every other control character is escaped
};

// Text that came from a process, a container or a file, made safe to print on a terminal: C0 controls
// (ESC, BEL, CR, …), DEL, C1 controls and the bidirectional overrides, which a terminal would act on
// (colours, a cursor moved back over what was printed, a line that reads in another order), are written as
// escapes: \e \a \r \n \t \b \f \v, \xHH for other C0 and DEL, \u0085 for C1 and the overrides. Everything
// else, backslashes included, is left as it is, so ordinary text reads unchanged.
QString printableText(QStringView text, LineBreaks breaks = LineBreaks::Escape);

// Whether printableText() would change `text`.
bool hasUnprintableText(QStringView text, LineBreaks breaks = LineBreaks::Escape);

} // namespace numasight
