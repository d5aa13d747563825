// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace numasight::test {

// Whether `text` holds a CJK ideograph: what the translated window and CLI write, and English never does.
inline bool hasChinese(const QString& text)
{
    for (const QChar c : text)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}

} // namespace numasight::test
