// PostgreSQL's client library (Debian: libpq-dev; macOS: Homebrew's libpq).
#include <libpq-fe.h>
// A notification listener's thread sleeps in poll() on the connection's socket and an eventfd that stops it.
#include <sys/eventfd.h>
