import BookmarkModel
import Foundation

/// A `/` query taken apart into terms, every one of which a bookmark must satisfy (AND), in
/// any order:
///
/// - `word` — the folded word anywhere in the name, URL, folder path, tags or notes;
/// - `"a phrase"` — the words as typed, spaces included (an unclosed quote runs to the end);
/// - `#tag` — a tag exactly (folded); `#` alone is a tag still being typed and matches all;
/// - `in:Toolbar/Dev` or `folder:Toolbar/Dev` — that folder and every folder below it
///   (`in:"My Stuff/Old"` when a name has spaces);
/// - `is:dead`, `is:moved`, `is:conflict` — what a link check found, or a conflict (a unique
///   start is enough: `is:d`); these are ``conditions``, which the caller checks, since the
///   index knows only text;
/// - `text:word`, `text:"a phrase"` — in the bookmark's kept page (``pageTexts``, which the
///   caller checks against the archives' search, since the index knows only the rows);
/// - `-term` — any of the above, excluded.
///
/// Each term becomes one byte pattern over ``SearchIndex``'s entries: the index marks where a
/// tag starts and ends and where the folder path starts, so a tag or folder term is a plain
/// substring search too.
public struct SearchQuery: Hashable, Sendable {
  public struct Term: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      case text
      case tag
      case folder
    }

    public var kind: Kind
    public var isExcluded: Bool
    /// The folded bytes the entry must (or, excluded, must not) contain, markers included.
    public var pattern: [UInt8]
    /// The folded text as typed, without markers (what the rows highlight).
    public var folded: [UInt8]
  }

  /// An `is:` term.
  public struct Condition: Hashable, Sendable {
    public enum State: String, Hashable, Sendable, CaseIterable {
      case dead, moved, conflict
    }

    /// Nil for a word that names no state (`is:nonsense`), which nothing has.
    public var state: State?
    public var isExcluded: Bool

    public init(state: State?, isExcluded: Bool) {
      self.state = state
      self.isExcluded = isExcluded
    }

    /// Whether a bookmark with this link status and conflict meets the condition.
    public func holds(linkStatus: LinkStatus?, isConflicted: Bool) -> Bool {
      let has: Bool
      switch state {
      case .dead: has = linkStatus?.isDead == true
      case .moved: has = { if case .moved = linkStatus { true } else { false } }()
      case .conflict: has = isConflicted
      case nil: has = false
      }
      return has != isExcluded
    }
  }

  /// A `text:` term: text the bookmark's kept page must (or, excluded, must not) hold.
  public struct PageText: Hashable, Sendable {
    public var text: String
    public var isExcluded: Bool

    public init(text: String, isExcluded: Bool) {
      self.text = text
      self.isExcluded = isExcluded
    }
  }

  public var terms: [Term]
  public var conditions: [Condition]
  public var pageTexts: [PageText]

  /// The query's terms; words still being typed that mean nothing yet (`-`, `#`, `in:`,
  /// `is:`) are left out.
  public init(_ query: String, folding: inout SearchFolding) {
    let tokens = Self.tokens(query)
    conditions = tokens.compactMap(Self.condition)
    pageTexts = tokens.compactMap(Self.pageText)
    terms = tokens.compactMap { token in
      Self.isCondition(token) || Self.isPageText(token) ? nil : Self.term(token, folding: &folding)
    }
  }

  /// The query's `text:` terms, read without folding (cheaply, on every key).
  public static func pageTexts(_ query: String) -> [PageText] {
    tokens(query).compactMap(pageText)
  }

  private static func isPageText(_ token: Token) -> Bool {
    token.prefix == "text:" || (!token.isQuoted && token.text.lowercased().hasPrefix("text:"))
  }

  /// The text a `text:` term looks for; nil for other words and a bare `text:`.
  private static func pageText(_ token: Token) -> PageText? {
    guard isPageText(token) else { return nil }
    let text = (token.prefix.isEmpty ? String(token.text.dropFirst(5)) : token.text).trimmingCharacters(
      in: .whitespaces)
    return text.isEmpty ? nil : PageText(text: text, isExcluded: token.isExcluded)
  }

  /// Whether a query has an `is:` term, read without folding (so cheaply, as results of a
  /// link check come in).
  public static func hasConditions(_ query: String) -> Bool {
    tokens(query).contains(where: isCondition)
  }

  private static func isCondition(_ token: Token) -> Bool {
    !token.isQuoted && token.prefix.isEmpty && token.text.lowercased().hasPrefix("is:")
  }

  /// The condition an `is:` word names; nil for other words and a bare `is:`.
  private static func condition(_ token: Token) -> Condition? {
    guard isCondition(token) else { return nil }
    let word = token.text.dropFirst(3).lowercased()
    guard !word.isEmpty else { return nil }
    let starting = Condition.State.allCases.filter { $0.rawValue.hasPrefix(word) }
    let state = Condition.State(rawValue: word) ?? (starting.count == 1 ? starting[0] : nil)
    return Condition(state: state, isExcluded: token.isExcluded)
  }

  /// Adds a term for a folder path given as its names (`cloudy list --folder`).
  public mutating func require(folder path: [String], folding: inout SearchFolding) {
    if let term = Self.folderTerm(path.joined(separator: "/"), isExcluded: false, folding: &folding) {
      terms.append(term)
    }
  }

  /// Adds a term for a tag (`cloudy list --tag`).
  public mutating func require(tag: String, folding: inout SearchFolding) {
    if let term = Self.tagTerm(tag, isExcluded: false, folding: &folding) { terms.append(term) }
  }

  /// Whether every bookmark this query matches is also matched by `other` — so a search for
  /// this one may look only among `other`'s matches. A term of `other` that this query
  /// includes is implied by a term containing its pattern; an excluded one only by itself.
  func narrows(_ other: SearchQuery) -> Bool {
    other.terms.allSatisfy { old in
      old.isExcluded
        ? terms.contains(old)
        : terms.contains { !$0.isExcluded && $0.pattern.firstRange(of: old.pattern) != nil }
    }
  }

  /// The positive text terms, for highlighting.
  public var highlighted: [[UInt8]] {
    terms.filter { !$0.isExcluded && $0.kind == .text }.map(\.folded)
  }

  private struct Token {
    /// `#`, `in:` or `folder:` before a quoted text, else empty.
    var prefix = ""
    var text: String
    var isQuoted: Bool
    var isExcluded: Bool
  }

  private static let quotablePrefixes = ["#", "in:", "folder:", "text:"]

  private static func tokens(_ query: String) -> [Token] {
    var tokens: [Token] = []
    var characters = query[...]
    while let first = characters.first {
      if first.isWhitespace {
        characters = characters.dropFirst()
        continue
      }
      var isExcluded = false
      if first == "-" {
        isExcluded = true
        characters = characters.dropFirst()
      }
      let prefix =
        quotablePrefixes.first { prefix in
          characters.lowercased().hasPrefix(prefix + "\"")
        } ?? ""
      if characters.dropFirst(prefix.count).first == "\"" {
        let rest = characters.dropFirst(prefix.count + 1)
        let end = rest.firstIndex(of: "\"") ?? rest.endIndex
        tokens.append(Token(prefix: prefix, text: String(rest[..<end]), isQuoted: true, isExcluded: isExcluded))
        characters = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
      } else {
        let end = characters.firstIndex(where: \.isWhitespace) ?? characters.endIndex
        tokens.append(Token(text: String(characters[..<end]), isQuoted: false, isExcluded: isExcluded))
        characters = characters[end...]
      }
    }
    return tokens
  }

  private static func term(_ token: Token, folding: inout SearchFolding) -> Term? {
    if token.prefix == "#" { return tagTerm(token.text, isExcluded: token.isExcluded, folding: &folding) }
    if !token.prefix.isEmpty { return folderTerm(token.text, isExcluded: token.isExcluded, folding: &folding) }
    if !token.isQuoted, token.text.hasPrefix("#") {
      return tagTerm(String(token.text.dropFirst()), isExcluded: token.isExcluded, folding: &folding)
    }
    if !token.isQuoted, let path = folderPath(token.text) {
      return folderTerm(path, isExcluded: token.isExcluded, folding: &folding)
    }
    let folded = folding.fold(token.text)
    guard !folded.isEmpty else { return nil }
    return Term(kind: .text, isExcluded: token.isExcluded, pattern: folded, folded: folded)
  }

  private static func tagTerm(_ tag: String, isExcluded: Bool, folding: inout SearchFolding) -> Term? {
    let folded = folding.fold(tag)
    guard !folded.isEmpty else { return nil }
    return Term(
      kind: .tag, isExcluded: isExcluded, pattern: [SearchIndex.tagMark] + folded + [SearchIndex.tagMark],
      folded: folded)
  }

  /// A folder and everything below it; slashes at either end and doubled are ignored.
  private static func folderTerm(_ path: String, isExcluded: Bool, folding: inout SearchFolding) -> Term? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.isEmpty else { return nil }
    let folded = folding.fold(components.joined(separator: "/"))
    guard !folded.isEmpty else { return nil }
    return Term(
      kind: .folder, isExcluded: isExcluded, pattern: [SearchIndex.folderMark] + folded + [UInt8(ascii: "/")],
      folded: folded)
  }

  /// The path of an `in:` or `folder:` term (any case), or nil for another term.
  private static func folderPath(_ text: String) -> String? {
    for prefix in ["in:", "folder:"] where text.lowercased().hasPrefix(prefix) {
      return String(text.dropFirst(prefix.count))
    }
    return nil
  }
}
