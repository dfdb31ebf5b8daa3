import Foundation

/// A parser for Apple's binary property-list format (`bplist00`), as Foundation and macOS's
/// `defaults` write it, so that Foundation is never handed one: swift-corelibs-foundation's
/// `PropertyListSerialization` dereferences a null pointer on a binary list holding a set,
/// and a damaged user-defaults, settings or key-value cache file would crash Cloudy.
///
/// It reads what ``PropertyList`` can hold exactly: booleans, integers of up to 64 bits (a
/// 128-bit one only when its value fits), reals, dates a writer can write
/// (`Date.isWritable`), data, strings, arrays and dictionaries with string keys.
/// Anything else (sets, ordered sets, UIDs, null, integers beyond 64 bits, invalid UTF-16)
/// is refused with a ``PropertyListError``, as are references out of the file, nesting
/// beyond ``PropertyListReader/maximumDepth`` (a cycle ends there) and objects shared so
/// often that the value would outgrow the file (a few bytes could otherwise name an
/// exponentially large value).
///
/// The layout: the 8-byte header, the objects, a table of each object's offset, and a
/// 32-byte trailer (the size of an offset and of a reference, the number of objects, the
/// top object, the table's offset). An object is a marker byte (type in the high nibble,
/// size or count in the low one; 0xF means a count follows as an integer object) and its
/// bytes, big-endian.
struct PropertyListBinaryParser {
  /// How every binary property list starts; such bytes are never given to Foundation.
  static let magic = Array("bplist".utf8)
  private static let header = Array("bplist00".utf8)
  private static let trailerSize = 32

  private let bytes: [UInt8]
  private var offsetSize = 0
  private var referenceSize = 0
  private var objectCount = 0
  private var offsetTable = 0
  /// How many arrays and dictionaries enclose the object being read.
  private var depth = 0
  /// How many more objects may be read: every object but the top one takes at least a
  /// byte of reference, so a value of unshared arrays and dictionaries never runs out.
  private var budget: Int

  init(bytes: [UInt8]) {
    self.bytes = bytes
    budget = bytes.count
  }

  mutating func parse() throws -> PropertyList {
    guard bytes.count >= Self.header.count + 1 + Self.trailerSize, bytes.starts(with: Self.header) else {
      throw PropertyListError("not a binary property list Cloudy reads (bplist00)")
    }
    let trailer = bytes.count - Self.trailerSize
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let count = unsigned(at: trailer + 8, size: 8), let top = unsigned(at: trailer + 16, size: 8),
      let table = unsigned(at: trailer + 24, size: 8),
      table >= Self.header.count + 1, table <= trailer, count >= 1, count <= (trailer - table) / offsetSize, top < count
    else { throw damaged("its trailer is damaged") }
    objectCount = count
    offsetTable = table
    return try object(top)
  }

  // MARK: - Objects

