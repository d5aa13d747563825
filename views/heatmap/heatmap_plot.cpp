// SPDX-License-Identifier: GPL-3.0-or-later
// QCustomPlot's header iterates with Qt's `foreach`, which QT_NO_FOREACH switches off for our code: its
// header comes first, before any Qt header has seen QT_NO_FOREACH, and the macro goes away right after it.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH
#include "views/heatmap/heatmap_plot.h"

#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QScrollBar>
#include <QStyle>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace numasight {

namespace {

constexpr int kLabelPixels = 12;
constexpr int kMinTextCellWidth = 16;
constexpr int kMinTextCellHeight = 9;
constexpr int kMinTextPixels = 6;
// Beyond this many visible cells the text would be a grey haze, and creating the items costs more than
// the picture is worth; the tooltip still has every number.
constexpr int kMaxTextCells = 4000;

QFont pixelFont(const QFont& base, int pixels, bool bold = false)
{
    QFont f = base;
    f.setPixelSize(std::max(1, pixels));
    f.setBold(bold);
    return f;
}

QCPColorGradient gradientFor(HeatmapPalette palette)
{
    QCPColorGradient g;
    g.clearColorStops();
    QMap<double, QColor> amount{{0.0, QColor(0xf7, 0xfb, 0xff)},
                                {0.25, QColor(0xc6, 0xdb, 0xef)},
                                {0.5, QColor(0x6b, 0xae, 0xd6)},
                                {0.75, QColor(0x21, 0x71, 0xb5)},
                                {1.0, QColor(0x08, 0x30, 0x6b)}};
    QMap<double, QColor> distance{{0.0, QColor(0xff, 0xff, 0xcc)},
                                  {0.35, QColor(0xfe, 0xd9, 0x76)},
                                  {0.6, QColor(0xfd, 0x8d, 0x3c)},
                                  {0.8, QColor(0xe3, 0x1a, 0x1c)},
                                  {1.0, QColor(0x80, 0x00, 0x26)}};
    switch (palette) {
    case HeatmapPalette::Amount:
        g.setColorStops(amount);
        break;
    case HeatmapPalette::Distance:
        g.setColorStops(distance);
        break;
    case HeatmapPalette::Nearness: {
        QMap<double, QColor> reversed;
        for (auto it = distance.cbegin(); it != distance.cend(); ++it)
            reversed.insert(1.0 - it.key(), it.value());
        g.setColorStops(reversed);
        break;
    }
    case HeatmapPalette::Diverging:
        g.setColorStops({{0.0, QColor(0x21, 0x66, 0xac)},
                         {0.25, QColor(0x92, 0xc5, 0xde)},
                         {0.5, QColor(0xf7, 0xf7, 0xf7)},
                         {0.75, QColor(0xf4, 0xa5, 0x82)},
                         {1.0, QColor(0xb2, 0x18, 0x2b)}});
        break;
    }
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    // Unknown is not zero: grey, unlike any value of the scale.
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(QColor(0xd4, 0xd4, 0xd4));
    g.setLevelCount(256);
    return g;
}

QCPRange dataRangeFor(const HeatmapPicture& p)
{
    if (p.format == HeatmapValueFormat::Share)
        return {0.0, 1.0};
    auto [lo, hi] = p.valueRange();
    if (p.palette == HeatmapPalette::Diverging) {
        // Centred on 0 whatever the values, so white always means "no change".
        const double reach =
            std::max({std::abs(lo), std::abs(hi), p.format == HeatmapValueFormat::ShareChange ? 0.05 : 1e-9});
        return {-reach, reach};
    }
    if (p.palette == HeatmapPalette::Amount)
        lo = std::min(lo, 0.0);
    if (!(hi > lo))
        return {lo - 1.0, lo + 1.0};
    return {lo, hi};
}

int labelStride(int items, double pixelsPerItem, double pixelsPerLabel)
{
    if (items <= 0 || pixelsPerItem <= 0)
        return 1;
    return std::max(1, int(std::ceil(pixelsPerLabel / pixelsPerItem)));
}

} // namespace

struct HeatmapPlot::Private
{
    QCustomPlot* plot = nullptr;
    QCPAxisRect* rect = nullptr;
    QCPColorMap* map = nullptr;
    QCPColorScale* scale = nullptr;
    QCPMarginGroup* group = nullptr;
    QCPTextElement* title = nullptr;
    QCPTextElement* subtitle = nullptr;
    QCPTextElement* notes = nullptr;
    QCPItemRect* selection = nullptr;
    QCPItemRect* cursor = nullptr;
    QSharedPointer<QCPAxisTickerText> rowTicker;
    QSharedPointer<QCPAxisTickerText> columnTicker;
    std::vector<QCPItemText*> texts;
    QHash<qint64, QString> textOfCell; // row << 32 | column -> what is written there
    QString textsKey;                  // what the texts were made for: skip remaking them when unchanged
    HeatmapPicture picture;
    quint64 generation = 0;
    int rowHeight = 20;
    bool external = false;
    bool allRows = false; // exports: every row at once
    bool decorated = false;
    int first = 0;
    int count = 0;   // rows at least partly in view
    double span = 0; // rows the height holds, fractions included
    int topMargin = -1;
    int bottomMargin = -1;
    int cursorColumn = -1;
    QString ticksKey;

