// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGraphicsView>

namespace numasight {

class GraphScene;

// The view onto a GraphScene: the wheel zooms around the cursor (Shift+wheel scrolls), +/- zoom, 0 shows
// 100 %, Ctrl+0 fits the graph; dragging the background, an edge or a box pans, as do the arrow keys; a
// click on the background (without dragging) clears the selection.
class GraphCanvas : public QGraphicsView
{
    Q_OBJECT
public:
    explicit GraphCanvas(GraphScene* scene, QWidget* parent = nullptr);

    GraphScene* graphScene() const { return m_scene; }
    double zoom() const; // 1.0 = one point per pixel
    void setZoom(double zoom);
    void zoomBy(double factor);
    void fitGraph();
    void centerOnItem(const QGraphicsItem* item);

    static constexpr double kMinZoom = 0.02;
    static constexpr double kMaxZoom = 16.0;
    static constexpr double kZoomStep = 1.25;

signals:
    void zoomChanged(double zoom);

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void changeEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    bool itemTakesClick(const QPoint& pos, Qt::MouseButton button) const;
    void pan(int dx, int dy);

    GraphScene* m_scene;
    bool m_panning = false;
    bool m_panMoved = false;
    QPoint m_panLast;
    QPoint m_panStart;
};

} // namespace numasight
