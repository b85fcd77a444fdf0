// PostgreSQL's client library (Debian: libpq-dev; macOS: Homebrew's libpq).
#include <libpq-fe.h>
