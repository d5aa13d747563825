// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/advice.h"

namespace numasight {

namespace {

// Characters POSIX sh gives no meaning to anywhere in a word; anything else (including every non-ASCII
// character, whose meaning depends on the locale) goes inside single quotes.
bool plainChar(QChar c)
{
    const char16_t u = c.unicode();
    if ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9'))
        return true;
    switch (u) {
    case u'_':
    case u'-':
    case u'.':
    case u'/':
    case u',':
    case u':':
    case u'+':
    case u'@':
    case u'%':
        return true;
    default:
        return false;
    }
}

} // namespace

QString shellQuote(QStringView arg)
{
    if (arg.isEmpty())
        return QStringLiteral("''");
    bool plain = true;
    for (QChar c : arg)
        plain = plain && plainChar(c);
    // A leading '=' or '~' would still be plain to the word splitter, but '~' expands: the set above has
    // neither, so a plain word is always literal.
    if (plain)
        return arg.toString();
    // Inside single quotes sh interprets nothing at all, so the only character to handle is the quote
    // itself: close the quotes, add an escaped quote, reopen.
    QString out;
    out.reserve(arg.size() + 8);
    out += QLatin1Char('\'');
    for (QChar c : arg) {
        if (c == QLatin1Char('\''))
            out += QLatin1String("'\\''");
        else
            out += c;
    }
    out += QLatin1Char('\'');
    return out;
}

QString shellJoin(const QStringList& argv)
{
    QStringList quoted;
    quoted.reserve(argv.size());
    for (const QString& a : argv)
        quoted << shellQuote(a);
    return quoted.join(QLatin1Char(' '));
}

QStringList splitCmdline(QStringView cmdline, bool* lossy)
{
    if (lossy)
        *lossy = false;
    QStringList argv;
    if (cmdline.contains(QChar(0))) {
        // The kernel ends every argument with a NUL, so the last one is a terminator, not an empty argument;
        // empty arguments in the middle are real ("") and kept.
        QStringView rest = cmdline;
        if (rest.endsWith(QChar(0)))
            rest.chop(1);
        for (QStringView part : rest.split(QChar(0)))
            argv << part.toString();
        return argv;
    }
    // Space-joined: the separators are gone, so runs of spaces, tabs or an argument holding a space cannot be
    // told apart from argument boundaries. Split on single spaces like the joiner wrote them and say so.
    if (cmdline.isEmpty())
        return argv;
    for (QStringView part : cmdline.split(QLatin1Char(' ')))
        argv << part.toString();
    // A joiner that turned the terminating NUL into a space leaves a trailing separator, not an argument.
    while (argv.size() > 1 && argv.back().isEmpty())
        argv.removeLast();
    if (lossy)
        *lossy = argv.size() > 1;
    return argv;
}

QString nodeListText(std::span<const NodeId> nodes)
{
    QStringList list;
    for (NodeId n : nodes)
        list << QString::number(n.value);
    return list.join(QLatin1Char(','));
}

QString relaunchCommand(const QStringList& argv, std::span<const NodeId> nodes)
{
    // "--" ends numactl's options, so an argv[0] starting with '-' is still the program.
    return QStringLiteral("numactl --cpunodebind=%1 --membind=%1 -- %2")
        .arg(nodeListText(nodes), shellJoin(argv));
}

} // namespace numasight
