// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QLabel;

namespace numasight {

class ElidedLabel;

// Which capture of an open comparison the graph and the heatmaps show.
enum class CompareSide
{
    A,    // the capture shown, as without a comparison
    B,    // the other capture, laid out from its own snapshot
    Delta // A, with what changed in B outlined and, in the heatmaps, B − A per node
};

// The strip over the graph, the heatmaps and the Compare tab while a comparison is open: "Show: A | B | Δ"
// (the window's three checkable actions, so every strip and the menu stay one choice) and a legend that says
// what is shown and what the outline and colours mean, naming both files.
class CompareBar : public QWidget
{
    Q_OBJECT
public:
    // `sides`: Show A, Show B and Show Δ, in that order.
    CompareBar(const QList<QAction*>& sides, QWidget* parent = nullptr);

    // `deltaMap`: this strip sits over a Δ map of B − A (the heatmaps), which the legend explains too.
    void setComparison(CompareSide side, const QString& labelA, const QString& labelB, bool deltaMap);
    ElidedLabel* legend() const { return m_legend; }

    static QString legendText(CompareSide side, const QString& labelA, const QString& labelB, bool deltaMap);

private:
    QLabel* m_swatch;
    ElidedLabel* m_legend;
};

} // namespace numasight
