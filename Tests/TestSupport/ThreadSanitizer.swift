#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process was built with ThreadSanitizer (`swift test --sanitize=thread`, as `.ci/run`'s second run).
///
/// Under ThreadSanitizer every instrumented process runs several times slower, children included. A test that waits
/// for real outside programs (the desktop tests, against dunst) allows itself more time before it counts as hung;
/// no assertion depends on it.
package enum ThreadSanitizer {
    /// `true` when ThreadSanitizer's runtime is linked into this process: its `__tsan_init` is found in the
    /// process's global scope (a null handle is `RTLD_DEFAULT`).
    package static let isActive: Bool = dlsym(nil, "__tsan_init") != nil
}
