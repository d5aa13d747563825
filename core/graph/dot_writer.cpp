// SPDX-License-Identifier: GPL-3.0-or-later
// toDot(): the spec as Graphviz DOT. The same text feeds the layout (subprocess and libgvc) and
// `export --format dot`, so what a user opens in another Graphviz tool is what numasight laid out.
#include "dot_writer.h"

#include <QHash>

#include <cmath>
#include <map>

namespace numasight {

QByteArray dotQuote(QStringView text, bool escString)
{
    QByteArray out;
    out.reserve(text.size() + 2);
    out += '"';
    const QByteArray utf8 = text.toUtf8();
    for (char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            // In escString attributes (labels) a backslash starts an escape (\N, \l, …): double it so a
            // name like "C:\N" shows as written. In ids a backslash is literal except before a quote.
            out += escString ? "\\\\" : "\\";
            break;
        case '\n':
            out += escString ? "\\n" : " ";
            break;
        case '\r':
            break;
        default:
            // Other control characters would end up in the rendered text as boxes, or confuse the lexer.
            out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
            break;
        }
    }
    // A lone backslash at the end of an id would escape the closing quote.
    if (!escString && out.endsWith('\\'))
        out += '\\';
    out += '"';
    return out;
}

const char* dotShapeOf(EntityKind kind)
{
    switch (kind) {
    case EntityKind::NumaNode:
        return "cylinder";
    case EntityKind::Pu:
    case EntityKind::Core:
        return "box";
    case EntityKind::Accelerator:
        return "box3d";
    case EntityKind::Nic:
        return "hexagon";
    case EntityKind::PciDevice:
    case EntityKind::OsDevice:
        return "component";
    case EntityKind::Process:
        return "ellipse";
    case EntityKind::Thread:
        return "oval";
    case EntityKind::Socket:
        return "diamond";
    default:
        return "box";
    }
}

namespace {

// Colours for readers of the exported file; the GUI draws its own from the spec.
const char* colourOf(EdgeLocality locality)
{
    switch (locality) {
    case EdgeLocality::Local:
        return "#2e7d32";
    case EdgeLocality::Remote:
        return "#ef6c00";
    case EdgeLocality::Mismatch:
        return "#c62828";
    case EdgeLocality::Neutral:
        return "#555555";
    }
    return "#555555";
}

bool isForceEngine(QStringView engine)
{
    return engine != u"dot";
}

class DotWriter
{
public:
    DotWriter(const GraphSpec& spec, QStringView engine)
        : m_spec(spec)
        , m_engine(engine)
    {
        for (size_t i = 0; i < spec.clusters.size(); ++i)
            m_children[spec.clusters[i].parent].push_back(int(i));
        for (size_t i = 0; i < spec.nodes.size(); ++i)
            m_members[spec.nodes[i].cluster].push_back(int(i));
    }

    QByteArray run()
    {
        m_out += "digraph ";
        m_out += dotQuote(u"numasight", false);
        m_out += " {\n";
        m_out += "  graph [";
        if (!m_spec.title.isEmpty())
            m_out += "comment=" + dotQuote(m_spec.title, false) + ", ";
        m_out += "fontname=\"Helvetica\", fontsize=10, compound=true";
        if (isForceEngine(m_engine)) {
            // overlap=false keeps nodes apart. splines=true (and polyline, compound) would route around
            // nodes, but Graphviz 2.42 aborts on an assertion in multispline.c as soon as two edges join
            // the same pair of nodes, which RunsOn and MemoryOn to one node always do; curved edges take
            // another code path and never hit it.
            m_out += ", overlap=false, splines=curved, sep=\"+6\"";
            if (m_engine == u"sfdp")
                m_out += ", overlap_scaling=2";
        } else {
            // Processes point at memory and devices: left to right, with the NUMA boxes stacked in a
            // column, reads better than one row of boxes tens of inches wide. The machine view has no
            // edge that ranks anything, so it is arranged top-down by writeMachineGrid().
            m_out += ", newrank=true, rankdir=";
            m_out += m_spec.view == GraphView::Machine ? "TB" : "LR";
            m_out += ", nodesep=0.25, ranksep=0.45";
        }
        m_out += "];\n";
        m_out += "  node [fontname=\"Helvetica\", fontsize=10, margin=\"0.08,0.04\"];\n";
        m_out += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
        writeContents(QString(), 1);
        for (const GraphEdge& e : m_spec.edges)
            writeEdge(e);
        if (!isForceEngine(m_engine) && m_spec.view == GraphView::Machine)
            writeMachineGrid();
        m_out += "}\n";
        return m_out;
    }

private:
    void indent(int depth) { m_out += QByteArray(depth * 2, ' '); }

