// SPDX-License-Identifier: GPL-3.0-or-later
#include "printable_text.h"

namespace numasight {

namespace {

bool needsEscape(char16_t u, LineBreaks breaks)
{
    if (u == u'\n')
        return breaks == LineBreaks::Escape;
    if (u < 0x20 || u == 0x7f || (u >= 0x80 && u <= 0x9f))
        return true;
    // Bidirectional embeddings, overrides and isolates reorder what follows them on the line.
    return (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069) || u == 0x200e || u == 0x200f ||
           u == 0x2028 || u == 0x2029;
}

void appendEscape(QString& out, char16_t u)
{
    switch (u) {
    case 0x1b:
        out += QLatin1String("\\e");
        return;
    case 0x07:
        out += QLatin1String("\\a");
        return;
    case u'\r':
        out += QLatin1String("\\r");
        return;
    case u'\n':
        out += QLatin1String("\\n");
        return;
    case u'\t':
        out += QLatin1String("\\t");
        return;
    case 0x08:
        out += QLatin1String("\\b");
        return;
    case 0x0c:
        out += QLatin1String("\\f");
        return;
    case 0x0b:
        out += QLatin1String("\\v");
        return;
    default:
        break;
    }
    if (u < 0x80)
        out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
    else
        out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
}

} // namespace

bool hasUnprintableText(QStringView text, LineBreaks breaks)
{
    for (QChar c : text)
        if (needsEscape(c.unicode(), breaks))
            return true;
    return false;
}

QString printableText(QStringView text, LineBreaks breaks)
{
    if (!hasUnprintableText(text, breaks))
        return text.toString();
    QString out;
    out.reserve(text.size() + 16);
    for (QChar c : text) {
        if (needsEscape(c.unicode(), breaks))
            appendEscape(out, c.unicode());
        else
            out += c;
    }
    return out;
}

} // namespace numasight
