// SPDX-License-Identifier: GPL-3.0-or-later
#include "box_packer.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

namespace numasight {

namespace {

constexpr double kPad = 8;         // inside a box, around its contents
constexpr double kClusterGap = 10; // between boxes side by side
constexpr double kNodeGap = 6;     // between nodes
constexpr double kTableGap = 24;   // between the drawing and a distance table
// While recording, node widths are rounded up to this: a share going from "9 %" to "10 %" then moves nothing.
constexpr double kLiveWidthStep = 16;

// DejaVu Sans advances in em, rounded up by class; wide (CJK) characters take a full em.
double advance(char16_t c)
{
    if (c == ' ' || c == '.' || c == ',' || c == ':' || c == ';' || c == '|' || c == 0x00b7 || c == '!' ||
        c == '\'' || c == 'i' || c == 'j' || c == 'l')
        return 0.33;
    if (c == '(' || c == ')' || c == '[' || c == ']' || c == 'f' || c == 't' || c == 'r' || c == '-')
        return 0.42;
    if (c >= '0' && c <= '9')
        return 0.64;
    if (c == 'm' || c == 'w' || c == 'M' || c == 'W' || c == '%' || c == '@')
        return 1.0;
    if (c >= 'A' && c <= 'Z')
        return 0.74;
    if (c < 0x80)
        return 0.62;
    if (c == 0x2013 || c == 0x2014 || c == 0x2026) // – — …
        return c == 0x2013 ? 0.5 : 1.0;
    if (c >= 0x2e80)
        return 1.0;
    return 0.72;
}

// Packing order inside a box: the memory first (drawn across the top), hardware before the workload.
int rankOf(EntityKind kind)
{
    switch (kind) {
    case EntityKind::NumaNode:
        return 0;
    case EntityKind::Host:
    case EntityKind::Package:
    case EntityKind::Cache:
    case EntityKind::Core:
    case EntityKind::Pu:
        return 1;
    case EntityKind::Accelerator:
        return 2;
    case EntityKind::Nic:
        return 3;
    case EntityKind::PciDevice:
    case EntityKind::OsDevice:
        return 4;
    case EntityKind::Container:
    case EntityKind::Process:
        return 5;
    case EntityKind::Thread:
        return 6;
    default:
        return 7;
    }
}

bool isEllipse(EntityKind kind)
{
    return kind == EntityKind::Process || kind == EntityKind::Thread;
}

struct Child
{
    bool cluster = false;
    int index = 0; // into spec.clusters or spec.nodes
};

class Packer
{
public:
    Packer(const GraphSpec& spec, double aspect, const GraphLayout* previous, bool live)
        : m_spec(spec)
        , m_aspect(aspect > 0.05 && aspect < 20 ? aspect : 4.0 / 3.0)
        , m_previous(previous && previous->spec && previous->spec->view == spec.view ? previous : nullptr)
        , m_live(live || m_previous)
    {
    }

    PackedBoxes run()
    {
        const size_t nc = m_spec.clusters.size(), nn = m_spec.nodes.size();
        m_children.assign(nc + 1, {});
        m_clusterSize.assign(nc, {});
        m_clusterOffset.assign(nc, {});
        m_contentShift.assign(nc, {});
        m_nodeSize.assign(nn, {});
        m_nodeOffset.assign(nn, {});
        const int root = int(nc);
        for (size_t i = 0; i < nc; ++i) {
            const int p = m_spec.clusterIndex(m_spec.clusters[i].parent);
            // A parent that is missing or not earlier in the list would make a cycle: such a box goes to the
            // top.
            m_children[size_t(p >= 0 && size_t(p) < i ? p : root)].push_back({true, int(i)});
        }
        for (size_t i = 0; i < nn; ++i) {
            const int c = m_spec.clusterIndex(m_spec.nodes[i].cluster);
            m_children[size_t(c >= 0 ? c : root)].push_back({false, int(i)});
            m_nodeSize[i] = nodeSize(int(i));
        }
        const QSizeF drawing = pack(root);

        PackedBoxes out;
        out.clusters.resize(nc);
        out.clusterLabels.resize(nc);
        out.clusterLabelRects.resize(nc);
        out.nodes.resize(nn);
        place(root, QPointF(0, 0), out);
        QRectF bounds(QPointF(0, 0), drawing);
        placeTables(bounds, out);
        out.bounds = bounds;
        return out;
    }

private:
    QSizeF nodeSize(int i) const
    {
        QSizeF s = packedNodeSize(m_spec.nodes[size_t(i)]);
        if (m_live)
            s.setWidth(std::ceil(s.width() / kLiveWidthStep) * kLiveWidthStep);
        return s;
    }

