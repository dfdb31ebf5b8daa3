/// What the array under one key of a property-list dictionary gave: what a transform made of
/// its dictionaries, in order, and how many of its items it made nothing of.
struct PropertyListEntries<T> {
  var entries: [T] = []
  var unreadable = 0
}
