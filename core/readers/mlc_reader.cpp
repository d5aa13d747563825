// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlc_reader.h"

#include "analysis/matrix_heatmap.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QStringDecoder>

#include <cmath>
#include <limits>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::MlcReader)
};
} // namespace

namespace {

struct Token
{
    QString text;
    int column = 0; // 1-based
};

std::vector<Token> tokens(const QString& line)
{
    std::vector<Token> out;
    qsizetype i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i].isSpace())
            ++i;
        if (i >= line.size())
            break;
        const qsizetype start = i;
        while (i < line.size() && !line[i].isSpace())
            ++i;
        out.push_back({line.mid(start, i - start), int(start) + 1});
    }
    return out;
}

enum class Section
{
    None,
    Latency,
    Bandwidth
};

class Parser
{
public:
    Parser(const QByteArray& text, const QString& file)
        : m_file(file.isEmpty() ? QStringLiteral("mlc output") : file)
    {
        // mlc.exe's output redirected by Windows PowerShell is UTF-16 with a byte order mark.
        QStringDecoder decode(QStringConverter::encodingForData(text).value_or(QStringConverter::Utf8));
        m_lines = QString(decode(text)).split(QLatin1Char('\n'));
        for (QString& l : m_lines)
            if (l.endsWith(QLatin1Char('\r')))
                l.chop(1);
    }

    Result<MlcOutput> run()
    {
        static const QRegularExpression kVersion(QStringLiteral("Memory Latency Checker\\s*-\\s*(v\\S+)"));
        static const QRegularExpression kLatency(
            QStringLiteral("^Measuring idle latencies(?: for (random|sequential) access)?\\s*\\(in ns\\)"));
        static const QRegularExpression kBandwidth(
            QStringLiteral("^Measuring Memory Bandwidths between nodes within system"));
        static const QRegularExpression kUnit(QStringLiteral("^Bandwidths are in (\\S+)"));
        static const QRegularExpression kTraffic(QStringLiteral("^Using (.+) traffic type"));

        Section section = Section::None;
        MlcMatrix pending;
        bool randomAccess = false;
        for (m_at = 0; m_at < m_lines.size(); ++m_at) {
            const QString line = m_lines[m_at];
            const QString trimmed = line.trimmed();
            if (const auto m = kVersion.match(line); m.hasMatch() && m_out.version.isEmpty())
                m_out.version = m.captured(1);
            if (trimmed.startsWith(QLatin1String("Command line parameters:")) && m_out.commandLine.isEmpty())
                m_out.commandLine = trimmed.mid(24).trimmed();
            if (trimmed.contains(QLatin1String("enabling random access for latency")))
                randomAccess = true;
            if (const auto m = kLatency.match(trimmed); m.hasMatch()) {
                if (auto e = startSection(Section::Latency, section, pending))
                    return *e;
                pending.unit = QStringLiteral("ns");
                pending.detail = !m.captured(1).isEmpty() ? m.captured(1)
                                 : randomAccess           ? QStringLiteral("random")
                                                          : QString();
                section = Section::Latency;
                continue;
            }
            if (kBandwidth.match(trimmed).hasMatch()) {
                if (auto e = startSection(Section::Bandwidth, section, pending))
                    return *e;
                pending.unit = QStringLiteral("MB/s");
                section = Section::Bandwidth;
                continue;
            }
            if (section == Section::None)
                continue;
            if (trimmed.startsWith(QLatin1String("Measuring "))) {
                // The next section started before the matrix of this one: mlc always prints it first.
                return error(pending.line, 1,
                             Tr::tr("'%1' is not followed by its matrix").arg(heading(pending.line)));
            }
            if (section == Section::Bandwidth) {
                if (const auto m = kUnit.match(trimmed); m.hasMatch()) {
                    const QString unit = m.captured(1);
                    if (unit != u"MB/sec")
                        return error(m_at + 1, int(line.indexOf(unit)) + 1,
                                     Tr::tr("bandwidth unit '%1' is not MB/sec, the only one mlc "
                                            "prints")
                                         .arg(unit));
                    continue;
                }
                if (const auto m = kTraffic.match(trimmed); m.hasMatch()) {
                    pending.detail = m.captured(1);
                    continue;
                }
            }
            // The caption above the node columns: "Numa node" since v3.6, "Memory node" before; some
            // versions print the header (node numbers) with no caption at all.
            const bool caption = trimmed == u"Numa node" || trimmed == u"Memory node";
            if (caption || headerLabels(tokens(line), true) > 0) {
                if (!caption)
                    --m_at; // readMatrix() starts below a caption
                if (auto e = readMatrix(pending))
                    return *e;
                (section == Section::Latency ? m_out.latency : m_out.bandwidth) = pending;
                section = Section::None;
                pending = MlcMatrix();
            }
        }
        if (section != Section::None)
            return error(pending.line, 1,
                         Tr::tr("'%1' is not followed by its matrix: the output is truncated")
                             .arg(heading(pending.line)));
        if (!m_out.latency && !m_out.bandwidth)
            return error(1, 1,
                         Tr::tr("no latency or bandwidth matrix found; expected the output of mlc "
                                "--latency_matrix, mlc --bandwidth_matrix or a plain mlc run"));
        return m_out;
    }

private:
    QString heading(int line) const { return m_lines[line - 1].trimmed(); }