    QCPAxis* columnAxis() const { return rect->axis(QCPAxis::atTop); }
    QCPAxis* rowAxis() const { return rect->axis(QCPAxis::atLeft); }
    double cellWidth() const
    {
        return std::abs(columnAxis()->coordToPixel(1) - columnAxis()->coordToPixel(0));
    }
    double cellHeight() const { return std::abs(rowAxis()->coordToPixel(1) - rowAxis()->coordToPixel(0)); }
};

HeatmapPlot::HeatmapPlot(QWidget* parent)
    : QWidget(parent)
    , m_d(std::make_unique<Private>())
    , m_scroll(new QScrollBar(Qt::Vertical, this))
{
    m_d->plot = new QCustomPlot(this);
    m_d->plot->setObjectName(QStringLiteral("heatmapCustomPlot"));
    m_d->plot->setFocusPolicy(Qt::StrongFocus);
    m_d->plot->setMouseTracking(true);
    // Tick labels are kept as pixmaps between replots (scrolling 10 000 rows redraws the same few); exports
    // paint with pmNoCaching, so their labels stay text.
    m_d->plot->setPlottingHint(QCP::phCacheLabels, true);
    m_scroll->setObjectName(QStringLiteral("heatmapScroll"));
    m_scroll->hide();

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_d->plot, 1);
    layout->addWidget(m_scroll);

    const QFont labels = pixelFont(font(), kLabelPixels);
    m_d->rect = m_d->plot->axisRect();
    m_d->rect->setupFullAxesBox(false);
    m_d->map = new QCPColorMap(m_d->columnAxis(), m_d->rowAxis());
    m_d->map->setInterpolate(false);
    m_d->map->setTightBoundary(false);
    m_d->rowTicker.reset(new QCPAxisTickerText);
    m_d->columnTicker.reset(new QCPAxisTickerText);
    for (QCPAxis* a : m_d->rect->axes()) {
        a->setTickLabelFont(labels);
        a->setLabelFont(labels);
        a->setSubTicks(false);
        a->setTickLength(0, 3);
        a->grid()->setVisible(false);
        a->setBasePen(QPen(QColor(0x90, 0x90, 0x90)));
    }
    m_d->rect->axis(QCPAxis::atBottom)->setVisible(false);
    m_d->rect->axis(QCPAxis::atRight)->setVisible(false);
    m_d->columnAxis()->setVisible(true);
    m_d->columnAxis()->setTicker(m_d->columnTicker);
    m_d->columnAxis()->setTickLabels(true);
    m_d->rowAxis()->setTicker(m_d->rowTicker);
    m_d->rowAxis()->setRangeReversed(true); // the first row on top, as in the list beside it

    m_d->scale = new QCPColorScale(m_d->plot);
    m_d->scale->setType(QCPAxis::atRight);
    m_d->scale->setBarWidth(14);
    m_d->scale->axis()->setTickLabelFont(labels);
    m_d->scale->axis()->setLabelFont(labels);
    m_d->plot->plotLayout()->addElement(0, 1, m_d->scale);
    m_d->map->setColorScale(m_d->scale);
    m_d->group = new QCPMarginGroup(m_d->plot);
    m_d->rect->setMarginGroup(QCP::msTop | QCP::msBottom, m_d->group);
    m_d->scale->setMarginGroup(QCP::msTop | QCP::msBottom, m_d->group);

    m_d->selection = new QCPItemRect(m_d->plot);
    m_d->selection->setPen(QPen(QColor(0x21, 0x21, 0x21), 2));
    m_d->selection->setBrush(Qt::NoBrush);
    m_d->selection->setSelectable(false);
    m_d->selection->setVisible(false);
    m_d->cursor = new QCPItemRect(m_d->plot);
    m_d->cursor->setPen(QPen(QColor(0xff, 0x8c, 0x00), 2));
    m_d->cursor->setBrush(Qt::NoBrush); // a frame: a tint would change the colours being read
    m_d->cursor->setSelectable(false);
    m_d->cursor->setVisible(false);
    for (QCPItemRect* item : {m_d->selection, m_d->cursor})
        for (QCPItemPosition* p : item->positions()) {
            p->setAxes(m_d->columnAxis(), m_d->rowAxis());
            p->setType(QCPItemPosition::ptPlotCoords);
        }

    applyPalette();
    m_d->plot->installEventFilter(this);
    connect(m_d->plot, &QCustomPlot::afterLayout, this, [this] {
        // Rows that fit, and how the labels fit, depend on the size the layout just gave the map.
        const QString ticks = m_d->ticksKey;
        const double span = m_d->span;
        applyWindow();
        if (m_d->ticksKey != ticks || std::abs(span - m_d->span) > 1e-6)
            m_d->plot->replot(QCustomPlot::rpQueuedReplot);
        updateCellTexts();
    });
    connect(m_d->plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        const QPoint pos = e->position().toPoint();
        if (const auto cell = cellAt(pos)) {
            setSelectedRow(cell->first);
            emit cellClicked(cell->first, cell->second);
            emit rowClicked(cell->first);
            return;
        }
        if (const int row = rowAtLabel(pos); row >= 0) {
            setSelectedRow(row);
            emit rowClicked(row);
            return;
        }
        if (pos.y() < m_d->rect->top() && pos.x() >= m_d->rect->left() && pos.x() <= m_d->rect->right()) {
            const int c = int(std::lround(m_d->columnAxis()->pixelToCoord(pos.x())));
            if (c >= 0 && c < m_d->picture.columnCount())
                emit columnClicked(c);
        }
    });
    connect(m_d->plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* e) {
        const QPoint pos = e->position().toPoint();
        int row = -1;
        if (const auto cell = cellAt(pos))
            row = cell->first;
        else
            row = rowAtLabel(pos);
        if (row >= 0)
            emit rowActivated(row);
    });
    connect(m_scroll, &QScrollBar::valueChanged, this, &HeatmapPlot::onScroll);
    setFocusProxy(m_d->plot);
    rebuild();
}

