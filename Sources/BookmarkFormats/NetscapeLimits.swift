/// Bounds on what the Netscape reader accepts, so a hostile or broken file costs bounded
/// time and memory.
public enum NetscapeLimits {
  /// How deep `<DL>` lists may nest. Browsers write one level per folder; nobody nests
  /// folders 256 deep, and each open list costs memory until it is closed.
  public static let maximumListDepth = 256
  /// How many bytes of one value (a URL, a name, a description) are kept while reading: more
  /// than any limit of the model allows, so a value cut here is one the import refuses.
  public static let maximumValueBytes = 65_536
}
