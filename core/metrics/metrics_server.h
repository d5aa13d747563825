// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/metrics_address.h"

#include <QByteArray>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>

namespace numasight {

struct MetricsServerLimits
{
    int maxConnections = 32;                      // open at once; more are closed at once
    qsizetype maxRequestBytes = 8192;             // request line and headers; a longer request gets 431
    std::chrono::milliseconds idleTimeout{10000}; // a connection that neither sends nor takes is closed
};

// A read-only HTTP/1.1 endpoint serving `GET /metrics` (HEAD too) with the bytes `body` returns, as
// `text/plain; version=0.0.4`; 404 for any other path, 405 for any other method, 400 for what is not an
// HTTP/1.x request. Each answer closes its connection. It runs on a thread of its own with its own event
// loop, so that it answers while the thread that started it blocks (the recorder's loop), and calls `body`
// there.
class MetricsServer
{
public:
    using Body = std::function<QByteArray()>;

    // Listens on `address`; null with `error` set (the address and the system's reason) when it cannot.
    static std::unique_ptr<MetricsServer> start(const MetricsAddress& address, Body body, QString* error,
                                                const MetricsServerLimits& limits = {});
    // Stops listening, closes every connection and joins the thread.
    ~MetricsServer();

    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    // The address listened on, with the port chosen when 0 was asked for.
    MetricsAddress address() const { return m_address; }
    // "http://127.0.0.1:9464/metrics"
    QString url() const;

private:
    MetricsServer() = default;
    class Thread;
    std::unique_ptr<Thread> m_thread;
    MetricsAddress m_address;
};

} // namespace numasight
