// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/compare_bar.h"

#include "views/common/elided_label.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QToolButton>

namespace numasight {

namespace {

// The outline the graph draws around a changed node and the heatmaps give a changed row's name.
const QColor kChangedColor(0xe0, 0x1b, 0x84);

QPixmap outlineSwatch(int size, qreal ratio)
{
    QPixmap pixmap(QSize(size, size) * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(kChangedColor, 2.5));
    painter.drawRoundedRect(QRectF(2, 2, size - 4, size - 4), 3, 3);
    return pixmap;
}

} // namespace

CompareBar::CompareBar(const QList<QAction*>& sides, QWidget* parent)
    : QWidget(parent)
    , m_swatch(new QLabel(this))
    , m_legend(new ElidedLabel(Qt::ElideMiddle, this))
{
    setObjectName(QStringLiteral("compareBar"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    auto* show = new QLabel(tr("Show:"), this);
    layout->addWidget(show);
    // One segmented group: the buttons touch, and the checked one is the side shown.
    auto* group = new QHBoxLayout;
    group->setSpacing(0);
    for (QAction* side : sides) {
        auto* button = new QToolButton(this);
        button->setDefaultAction(side);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAutoRaise(false);
        button->setObjectName(side->objectName() + QStringLiteral("Button"));
        group->addWidget(button);
    }
    layout->addLayout(group);
    layout->addSpacing(8);
    const int swatch = fontMetrics().height();
    m_swatch->setPixmap(outlineSwatch(swatch, devicePixelRatioF()));
    m_swatch->setFixedSize(swatch, swatch);
    layout->addWidget(m_swatch);
    m_legend->setObjectName(QStringLiteral("compareLegend"));
    layout->addWidget(m_legend, 1);
}

QString CompareBar::legendText(CompareSide side, const QString& labelA, const QString& labelB, bool deltaMap)
{
    switch (side) {
    case CompareSide::A:
        return tr("Showing A (%1); compared with B (%2)").arg(labelA, labelB);
    case CompareSide::B:
        return tr("Showing B (%2), laid out from its own capture; compared with A (%1)").arg(labelA, labelB);
    case CompareSide::Delta:
        return deltaMap ? tr("Δ: outlined: changed between A (%1) and B (%2); the Δ map is B − A per node, "
                             "red more in B, blue less")
                              .arg(labelA, labelB)
                        : tr("Δ: outlined: changed between A (%1) and B (%2)").arg(labelA, labelB);
    }
    return {};
}

void CompareBar::setComparison(CompareSide side, const QString& labelA, const QString& labelB, bool deltaMap)
{
    m_swatch->setVisible(side == CompareSide::Delta);
    m_legend->setText(legendText(side, labelA, labelB, deltaMap));
}

} // namespace numasight