    QSizeF labelSize(int cluster) const
    {
        const QString& label = m_spec.clusters[size_t(cluster)].label;
        if (label.isEmpty())
            return {0, 0}; // QSizeF() is -1 × -1
        const QSizeF t = estimateTextSize(label, kPackClusterFont);
        return {t.width() + 16, t.height() + 4};
    }

    QSizeF sizeOf(const Child& c) const
    {
        return c.cluster ? m_clusterSize[size_t(c.index)] : m_nodeSize[size_t(c.index)];
    }

    EntityKind kindOf(const Child& c) const
    {
        return c.cluster ? m_spec.clusters[size_t(c.index)].kind : m_spec.nodes[size_t(c.index)].kind;
    }

    int osIndexOf(const Child& c) const
    {
        return c.cluster ? m_spec.clusters[size_t(c.index)].osIndex : m_spec.nodes[size_t(c.index)].osIndex;
    }

    QString idOf(const Child& c) const
    {
        return c.cluster ? m_spec.clusters[size_t(c.index)].id : m_spec.nodes[size_t(c.index)].id;
    }

    void sortChildren(std::vector<Child>& children) const
    {
        std::stable_sort(children.begin(), children.end(), [&](const Child& a, const Child& b) {
            const int ra = rankOf(kindOf(a)), rb = rankOf(kindOf(b));
            if (ra != rb)
                return ra < rb;
            const int oa = osIndexOf(a), ob = osIndexOf(b);
            if ((oa >= 0) != (ob >= 0))
                return oa >= 0;
            if (oa != ob)
                return oa < ob;
            return false; // the builder's order
        });
    }

    // The size of box `c` (or of the whole drawing for the root), its children's sizes computed first and
    // their offsets from its top-left corner recorded.
    QSizeF pack(int c)
    {
        const bool root = size_t(c) == m_spec.clusters.size();
        std::vector<Child>& children = m_children[size_t(c)];
        for (const Child& ch : children)
            if (ch.cluster)
                m_clusterSize[size_t(ch.index)] = pack(ch.index);
        sortChildren(children);
        if (m_previous) {
            if (const auto kept = keepPrevious(c, root))
                return *kept;
        }
        return packFresh(c, root);
    }

    // Which children share rows: the CPUs, the devices, the workload and the rest each start a row of
    // their own, so a wide NIC does not push the cores into one column.
    static int sectionOf(EntityKind kind)
    {
        const int r = rankOf(kind);
        return r <= 1 ? 1 : r <= 4 ? 2 : r <= 5 ? 3 : 4;
    }

    struct Flow
    {
        std::vector<std::pair<size_t, size_t>> rows; // [first, last) of each row
        std::vector<double> rowHeights;
        double width = 0, height = 0;
    };

    // Items left to right until the next would pass `maxWidth`, a new row for a new section.
    Flow flow(const std::vector<Child>& cells, double maxWidth, double gap) const
    {
        Flow f;
        size_t first = 0;
        double x = 0, rowHeight = 0;
        const auto endRow = [&](size_t end) {
            if (end == first)
                return;
            f.rows.emplace_back(first, end);
            f.rowHeights.push_back(rowHeight);
            f.width = std::max(f.width, x - gap);
            f.height += rowHeight + (f.rows.size() > 1 ? gap : 0);
            first = end;
            x = 0;
            rowHeight = 0;
        };
        for (size_t i = 0; i < cells.size(); ++i) {
            const QSizeF s = sizeOf(cells[i]);
            const bool newSection =
                i > first && sectionOf(kindOf(cells[i])) != sectionOf(kindOf(cells[i - 1]));
            if (i > first && (newSection || x + s.width() > maxWidth + 0.01))
                endRow(i);
            x += s.width() + gap;
            rowHeight = std::max(rowHeight, s.height());
        }
        endRow(cells.size());
        return f;
    }

