/// A store's watch for sends recorded through any of its connections (``PushServerStore/watchNewSends(_:onError:)``):
/// it calls back until stopped.
package protocol NewSendsWatch: Sendable {
    /// Stops calling back; returns at once.
    func stop()
}
