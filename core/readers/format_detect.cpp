// SPDX-License-Identifier: GPL-3.0-or-later
#include "format_detect.h"

#include "witty_json_scan.h"

#include <QCoreApplication>
#include <QFile>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::FormatDetect)
};
} // namespace

namespace {
// Enough to see past a UTF-8 BOM, an XML declaration and comments, and a first JSON key.
constexpr qint64 kSniffBytes = 64 * 1024;

qsizetype skipSpace(const QByteArray& b, qsizetype i)
{
    while (i < b.size() && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
        ++i;
    return i;
}

// The first key of the top-level JSON object, or empty.
QByteArray firstKey(const QByteArray& b, qsizetype i)
{
    i = skipSpace(b, i + 1);
    if (i >= b.size() || b[i] != '"')
        return {};
    const qsizetype end = b.indexOf('"', i + 1);
    return end < 0 ? QByteArray() : b.mid(i + 1, end - i - 1);
}

// JSON Lines when the first line alone is a complete top-level value and another value starts on a later
// line. Counting braces outside strings is enough for that.
bool looksLikeJsonLines(const QByteArray& b, qsizetype start)
{
    int depth = 0;
    bool lines = false;
    witty::findOutsideStrings(
        std::string_view(b.constData(), size_t(b.size())), size_t(start), [&](size_t at, char c) {
            const qsizetype i = qsizetype(at);
            if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0) {
                    const qsizetype next = skipSpace(b, i + 1);
                    lines = next < b.size() && b[next] == '{' && b.lastIndexOf('\n', next) > i;
                    return true;
                }
            } else if (c == '\n' && depth > 0) {
                return true; // a pretty-printed document spans lines: not JSON Lines
            }
            return false;
        });
    return lines;
}
} // namespace

namespace {
// Files that hold one of the formats, only not as bytes numasight reads: compressed (witty graphs are large
// and travel compressed) or saved as UTF-16/32 (Windows PowerShell's `>` writes UTF-16). What to run instead.
QString packedOrOtherEncoding(const QByteArray& head)
{
    static const struct
    {
        QByteArray magic;
        const char* name;
        const char* command;
    } kPacked[] = {
        {QByteArray("\x1f\x8b", 2), "gzip", "gunzip -k FILE"},
        {QByteArray("\xfd"
                    "7zXZ\x00",
                    6),
         "xz", "unxz -k FILE"},
        {QByteArray("\x28\xb5\x2f\xfd", 4), "zstd", "unzstd FILE"},
        {QByteArray("BZh"), "bzip2", "bunzip2 -k FILE"},
        {QByteArray("PK\x03\x04"), "zip", "unzip FILE"},
    };
    for (const auto& p : kPacked)
        if (head.startsWith(p.magic))
            return Tr::tr("the file is %1-compressed: numasight reads it uncompressed (`%2`, then open what "
                          "it writes)")
                .arg(QLatin1String(p.name), QLatin1String(p.command));
    // UTF-32 first: its little-endian mark starts like UTF-16's.
    const char* encoding = head.startsWith(QByteArray("\xff\xfe\x00\x00", 4))   ? "UTF-32LE"
                           : head.startsWith(QByteArray("\x00\x00\xfe\xff", 4)) ? "UTF-32BE"
                           : head.startsWith("\xff\xfe")                        ? "UTF-16LE"
                           : head.startsWith("\xfe\xff")                        ? "UTF-16BE"
                                                                                : nullptr;
    if (encoding)
        return Tr::tr("the file is %1 text (as Windows PowerShell's `>` writes it): numasight reads UTF-8; "
                      "convert it with `iconv -f %1 -t UTF-8 FILE > FILE.utf8` and open that")
            .arg(QLatin1String(encoding));
    return {};
}
} // namespace

SourceFormat detectFormat(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.exists() ? Tr::tr("cannot read the file: %1").arg(file.errorString())
                                   : Tr::tr("no such file");
        return SourceFormat::Unknown;
    }
    return detectFormatOf(file.read(kSniffBytes), error);
}

SourceFormat detectFormatOf(const QByteArray& head, QString* error)
{
    if (head.isEmpty()) {
        if (error)
            *error = Tr::tr("the file is empty");
        return SourceFormat::Unknown;
    }
    if (head.startsWith("SQLite format 3"))
        return SourceFormat::Capture;
    qsizetype i = head.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    i = skipSpace(head, i);
    if (i >= head.size()) {
        if (error)
            *error = Tr::tr("the file holds only white space");
        return SourceFormat::Unknown;
    }
    if (head[i] == '<')
        return SourceFormat::HwlocXml;
    if (head[i] == '{') {
        if (looksLikeJsonLines(head, i))
            return SourceFormat::WittyJsonLines;
        const QByteArray key = firstKey(head, i);
        if (key == "env" || key == "content")
            return SourceFormat::WittyEnvelope;
        return SourceFormat::WittyJson;
    }
    if (error) {
        if (const QString why = packedOrOtherEncoding(head); !why.isEmpty()) {
            *error = why;
            return SourceFormat::Unknown;
        }
        // Show the first bytes as a C string literal would, so binary junk stays readable on one line.
        QString shown;
        for (char c : head.mid(i, 16)) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '\n')
                shown += QStringLiteral("\\n");
            else if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\')
                shown += QLatin1Char(c);
            else
                shown += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        }
        *error = Tr::tr("not a capture, witty-profiler JSON or hwloc XML file (it starts with \"%1\"); "
                        "numasight reads .numasight captures, witty-profiler graph JSON and hwloc XML")
                     .arg(shown);
    }
    return SourceFormat::Unknown;
}

} // namespace numasight
