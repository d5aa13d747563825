// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A reader of Prometheus' text exposition format written for the tests, apart from the writer under test: it
// checks what a scraper relies on and lists the series, so a test can look values up by name and labels.

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

#include <limits>

namespace numasight::test {

struct ExposedSeries
{
    QString name;
    QMap<QString, QString> labels; // unescaped values
    double value = std::numeric_limits<double>::quiet_NaN();
};

struct Exposition
{
    QStringList families;         // in the order of their # TYPE lines
    QMap<QString, QString> types; // family → "gauge", "counter"
    QMap<QString, QString> helps; // family → help text as written (escaped)
    QList<ExposedSeries> series;
    QStringList problems; // empty when the text is well formed

    // Series of `name` whose labels include `labels`.
    QList<ExposedSeries> find(const QString& name, const QMap<QString, QString>& labels = {}) const
    {
        QList<ExposedSeries> out;
        for (const ExposedSeries& s : series) {
            if (s.name != name)
                continue;
            bool all = true;
            for (auto it = labels.constBegin(); it != labels.constEnd(); ++it)
                all = all && s.labels.value(it.key(), QStringLiteral("\x01")) == it.value();
            if (all)
                out << s;
        }
        return out;
    }
};

inline bool isMetricName(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[a-zA-Z_:][a-zA-Z0-9_:]*$"));
    return re.match(name).hasMatch();
}

inline bool isLabelName(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[a-zA-Z_][a-zA-Z0-9_]*$"));
    return re.match(name).hasMatch() && !name.startsWith(QLatin1String("__"));
}

// Reads `text`; every rule a line breaks goes to `problems` with its line number: names, HELP and TYPE once
// per family and before its series, a family's series together, label syntax and escapes, values, no
// duplicate series, a final line feed.
inline Exposition parseExposition(const QByteArray& text)
{
    Exposition e;
    const auto problem = [&](int line, const QString& what) {
        e.problems << QStringLiteral("line %1: %2").arg(line).arg(what);
    };
    if (!text.isEmpty() && !text.endsWith('\n'))
        problem(0, QStringLiteral("the text does not end with a line feed"));
    QSet<QString> seenSeries, closedFamilies;
    QString currentFamily;
    const QList<QByteArray> lines = text.split('\n');
    for (int n = 0; n < lines.size(); ++n) {
        const QString line = QString::fromUtf8(lines[n]);
        const int lineNo = n + 1;
        if (line.isEmpty())
            continue;
        if (line.startsWith(QLatin1String("# HELP ")) || line.startsWith(QLatin1String("# TYPE "))) {
            const bool help = line.startsWith(QLatin1String("# HELP "));
            const QString rest = line.mid(7);
            const QString name = rest.section(QLatin1Char(' '), 0, 0);
            const QString value = rest.section(QLatin1Char(' '), 1);
            if (!isMetricName(name))
                problem(lineNo, QStringLiteral("bad family name '%1'").arg(name));
            if (name != currentFamily) {
                if (!currentFamily.isEmpty())
                    closedFamilies.insert(currentFamily);
                if (closedFamilies.contains(name))
                    problem(lineNo, QStringLiteral("family %1 comes back after another").arg(name));
                currentFamily = name;
            }
            QMap<QString, QString>& map = help ? e.helps : e.types;
            if (map.contains(name))
                problem(lineNo, QStringLiteral("second %1 line for %2")
                                    .arg(help ? QLatin1String("HELP") : QLatin1String("TYPE"), name));
            map.insert(name, value);
            if (!help) {
                e.families << name;
                if (value != QLatin1String("gauge") && value != QLatin1String("counter") &&
                    value != QLatin1String("untyped") && value != QLatin1String("summary") &&
                    value != QLatin1String("histogram"))
                    problem(lineNo, QStringLiteral("unknown type '%1'").arg(value));
            }
            continue;
        }
        if (line.startsWith(QLatin1Char('#')))
            continue; // a comment
        ExposedSeries s;
        qsizetype i = 0;
        while (i < line.size() && line.at(i) != u'{' && line.at(i) != u' ')
            ++i;
        s.name = line.left(i);
        if (!isMetricName(s.name))
            problem(lineNo, QStringLiteral("bad metric name '%1'").arg(s.name));
        QStringList labelKeys;
        if (i < line.size() && line.at(i) == u'{') {
            ++i;
            while (i < line.size() && line.at(i) != u'}') {
                qsizetype eq = line.indexOf(u'=', i);
                if (eq < 0) {
                    problem(lineNo, QStringLiteral("label without '='"));
                    break;
                }
                const QString label = line.mid(i, eq - i);
                if (!isLabelName(label))
                    problem(lineNo, QStringLiteral("bad label name '%1'").arg(label));
                if (s.labels.contains(label))
                    problem(lineNo, QStringLiteral("label %1 twice").arg(label));
                i = eq + 1;
                if (i >= line.size() || line.at(i) != u'"') {
                    problem(lineNo, QStringLiteral("label value not quoted"));
                    break;
                }
                ++i;
                QString value;
                bool closed = false;
                while (i < line.size()) {
                    const QChar c = line.at(i);
                    if (c == u'\\') {
                        const QChar next = i + 1 < line.size() ? line.at(i + 1) : QChar();
                        if (next == u'\\')
                            value += u'\\';
                        else if (next == u'"')
                            value += u'"';
                        else if (next == u'n')
                            value += u'\n';
                        else
                            problem(lineNo, QStringLiteral("unknown escape \\%1").arg(next));
                        i += 2;
                        continue;
                    }
                    if (c == u'"') {
                        closed = true;
                        ++i;
                        break;
                    }
                    value += c;
                    ++i;
                }
                if (!closed) {
                    problem(lineNo, QStringLiteral("unterminated label value"));
                    break;
                }
                s.labels.insert(label, value);
                labelKeys << label + QLatin1Char('=') + value;
                if (i < line.size() && line.at(i) == u',')
                    ++i;
            }
            if (i >= line.size() || line.at(i) != u'}') {
                problem(lineNo, QStringLiteral("labels not closed"));
                continue;
            }
            ++i;
        }
        if (i >= line.size() || line.at(i) != u' ') {
            problem(lineNo, QStringLiteral("no space before the value"));
            continue;
        }
        const QStringList rest = line.mid(i + 1).split(QLatin1Char(' '));
        bool ok = true;
        const QString& v = rest.value(0);
        if (v == QLatin1String("NaN"))
            s.value = std::numeric_limits<double>::quiet_NaN();
        else if (v == QLatin1String("+Inf"))
            s.value = std::numeric_limits<double>::infinity();
        else if (v == QLatin1String("-Inf"))
            s.value = -std::numeric_limits<double>::infinity();
        else
            s.value = v.toDouble(&ok);
        if (!ok || rest.size() > 2)
            problem(lineNo, QStringLiteral("bad value '%1'").arg(line.mid(i + 1)));
        // A series belongs to the family whose TYPE came last (counters: the family without _total is not
        // used here, every name is its family's).
        if (s.name != currentFamily)
            problem(lineNo,
                    QStringLiteral("series %1 outside its family (current: %2)").arg(s.name, currentFamily));
        labelKeys.sort();
        const QString key =
            s.name + QLatin1Char('{') + labelKeys.join(QLatin1Char('\x1f')) + QLatin1Char('}');
        if (seenSeries.contains(key))
            problem(lineNo, QStringLiteral("duplicate series %1").arg(line));
        seenSeries.insert(key);
        e.series << s;
    }
    for (const QString& f : e.families)
        if (!e.helps.contains(f))
            e.problems << QStringLiteral("family %1 has no HELP").arg(f);
    return e;
}

} // namespace numasight::test
