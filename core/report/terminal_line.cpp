// SPDX-License-Identifier: GPL-3.0-or-later
#include "terminal_line.h"

#include "util/printable_text.h"

namespace numasight {

QString terminalLine(const QString& message, qsizetype maxLength)
{
    QString out;
    out.reserve(message.size());
    bool space = false; // a run of breaks and blanks reads as one space
    for (const QChar c : message) {
        const char16_t u = c.unicode();
        if (u == '\n' || u == '\r' || u == '\t' || u == '\v' || u == '\f' || u == 0x2028 || u == 0x2029) {
            space = true;
            continue;
        }
        if (space && u == ' ')
            continue; // the indentation after a break
        if (space) {
            if (!out.isEmpty() && !out.endsWith(QLatin1Char(' ')))
                out += QLatin1Char(' ');
            space = false;
        }
        out += c;
    }
    while (out.endsWith(QLatin1Char(' ')))
        out.chop(1);
    // The other controls (ESC, BEL, C1, bidirectional overrides) are shown as every text output shows them.
    out = printableText(out);
    if (maxLength > 1 && out.size() > maxLength) {
        out.truncate(maxLength - 1);
        if (out.back().isHighSurrogate())
            out.chop(1);
        out += QChar(0x2026);
    }
    return out;
}

} // namespace numasight
