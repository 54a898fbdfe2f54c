import Models

/// `optimal` in a scenario kind: Belady's policy needs the run's request stream in advance, so a
/// run with policy `optimal` is two passes of the same deterministic run. The first, under `lru`,
/// records the stream its bounded cache sees (the stream does not depend on the policy: the
/// scripts, users and views decide what is asked for, the cache only whether it is found); the
/// second runs with an ``OptimalPolicy`` built from that stream, following the second pass's own
/// log of it. Only the second pass's rows are kept.
enum OptimalPass {
    /// Runs `configuration` through `drive`, given the recorded future when the run's eviction
    /// policy is `optimal` (nil otherwise, and in the recording pass, which runs as
    /// `recordingPolicy`: lru where the run's policy is the eviction policy). The recording pass
    /// reports no progress; it is cancelled like the run.
    static func run(
        _ configuration: RunConfiguration, isOptimal: Bool? = nil,
        recordingPolicy: PolicyName = PolicyRegistry.recordingPolicy,
        drive: (RunConfiguration, _ future: [UInt64]?, _ reportsProgress: Bool) -> RunOutput
    ) -> RunOutput {
        guard isOptimal ?? configuration.policy.needsFuture else { return drive(configuration, nil, true) }
        var recording = configuration
        recording.policy = recordingPolicy
        recording.recordsTrace = true
        let first = drive(recording, nil, false)
        guard first.complete, let stream = first.trace else {
            // Interrupted (or failed) before the stream was known: nothing of optimal's to report.
            return drive(configuration, [], true)
        }
        return drive(configuration, stream.map(\.key), true)
    }

    /// The request log a run keeps (when it records its stream or follows a future) and the
    /// policy `policy` names following it (when given a future).
    static func log(
        for configuration: RunConfiguration, future: [UInt64]?, policy: PolicyName? = nil,
        parameters: PolicyParameters = PolicyParameters()
    ) -> (log: CacheRequestLog?, optimal: (any EvictionPolicy)?) {
        guard configuration.recordsTrace || future != nil else { return (nil, nil) }
        let log = CacheRequestLog()
        return (log, future.map {
            (policy ?? configuration.policy).makePolicy(
                seed: configuration.seed, parameters: parameters, future: $0, following: log)
        })
    }
}