    // The row width whose box comes nearest to the wanted shape; on a tie the smaller box. The candidates
    // are the widths of k items of each size, so equal items form a full grid.
    Flow chooseFlow(const std::vector<Child>& cells, double gap, double minWidth, double extraHeight,
                    double extraBoth, double aspect) const
    {
        if (cells.empty())
            return {};
        std::vector<double> candidates;
        double widest = 0, total = 0;
        for (const Child& c : cells) {
            widest = std::max(widest, sizeOf(c).width());
            total += sizeOf(c).width() + gap;
        }
        const size_t n = cells.size();
        const size_t steps = std::min<size_t>(n, 160);
        for (size_t k = 1; k <= steps; ++k) {
            const size_t items = std::max<size_t>(1, k * n / steps);
            candidates.push_back(std::max(widest, (widest + gap) * double(items) - gap));
            candidates.push_back(std::max(widest, total * double(items) / double(n) - gap));
        }
        candidates.push_back(std::max(widest, minWidth));
        Flow best;
        double bestScore = std::numeric_limits<double>::max(), bestArea = 0;
        for (double w : candidates) {
            Flow f = flow(cells, w, gap);
            const double bw = std::max(f.width, minWidth) + extraBoth;
            const double bh = f.height + extraHeight + extraBoth;
            const double score = std::abs(std::log(bw / std::max(bh, 1.0) / aspect));
            const double area = bw * bh;
            if (score < bestScore - 0.02 || (score < bestScore + 0.02 && area < bestArea)) {
                bestScore = std::min(score, bestScore);
                bestArea = area;
                best = std::move(f);
            }
        }
        return best;
    }

    // The drawing's rows, for a picture that includes the distance tables beside or below it: narrower or
    // wider shapes are tried and the one that is smallest once scaled to the wanted shape wins.
    Flow chooseRootFlow(const std::vector<Child>& cells, double gap) const
    {
        if (m_spec.distanceTables.empty())
            return chooseFlow(cells, gap, 0, 0, 0, m_aspect);
        Flow best;
        double bestSize = std::numeric_limits<double>::max();
        for (const double shape : {1.0, 0.85, 0.7, 0.55, 0.4, 1.2}) {
            Flow f = chooseFlow(cells, gap, 0, 0, 0, m_aspect * shape);
            QRectF bounds(0, 0, f.width, f.height);
            for (const DistanceTable& t : m_spec.distanceTables)
                bounds = bounds.united(tablePlace(bounds, tableSize(t)));
            const double size = std::max(bounds.width(), bounds.height() * m_aspect);
            if (size < bestSize - 0.5) {
                bestSize = size;
                best = std::move(f);
            }
        }
        return best;
    }

    // Beside the drawing or below it, whichever keeps the picture smallest once scaled to the wanted shape.
    QRectF tablePlace(const QRectF& bounds, const QSizeF& size) const
    {
        if (bounds.isEmpty())
            return {QPointF(0, 0), size};
        const QRectF right(QPointF(bounds.right() + kTableGap, 0), size);
        const QRectF below(QPointF(0, bounds.bottom() + kTableGap), size);
        const auto fitted = [&](const QRectF& r) {
            const QRectF u = bounds.united(r);
            return std::max(u.width(), u.height() * m_aspect);
        };
        return fitted(right) <= fitted(below) ? right : below;
    }