    void writeContents(const QString& cluster, int depth)
    {
        for (int c : m_children.value(cluster))
            writeCluster(m_spec.clusters[size_t(c)], depth);
        for (int n : m_members.value(cluster))
            writeNode(m_spec.nodes[size_t(n)], depth);
    }

    void writeCluster(const GraphCluster& c, int depth)
    {
        indent(depth);
        m_out += "subgraph " + dotQuote(c.id, false) + " {\n";
        indent(depth + 1);
        m_out += "graph [label=" + dotQuote(c.label, true);
        m_out += ", style=\"rounded";
        if (c.kind == EntityKind::NumaNode && !c.memoryTier.isEmpty())
            m_out += ",dashed";
        m_out += "\"";
        if (c.kind == EntityKind::NumaNode)
            m_out += ", color=\"#1565c0\"";
        else if (c.kind == EntityKind::Package)
            m_out += ", color=\"#777777\"";
        else if (c.kind == EntityKind::Container)
            m_out += ", color=\"#6a1b9a\"";
        m_out += "];\n";
        writeContents(c.id, depth + 1);
        indent(depth);
        m_out += "}\n";
    }

    void writeNode(const GraphNode& n, int depth)
    {
        indent(depth);
        m_out += dotQuote(n.id, false);
        m_out += " [label=" + dotQuote(n.label, true);
        m_out += ", shape=";
        m_out += dotShapeOf(n.kind);
        QByteArray style;
        if (n.expandable)
            style += "dashed";
        if (n.locality == EdgeLocality::Mismatch) {
            m_out += ", color=\"";
            m_out += colourOf(n.locality);
            m_out += "\", penwidth=2";
        }
        if (n.kind == EntityKind::Accelerator) {
            style += style.isEmpty() ? "filled" : ",filled";
            m_out += ", fillcolor=\"#fff3e0\"";
        }
        if (!style.isEmpty())
            m_out += ", style=\"" + style + "\"";
        if (n.kind == EntityKind::Thread)
            m_out += ", fontsize=9";
        m_out += "];\n";
    }

