internal import Foundation
internal import WaveCommandLine
internal import WaveJSON

/// A partial result: one shard's tally, with what names its fleet and its place among the shards
/// (`wavesim fleet FILE --shard i/K --part`), written and read as JSON with exact integers.
struct FleetPart: Sendable, Equatable {
    /// The fleet file's fingerprint (``FleetFileDecoder/fingerprint(of:)``).
    var fleet: String
    /// The fleet's app.
    var app: String
    /// The fleet's users, all shards together.
    var fleetUsers: Int
    /// The days each user is replayed.
    var days: Int
    /// The fleet's seed.
    var seed: UInt64
    /// This shard's index, from 0.
    var shard: Int
    /// How many shards the fleet was cut into.
    var shardCount: Int
    /// The shard's tally.
    var tally: FleetTally

    /// The part as one line of JSON, keys in a fixed order, maps sorted by key.
    var json: String {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.member("type", "fleetPart")
        writer.member("fleet", fleet)
        writer.member("app", app)
        writer.member("users", fleetUsers)
        writer.member("days", days)
        writer.key("seed")
        writer.number(Int(seed))
        writer.key("shard")
        writer.beginObject()
        writer.member("index", shard)
        writer.member("count", shardCount)
        writer.endObject()
        writer.member("usersRun", tally.users)
        writer.member("userDays", tally.userDays)
        writer.member("worstKept", tally.worstKept)
        writer.key("groups")
        writer.beginObject()
        for (platform, channels) in tally.groups.sorted(by: { $0.key < $1.key }) {
            writer.key(platform)
            writer.beginObject()
            for (channel, group) in channels.sorted(by: { $0.key < $1.key }) {
                writer.key(channel)
                writer.beginObject()
                writer.member("due", group.due)
                writer.key("toldAfter")
                writer.beginObject()
                for (minutes, count) in group.toldAfter.sorted(by: { $0.key < $1.key }) {
                    writer.member(String(minutes), count)
                }
                writer.endObject()
                for (name, costs) in [("late", group.late), ("quiet", group.quiet)] {
                    writer.key(name)
                    writer.fleetCosts(costs)
                }
                for (name, counts) in [
                    ("lost", group.lost), ("suppressed", group.suppressed), ("skipped", group.skipped),
                ] {
                    writer.key(name)
                    writer.fleetCounts(counts)
                }
                writer.endObject()
            }
            writer.endObject()
        }
        writer.endObject()
        writer.key("conditions")
        writer.beginObject()
        for (name, condition) in tally.conditions.sorted(by: { $0.key < $1.key }) {
            writer.key(name)
            writer.beginObject()
            writer.fleetConditionMembers(condition)
            writer.endObject()
        }
        writer.endObject()
        writer.key("skippedRuns")
        writer.fleetCounts(tally.skippedRuns)
        writer.key("worst")
        writer.beginArray()
        for user in tally.worst { writer.fleetUser(user) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }
}

extension JSONWriter {
    /// Writes a member whose key is not a literal and whose value is an integer.
    fileprivate mutating func member(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }
}

extension FleetPart {
    /// Reads a part written by ``json``.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: The file's name, for messages.
    /// - Returns: The part.
    /// - Throws: ``ScenarioError`` naming each problem's JSON path.
    static func read(_ bytes: [UInt8], file: String) throws(ScenarioError) -> FleetPart {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(
                file: file, problems: [.init(path: "", message: "not valid JSON: \(error)")], document: "fleet part")
        }
        var reader = PartReader()
        let part = reader.part(root)
        guard reader.diagnostics.isClean, let part else {
            throw ScenarioError(file: file, problems: reader.diagnostics.problems, document: "fleet part")
        }
        return part
    }
}

/// Reads a part's JSON, recording each problem with its path.
private struct PartReader {
    var diagnostics = DecodingDiagnostics()

    init() { diagnostics.unknownKeysAreProblems = true }

