// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/browser/summary_panel.h"

#include "readers/open_input.h"
#include "util/format.h"
#include "views/common/elided_label.h"

#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace numasight {

namespace {

QTableWidget* makeTable(const QString& objectName, QWidget* parent)
{
    auto* t = new QTableWidget(parent);
    t->setObjectName(objectName);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectItems);
    t->verticalHeader()->setVisible(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    return t;
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setToolTip(text); // a type name cut by a narrow dock stays readable
    return item;
}

QString number(double v)
{
    return v == double(qint64(v)) ? QString::number(qint64(v)) : QString::number(v, 'g', 6);
}

QString dataSize(std::uint64_t b)
{
    return b ? formatBytes(double(b)) : QString();
}

// One line each, shortened with the whole text as tooltip: a long path or format must not cut the others.
ElidedLabel* valueLabel(const QString& name, QWidget* parent, Qt::TextElideMode mode = Qt::ElideRight)
{
    auto* l = new ElidedLabel(mode, parent);
    l->setObjectName(name);
    return l;
}

} // namespace

SummaryPanel::SummaryPanel(QWidget* parent)
    : QWidget(parent)
    , m_file(valueLabel(QStringLiteral("summaryFile"), this, Qt::ElideMiddle))
    , m_format(valueLabel(QStringLiteral("summaryFormat"), this))
    , m_host(valueLabel(QStringLiteral("summaryHost"), this))
    , m_kernel(valueLabel(QStringLiteral("summaryKernel"), this))
    , m_time(valueLabel(QStringLiteral("summaryTime"), this))
    , m_snapshot(valueLabel(QStringLiteral("summarySnapshot"), this))
    , m_entityCounts(makeTable(QStringLiteral("entityCountsTable"), this))
    , m_edgeCounts(makeTable(QStringLiteral("edgeCountsTable"), this))
    , m_numa(makeTable(QStringLiteral("numaTable"), this))
{
    setObjectName(QStringLiteral("summaryPanel"));
    auto* source = new QGroupBox(tr("Source"), this);
    auto* form = new QFormLayout(source);
    form->addRow(tr("File:"), m_file);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Host:"), m_host);
    form->addRow(tr("Kernel:"), m_kernel);
    form->addRow(tr("Captured:"), m_time);
    form->addRow(tr("Snapshot:"), m_snapshot);

    for (QTableWidget* t : {m_entityCounts, m_edgeCounts}) {
        t->setColumnCount(2);
        t->horizontalHeader()->setStretchLastSection(false);
        t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
        t->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
        t->setSortingEnabled(false);
    }
    m_entityCounts->setHorizontalHeaderLabels({tr("Entity type"), tr("Count")});
    m_edgeCounts->setHorizontalHeaderLabels({tr("Edge type"), tr("Count")});
    // Source facts and both count tables side by side: the NUMA table below gets the height.
    auto* top = new QWidget(this);
    auto* topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(source, 3);
    topLayout->addWidget(m_entityCounts, 2);
    topLayout->addWidget(m_edgeCounts, 2);

    m_numa->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_numa->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    auto* numaBox = new QGroupBox(tr("NUMA nodes"), this);
    auto* numaLayout = new QVBoxLayout(numaBox);
    numaLayout->addWidget(m_numa);

    auto* split = m_split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("summarySplitter"));
    split->addWidget(top);
    split->addWidget(numaBox);
    split->setStretchFactor(1, 2);
    // The NUMA table is what people come to this panel for: give it most of the height by default.
    split->setSizes({150, 300});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split, 1);
}

void SummaryPanel::setCapture(CapturePtr capture, int snapshotIndex)
{
    const Snapshot* snapshot =
        capture && snapshotIndex >= 0 && size_t(snapshotIndex) < capture->snapshots.size()
            ? capture->snapshots[size_t(snapshotIndex)].get()
            : nullptr;
    if (!snapshot) {
        for (ElidedLabel* l : {m_file, m_format, m_host, m_kernel, m_time, m_snapshot})
            l->clear();
        for (QTableWidget* t : {m_entityCounts, m_edgeCounts, m_numa})
            t->setRowCount(0);
        return;
    }
    fillSource(*capture, *snapshot);
    m_snapshot->setText(
        tr("%1 of %2").arg(snapshotIndex + 1).arg(capture->snapshots.size()) +
        (snapshot->label().isEmpty() ? QString() : QStringLiteral(" — ") + snapshot->label()) +
        (snapshot->takenAt().isValid()
             ? QStringLiteral(" — ") + QLocale().toString(snapshot->takenAt(), QLocale::ShortFormat)
             : QString()));
    fillCounts(*snapshot);
    fillNuma(*snapshot);
}

void SummaryPanel::fillSource(const Capture& capture, const Snapshot&)
{
    const SourceInfo& src = capture.source;
    const QString unknown = tr("(not recorded)");
    // A live recording has no file until it is saved; say so instead of leaving the row blank.
    m_file->setText(src.path.isEmpty()                         ? tr("(live recording, not saved yet)")
                    : src.path == QLatin1String(kLocalMachine) ? tr("(this machine, read live)")
                                                               : QDir::toNativeSeparators(src.path));
    QString format = sourceFormatName(src.format);
    if (src.originalFormat != SourceFormat::Unknown && src.originalFormat != src.format)
        format += tr(" (from %1)").arg(sourceFormatName(src.originalFormat));
    if (!src.mode.isEmpty())
        format += tr(", mode %1").arg(src.mode);
    if (!src.numasightVersion.isEmpty())
        format += tr(", written by numasight %1").arg(src.numasightVersion);
    m_format->setText(format);
    QString host = src.hostname.isEmpty() ? src.extra.value(QStringLiteral("hostname")) : src.hostname;
    m_host->setText(host.isEmpty() ? unknown : host);
    m_kernel->setText(src.kernel.isEmpty() ? unknown : src.kernel);
    m_time->setText(src.capturedAt.isValid() ? QLocale().toString(src.capturedAt, QLocale::LongFormat)
                                             : unknown);
}

