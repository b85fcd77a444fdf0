// GNU libmicrohttpd (Debian: libmicrohttpd-dev) for the push server's HTTP API. MHD_start_daemon and
// MHD_get_daemon_info are variadic, which Swift cannot call: these inline wrappers give each use its own typed
// function, with the options the API sets and nothing else.
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// Starts a daemon bound to `address` (IPv4, or IPv6 when `ipv6`; port 0: the kernel picks one) whose requests are answered on its own threads:
// one internal polling thread, or a pool of `threads` when more than one. MHD_USE_ITC makes MHD_quiesce_daemon
// possible; no MHD_USE_ERROR_LOG, so the library never prints a URL or a header. `accept` is asked about each new
// connection (MHD_NO closes it at once) and `notify` hears each connection start and close: the caller keeps its own
// connection limit with them, since at its own limit the library stops accepting and leaves clients waiting in the
// kernel's queue.
static inline struct MHD_Daemon *wave_mhd_start(
    const struct sockaddr *address, int ipv6, unsigned int threads, unsigned int connectionLimit, unsigned int timeoutSeconds,
    size_t memoryLimit, MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    MHD_AcceptPolicyCallback accept, MHD_NotifyConnectionCallback notify, void *context) {
    unsigned int flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC;
    // An IPv6 socket that also takes IPv4 (IPV6_V6ONLY off): `::` listens on both families.
    if (ipv6) flags |= MHD_USE_DUAL_STACK;
    return MHD_start_daemon(
        flags, 0, accept, context, handler, context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, notify, context,
        MHD_OPTION_THREAD_POOL_SIZE, threads > 1 ? threads : 0,
        MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryLimit,
        MHD_OPTION_END);
}

// The port the daemon listens on (the kernel's choice when it was started with port 0), or 0 when unknown.
static inline uint16_t wave_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

// How many connections the daemon holds open now.
static inline unsigned int wave_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

// A response holding its own copy of `size` bytes.
static inline struct MHD_Response *wave_mhd_response_copying(const void *bytes, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

// The library's yes and no, and the two kinds of values read, as plain constants (its enums import as Swift enums
// whose case names depend on the importer's prefix stripping).
static const enum MHD_Result wave_mhd_yes = MHD_YES;
static const enum MHD_Result wave_mhd_no = MHD_NO;
static const enum MHD_ValueKind wave_mhd_header_kind = MHD_HEADER_KIND;
static const enum MHD_ValueKind wave_mhd_query_kind = MHD_GET_ARGUMENT_KIND;
static const enum MHD_ConnectionNotificationCode wave_mhd_connection_started = MHD_CONNECTION_NOTIFY_STARTED;
