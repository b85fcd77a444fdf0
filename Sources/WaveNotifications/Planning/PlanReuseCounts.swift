/// How often an app service's reconciles planned and how often they reused the last plan because nothing it depends
/// on changed: what a service's tests read to know that an unchanged reconcile did no planning.
package struct PlanReuseCounts: Hashable, Sendable {
    /// Plans asked for.
    package var plans = 0
    /// Plans reused because nothing they depend on changed.
    package var plansReused = 0

    package init() {}
}
