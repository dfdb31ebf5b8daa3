import Foundation

extension PropertyList {
  /// The value as every reader gets it back from the XML format (dates cut to whole
  /// seconds, say). A store that keeps this form in memory holds exactly what its files
  /// hold, so one session's values and another's, read from the file, are equal.
  public var asStored: PropertyList {
    switch self {
    case .integer, .bool: return self
    default: return (try? PropertyListReader.readElement(PropertyListXMLWriter.element(for: self))) ?? self
    }
  }
}