    QSizeF packFresh(int c, bool root)
    {
        std::vector<Child>& children = m_children[size_t(c)];
        const QSizeF label = root ? QSizeF(0, 0) : labelSize(c);
        const double pad = root ? 0 : kPad;

        std::vector<Child> headers, cells;
        for (const Child& ch : children)
            (!root && !ch.cluster && kindOf(ch) == EntityKind::NumaNode ? headers : cells).push_back(ch);
        double headerWidth = 0, headerHeight = 0;
        for (const Child& h : headers) {
            headerWidth = std::max(headerWidth, sizeOf(h).width());
            headerHeight += sizeOf(h).height() + kNodeGap;
        }
        bool anyCluster = false, holdsProcesses = false;
        for (const Child& ch : cells) {
            anyCluster = anyCluster || ch.cluster;
            holdsProcesses = holdsProcesses || kindOf(ch) == EntityKind::Process;
        }
        const double gap = anyCluster ? kClusterGap : kNodeGap;

        const Flow f = root ? chooseRootFlow(cells, gap)
                            : chooseFlow(cells, gap, std::max(label.width(), headerWidth),
                                         label.height() + headerHeight, 2 * pad, m_aspect);
        double reserve = 0;
        if (m_live && holdsProcesses && !f.rowHeights.empty())
            reserve = f.rowHeights.back() + gap; // a free row for the processes a recording brings

        const double innerWidth = std::max({label.width(), headerWidth, f.width});
        double y = pad + label.height();
        for (const Child& h : headers) {
            QSizeF& s = m_nodeSize[size_t(h.index)];
            s.setWidth(innerWidth); // the memory spans its box, as lstopo draws it
            m_nodeOffset[size_t(h.index)] = QPointF(pad, y);
            y += s.height() + kNodeGap;
        }
        double rowTop = y;
        for (size_t r = 0; r < f.rows.size(); ++r) {
            const auto [first, last] = f.rows[r];
            // Rows start at the left edge of the block, which is centred in its box: reading order.
            double x = pad + (innerWidth - f.width) / 2;
            for (size_t i = first; i < last; ++i) {
                const Child& ch = cells[i];
                if (ch.cluster) {
                    // Boxes of a row take its height, so a row of boxes reads as one band.
                    QSizeF& s = m_clusterSize[size_t(ch.index)];
                    m_contentShift[size_t(ch.index)] = QPointF();
                    m_clusterOffset[size_t(ch.index)] = QPointF(x, rowTop);
                    x += s.width() + gap;
                    s.setHeight(f.rowHeights[r]);
                } else {
                    const QSizeF s = m_nodeSize[size_t(ch.index)];
                    m_nodeOffset[size_t(ch.index)] = QPointF(x, rowTop + (f.rowHeights[r] - s.height()) / 2);
                    x += s.width() + gap;
                }
            }
            rowTop += f.rowHeights[r] + gap;
        }
        const double contentBottom = f.rows.empty() ? y - (headers.empty() ? 0 : kNodeGap) : rowTop - gap;
        return {innerWidth + 2 * pad, std::max(contentBottom + reserve + pad, 2 * pad + label.height())};
    }

    // ---- keeping a recording's previous layout
    // --------------------------------------------------------------

    QRectF previousRect(const Child& ch) const
    {
        const GraphSpec& ps = *m_previous->spec;
        if (ch.cluster) {
            const int i = ps.clusterIndex(m_spec.clusters[size_t(ch.index)].id);
            if (i < 0 || size_t(i) >= m_previous->clusters.size() ||
                ps.clusters[size_t(i)].parent != m_spec.clusters[size_t(ch.index)].parent)
                return {};
            return m_previous->clusters[size_t(i)].box;
        }
        const int i = ps.nodeIndex(m_spec.nodes[size_t(ch.index)].id);
        if (i < 0 || size_t(i) >= m_previous->nodes.size() ||
            ps.nodes[size_t(i)].cluster != m_spec.nodes[size_t(ch.index)].cluster)
            return {};
        const LaidOutNode& n = m_previous->nodes[size_t(i)];
        return {n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size};
    }

