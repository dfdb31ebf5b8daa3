/// Why a typed URL was refused. Each case reads as one plain sentence.
public enum URLProblem: Error, Hashable, Sendable, CustomStringConvertible {
  case empty
  case containsSpace
  case containsControlCharacter
  case containsInvisibleCharacter
  case missingHost
  case invalidHost(String)
  case invalidPort(String)

  public var description: String {
    switch self {
    case .empty: "Enter a URL, for example www.example.com."
    case .containsSpace: "A URL can't contain spaces."
    case .containsControlCharacter: "A URL can't contain control characters."
    case .containsInvisibleCharacter: "A URL can't contain invisible or formatting characters."
    case .missingHost: "The URL needs a host name, like example.com."
    case .invalidHost(let host): "“\(host)” is not a valid host name."
    case .invalidPort(let port): "“\(port)” is not a valid port number."
    }
  }

  /// The problem as a clause about a URL in a list of skipped entries: "its URL is empty".
  public var clause: String {
    switch self {
    case .empty: "its URL is empty"
    case .containsSpace: "its URL contains spaces"
    case .containsControlCharacter: "its URL contains control characters"
    case .containsInvisibleCharacter: "its URL contains invisible or formatting characters"
    case .missingHost: "its URL has no host name"
    case .invalidHost: "its URL has an invalid host name"
    case .invalidPort: "its URL has an invalid port"
    }
  }
}