  private mutating func object(_ number: Int) throws -> PropertyList {
    budget -= 1
    guard budget >= 0 else { throw damaged("its objects are shared too often") }
    guard let offset = unsigned(at: offsetTable + number * offsetSize, size: offsetSize),
      offset >= Self.header.count, offset < offsetTable
    else { throw damaged("an object's offset is out of the file") }
    let marker = bytes[offset]
    let info = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x0 where marker == 0x08: return .bool(false)
    case 0x0 where marker == 0x09: return .bool(true)
    case 0x1: return .integer(try integer(info, at: offset + 1))
    case 0x2: return .real(try real(info, at: offset + 1))
    case 0x3 where marker == 0x33:
      guard let bits = unsigned64(at: offset + 1, size: 8) else { throw damaged("a date is cut short") }
      let date = Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
      guard date.isWritable else {
        throw PropertyListError("a date outside the years 1 to 9999", cannotKeepExactly: true)
      }
      return .date(date)
    case 0x4:
      let (count, start) = try length(info, at: offset)
      guard count <= offsetTable - start else { throw damaged("data runs past its end") }
      return .data(Data(bytes[start..<start + count]))
    case 0x5:
      let (count, start) = try length(info, at: offset)
      guard count <= offsetTable - start else { throw damaged("a string runs past its end") }
      let ascii = bytes[start..<start + count]
      guard ascii.allSatisfy({ $0 < 0x80 }) else {
        throw PropertyListError("an ASCII string with a byte that is not ASCII", cannotKeepExactly: true)
      }
      return .string(String(decoding: ascii, as: UTF8.self))
    case 0x6:
      let (count, start) = try length(info, at: offset)
      guard count <= (offsetTable - start) / 2 else { throw damaged("a string runs past its end") }
      return .string(try utf16(count, at: start))
    case 0xA:
      let (count, start) = try length(info, at: offset)
      guard count <= (offsetTable - start) / referenceSize else { throw damaged("an array runs past its end") }
      try enter()
      defer { depth -= 1 }
      var items: [PropertyList] = []
      items.reserveCapacity(count)
      for index in 0..<count {
        items.append(try object(try reference(at: start + index * referenceSize)))
      }
      return .array(items)
    case 0xD:
      let (count, start) = try length(info, at: offset)
      guard count <= (offsetTable - start) / referenceSize / 2 else {
        throw damaged("a dictionary runs past its end")
      }
      try enter()
      defer { depth -= 1 }
      var result: [String: PropertyList] = [:]
      result.reserveCapacity(count)
      for index in 0..<count {
        guard case .string(let key) = try object(try reference(at: start + index * referenceSize)) else {
          throw PropertyListError("a dictionary key that is not a string")
        }
        // A later duplicate key wins, as in the XML reader.
        result[key] = try object(try reference(at: start + (count + index) * referenceSize))
      }
      return .dictionary(result)
    default:
      // Null, fill, UIDs, ordered sets, sets and the unassigned types.
      throw PropertyListError(
        "a binary property-list object of type 0x\(String(marker, radix: 16)) Cloudy does not read")
    }
  }

  /// An integer object's value after its marker: 1, 2 or 4 bytes unsigned, 8 bytes signed,
  /// or 16 bytes whose value fits in 64 bits.
  private func integer(_ info: Int, at start: Int) throws -> Int {
    switch info {
    case 0...2:
      guard let value = unsigned(at: start, size: 1 << info) else { throw damaged("an integer is cut short") }
      return value
    case 3:
      guard let bits = unsigned64(at: start, size: 8) else { throw damaged("an integer is cut short") }
      return Int(Int64(bitPattern: bits))
    case 4:
      guard let high = unsigned64(at: start, size: 8), let low = unsigned64(at: start + 8, size: 8) else {
        throw damaged("an integer is cut short")
      }
      let value = Int64(bitPattern: low)
      guard high == (value < 0 ? UInt64.max : 0) else {
        throw PropertyListError("an integer beyond 64 bits", cannotKeepExactly: true)
      }
      return Int(value)
    default:
      throw damaged("an integer of \(info) has no size")
    }
  }

  private func real(_ info: Int, at start: Int) throws -> Double {
    switch info {
    case 2:
      guard let bits = unsigned64(at: start, size: 4) else { throw damaged("a real is cut short") }
      return Double(Float(bitPattern: UInt32(bits)))
    case 3:
      guard let bits = unsigned64(at: start, size: 8) else { throw damaged("a real is cut short") }
      return Double(bitPattern: bits)
    default:
      throw damaged("a real of \(info) has no size")
    }
  }

  /// The count in a marker's low nibble, or the integer object after it when that is 0xF,
  /// and where the object's contents start.
  private func length(_ info: Int, at offset: Int) throws -> (count: Int, start: Int) {
    guard info == 0xF else { return (info, offset + 1) }
    guard offset + 1 < offsetTable, bytes[offset + 1] >> 4 == 0x1 else { throw damaged("a count is missing") }
    let size = 1 << Int(bytes[offset + 1] & 0x0F)
    guard size <= 8, offset + 2 + size <= offsetTable, let count = unsigned(at: offset + 2, size: size) else {
      throw damaged("a count is too large")
    }
    return (count, offset + 2 + size)
  }

  private func reference(at position: Int) throws -> Int {
    guard let reference = unsigned(at: position, size: referenceSize), reference < objectCount else {
      throw damaged("a reference is out of the file")
    }
    return reference
  }

  private func utf16(_ count: Int, at start: Int) throws -> String {
    var units: [UInt16] = []
    units.reserveCapacity(count)
    for index in 0..<count {
      units.append(UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1]))
    }
    var scalars = String.UnicodeScalarView()
    var iterator = units.makeIterator()
    var decoder = UTF16()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: return String(scalars)
      case .error: throw PropertyListError("a string that is not valid UTF-16", cannotKeepExactly: true)
      }
    }
  }

  /// Goes one array or dictionary deeper, or throws when that is too deep.
  private mutating func enter() throws {
    guard depth < PropertyListReader.maximumDepth else { throw PropertyListError.tooDeep }
    depth += 1
  }

  // MARK: - Bytes

  /// The big-endian unsigned number of `size` bytes at `position`, if it is in the file.
  private func unsigned64(at position: Int, size: Int) -> UInt64? {
    guard position >= 0, size <= bytes.count, position <= bytes.count - size else { return nil }
    var value: UInt64 = 0
    for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
    return value
  }

  /// ``unsigned64(at:size:)`` when it fits in an `Int`.
  private func unsigned(at position: Int, size: Int) -> Int? {
    guard let value = unsigned64(at: position, size: size), value <= UInt64(Int.max) else { return nil }
    return Int(value)
  }

  private func damaged(_ what: String) -> PropertyListError {
    PropertyListError("a damaged binary property list: \(what)")
  }
}
