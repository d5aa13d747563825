#include "json_text.h"

#include <QJsonDocument>

namespace numasight {

QJsonObject parseJsonObject(const QByteArray& text)
{
    if (text.isEmpty())
        return {};
    return QJsonDocument::fromJson(text).object();
}

QByteArray compactJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace numasight
