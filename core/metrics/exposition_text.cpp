// SPDX-License-Identifier: GPL-3.0-or-later
#include "exposition_text.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {

bool isAsciiLetter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

// Labels as they appear between the braces, sorted by name so that the same set written in another order is
// still recognised as a duplicate.
QByteArray labelKey(const MetricLabels& labels)
{
    std::vector<std::pair<QString, QString>> sorted(labels.begin(), labels.end());
    std::sort(sorted.begin(), sorted.end());
    QByteArray key;
    for (const auto& [name, value] : sorted) {
        key += name.toUtf8();
        key += '=';
        key += escapeLabelValue(value);
        key += '\0';
    }
    return key;
}

} // namespace

bool isValidMetricName(QStringView name)
{
    if (name.isEmpty())
        return false;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (!(isAsciiLetter(c) || c == u'_' || c == u':' || (i > 0 && isAsciiDigit(c))))
            return false;
    }
    return true;
}

bool isValidLabelName(QStringView name)
{
    if (name.isEmpty() || name.startsWith(u"__"))
        return false;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (!(isAsciiLetter(c) || c == u'_' || (i > 0 && isAsciiDigit(c))))
            return false;
    }
    return true;
}

QByteArray escapeLabelValue(QStringView value)
{
    const QByteArray utf8 = value.toUtf8();
    QByteArray out;
    out.reserve(utf8.size());
    for (const char c : utf8) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

QByteArray escapeHelpText(QStringView text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size());
    for (const char c : utf8) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

QByteArray formatMetricValue(double value)
{
    if (std::isnan(value))
        return QByteArrayLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QByteArrayLiteral("+Inf") : QByteArrayLiteral("-Inf");
    constexpr double kExactIntegers = 9007199254740992.0; // 2^53
    if (value == std::floor(value) && std::fabs(value) <= kExactIntegers)
        return QByteArray::number(qint64(value));
    return QString::number(value, 'g', QLocale::FloatingPointShortest).toLatin1();
}

void ExpositionWriter::family(const QString& name, MetricType type, const QString& help)
{
    m_current = nullptr;
    if (!isValidMetricName(name))
        return;
    const auto it = m_index.find(name);
    if (it != m_index.end()) {
        m_current = &m_families[it->second];
        return;
    }
    m_index.emplace(name, m_families.size());
    m_families.push_back(Family{name, type, help, {}, {}});
    // push_back may move the families: point at the new last one, never at an old address.
    m_current = &m_families.back();
}

bool ExpositionWriter::series(const MetricLabels& labels, double value)
{
    if (!m_current)
        return false;
    for (const auto& [name, v] : labels)
        if (!isValidLabelName(name))
            return false;
    if (!m_current->labelSets.insert(labelKey(labels)).second)
        return false;
    QByteArray& out = m_current->lines;
    out += m_current->name.toLatin1();
    if (!labels.empty()) {
        out += '{';
        bool first = true;
        for (const auto& [name, v] : labels) {
            if (!first)
                out += ',';
            first = false;
            out += name.toLatin1();
            out += "=\"";
            out += escapeLabelValue(v);
            out += '"';
        }
        out += '}';
    }
    out += ' ';
    out += formatMetricValue(value);
    out += '\n';
    return true;
}

QByteArray ExpositionWriter::text() const
{
    QByteArray out;
    for (const Family& f : m_families) {
        const QByteArray name = f.name.toLatin1();
        out += "# HELP " + name + ' ' + escapeHelpText(f.help) + '\n';
        out += "# TYPE " + name + (f.type == MetricType::Counter ? " counter\n" : " gauge\n");
        out += f.lines;
    }
    return out;
}

} // namespace numasight