void SummaryPanel::fillCounts(const Snapshot& s)
{
    QMap<QString, int> entities, edges;
    for (const Entity& e : s.entities())
        ++entities[e.typeName.isEmpty() ? entityKindName(e.kind) : e.typeName.str()];
    for (const Edge& e : s.edges())
        ++edges[e.typeName.isEmpty() ? edgeKindName(e.kind) : e.typeName.str()];
    auto fill = [](QTableWidget* t, const QMap<QString, int>& counts, int total) {
        t->setRowCount(int(counts.size()) + 1);
        int r = 0;
        for (auto it = counts.begin(); it != counts.end(); ++it, ++r) {
            t->setItem(r, 0, cell(it.key()));
            t->setItem(r, 1, cell(QString::number(it.value()), Qt::AlignRight | Qt::AlignVCenter));
        }
        QTableWidgetItem* name = cell(QObject::tr("Total"));
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        QTableWidgetItem* value = cell(QString::number(total), Qt::AlignRight | Qt::AlignVCenter);
        value->setFont(bold);
        t->setItem(r, 0, name);
        t->setItem(r, 1, value);
    };
    fill(m_entityCounts, entities, int(s.entities().size()));
    fill(m_edgeCounts, edges, int(s.edges().size()));
}

void SummaryPanel::fillNuma(const Snapshot& s)
{
    const auto nodes = s.numaNodes();
    // One distance column per node of the widest matrix; headers name the node each column goes to.
    const DistanceMatrix* widest = nullptr;
    for (EntityId n : nodes) {
        const DistanceMatrix* m = s.numaDistances(s.entity(n).ns.view());
        if (m && (!widest || m->size() > widest->size()))
            widest = m;
    }
    const int distanceColumns = widest ? widest->size() : 0;
    QStringList headers{tr("Node (P#)"), tr("L#"), tr("CPUs"), tr("Memory"), tr("Free"), tr("Tier")};
    for (int c = 0; c < distanceColumns; ++c)
        headers << QStringLiteral("→%1").arg(s.entity(widest->objects[size_t(c)]).osIndex);
    m_numa->clear();
    m_numa->setColumnCount(int(headers.size()));
    m_numa->setHorizontalHeaderLabels(headers);
    m_numa->setRowCount(int(nodes.size()));
    for (int c = FirstDistanceColumn; c < headers.size(); ++c)
        m_numa->horizontalHeaderItem(c)->setToolTip(
            tr("SLIT distance to node %1 (10 = local)").arg(headers[c].mid(1)));

    const QColor hot = palette().color(QPalette::Highlight);
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    for (int r = 0; r < int(nodes.size()); ++r) {
        const Entity& n = s.entity(nodes[size_t(r)]);
        const QString os = n.osIndex >= 0 ? QString::number(n.osIndex) : QStringLiteral("?");
        m_numa->setItem(r, OsIndexColumn,
                        cell(n.ns == u"local" ? os : QStringLiteral("%1 @%2").arg(os, n.ns), right));
        m_numa->setItem(r, LogicalIndexColumn,
                        cell(n.logicalIndex >= 0 ? QString::number(n.logicalIndex) : QString(), right));
        QTableWidgetItem* cpus = cell(n.cpus.toRangeString());
        cpus->setToolTip(tr("%n CPU(s)", nullptr, n.cpus.count()));
        m_numa->setItem(r, CpusColumn, cpus);
        m_numa->setItem(r, MemoryColumn, cell(dataSize(n.detail->memoryBytes), right));
        m_numa->setItem(r, FreeColumn, cell(dataSize(n.detail->memoryFreeBytes), right));
        m_numa->setItem(r, TierColumn, cell(n.detail->memoryTier));

        const DistanceMatrix* m = s.numaDistances(n.ns.view());
        if (!m)
            continue;
        const auto it = std::find(m->objects.begin(), m->objects.end(), nodes[size_t(r)]);
        if (it == m->objects.end())
            continue;
        const int row = int(it - m->objects.begin());
        const auto [lo, hi] = std::minmax_element(m->values.begin(), m->values.end());
        for (int c = 0; c < m->size() && c < distanceColumns; ++c) {
            const double v = m->at(row, c);
            QTableWidgetItem* item = cell(number(v), right);
            // Tint grows with distance, so remote pairs stand out without reading numbers.
            if (*hi > *lo && v > *lo) {
                QColor tint = hot;
                tint.setAlphaF(float(0.12 + 0.5 * (v - *lo) / (*hi - *lo)));
                item->setBackground(tint);
            }
            m_numa->setItem(r, FirstDistanceColumn + c, item);
        }
    }
    m_numa->resizeColumnsToContents();
}

QByteArray SummaryPanel::saveSplitterState() const
{
    return m_split->saveState();
}
void SummaryPanel::restoreSplitterState(const QByteArray& state)
{
    m_split->restoreState(state);
}

QString SummaryPanel::distanceRowText(int row) const
{
    QStringList values;
    for (int c = FirstDistanceColumn; c < m_numa->columnCount(); ++c)
        if (const QTableWidgetItem* item = m_numa->item(row, c))
            values << item->text();
    return values.join(QLatin1Char(' '));
}

} // namespace numasight
