import BookmarkModel

extension LinkStatus {
  /// How a fetch's outcome reads as a link status.
  public init(_ outcome: Result<FetchedPage, FetchFailure>) {
    switch outcome {
    case .failure(let failure):
      switch failure {
      case .notWeb: self = .notWeb
      case .refusedRedirect(let reason): self = .badRedirect(reason)
      case .dnsFailure: self = .dnsFailure
      case .lookupFailed: self = .unchecked("the name could not be looked up; is the network down?")
      case .cancelled: self = .unchecked("the check was stopped")
      case .refused: self = .refused
      case .timeout: self = .timeout
      case .tlsError(let reason): self = .tlsError(reason)
      case .tooManyRedirects(let count): self = .badRedirect("more than \(count) redirects")
      case .redirectLoop: self = .badRedirect("a redirect loop")
      case .other(let reason): self = .failed(reason)
      }
    case .success(let page):
      switch page.status {
      case 404, 410: self = .gone(page.status)
      case 429: self = .unchecked("the server asked to slow down (429)")
      case 400..<500: self = .clientError(page.status)
      case 500...: self = .serverError(page.status)
      default:
        // The bookmark moved for good as far as the first redirects were permanent.
        let permanent = page.redirects.prefix { $0.isPermanent }
        if let last = permanent.last, (200..<300).contains(page.status) || page.status == 304 {
          self = .moved(to: last.location)
        } else {
          self = .ok
        }
      }
    }
  }
}
