// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHostAddress>
#include <QString>
#include <QStringView>

#include <optional>

namespace numasight {

// Where the metrics endpoint listens.
struct MetricsAddress
{
    QHostAddress host{QHostAddress::LocalHost};
    quint16 port = 0; // 0: any free port (the server says which)

    // "127.0.0.1:9464", "[::1]:9464"
    QString toString() const;
};

// The value of `--metrics`: "ADDRESS:PORT", ":PORT" or "PORT" (loopback, 127.0.0.1), "[IPv6]:PORT";
// "localhost" is 127.0.0.1. Only numeric addresses otherwise: a name would need a resolver before the
// recording starts. nullopt with `error` set (one sentence saying what to write) for anything else.
std::optional<MetricsAddress> parseMetricsAddress(QStringView text, QString* error);

} // namespace numasight
