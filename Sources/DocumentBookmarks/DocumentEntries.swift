/// Values by file name, for the store's documents: a dictionary from a file to its slot, and
/// the files and values in dense arrays.
///
/// A `[String: Entry]` keeps each value in the dictionary's buckets, and a dictionary has up
/// to 2.7 buckets per element (100,000 documents: 262,144 buckets of 176 bytes, 44 MB). Here
/// the buckets hold a 4-byte slot and the values sit once each in an array: about half the
/// memory. Removing moves the last value into the freed slot, so the arrays stay dense.
struct DocumentEntries<Value>: Sequence, ExpressibleByDictionaryLiteral {
  private var slots: [String: Int32] = [:]
  private var files: ContiguousArray<String> = []
  private var stored: ContiguousArray<Value> = []

  init() {}

  init(dictionaryLiteral elements: (String, Value)...) {
    for (file, value) in elements { self[file] = value }
  }

  var count: Int { stored.count }
  var isEmpty: Bool { stored.isEmpty }

  /// Every value, in no particular order.
  var values: ContiguousArray<Value> { stored }
  /// Every file, in the order of ``values``.
  var keys: ContiguousArray<String> { files }

  mutating func reserveCapacity(_ capacity: Int) {
    slots.reserveCapacity(capacity)
    files.reserveCapacity(capacity)
    stored.reserveCapacity(capacity)
  }

  subscript(file: String) -> Value? {
    get { slots[file].map { stored[Int($0)] } }
    set {
      if let slot = slots[file] {
        if let newValue {
          stored[Int(slot)] = newValue
        } else {
          remove(file, at: Int(slot))
        }
      } else if let newValue {
        slots[file] = Int32(stored.count)
        files.append(file)
        stored.append(newValue)
      }
    }
  }

  @discardableResult
  mutating func removeValue(forKey file: String) -> Value? {
    guard let slot = slots[file] else { return nil }
    let value = stored[Int(slot)]
    remove(file, at: Int(slot))
    return value
  }

  private mutating func remove(_ file: String, at slot: Int) {
    slots[file] = nil
    let last = stored.count - 1
    if slot != last {
      stored.swapAt(slot, last)
      files.swapAt(slot, last)
      slots[files[slot]] = Int32(slot)
    }
    stored.removeLast()
    files.removeLast()
  }

  func makeIterator() -> some IteratorProtocol<(key: String, value: Value)> {
    zip(files, stored).lazy.map { (key: $0, value: $1) }.makeIterator()
  }
}

extension DocumentEntries: Sendable where Value: Sendable {}