HeatmapPlot::~HeatmapPlot() = default;

QCustomPlot* HeatmapPlot::customPlot() const
{
    return m_d->plot;
}

QCPColorMap* HeatmapPlot::colorMap() const
{
    return m_d->map;
}

const HeatmapPicture& HeatmapPlot::picture() const
{
    return m_d->picture;
}

void HeatmapPlot::setPicture(HeatmapPicture picture)
{
    m_d->picture = std::move(picture);
    ++m_d->generation;
    if (m_selectedRow >= m_d->picture.rowCount())
        m_selectedRow = -1;
    m_d->cursorColumn = m_d->picture.cursorColumn;
    rebuild();
}

void HeatmapPlot::clear()
{
    m_selectedRow = -1;
    m_d->cursorColumn = -1;
    setPicture(HeatmapPicture());
}

void HeatmapPlot::setRowHeight(int pixels)
{
    const int h = std::clamp(pixels, 4, 48);
    if (h == m_d->rowHeight)
        return;
    m_d->rowHeight = h;
    applyWindow();
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

int HeatmapPlot::rowHeight() const
{
    return m_d->rowHeight;
}

void HeatmapPlot::setExternalRows(bool external)
{
    if (external == m_d->external)
        return;
    m_d->external = external;
    m_d->rowAxis()->setTickLabels(!external);
    m_d->rowAxis()->setTicks(!external);
    if (external)
        m_d->rowAxis()->setLabel(QString());
    rebuild();
}

bool HeatmapPlot::hasExternalRows() const
{
    return m_d->external;
}

void HeatmapPlot::setRowWindow(int first, double rows)
{
    rows = std::max(0.0, rows);
    if (first == m_d->first && std::abs(rows - m_d->span) < 1e-9 && m_d->external)
        return;
    m_d->first = std::max(0, first);
    m_d->span = rows;
    applyWindow();
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::setShowAllRows(bool all)
{
    if (all == m_d->allRows)
        return;
    m_d->allRows = all;
    applyWindow();
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::setMargins(int top, int bottom)
{
    m_d->topMargin = top;
    m_d->bottomMargin = bottom;
    if (top < 0 || bottom < 0) {
        m_d->rect->setAutoMargins(QCP::msAll);
        m_d->scale->setAutoMargins(QCP::msAll);
    } else {
        // Fixed top and bottom so the map's rows sit exactly beside the rows of a list; left and right
        // still make room for the labels and the colour scale.
        m_d->rect->setAutoMargins(QCP::msLeft | QCP::msRight);
        m_d->scale->setAutoMargins(QCP::msLeft | QCP::msRight);
        QMargins m = m_d->rect->margins();
        m.setTop(top);
        m.setBottom(bottom);
        m_d->rect->setMargins(m);
        QMargins s = m_d->scale->margins();
        s.setTop(top);
        s.setBottom(bottom);
        m_d->scale->setMargins(s);
    }
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

int HeatmapPlot::firstRow() const
{
    return m_d->first;
}

int HeatmapPlot::visibleRowCount() const
{
    return std::min(m_d->count, std::max(0, m_d->picture.rowCount() - m_d->first));
}

void HeatmapPlot::scrollToRow(int row)
{
    if (m_d->external || m_d->allRows || row < 0 || row >= m_d->picture.rowCount())
        return;
    if (row < m_d->first)
        m_scroll->setValue(row);
    else if (row >= m_d->first + m_d->count)
        m_scroll->setValue(row - m_d->count + 1);
}

void HeatmapPlot::setDecorated(bool decorated)
{
    if (decorated == m_d->decorated)
        return;
    m_d->decorated = decorated;
    rebuild();
}

void HeatmapPlot::setSelectedRow(int row)
{
    m_selectedRow = row >= 0 && row < m_d->picture.rowCount() ? row : -1;
    updateOverlays();
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::setCursorColumn(int column)
{
    m_d->cursorColumn = column >= 0 && column < m_d->picture.columnCount() ? column : -1;
    m_d->picture.cursorColumn = m_d->cursorColumn;
    updateOverlays();
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

int HeatmapPlot::cursorColumn() const
{
    return m_d->cursorColumn;
}

void HeatmapPlot::replotNow()
{
    m_d->plot->replot(QCustomPlot::rpImmediateRefresh);
}

// Everything that follows from the picture: cells, colours, axis texts, the decorations.
void HeatmapPlot::rebuild()
{
    const HeatmapPicture& p = m_d->picture;
    const int rows = p.rowCount();
    const int cols = p.columnCount();

    QCPLayoutGrid* layout = m_d->plot->plotLayout();
    for (QCPTextElement** e : {&m_d->title, &m_d->subtitle, &m_d->notes})
        if (*e) {
            layout->remove(*e);
            *e = nullptr;
        }
    layout->simplify();
    if (m_d->decorated) {
        // The title block above and the notes below are part of the picture a reader gets, not of the
        // window's chrome: exports carry them, the panels show them in their own captions.
        const QString noteText = p.notes.join(QStringLiteral("\n"));
        int row = 0;
        if (!p.title.isEmpty()) {
            layout->insertRow(row);
            m_d->title = new QCPTextElement(m_d->plot, p.title, pixelFont(font(), 15, true));
            layout->addElement(row++, 0, m_d->title);
        }
        if (!p.subtitle.isEmpty()) {
            layout->insertRow(row);
            m_d->subtitle = new QCPTextElement(m_d->plot, p.subtitle, pixelFont(font(), 11));
            layout->addElement(row++, 0, m_d->subtitle);
        }
        if (!noteText.isEmpty()) {
            const int last = layout->rowCount();
            layout->insertRow(last);
            m_d->notes = new QCPTextElement(m_d->plot, noteText, pixelFont(font(), 10));
            m_d->notes->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
            m_d->notes->setMargins(QMargins(10, 2, 10, 6));
            layout->addElement(last, 0, m_d->notes);
        }
        for (int r = 0; r < layout->rowCount(); ++r)
            layout->setRowStretchFactor(r, layout->element(r, 0) == m_d->rect ? 1.0 : 0.001);
        applyPalette();
    }

    // A single row or column would have no extent in QCustomPlot (its cells are spaced from the first
    // centre to the last), so it is stored twice, half a cell each side of its centre.
    const int keySize = cols == 1 ? 2 : std::max(cols, 1);
    const int valueSize = rows == 1 ? 2 : std::max(rows, 1);
    const QCPRange keyRange = cols <= 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, cols - 1);
    const QCPRange valueRange = rows <= 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, rows - 1);
    QCPColorMapData* data = m_d->map->data();
    data->setSize(keySize, valueSize);
    data->setRange(keyRange, valueRange);
    if (rows == 0 || cols == 0) {
        data->fill(kUnknown);
    } else {
        for (int r = 0; r < valueSize; ++r) {
            const int pr = rows == 1 ? 0 : r;
            for (int c = 0; c < keySize; ++c)
                data->setCell(c, r, p.value(pr, cols == 1 ? 0 : c));
        }
    }
    QCPColorGradient gradient = gradientFor(p.palette);
    m_d->map->setGradient(gradient);
    m_d->map->setDataRange(dataRangeFor(p));
    m_d->map->setVisible(rows > 0 && cols > 0);
    m_d->scale->axis()->setLabel(p.valueName);
    m_d->scale->setVisible(rows > 0 && cols > 0);
    if (p.format == HeatmapValueFormat::ShareChange) {
        // Signed percentages across the centred range, 0 in the middle.
        const QCPRange range = dataRangeFor(p);
        QSharedPointer<QCPAxisTickerText> change(new QCPAxisTickerText);
        for (int i = -2; i <= 2; ++i)
            change->addTick(range.upper * i / 2.0, formatHeatmapCell(range.upper * i / 2.0, p.format));
        m_d->scale->axis()->setTicker(change);
    } else if (p.format == HeatmapValueFormat::Share) {
        // Shares are read as percentages everywhere else (cells, tooltips).
        QSharedPointer<QCPAxisTickerText> percent(new QCPAxisTickerText);
        for (int i = 0; i <= 4; ++i)
            percent->addTick(i / 4.0, QString::number(i * 25));
        m_d->scale->axis()->setTicker(percent);
    } else {
        m_d->scale->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }

    m_d->columnAxis()->setRange(-0.5, std::max(cols, 1) - 0.5);
    m_d->columnAxis()->setLabel(m_d->decorated ? p.columnAxisLabel : QString());
    m_d->rowAxis()->setLabel(m_d->decorated && !m_d->external ? p.rowAxisLabel : QString());
    m_d->ticksKey.clear();
    m_d->textsKey.clear();

    if (!m_d->external && !m_d->allRows)
        m_d->first = std::clamp(m_d->first, 0, std::max(0, rows - std::max(1, m_d->count)));
    applyWindow();
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

double HeatmapPlot::fittingRows() const
{
    const int height = m_d->rect->height() > 0 ? m_d->rect->height() : std::max(0, m_d->plot->height() - 60);
    return std::max(1.0, double(height) / std::max(1, m_d->rowHeight));
}

// Which rows are on screen, and everything that depends on it: the row range, the scroll bar, the
// row labels.
void HeatmapPlot::applyWindow()
{
    const int rows = m_d->picture.rowCount();
    const int cols = m_d->picture.columnCount();
    const int oldFirst = m_d->first, oldCount = m_d->count;
    int full = 1; // rows wholly in view: a scroll page
    if (m_d->allRows) {
        m_d->first = 0;
        m_d->span = std::max(rows, 1);
        full = rows;
    } else if (!m_d->external) {
        m_d->span = fittingRows();
        full = std::max(1, int(std::floor(m_d->span + 1e-9)));
        m_d->first = std::clamp(m_d->first, 0, std::max(0, rows - full));
    }
    m_d->count = int(std::ceil(m_d->span - 1e-9));
    m_d->rowAxis()->setRange(m_d->first - 0.5, m_d->first - 0.5 + std::max(m_d->span, 1e-3));

    if (!m_d->external && !m_d->allRows) {
        const QSignalBlocker block(m_scroll);
        m_scroll->setRange(0, std::max(0, rows - full));
        m_scroll->setPageStep(full);
        m_scroll->setSingleStep(1);
        m_scroll->setValue(m_d->first);
        m_scroll->setVisible(rows > full);
    } else {
        m_scroll->hide();
    }

    // Labels for the rows in view only (QCustomPlot would measure all 10 000 otherwise), every k-th when
    // rows are thinner than a line of text.
    const double rowPixels = m_d->rect->height() > 0 && m_d->span > 0
                                 ? double(m_d->rect->height()) / m_d->span
                                 : double(m_d->rowHeight);
    const int rowStride = labelStride(m_d->count, rowPixels, kLabelPixels + 2);
    const double colPixels = m_d->rect->width() > 0 && cols > 0 ? double(m_d->rect->width()) / cols : 60.0;
    const QFontMetrics labelMetrics(m_d->columnAxis()->tickLabelFont());
    // Labels wider than their column stand on end (every node of a 36-node matrix keeps its name) as long as
    // a line of text fits the column; thinner columns (samples over time) label every k-th.
    const double labelWidth = longestColumnLabel() + 8;
    const bool upright = colPixels < labelWidth && colPixels >= labelMetrics.height() + 2;
    const int colStride = upright ? 1 : labelStride(cols, colPixels, labelWidth);
    const bool wasUpright = m_d->columnAxis()->tickLabelRotation() != 0;
    m_d->columnAxis()->setTickLabelRotation(upright ? -90 : 0);
    const QString key = QStringLiteral("%1|%2|%3|%4|%5|%6|%7")
                            .arg(m_d->generation)
                            .arg(m_d->first)
                            .arg(m_d->count)
                            .arg(rowStride)
                            .arg(colStride)
                            .arg(m_d->external)
                            .arg(upright);
    if (key != m_d->ticksKey) {
        m_d->ticksKey = key;
        m_d->rowTicker->clear();
        if (!m_d->external)
            for (int r = m_d->first; r < std::min(rows, m_d->first + m_d->count); ++r)
                if ((r - m_d->first) % rowStride == 0 || r == m_selectedRow)
                    m_d->rowTicker->addTick(r, decoratedLabel(m_d->picture.rows[size_t(r)]));
        m_d->columnTicker->clear();
        for (int c = 0; c < cols; c += colStride)
            m_d->columnTicker->addTick(c, m_d->picture.columns[size_t(c)].label);
    }
    updateOverlays();
    if (oldFirst != m_d->first || oldCount != m_d->count)
        emit rowWindowChanged(m_d->first, m_d->count);
    if (wasUpright != upright)
        emit columnLabelsTurned();
}

int HeatmapPlot::longestColumnLabel() const
{
    const QFontMetrics metrics(m_d->columnAxis()->tickLabelFont());
    int longest = 1;
    for (const HeatmapPictureColumn& c : m_d->picture.columns)
        longest = std::max(longest, metrics.horizontalAdvance(c.label));
    return longest;
}

// As QCustomPlot places them: outside the top axis, past the tick and the padding; on end, a label's length
// is its height.
int HeatmapPlot::columnLabelExtent() const
{
    const QCPAxis* axis = m_d->columnAxis();
    if (!axis->visible() || !axis->tickLabels() || m_d->picture.columns.empty())
        return 0;
    const int text =
        axis->tickLabelRotation() != 0 ? longestColumnLabel() : QFontMetrics(axis->tickLabelFont()).height();
    return axis->offset() + axis->tickLengthOut() + axis->tickLabelPadding() + text + 2;
}

QList<QRect> HeatmapPlot::columnLabelRects() const
{
    QList<QRect> out;
    const QCPAxis* axis = m_d->columnAxis();
    if (!axis->visible() || !axis->tickLabels())
        return out;
    const QFontMetrics metrics(axis->tickLabelFont());
    const bool upright = axis->tickLabelRotation() != 0;
    const int bottom = m_d->rect->top() - axis->offset() - axis->tickLengthOut() - axis->tickLabelPadding();
    const QMap<double, QString> ticks = m_d->columnTicker->ticks();
    for (auto it = ticks.cbegin(); it != ticks.cend(); ++it) {
        const int x = int(std::lround(axis->coordToPixel(it.key())));
        const int length = metrics.horizontalAdvance(it.value());
        const QSize size = upright ? QSize(metrics.height(), length) : QSize(length, metrics.height());
        out << QRect(QPoint(x - size.width() / 2, bottom - size.height()), size);
    }
    return out;
}

void HeatmapPlot::onScroll(int value)
{
    if (m_d->external || m_d->allRows || value == m_d->first)
        return;
    m_d->first = value;
    applyWindow();
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::updateOverlays()
{
    const int cols = std::max(m_d->picture.columnCount(), 1);
    const bool selected = m_selectedRow >= 0 && m_selectedRow < m_d->picture.rowCount();
    m_d->selection->setVisible(selected);
    if (selected) {
        m_d->selection->topLeft->setCoords(-0.5, m_selectedRow - 0.5);
        m_d->selection->bottomRight->setCoords(cols - 0.5, m_selectedRow + 0.5);
    }
    const bool cursor = m_d->cursorColumn >= 0 && m_d->cursorColumn < m_d->picture.columnCount();
    m_d->cursor->setVisible(cursor);
    if (cursor) {
        m_d->cursor->topLeft->setCoords(m_d->cursorColumn - 0.5, -0.5);
        m_d->cursor->bottomRight->setCoords(m_d->cursorColumn + 0.5,
                                            std::max(m_d->picture.rowCount(), 1) - 0.5);
    }
}

// The values written in cells, and the markers, for the rows in view, at a font that fits the cells the
// layout just produced. Remade only when the window, the cell size or the picture changed.
void HeatmapPlot::updateCellTexts()
{
    const HeatmapPicture& p = m_d->picture;
    const int cols = p.columnCount();
    const int last = std::min(p.rowCount(), m_d->first + m_d->count);
    const double w = m_d->cellWidth();
    const double h = m_d->cellHeight();
    const QString key = QStringLiteral("%1|%2|%3|%4|%5")
                            .arg(m_d->generation)
                            .arg(m_d->first)
                            .arg(last)
                            .arg(std::lround(w * 4))
                            .arg(std::lround(h * 4));
    if (key == m_d->textsKey)
        return;
    m_d->textsKey = key;
    for (QCPItemText* t : m_d->texts)
        m_d->plot->removeItem(t);
    m_d->texts.clear();
    m_d->textOfCell.clear();
    if (cols == 0 || last <= m_d->first)
        return;

    QHash<qint64, std::vector<const HeatmapMarker*>> markersOf;
    for (const HeatmapMarker& m : p.markers)
        if (m.row >= m_d->first && m.row < last && m.column >= 0 && m.column < cols)
            markersOf[(qint64(m.row) << 32) | m.column].push_back(&m);

    int longest = 1;
    QVector<QString> texts;
    const bool values = p.cellText && w >= kMinTextCellWidth && h >= kMinTextCellHeight &&
                        qint64(last - m_d->first) * cols <= kMaxTextCells;
    if (values) {
        texts.resize((last - m_d->first) * cols);
        for (int r = m_d->first; r < last; ++r)
            for (int c = 0; c < cols; ++c) {
                const double v = p.value(r, c);
                if (!std::isfinite(v) || (p.blankZeros && v == 0))
                    continue;
                QString& t = texts[(r - m_d->first) * cols + c];
                t = formatHeatmapCell(v, p.format);
                longest = std::max(longest, int(t.size()));
            }
    }
    // The widest text of the view sets one font for all cells, so equal numbers look equal.
    const int textPixels = int(std::min({h * 0.62, w / (longest * 0.62 + 0.8), 15.0}));
    const bool withMarkers = !markersOf.isEmpty() && w >= 6 && h >= 6;
    if ((!values || textPixels < kMinTextPixels) && !withMarkers)
        return;

    QCPColorGradient gradient = m_d->map->gradient();
    const QCPRange range = m_d->map->dataRange();
    const auto add = [&](double x, double y, const QString& text, const QColor& color, int pixels,
                         bool bold) {
        auto* item = new QCPItemText(m_d->plot);
        item->setClipToAxisRect(true);
        item->setClipAxisRect(m_d->rect);
        item->position->setAxes(m_d->columnAxis(), m_d->rowAxis());
        item->position->setType(QCPItemPosition::ptPlotCoords);
        item->position->setCoords(x, y);
        item->setPositionAlignment(Qt::AlignCenter);
        item->setText(text);
        item->setFont(pixelFont(font(), pixels, bold));
        item->setColor(color);
        item->setSelectable(false);
        item->setPadding(QMargins());
        m_d->texts.push_back(item);
    };
    const QFontMetricsF textMetrics(pixelFont(font(), textPixels));
    for (int r = m_d->first; r < last; ++r)
        for (int c = 0; c < cols; ++c) {
            const qint64 cell = (qint64(r) << 32) | c;
            const auto markers = markersOf.value(cell);
            QString text =
                values && textPixels >= kMinTextPixels ? texts[(r - m_d->first) * cols + c] : QString();
            QStringList written;
            // Marks and the number share the cell while both fit (smaller marks, the number beside or under
            // them); where the number cannot fit the marks stay alone, and the tooltip has the number.
            MarkedCell layout = MarkedCell::Beside;
            int markPixels = int(std::clamp(h * 0.7, 6.0, 18.0));
            QSizeF textSize, marksSize;
            if (withMarkers && !markers.empty()) {
                textSize =
                    text.isEmpty() ? QSizeF() : QSizeF(textMetrics.horizontalAdvance(text), textPixels);
                QString glyphs;
                for (const HeatmapMarker* m : markers)
                    glyphs += m->glyph;
                const auto marksAt = [&](int pixels) {
                    return QSizeF(QFontMetricsF(pixelFont(font(), pixels, true)).horizontalAdvance(glyphs),
                                  pixels);
                };
                if (!text.isEmpty()) {
                    const int beside = std::clamp(textPixels + 2, 6, markPixels);
                    const int below = std::clamp(int(h) - textPixels - 1, 6, beside);
                    layout = markedCellLayout(QSizeF(w, h), textSize, marksAt(beside));
                    markPixels = beside;
                    if (layout != MarkedCell::Beside) {
                        layout = markedCellLayout(QSizeF(w, h), textSize, marksAt(below));
                        markPixels = below;
                    }
                } else {
                    layout = MarkedCell::MarksOnly;
                }
                if (layout == MarkedCell::MarksOnly) {
                    text.clear();
                    markPixels = int(std::clamp(h * 0.7, 6.0, 18.0));
                }
                marksSize = marksAt(markPixels);
            }
            if (!text.isEmpty()) {
                const double v = p.value(r, c);
                const QRgb bg = gradient.color(v, range, false);
                const QColor ink = qGray(bg) < 128 ? QColor(Qt::white) : QColor(0x20, 0x20, 0x20);
                double x = c, y = r;
                if (!markers.empty() && layout == MarkedCell::Beside) // the marks take the left
                    x += (marksSize.width() + 2) / 2.0 / w;
                else if (!markers.empty()) // the marks take the top
                    y += marksSize.height() / 2.0 / h;
                add(x, y, text, ink, textPixels, false);
                written << text;
            }
            if (withMarkers && !markers.empty()) {
                const double step = marksSize.width() / double(markers.size()) / w;
                double x = c - step * (double(markers.size()) - 1) / 2.0, y = r;
                if (!text.isEmpty() && layout == MarkedCell::Beside)
                    x -= (textSize.width() + 2) / 2.0 / w;
                else if (!text.isEmpty())
                    y -= textSize.height() / 2.0 / h;
                for (const HeatmapMarker* m : markers) {
                    add(x, y, m->glyph, m->color, markPixels, true);
                    written.prepend(m->glyph);
                    x += step;
                }
            }
            if (!written.isEmpty())
                m_d->textOfCell.insert(cell, written.join(QLatin1Char(' ')));
        }
}

MarkedCell markedCellLayout(QSizeF cell, QSizeF text, QSizeF marks)
{
    constexpr double kGap = 2, kEdge = 2;
    if (text.isEmpty() || text.width() > cell.width() - kEdge || text.height() > cell.height())
        return MarkedCell::MarksOnly;
    if (marks.width() + kGap + text.width() <= cell.width() - kEdge &&
        std::max(marks.height(), text.height()) <= cell.height())
        return MarkedCell::Beside;
    if (std::max(marks.width(), text.width()) <= cell.width() - kEdge &&
        marks.height() + text.height() <= cell.height())
        return MarkedCell::Below;
    return MarkedCell::MarksOnly;
}

std::optional<std::pair<int, int>> HeatmapPlot::cellAt(const QPoint& pos) const
{
    if (m_d->picture.isEmpty() || !m_d->rect->rect().contains(pos))
        return std::nullopt;
    const int c = int(std::lround(m_d->columnAxis()->pixelToCoord(pos.x())));
    const int r = int(std::lround(m_d->rowAxis()->pixelToCoord(pos.y())));
    if (c < 0 || c >= m_d->picture.columnCount() || r < m_d->first ||
        r >= m_d->first + std::max(m_d->count, 0) || r >= m_d->picture.rowCount())
        return std::nullopt;
    return std::make_pair(r, c);
}

QPoint HeatmapPlot::cellCenter(int row, int column) const
{
    return QPoint(int(std::lround(m_d->columnAxis()->coordToPixel(column))),
                  int(std::lround(m_d->rowAxis()->coordToPixel(row))));
}

int HeatmapPlot::rowAtLabel(const QPoint& pos) const
{
    if (m_d->picture.isEmpty() || pos.x() >= m_d->rect->left() || pos.y() < m_d->rect->top() ||
        pos.y() > m_d->rect->bottom())
        return -1;
    const int r = int(std::lround(m_d->rowAxis()->pixelToCoord(pos.y())));
    return r >= m_d->first && r < std::min(m_d->picture.rowCount(), m_d->first + m_d->count) ? r : -1;
}

QString HeatmapPlot::toolTipAt(const QPoint& pos) const
{
    const HeatmapPicture& p = m_d->picture;
    if (const auto cell = cellAt(pos))
        return p.cellToolTip(cell->first, cell->second);
    if (const int r = rowAtLabel(pos); r >= 0)
        return p.rowToolTip(r);
    if (pos.y() < m_d->rect->top() && pos.x() >= m_d->rect->left() && pos.x() <= m_d->rect->right()) {
        const int c = int(std::lround(m_d->columnAxis()->pixelToCoord(pos.x())));
        if (c >= 0 && c < p.columnCount())
            return p.columnToolTip(c);
    }
    return {};
}

QStringList HeatmapPlot::cellTexts() const
{
    QStringList out;
    for (const QCPItemText* t : m_d->texts)
        out << t->text();
    return out;
}

QString HeatmapPlot::cellText(int row, int column) const
{
    return m_d->textOfCell.value((qint64(row) << 32) | column);
}

void HeatmapPlot::moveSelection(int delta)
{
    const int rows = m_d->picture.rowCount();
    if (rows == 0)
        return;
    const int row = std::clamp(m_selectedRow < 0 ? (delta > 0 ? m_d->first : m_d->first + m_d->count - 1)
                                                 : m_selectedRow + delta,
                               0, rows - 1);
    setSelectedRow(row);
    scrollToRow(row);
    emit rowClicked(row);
}

// The plot's chrome follows the palette, light or dark and changed live: background, axes, labels, title and
// the selection frame. The cells keep their gradient (each cell's ink is chosen against its own colour).
void HeatmapPlot::applyPalette()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    const QColor muted = QColor::fromRgbF(float(text.redF() * 0.6 + base.redF() * 0.4),
                                          float(text.greenF() * 0.6 + base.greenF() * 0.4),
                                          float(text.blueF() * 0.6 + base.blueF() * 0.4));
    m_d->plot->setBackground(pal.brush(QPalette::Base));
    QList<QCPAxis*> axes = m_d->rect->axes();
    axes << m_d->scale->axis();
    for (QCPAxis* a : axes) {
        a->setTickLabelColor(text);
        a->setLabelColor(text);
        a->setTickPen(QPen(muted));
        a->setBasePen(QPen(muted));
    }
    m_d->selection->setPen(QPen(text, 2));
    if (m_d->title)
        m_d->title->setTextColor(text);
    for (QCPTextElement* e : {m_d->subtitle, m_d->notes})
        if (e)
            e->setTextColor(muted);
    m_d->plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyPalette();
}

bool HeatmapPlot::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_d->plot)
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::ToolTip: {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, m_d->plot);
        return true;
    }
    case QEvent::Wheel: {
        auto* wheel = static_cast<QWheelEvent*>(event);
        const int steps = wheel->angleDelta().y() / 120;
        if (steps == 0 || m_d->allRows)
            return false;
        if (m_d->external) {
            emit wheelRows(-3 * steps); // the list beside the plot scrolls, and the plot follows it
            return true;
        }
        if (wheel->modifiers() & Qt::ControlModifier)
            setRowHeight(m_d->rowHeight + 2 * steps);
        else
            m_scroll->setValue(m_scroll->value() - 3 * steps);
        return true;
    }
    case QEvent::KeyPress: {
        auto* key = static_cast<QKeyEvent*>(event);
        switch (key->key()) {
        case Qt::Key_Up:
            moveSelection(-1);
            return true;
        case Qt::Key_Down:
            moveSelection(1);
            return true;
        case Qt::Key_PageUp:
            moveSelection(-std::max(1, m_d->count - 1));
            return true;
        case Qt::Key_PageDown:
            moveSelection(std::max(1, m_d->count - 1));
            return true;
        case Qt::Key_Home:
            moveSelection(-m_d->picture.rowCount());
            return true;
        case Qt::Key_End:
            moveSelection(m_d->picture.rowCount());
            return true;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (m_selectedRow >= 0)
                emit rowActivated(m_selectedRow);
            return true;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            setRowHeight(m_d->rowHeight + 2);
            return true;
        case Qt::Key_Minus:
            setRowHeight(m_d->rowHeight - 2);
            return true;
        default:
            return false;
        }
    }
    default:
        return false;
    }
}

// Exports show every row: HeatmapPlot's own window is for scrolling on screen.
struct HeatmapPlotExportAccess
{
    static void showAllRows(HeatmapPlot& plot, QSize size)
    {
        plot.setExternalRows(false);
        plot.m_d->allRows = true;
        plot.applyWindow();
        // Two passes: the first layout fixes the map's size, the second places labels and cell texts for it.
        plot.m_d->plot->setViewport(QRect(QPoint(0, 0), size));
        plot.m_d->plot->replot(QCustomPlot::rpImmediateRefresh);
        plot.applyWindow();
        plot.m_d->plot->replot(QCustomPlot::rpImmediateRefresh);
    }
};

bool paintHeatmapPicture(const HeatmapPicture& picture, QSize size, QPaintDevice* device, double scale,
                         bool vector)
{
    // The plot the window would show for `picture`, laid out for `size` with every row in view.
    HeatmapPlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.setPalette(plot.style()->standardPalette()); // a picture to share: the same in a dark session
    plot.setDecorated(true);
    plot.setPicture(picture);
    plot.resize(size);
    QCustomPlot* custom = plot.customPlot();
    custom->resize(size);
    custom->setViewport(QRect(QPoint(0, 0), size));
    HeatmapPlotExportAccess::showAllRows(plot, size);

    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    if (vector)
        painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    if (!vector)
        painter.scale(scale, scale);
    custom->toPainter(&painter, size.width(), size.height());
    painter.end();
    return true;
}

QString qcustomplotVersion()
{
    return QStringLiteral(QCUSTOMPLOT_VERSION_STR);
}

} // namespace numasight
