import Foundation

/// The JSON form of a bookmark (`cloudy list --json`, `cloudy export --format json`):
/// `id`, `name`, `url`, `created` and `modified` always; `folder`, `notes` and `tags` only
/// when they are not empty, so readers of the original five keys see nothing new.
extension Bookmark {
  private enum CodingKeys: String, CodingKey {
    case id, name, url, created, modified, folder, notes, tags
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let created = try container.decode(Date.self, forKey: .created)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      name: try container.decodeIfPresent(String.self, forKey: .name) ?? "",
      url: try container.decode(String.self, forKey: .url),
      created: created,
      modified: try container.decodeIfPresent(Date.self, forKey: .modified) ?? created,
      folder: try container.decodeIfPresent([String].self, forKey: .folder) ?? [],
      notes: try container.decodeIfPresent(String.self, forKey: .notes) ?? "",
      tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(url, forKey: .url)
    try container.encode(created, forKey: .created)
    try container.encode(modified, forKey: .modified)
    if !folder.isEmpty { try container.encode(folder, forKey: .folder) }
    if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
    if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
  }
}
