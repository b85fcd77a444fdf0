public import WavePushPayloads

/// The push service of a token: APNs or FCM (the payload encoders' platform).
public typealias PushPlatform = PushPayload.Platform