    // Layout hints for dot in the machine view, as invisible edges (ids starting "layout:", which the
    // JSON reader ignores). Without them every node sits on rank 0 and 16 NUMA boxes make one row tens
    // of inches wide. Inside a NUMA box: its memory node on top, CPUs and devices below in rows of
    // kRowLength. Sibling boxes (the NUMA boxes of a package, the packages of the machine) form a grid of
    // about sqrt(n) columns: the bottom of box i is tied to the top of box i + columns.
    void writeMachineGrid()
    {
        constexpr int kRowLength = 4;
        std::map<QString, std::pair<QString, QString>> anchors; // cluster -> (top node, bottom node)
        // Children come after their parents in spec order: walking backwards sees every box's children
        // before the box itself.
        for (auto it = m_spec.clusters.rbegin(); it != m_spec.clusters.rend(); ++it) {
            const GraphCluster& c = *it;
            std::vector<QString> children;
            for (int i : m_children.value(c.id))
                if (anchors.count(m_spec.clusters[size_t(i)].id))
                    children.push_back(m_spec.clusters[size_t(i)].id);
            if (!children.empty()) {
                anchors[c.id] = grid(children, anchors);
                continue;
            }
            QString top;
            std::vector<QString> rest;
            for (int i : m_members.value(c.id)) {
                const GraphNode& n = m_spec.nodes[size_t(i)];
                if (top.isEmpty() && n.kind == EntityKind::NumaNode)
                    top = n.id;
                else
                    rest.push_back(n.id);
            }
            if (top.isEmpty()) {
                if (rest.empty())
                    continue;
                top = rest.front();
                rest.erase(rest.begin());
            }
            for (size_t i = 0; i < rest.size(); ++i)
                writeHint(i < size_t(kRowLength) ? top : rest[i - kRowLength], rest[i]);
            const QString bottom = rest.empty() ? top : rest[(rest.size() - 1) / kRowLength * kRowLength];
            anchors[c.id] = {top, bottom};
        }
        std::vector<QString> topLevel;
        for (int i : m_children.value(QString()))
            if (anchors.count(m_spec.clusters[size_t(i)].id))
                topLevel.push_back(m_spec.clusters[size_t(i)].id);
        if (!topLevel.empty())
            grid(topLevel, anchors);
    }

    // Ties `boxes` into rows of about sqrt(n); returns the (top, bottom) anchors of the whole grid.
    std::pair<QString, QString> grid(const std::vector<QString>& boxes,
                                     std::map<QString, std::pair<QString, QString>>& anchors)
    {
        const size_t columns = size_t(std::ceil(std::sqrt(double(boxes.size()))));
        for (size_t i = 0; i + columns < boxes.size(); ++i)
            writeHint(anchors[boxes[i]].second, anchors[boxes[i + columns]].first);
        const size_t lastRow = (boxes.size() - 1) / columns * columns;
        return {anchors[boxes.front()].first, anchors[boxes[lastRow]].second};
    }

    void writeHint(const QString& from, const QString& to)
    {
        m_out += "  " + dotQuote(from, false) + " -> " + dotQuote(to, false) +
                 " [id=" + dotQuote(QStringLiteral("layout:%1").arg(m_hints++), false) + ", style=invis];\n";
    }

    void writeEdge(const GraphEdge& e)
    {
        m_out += "  " + dotQuote(e.from, false) + " -> " + dotQuote(e.to, false);
        m_out += " [id=" + dotQuote(e.id, false);
        // dot 2.42 frees memory twice when an edge with constraint=false has a label (seen in libgvc on
        // the witty machine view; the dot binary only survives because it exits first). An external
        // label (xlabel) takes no part in ranking and avoids that code.
        const bool unranked = e.role == GraphEdgeRole::Distance && !isForceEngine(m_engine);
        if (!e.label.isEmpty())
            m_out += (unranked ? ", xlabel=" : ", label=") + dotQuote(e.label, true);
        if (!e.directed)
            m_out += ", dir=none";
        m_out += ", color=\"";
        m_out += colourOf(e.locality);
        m_out += "\", fontcolor=\"";
        m_out += colourOf(e.locality);
        m_out += "\", penwidth=" + QByteArray::number(e.penWidth, 'g', 3);
        if (e.locality == EdgeLocality::Remote)
            m_out += ", style=dashed";
        if (e.role == GraphEdgeRole::Distance) {
            m_out += ", style=dotted";
            // Distances relate nodes of one rank; letting them rank would stack the NUMA boxes.
            if (unranked)
                m_out += ", constraint=false";
        }
        m_out += "];\n";
    }

    const GraphSpec& m_spec;
    QStringView m_engine;
    QHash<QString, std::vector<int>> m_children, m_members;
    QByteArray m_out;
    int m_hints = 0;
};

} // namespace

QByteArray toDot(const GraphSpec& spec, QStringView engine)
{
    return DotWriter(spec, engine).run();
}

} // namespace numasight