    // How many words label the rows in a matrix header: "Numa node" (v3.6 and later), "Socket" or "Memory
    // node" (earlier versions), "Node"; 0 when the line is no header. Without a caption above it, a line is
    // only taken for a header when node numbers follow the label.
    static size_t headerLabels(const std::vector<Token>& header, bool withoutCaption)
    {
        size_t labels = 0;
        if (header.size() >= 2 && (header[0].text == u"Numa" || header[0].text == u"Memory") &&
            header[1].text == u"node")
            labels = 2;
        else if (!header.empty() && (header[0].text == u"Socket" || header[0].text == u"Node"))
            labels = 1;
        if (labels == 0 || !withoutCaption)
            return labels;
        if (header.size() == labels)
            return 0;
        for (size_t i = labels; i < header.size(); ++i)
            if (!header[i].text.front().isDigit())
                return 0;
        return labels;
    }
    // The line of the end of the text, where a truncated matrix is missing.
    int endLine() const { return int(m_lines.size()); }

    std::optional<LoadError> startSection(Section kind, Section open, MlcMatrix& pending)
    {
        if (open != Section::None)
            return error(pending.line, 1,
                         Tr::tr("'%1' is not followed by its matrix").arg(heading(pending.line)));
        const bool taken = kind == Section::Latency ? bool(m_out.latency) : bool(m_out.bandwidth);
        if (taken)
            return error(
                m_at + 1, 1,
                Tr::tr("a second %1 matrix (the first is at line %2); import one mlc run at "
                       "a time")
                    .arg(kind == Section::Latency ? QStringLiteral("latency") : QStringLiteral("bandwidth"))
                    .arg((kind == Section::Latency ? m_out.latency : m_out.bandwidth)->line));
        pending = MlcMatrix();
        pending.line = m_at + 1;
        return std::nullopt;
    }

    // At the "Numa node" caption: the header line of node numbers, then one row per initiator node.
    std::optional<LoadError> readMatrix(MlcMatrix& m)
    {
        const qsizetype caption = m_at;
        ++m_at;
        while (m_at < m_lines.size() && m_lines[m_at].trimmed().isEmpty())
            ++m_at;
        if (m_at >= m_lines.size())
            return error(endLine(), 1,
                         Tr::tr("'Numa node' at line %1 is not followed by the matrix header: the output "
                                "is truncated")
                             .arg(caption + 1));
        const QString headerLine = m_lines[m_at];
        const std::vector<Token> header = tokens(headerLine);
        const size_t labels = headerLabels(header, false);
        if (labels == 0)
            return error(m_at + 1, 1,
                         Tr::tr("expected the header 'Numa node 0 1 …' (or 'Socket 0 1 …') of the matrix, "
                                "got '%1'")
                             .arg(headerLine.trimmed()));
        for (size_t i = labels; i < header.size(); ++i) {
            bool ok = false;
            const int node = header[i].text.toInt(&ok);
            if (!ok || node < 0)
                return error(m_at + 1, header[i].column,
                             Tr::tr("expected a node number in the header, got '%1'").arg(header[i].text));
            if (std::find(m.columnNodes.begin(), m.columnNodes.end(), node) != m.columnNodes.end())
                return error(m_at + 1, header[i].column, Tr::tr("node %1 is listed twice").arg(node));
            m.columnNodes.push_back(node);
        }
        if (m.columnNodes.empty())
            return error(m_at + 1, int(headerLine.size()) + 1,
                         Tr::tr("the matrix header lists no node: the output is truncated"));
        const size_t columns = m.columnNodes.size();
        while (m_at + 1 < m_lines.size()) {
            const QString line = m_lines[m_at + 1];
            const std::vector<Token> row = tokens(line);
            if (row.empty() || !row[0].text.front().isDigit())
                break;
            ++m_at;
            bool ok = false;
            const int node = row[0].text.toInt(&ok);
            if (!ok)
                return error(m_at + 1, row[0].column,
                             Tr::tr("expected the row's node number, got '%1'").arg(row[0].text));
            if (std::find(m.rowNodes.begin(), m.rowNodes.end(), node) != m.rowNodes.end())
                return error(m_at + 1, row[0].column, Tr::tr("a second row for node %1").arg(node));
            if (row.size() - 1 < columns)
                return error(m_at + 1, int(line.size()) + 1,
                             Tr::tr("node %1's row has %2 of %3 values: the output is truncated")
                                 .arg(node)
                                 .arg(row.size() - 1)
                                 .arg(columns));
            if (row.size() - 1 > columns)
                return error(m_at + 1, row[columns + 1].column,
                             Tr::tr("node %1's row has %2 values, the header %3 nodes")
                                 .arg(node)
                                 .arg(row.size() - 1)
                                 .arg(columns));
            for (size_t c = 1; c <= columns; ++c) {
                const QString& t = row[c].text;
                if (t == u"-") {
                    m.values.push_back(std::numeric_limits<double>::quiet_NaN());
                    continue;
                }
                const double v = t.toDouble(&ok);
                if (!ok || !std::isfinite(v) || v < 0)
                    return error(
                        m_at + 1, row[c].column,
                        Tr::tr("expected a %1 for node %2 → node %3, got '%4'")
                            .arg(m.unit == u"ns" ? Tr::tr("latency in ns") : Tr::tr("bandwidth in MB/sec"))
                            .arg(node)
                            .arg(m.columnNodes[c - 1])
                            .arg(t));
                m.values.push_back(v);
            }
            m.rowNodes.push_back(node);
        }
        if (m.rowNodes.empty())
            return error(int(m_at) + 2, 1,
                         Tr::tr("the matrix header at line %1 is not followed by any row: the output is "
                                "truncated")
                             .arg(m_at + 1));
        return std::nullopt;
    }

