import Foundation

/// Reads property lists: the XML format and the binary format with parsers of our own, and
/// anything else Foundation reads (XML our parser does not handle, such as CDATA, and the
/// old text format) through Foundation.
///
/// Foundation never sees a binary property list: swift-corelibs-foundation dereferences a
/// null pointer on one holding a set, so a damaged file would crash Cloudy. Every reader
/// refuses values nested more than ``maximumDepth`` deep, and dates a writer cannot write
/// (`Date.isWritable`), with a ``PropertyListError``.
public enum PropertyListReader {
  /// How deep arrays and dictionaries may nest. The parsers recurse once a level, so a
  /// value from the cloud or a damaged file of 100,000 nested arrays would overflow the
  /// stack; no file Cloudy or Foundation writes for it nests more than a few levels.
  public static let maximumDepth = 512

  public static func read(_ data: Data) throws -> PropertyList {
    if data.starts(with: PropertyListBinaryParser.magic) {
      var parser = PropertyListBinaryParser(bytes: Array(data))
      return try parser.parse()
    }
    do {
      return try PropertyListXMLParser.withParser(over: data) { try $0.parseDocument() }
    } catch let fastError as PropertyListError {
      guard !fastError.cannotKeepExactly, !fastError.isFinal,
        let value = try? PropertyListSerialization.propertyList(from: data, format: nil),
        let converted = convert(value, depth: 0)
      else { throw fastError }
      return converted
    }
  }

  /// Reads the array under `key` of an XML property-list dictionary in one pass, handing
  /// each dictionary in it to `transform` as its keys and values in document order (no
  /// dictionary is built). Returns what `transform` made, in order; how many items of the
  /// array are not entries (not a dictionary, or one `transform` refused); and the values of
  /// the dictionary's other keys. A missing key is an empty array; a later duplicate of `key`
  /// wins, as in a dictionary. Nil when the document is anything but a well-formed XML
  /// dictionary whose `key` is an array: then ``read(_:)`` gives the answer or the error.
  /// This is the fast path for a store's one big array; above `splittingAbove` bytes it
  /// reads the array in two halves at once, so `transform` is called from two threads.
  public static func entries<T: Sendable>(
    in data: Data, key: String, splittingAbove threshold: Int = 1 << 20,
    transform: @escaping @Sendable ([(key: String, value: PropertyList)]) -> T?
  ) -> (entries: [T], unreadable: Int, others: [String: PropertyList])? {
    guard
      let (read, others) = try? PropertyListXMLParser.withParser(
        over: data,
        { try $0.parseEntriesDocument(key: key, splittingAbove: threshold, transform: transform) })
    else { return nil }
    return (read.entries, read.unreadable, others)
  }

  /// Reads one value's element as ``PropertyListXMLWriter/element(for:)`` writes it.
  public static func readElement(_ data: Data) throws -> PropertyList {
    try PropertyListXMLParser.withParser(over: data) { try $0.parseElement() }
  }

  /// Converts Foundation's property-list objects; `nil` for anything else, a date a writer
  /// cannot write, or arrays and dictionaries nested more than ``maximumDepth`` deep.
  static func convert(_ value: Any, depth: Int) -> PropertyList? {
    switch value {
    case let string as String:
      return .string(string)
    case let date as Date:
      return date.isWritable ? .date(date) : nil
    case let data as Data:
      return .data(data)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": return .bool(number.boolValue)
      case "f", "d": return .real(number.doubleValue)
      default: return .integer(number.intValue)
      }
    case let array as [Any]:
      guard depth < maximumDepth else { return nil }
      var items: [PropertyList] = []
      for item in array {
        guard let converted = convert(item, depth: depth + 1) else { return nil }
        items.append(converted)
      }
      return .array(items)
    case let dictionary as [String: Any]:
      guard depth < maximumDepth else { return nil }
      var result: [String: PropertyList] = [:]
      for (key, item) in dictionary {
        guard let converted = convert(item, depth: depth + 1) else { return nil }
        result[key] = converted
      }
      return .dictionary(result)
    default:
      return nil
    }
  }
}
