// The adapter's wall clock, `SystemAlarmClock`, lives in WaveSystemClock so that a server (wavepush) can have it
// without the desktop adapter; an app that imports the adapter gets it with it.
@_exported public import WaveSystemClock
