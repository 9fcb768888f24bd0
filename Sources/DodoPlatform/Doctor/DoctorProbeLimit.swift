/// How long doctor's probes (`xdg-mime`, `xdg-settings`) may run: each at most `each`, and
/// all of them together end by `deadline`, so that doctor finishes whatever hangs.
package struct DoctorProbeLimit: Sendable {
  package var each: Duration
  package var deadline: ContinuousClock.Instant

  /// From now: `each` for a probe, `all` for every probe together.
  package init(each: Duration = .seconds(5), all: Duration = .seconds(10)) {
    self.each = each
    deadline = ContinuousClock.now + all
  }

  /// What the next probe may take.
  var next: Duration { min(each, max(.zero, ContinuousClock.now.duration(to: deadline))) }
}
