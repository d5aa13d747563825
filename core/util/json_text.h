#pragma once

#include <QByteArray>
#include <QJsonObject>

namespace numasight {

// Entity attributes and edge payloads are stored as compact JSON text; these convert at the edges
// (details pane, capture file) where a parsed object is wanted.
QJsonObject parseJsonObject(const QByteArray& text);
QByteArray compactJson(const QJsonObject& object);

} // namespace numasight
