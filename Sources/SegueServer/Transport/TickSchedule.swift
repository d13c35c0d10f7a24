/// Which sessions each slot of the frame interval ticks, and how many slots the interval has.
///
/// A slot's run of frames holds back every input that arrives during it, so runs should be short;
/// but every slot is a wakeup, and an idle or small server should not wake hundreds of times a
/// second for nothing. So the slot count follows the sessions: as many slots as keep each run to
/// about `sessionsPerSlot` sessions, from one up to `bucketCount`.
///
/// Sessions sit in `bucketCount` buckets by id and never move between them. Slot k ticks the
/// buckets b with b % slotCount == k, so every bucket is ticked exactly once per interval whatever
/// the slot count is. Only when the count changes may a bucket be ticked once early or late.
struct TickSchedule {
    /// The most slots per interval; also how many buckets sessions are kept in.
    let bucketCount: Int
    /// Sessions one slot should tick at most, once the slots are not yet at `bucketCount`.
    let sessionsPerSlot: Int
    private(set) var slotCount = 1
    private var nextSlot = 0

    init(bucketCount: Int, sessionsPerSlot: Int) {
        precondition(bucketCount >= 1 && sessionsPerSlot >= 1)
        self.bucketCount = bucketCount
        self.sessionsPerSlot = sessionsPerSlot
    }

    /// The bucket a session with this id stays in.
    func bucket(of id: UInt64) -> Int {
        Int(id % UInt64(bucketCount))
    }

    /// Sets the slot count for `sessions`. It grows as soon as a slot would tick more than
    /// `sessionsPerSlot`, and shrinks only once half as many slots would do, so a server whose
    /// sessions come and go around a boundary does not re-arm its timer at every one. Returns
    /// whether the count changed (the frame timer's period must follow).
    mutating func fit(sessions: Int) -> Bool {
        let needed = min(max(1, (sessions + sessionsPerSlot - 1) / sessionsPerSlot), bucketCount)
        guard needed > slotCount || needed * 2 <= slotCount else { return false }
        slotCount = needed
        nextSlot = 0
        return true
    }

    /// The buckets the next slot ticks; moves on to the slot after it.
    mutating func takeSlot() -> StrideTo<Int> {
        let slot = nextSlot
        nextSlot = (nextSlot + 1) % slotCount
        return stride(from: slot, to: bucketCount, by: slotCount)
    }
}
