// The system SQLite 3 library (Debian: libsqlite3-dev; macOS: the SDK's or Homebrew's sqlite).
#include <sqlite3.h>
