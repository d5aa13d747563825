// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_text.h"

#include <QJsonDocument>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace numasight {

QJsonObject parseJsonObject(const QByteArray& text)
{
    if (text.isEmpty())
        return {};
    return QJsonDocument::fromJson(text).object();
}

QByteArray compactJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

void appendJsonKey(QByteArray& out, const char* key)
{
    if (!out.endsWith('{'))
        out += ',';
    out += '"';
    out += key;
    out += "\":";
}

void appendJsonString(QByteArray& out, QStringView text)
{
    out += '"';
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void appendPythonFloat(QByteArray& out, double value)
{
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    // Python's repr: the shortest digits that read back exactly, positional for decimal exponents -4 to 15
    // ("2000000000.0", "0.0001"), scientific otherwise ("1e-05", "1.5e+16").
    char buf[400];
    const auto sci = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    const QByteArrayView sciText(buf, qsizetype(sci.ptr - buf));
    const char* e = std::find(buf, sci.ptr, 'e');
    int exponent = 0;
    if (e != sci.ptr)
        std::from_chars(e + 1 + (e[1] == '+' ? 1 : 0), sci.ptr, exponent);
    if (value != 0 && (exponent < -4 || exponent >= 16)) {
        out += sciText;
        return;
    }
    const auto fixed = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
    const QByteArrayView text(buf, qsizetype(fixed.ptr - buf));
    out += text;
    if (!text.contains('.'))
        out += ".0";
}

} // namespace numasight
