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
}