    // Box `c` as the previous layout had it, when every child it still has fits where it was and the new ones
    // fit into free room; nullopt when it has to be packed afresh.
    std::optional<QSizeF> keepPrevious(int c, bool root)
    {
        QRectF box;
        if (!root) {
            const QString& id = m_spec.clusters[size_t(c)].id;
            const int i = m_previous->spec->clusterIndex(id);
            if (i < 0 || size_t(i) >= m_previous->clusters.size())
                return std::nullopt;
            box = m_previous->clusters[size_t(i)].box;
            if (box.size().width() < labelSize(c).width())
                return std::nullopt;
        } else {
            // The drawing without the distance tables, which are placed again beside it.
            for (const Child& ch : m_children[size_t(c)])
                box = box.united(previousRect(ch));
            box = QRectF(QPointF(0, 0), box.bottomRight());
        }
        std::vector<QRectF> taken;
        std::vector<Child> newcomers;
        for (const Child& ch : m_children[size_t(c)]) {
            const QRectF was = previousRect(ch);
            if (was.isNull()) {
                newcomers.push_back(ch);
                continue;
            }
            const QSizeF now = sizeOf(ch);
            if (now.width() > was.width() + 0.01 || now.height() > was.height() + 0.01)
                return std::nullopt;
            taken.push_back(was);
        }
        if (taken.empty() && !m_children[size_t(c)].empty())
            return std::nullopt; // nothing to keep: pack afresh, with the room a recording reserves
        const double top = root ? 0 : kPad + labelSize(c).height();
        const QRectF room = root ? box : box.adjusted(kPad, top, -kPad, -kPad);
        std::vector<QPointF> newcomerAt;
        for (const Child& ch : newcomers) {
            const auto at = freeSpot(room, sizeOf(ch), taken);
            if (!at)
                return std::nullopt;
            taken.push_back(QRectF(*at, sizeOf(ch)));
            newcomerAt.push_back(*at);
        }
        // Everything fits: the old places, relative to the box, and the old sizes.
        if (!root)
            m_contentShift[size_t(c)] = QPointF();
        size_t k = 0;
        for (const Child& ch : m_children[size_t(c)]) {
            QRectF r = previousRect(ch);
            if (r.isNull())
                r = QRectF(newcomerAt[k++], sizeOf(ch));
            const QPointF offset = r.topLeft() - box.topLeft();
            if (ch.cluster) {
                m_clusterOffset[size_t(ch.index)] = offset;
                m_clusterSize[size_t(ch.index)] = r.size();
            } else {
                m_nodeOffset[size_t(ch.index)] = offset;
                m_nodeSize[size_t(ch.index)] = r.size();
            }
        }
        return box.size();
    }

    // The first place in reading order where `size` overlaps nothing taken. Candidates are the room's corner
    // and the places just right of and below what is taken, which is where a packed box has its gaps.
    static std::optional<QPointF> freeSpot(const QRectF& room, const QSizeF& size,
                                           const std::vector<QRectF>& taken)
    {
        // A crowded box is packed again rather than searched (the search grows with the cube of its size).
        constexpr size_t kMaxSearched = 200;
        if (taken.size() > kMaxSearched)
            return std::nullopt;
        std::vector<double> xs{room.left()}, ys{room.top()};
        for (const QRectF& t : taken) {
            xs.push_back(t.right() + kNodeGap);
            ys.push_back(t.bottom() + kNodeGap);
        }
        std::sort(xs.begin(), xs.end());
        std::sort(ys.begin(), ys.end());
        for (double y : ys)
            for (double x : xs) {
                const QRectF r(QPointF(x, y), size);
                if (!room.adjusted(-0.01, -0.01, 0.01, 0.01).contains(r))
                    continue;
                const QRectF withGap =
                    r.adjusted(-kNodeGap + 0.01, -kNodeGap + 0.01, kNodeGap - 0.01, kNodeGap - 0.01);
                if (std::none_of(taken.begin(), taken.end(),
                                 [&](const QRectF& t) { return t.intersects(withGap); }))
                    return r.topLeft();
            }
        return std::nullopt;
    }

    // ---- absolute positions -------------------------------------------------------------------------------