    mutating func part(_ root: JSONValue) -> FleetPart? {
        let path = JSONPath.root
        guard
            let members = object(
                root, path,
                keys: [
                    "type", "fleet", "app", "users", "days", "seed", "shard", "usersRun", "userDays", "worstKept",
                    "groups", "conditions", "skippedRuns", "worst",
                ])
        else { return nil }
        if string(members["type"], path.appending(key: "type")) != "fleetPart" {
            diagnostics.problem(path.appending(key: "type"), "expected \"fleetPart\": a part written by --shard")
            return nil
        }
        let fleet = string(members["fleet"], path.appending(key: "fleet"))
        let app = string(members["app"], path.appending(key: "app"))
        let users = integer(members["users"], path.appending(key: "users"))
        let days = integer(members["days"], path.appending(key: "days"))
        let seed = integer(members["seed"], path.appending(key: "seed"))
        let shardPath = path.appending(key: "shard")
        let shard = object(members["shard"] ?? .null, shardPath, keys: ["index", "count"])
        let index = shard.flatMap { integer($0["index"], shardPath.appending(key: "index")) }
        let count = shard.flatMap { integer($0["count"], shardPath.appending(key: "count")) }
        var tally = FleetTally()
        tally.users = integer(members["usersRun"], path.appending(key: "usersRun")) ?? 0
        tally.userDays = integer(members["userDays"], path.appending(key: "userDays")) ?? 0
        tally.worstKept = integer(members["worstKept"], path.appending(key: "worstKept")) ?? 1
        let groupsPath = path.appending(key: "groups")
        for (platform, channels) in object(members["groups"] ?? .null, groupsPath) ?? [:] {
            let platformPath = groupsPath.appending(key: platform)
            for (channel, value) in object(channels, platformPath) ?? [:] {
                if let group = group(value, platformPath.appending(key: channel)) {
                    tally.groups[platform, default: [:]][channel] = group
                }
            }
        }
        let conditionsPath = path.appending(key: "conditions")
        for (name, value) in object(members["conditions"] ?? .null, conditionsPath) ?? [:] {
            let conditionPath = conditionsPath.appending(key: name)
            guard let fields = object(value, conditionPath, keys: ["users", "due", "lateMinutes", "lost", "notTold"])
            else { continue }
            var condition = FleetTally.Condition()
            condition.users = integer(fields["users"], conditionPath.appending(key: "users")) ?? 0
            condition.due = integer(fields["due"], conditionPath.appending(key: "due")) ?? 0
            condition.lateMinutes = integer(fields["lateMinutes"], conditionPath.appending(key: "lateMinutes")) ?? 0
            condition.lost = integer(fields["lost"], conditionPath.appending(key: "lost")) ?? 0
            condition.notTold = integer(fields["notTold"], conditionPath.appending(key: "notTold")) ?? 0
            tally.conditions[name] = condition
        }
        tally.skippedRuns = counts(members["skippedRuns"] ?? .null, path.appending(key: "skippedRuns")) ?? [:]
        let worstPath = path.appending(key: "worst")
        if case .array(let rows) = members["worst"] ?? .null {
            for (offset, row) in rows.enumerated() {
                if let user = user(row, worstPath.appending(index: offset)) { tally.worst.append(user) }
            }
        } else {
            diagnostics.problem(worstPath, "expected an array of users")
        }
        guard let fleet, let app, let users, let days, let seed, let index, let count else { return nil }
        guard count >= 1, (0..<count).contains(index) else {
            diagnostics.problem(shardPath, "index \(index) is not in 0..<\(count)")
            return nil
        }
        return FleetPart(
            fleet: fleet, app: app, fleetUsers: users, days: days, seed: UInt64(seed), shard: index,
            shardCount: count, tally: tally)
    }

    private mutating func group(_ value: JSONValue, _ path: JSONPath) -> FleetTally.Group? {
        guard
            let fields = object(
                value, path, keys: ["due", "toldAfter", "late", "quiet", "lost", "suppressed", "skipped"])
        else { return nil }
        var group = FleetTally.Group()
        group.due = integer(fields["due"], path.appending(key: "due")) ?? 0
        for (minutes, count) in counts(fields["toldAfter"] ?? .null, path.appending(key: "toldAfter")) ?? [:] {
            guard let whole = Int(minutes), whole >= 0 else {
                diagnostics.problem(path.appending(key: "toldAfter").appending(key: minutes), "expected whole minutes")
                continue
            }
            group.toldAfter[whole] = count
        }
        group.late = costs(fields["late"] ?? .null, path.appending(key: "late"))
        group.quiet = costs(fields["quiet"] ?? .null, path.appending(key: "quiet"))
        group.lost = counts(fields["lost"] ?? .null, path.appending(key: "lost")) ?? [:]
        group.suppressed = counts(fields["suppressed"] ?? .null, path.appending(key: "suppressed")) ?? [:]
        group.skipped = counts(fields["skipped"] ?? .null, path.appending(key: "skipped")) ?? [:]
        return group
    }

