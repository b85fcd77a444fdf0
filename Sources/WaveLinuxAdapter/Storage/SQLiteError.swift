public import WaveSQLite

/// A SQLite call of the store or the inbox failed: WaveSQLite's error, named here so the adapter's users catch it
/// without importing WaveSQLite (see ``WaveSQLite/SQLiteError``).
public typealias SQLiteError = WaveSQLite.SQLiteError
