// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics_address.h"

#include <QCoreApplication>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Metrics)
};

std::optional<MetricsAddress> fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return std::nullopt;
}

// Digits only: "+80", " 80" and "0x50" are not ports.
std::optional<quint16> portOf(QStringView text)
{
    if (text.isEmpty() || text.size() > 5)
        return std::nullopt;
    for (QChar c : text)
        if (c < u'0' || c > u'9')
            return std::nullopt;
    const int port = text.toInt();
    if (port > 65535)
        return std::nullopt;
    return quint16(port);
}

} // namespace

QString MetricsAddress::toString() const
{
    const QString h = host.protocol() == QAbstractSocket::IPv6Protocol
                          ? QStringLiteral("[%1]").arg(host.toString())
                          : host.toString();
    return QStringLiteral("%1:%2").arg(h).arg(port);
}

std::optional<MetricsAddress> parseMetricsAddress(QStringView text, QString* error)
{
    const QString given = text.toString();
    const auto badPort = [&](QStringView port) {
        return fail(error, Tr::tr("'%1' is not a port: give a number from 1 to 65535 (0 picks a free one), "
                                  "as in 127.0.0.1:9464")
                               .arg(port));
    };
    MetricsAddress out;
    QStringView hostText;
    QStringView portText;
    if (text.startsWith(u'[')) {
        const qsizetype close = text.indexOf(u']');
        if (close < 0)
            return fail(error, Tr::tr("'%1' opens '[' without closing it: write an IPv6 address as "
                                      "[::1]:9464")
                                   .arg(given));
        hostText = text.mid(1, close - 1);
        const QStringView rest = text.mid(close + 1);
        if (!rest.startsWith(u':') || rest.size() == 1)
            return fail(error, Tr::tr("'%1' has no port: write it as [%2]:9464").arg(given, hostText));
        portText = rest.mid(1);
        if (!out.host.setAddress(hostText.toString()) || out.host.protocol() != QAbstractSocket::IPv6Protocol)
            return fail(error, Tr::tr("'%1' is not an IPv6 address: write one such as [::1]:9464 or "
                                      "[::]:9464")
                                   .arg(hostText));
    } else {
        const qsizetype colons = text.count(u':');
        if (colons > 1)
            return fail(error, Tr::tr("'%1' looks like an IPv6 address: put it in brackets, as in "
                                      "[::1]:9464")
                                   .arg(given));
        if (colons == 1) {
            const qsizetype colon = text.indexOf(u':');
            hostText = text.left(colon);
            portText = text.mid(colon + 1);
        } else {
            portText = text;
        }
        if (portText.isEmpty())
            return fail(error, Tr::tr("'%1' has no port: write ADDRESS:PORT, :PORT or PORT, as in "
                                      "127.0.0.1:9464")
                                   .arg(given));
        if (colons == 0 && !portOf(portText))
            return fail(error, Tr::tr("'%1' is not a port: write ADDRESS:PORT, as in 0.0.0.0:9464, or a port "
                                      "alone for the loopback address")
                                   .arg(given));
        if (hostText.isEmpty() || hostText == u"localhost")
            out.host = QHostAddress(QHostAddress::LocalHost);
        // Dotted quads only, as written back: inet_aton would read "1.2.3" as 1.2.0.3 and "010.0.0.1"
        // as 8.0.0.1.
        else if (!out.host.setAddress(hostText.toString()) ||
                 out.host.protocol() != QAbstractSocket::IPv4Protocol || out.host.toString() != hostText)
            return fail(error, Tr::tr("'%1' is not an IPv4 address: give one such as 127.0.0.1 or 0.0.0.0 "
                                      "(IPv6 in brackets: [::1]:9464)")
                                   .arg(hostText));
    }
    const auto port = portOf(portText);
    if (!port)
        return badPort(portText);
    out.port = *port;
    return out;
}

} // namespace numasight