    private mutating func costs(_ value: JSONValue, _ path: JSONPath) -> [String: FleetTally.Cost] {
        var costs: [String: FleetTally.Cost] = [:]
        for (reason, member) in object(value, path) ?? [:] {
            let memberPath = path.appending(key: reason)
            guard let fields = object(member, memberPath, keys: ["count", "minutes"]),
                let count = integer(fields["count"], memberPath.appending(key: "count")),
                let minutes = integer(fields["minutes"], memberPath.appending(key: "minutes"))
            else { continue }
            costs[reason] = FleetTally.Cost(count: count, minutes: minutes)
        }
        return costs
    }

    private mutating func user(_ value: JSONValue, _ path: JSONPath) -> FleetTally.User? {
        guard
            let fields = object(
                value, path,
                keys: ["user", "platform", "timeZone", "conditions", "due", "notTold", "lost", "lateMinutes"])
        else { return nil }
        var conditions: [String] = []
        if case .array(let names) = fields["conditions"] ?? .null {
            for (offset, name) in names.enumerated() {
                if let text = string(name, path.appending(key: "conditions").appending(index: offset)) {
                    conditions.append(text)
                }
            }
        } else {
            diagnostics.problem(path.appending(key: "conditions"), "expected an array of condition names")
        }
        guard let index = integer(fields["user"], path.appending(key: "user")),
            let platform = string(fields["platform"], path.appending(key: "platform")),
            let timeZone = string(fields["timeZone"], path.appending(key: "timeZone")),
            let due = integer(fields["due"], path.appending(key: "due")),
            let notTold = integer(fields["notTold"], path.appending(key: "notTold")),
            let lost = integer(fields["lost"], path.appending(key: "lost")),
            let lateMinutes = integer(fields["lateMinutes"], path.appending(key: "lateMinutes"))
        else { return nil }
        return FleetTally.User(
            index: index, platform: platform, timeZone: timeZone, conditions: conditions, due: due, notTold: notTold,
            lost: lost, lateMinutes: lateMinutes)
    }

    private mutating func counts(_ value: JSONValue, _ path: JSONPath) -> [String: Int]? {
        guard let members = object(value, path) else { return nil }
        var counts: [String: Int] = [:]
        for (key, member) in members {
            if let count = integer(member, path.appending(key: key)) { counts[key] = count }
        }
        return counts
    }

    /// The members of an object by key; with `keys`, a missing or unknown key is a problem.
    private mutating func object(_ value: JSONValue, _ path: JSONPath, keys: [String]? = nil) -> [String: JSONValue]? {
        guard case .object(let pairs) = value else {
            diagnostics.problem(path, "expected an object, found \(value.typeDescription)")
            return nil
        }
        var members: [String: JSONValue] = [:]
        for (key, member) in pairs {
            if let keys, !keys.contains(key) {
                diagnostics.problem(path.appending(key: key), "unknown key")
                continue
            }
            if members.updateValue(member, forKey: key) != nil {
                diagnostics.problem(path.appending(key: key), "duplicate key; each key may appear once")
            }
        }
        for key in keys ?? [] where members[key] == nil {
            diagnostics.problem(path.appending(key: key), "is required")
        }
        return members
    }

    private mutating func integer(_ value: JSONValue?, _ path: JSONPath) -> Int? {
        guard let value else { return nil }
        guard case .number(let text) = value, let number = Int(text), number >= 0 else {
            diagnostics.problem(path, "expected a whole number of 0 or more, found \(value.typeDescription)")
            return nil
        }
        return number
    }

    private mutating func string(_ value: JSONValue?, _ path: JSONPath) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value else {
            diagnostics.problem(path, "expected a string, found \(value.typeDescription)")
            return nil
        }
        return text
    }
}
