// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_canvas.h"

#include "views/graph/graph_scene.h"

#include <QGraphicsItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {
// White around the drawing, as an export has.
constexpr double kPageMargin = 12;
} // namespace

GraphCanvas::GraphCanvas(GraphScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setObjectName(QStringLiteral("graphCanvas"));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::NoDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    // Highlighting a neighbourhood repaints items all over the graph; one full update is cheaper than many
    // small ones.
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    // The scene leaves room around the picture so that any node can be centred; scroll bars over that room
    // would say nothing and eat the fitted graph's space. Panning is by dragging, the arrow keys and
    // Shift+wheel.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setCursor(Qt::OpenHandCursor);
}

// The drawing is a page coloured as its exports are (its colours are chosen against white); around it the
// canvas takes the palette's base colour, so a dark palette darkens the surround, live, and the page stays
// legible.
void GraphCanvas::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, palette().color(QPalette::Base));
    const QRectF page = m_scene->graphRect();
    if (!page.isEmpty())
        painter->fillRect(
            page.adjusted(-kPageMargin, -kPageMargin, kPageMargin, kPageMargin).intersected(rect), Qt::white);
}

void GraphCanvas::changeEvent(QEvent* event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        viewport()->update();
}

double GraphCanvas::zoom() const
{
    return transform().m11();
}

void GraphCanvas::setZoom(double zoom)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    if (std::abs(zoom - this->zoom()) < 1e-9)
        return;
    const QPointF center = mapToScene(viewport()->rect().center());
    setTransform(QTransform::fromScale(zoom, zoom));
    centerOn(center);
    emit zoomChanged(zoom);
}

void GraphCanvas::zoomBy(double factor)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    if (std::abs(target - zoom()) < 1e-9)
        return;
    scale(target / zoom(), target / zoom());
    emit zoomChanged(zoom());
}

void GraphCanvas::fitGraph()
{
    const QRectF rect = m_scene->fitRect();
    if (rect.isEmpty())
        return;
    fitInView(rect, Qt::KeepAspectRatio);
    // A small graph fitted to a big window would be blown up past legibility's need.
    if (zoom() > 2.0)
        setZoom(2.0);
    else if (zoom() < kMinZoom)
        setZoom(kMinZoom);
    centerOn(rect.center());
    emit zoomChanged(zoom());
}

void GraphCanvas::centerOnItem(const QGraphicsItem* item)
{
    if (item)
        centerOn(item->sceneBoundingRect().center());
}

void GraphCanvas::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ShiftModifier) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    const int delta = event->angleDelta().y();
    if (delta == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    // One notch (120) is one zoom step, whatever the device's resolution.
    zoomBy(std::pow(kZoomStep, delta / 120.0));
    event->accept();
}

void GraphCanvas::pan(int dx, int dy)
{
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + dx);
    verticalScrollBar()->setValue(verticalScrollBar()->value() + dy);
}

void GraphCanvas::keyPressEvent(QKeyEvent* event)
{
    const int stepX = std::max(20, viewport()->width() / 8);
    const int stepY = std::max(20, viewport()->height() / 8);
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(kZoomStep);
        break;
    case Qt::Key_Minus:
        zoomBy(1.0 / kZoomStep);
        break;
    case Qt::Key_0:
        if (ctrl)
            fitGraph();
        else
            setZoom(1.0);
        break;
    case Qt::Key_Left:
        pan(-stepX, 0);
        break;
    case Qt::Key_Right:
        pan(stepX, 0);
        break;
    case Qt::Key_Up:
        pan(0, -stepY);
        break;
    case Qt::Key_Down:
        pan(0, stepY);
        break;
    default:
        QGraphicsView::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool GraphCanvas::itemTakesClick(const QPoint& pos, Qt::MouseButton button) const
{
    const QList<QGraphicsItem*> hits = items(pos);
    return std::any_of(hits.begin(), hits.end(), [button](const QGraphicsItem* item) {
        return (item->acceptedMouseButtons() & button) && (item->flags() & QGraphicsItem::ItemIsSelectable);
    });
}

void GraphCanvas::mousePressEvent(QMouseEvent* event)
{
    const bool panButton = event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton;
    if (panButton &&
        (event->button() == Qt::MiddleButton || !itemTakesClick(event->pos(), event->button()))) {
        m_panning = true;
        m_panMoved = false;
        m_panLast = m_panStart = event->pos();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void GraphCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_panning) {
        QGraphicsView::mouseMoveEvent(event);
        return;
    }
    const QPoint delta = event->pos() - m_panLast;
    m_panLast = event->pos();
    if ((event->pos() - m_panStart).manhattanLength() > 3)
        m_panMoved = true;
    pan(-delta.x(), -delta.y());
    event->accept();
}

void GraphCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_panning) {
        QGraphicsView::mouseReleaseEvent(event);
        return;
    }
    m_panning = false;
    viewport()->setCursor(Qt::OpenHandCursor);
    // A click on the background, not a drag: the user let go of the selection.
    if (!m_panMoved && event->button() == Qt::LeftButton && !(event->modifiers() & Qt::ControlModifier))
        m_scene->clearSelection();
    event->accept();
}

} // namespace numasight