    LoadError error(int line, int column, const QString& message) const
    {
        LoadError e;
        e.file = m_file;
        e.line = std::max(line, 1);
        e.column = std::max(column, 1);
        e.message = message;
        return e;
    }

    QString m_file;
    QStringList m_lines;
    qsizetype m_at = 0;
    MlcOutput m_out;
};

} // namespace

Result<MlcOutput> parseMlcOutput(const QByteArray& text, const QString& file)
{
    return Parser(text, file).run();
}

Result<MlcOutput> readMlcFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        LoadError e;
        e.file = path;
        e.message = Tr::tr("cannot open: %1").arg(f.errorString());
        return e;
    }
    // mlc's output is a few kilobytes; anything this big is not one.
    constexpr qint64 kMaxBytes = 64 << 20;
    if (f.size() > kMaxBytes) {
        LoadError e;
        e.file = path;
        e.message = Tr::tr("%1 bytes is far more than mlc prints; is this the right file?").arg(f.size());
        return e;
    }
    return parseMlcOutput(f.readAll(), path);
}

Result<std::vector<DistanceMatrix>> mlcMatrices(const MlcOutput& mlc, const Snapshot& topology,
                                                const QString& file)
{
    std::vector<EntityId> nodes;
    QStringList known;
    for (EntityId n : topology.numaNodes())
        if (topology.entity(n).ns == u"local") {
            nodes.push_back(n);
            known << QString::number(topology.entity(n).osIndex);
        }
    std::vector<DistanceMatrix> out;
    for (const auto* m : {&mlc.latency, &mlc.bandwidth}) {
        if (!*m)
            continue;
        const MlcMatrix& x = **m;
        const bool latency = m == &mlc.latency;
        const auto indexOf = [&](int os) -> int {
            for (size_t i = 0; i < nodes.size(); ++i)
                if (topology.entity(nodes[i]).osIndex == os)
                    return int(i);
            return -1;
        };
        DistanceMatrix d;
        d.name = QLatin1String(latency ? kMlcLatencyName : kMlcBandwidthName);
        d.unit = x.unit;
        d.fromOs = false;
        d.objects = nodes;
        const size_t n = nodes.size();
        d.values.assign(n * n, std::numeric_limits<double>::quiet_NaN());
        std::vector<int> rows, columns;
        for (const auto* list : {&x.rowNodes, &x.columnNodes})
            for (int os : *list) {
                const int i = indexOf(os);
                if (i < 0) {
                    LoadError e;
                    e.file = file.isEmpty() ? QStringLiteral("mlc output") : file;
                    e.line = x.line;
                    e.column = 1;
                    e.message =
                        Tr::tr("mlc measured NUMA node %1, which the topology does not have (its "
                               "nodes: %2); give the topology of the machine mlc ran on")
                            .arg(os)
                            .arg(known.isEmpty() ? QStringLiteral("none") : known.join(QLatin1Char(',')));
                    return e;
                }
                (list == &x.rowNodes ? rows : columns).push_back(i);
            }
        for (size_t r = 0; r < rows.size(); ++r)
            for (size_t c = 0; c < columns.size(); ++c)
                d.values[size_t(rows[r]) * n + size_t(columns[c])] = x.at(int(r), int(c));
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace numasight