    void place(int c, QPointF origin, PackedBoxes& out)
    {
        const bool root = size_t(c) == m_spec.clusters.size();
        if (!root) {
            const QRectF box(origin, m_clusterSize[size_t(c)]);
            out.clusters[size_t(c)] = box;
            const QSizeF label = labelSize(c);
            out.clusterLabelRects[size_t(c)] = QRectF(box.center().x() - label.width() / 2,
                                                      box.top() + kPad / 2, label.width(), label.height());
            out.clusterLabels[size_t(c)] = out.clusterLabelRects[size_t(c)].center();
            origin += m_contentShift[size_t(c)];
        }
        for (const Child& ch : m_children[size_t(c)]) {
            if (ch.cluster) {
                place(ch.index, origin + m_clusterOffset[size_t(ch.index)], out);
            } else {
                out.nodes[size_t(ch.index)] =
                    QRectF(origin + m_nodeOffset[size_t(ch.index)], m_nodeSize[size_t(ch.index)]);
            }
        }
    }

    // Distance tables go beside the drawing or below it, whichever keeps the picture nearer the wanted shape.
    void placeTables(QRectF& bounds, PackedBoxes& out) const
    {
        for (size_t t = 0; t < m_spec.distanceTables.size(); ++t) {
            const QRectF chosen = tablePlace(bounds, tableSize(m_spec.distanceTables[t]));
            out.tables.push_back({int(t), chosen});
            bounds = bounds.united(chosen);
        }
    }

public:
    static QSizeF tableCell(const DistanceTable& table)
    {
        double w = 0;
        for (const QString& l : table.labels)
            w = std::max(w, estimateTextSize(l, kPackTableFont).width());
        for (double v : table.values)
            w = std::max(w, estimateTextSize(QString::number(v, 'g', 4), kPackTableFont).width());
        return {w + 8, kPackTableFont * 1.17 + 4};
    }

    static QSizeF tableSize(const DistanceTable& table)
    {
        const QSizeF cell = tableCell(table);
        const double n = double(table.labels.size() + 1);
        const QSizeF title = estimateTextSize(table.title, kPackClusterFont);
        return {std::max(cell.width() * n, title.width()), cell.height() * n + title.height() + 4};
    }

private:
    const GraphSpec& m_spec;
    double m_aspect;
    const GraphLayout* m_previous;
    bool m_live;
    std::vector<std::vector<Child>> m_children; // per cluster, the root last
    std::vector<QSizeF> m_clusterSize, m_nodeSize;
    std::vector<QPointF> m_clusterOffset, m_nodeOffset, m_contentShift;
};

} // namespace

QSizeF estimateTextSize(QStringView text, double pixels)
{
    double width = 0, line = 0;
    int lines = 1;
    for (const QChar c : text) {
        if (c == QLatin1Char('\n')) {
            width = std::max(width, line);
            line = 0;
            ++lines;
            continue;
        }
        line += advance(c.unicode());
    }
    width = std::max(width, line);
    return {std::ceil(width * pixels), std::ceil(lines * pixels * 1.17)};
}

QSizeF packedNodeSize(const GraphNode& node)
{
    const QSizeF t = estimateTextSize(node.label.isEmpty() ? QStringLiteral("  ") : node.label,
                                      node.kind == EntityKind::Thread ? 12 : kPackNodeFont);
    double w = t.width() + 14, h = t.height() + 8;
    if (isEllipse(node.kind)) {
        // The text must fit in the inscribed rectangle of the ellipse (the painter uses 80 % of each side).
        w = t.width() / 0.8 + 10;
        h = t.height() / 0.8 + 4;
    } else if (node.kind == EntityKind::NumaNode) {
        h += 12; // the cylinder's cap
    } else if (node.kind == EntityKind::Nic || node.kind == EntityKind::Socket) {
        w += 20; // hexagon and diamond corners
    } else if (node.kind == EntityKind::Accelerator) {
        w += 8;
        h += 6; // box3d's depth
    }
    if (node.expandable && !node.expanded)
        w += 10; // the "+" badge
    return {std::max(w, 44.0), std::max(h, 26.0)};
}

PackedBoxes packBoxes(const GraphSpec& spec, double aspect, const GraphLayout* previous, bool live)
{
    return Packer(spec, aspect, previous, live).run();
}

} // namespace numasight
