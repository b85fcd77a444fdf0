// The reference D-Bus client library, libdbus-1 (Debian: libdbus-1-dev), for the desktop sink's session-bus
// connection. Why this library and not sd-bus: docs/linux-adapter.md, "Seeing a real desktop notification".
#include <dbus/dbus.h>
// The connection's loop thread sleeps in poll() on the bus socket and an eventfd that wakes it for new work
// (Swift's Glibc module leaves this header out).
#include <sys/eventfd.h>
