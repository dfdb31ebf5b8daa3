import AsyncHTTPClient
import Foundation
import WebPages

/// AsyncHTTPClient's and SwiftNIO's errors as a ``FetchFailure``.
enum FetchError {
  static func failure(for error: any Error) -> FetchFailure {
    if error is CancellationError { return .cancelled }
    if let error = error as? HTTPClientError {
      switch error {
      case .cancelled, .alreadyShutdown: return .cancelled
      case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
        .getConnectionFromPoolTimeout, .httpProxyHandshakeTimeout:
        return .timeout
      case .remoteConnectionClosed: return .other("the server closed the connection")
      case .invalidProxyResponse: return .other("the proxy refused the connection")
      default: return .other("the request failed (\(error.shortDescription))")
      }
    }
    let type = String(reflecting: Swift.type(of: error))
    let text = String(describing: error)
    if type.contains("NIOSSL") || type.contains("BoringSSL") || text.contains("handshakeFailed") {
      return .tlsError(tlsReason(text))
    }
    if text.contains("Connection refused") || text.contains("connectionRefused") || text.contains("errno: 111") {
      return .refused
    }
    if text.contains("timeout") || text.contains("Timeout") { return .timeout }
    if text.contains("Connection reset") { return .other("the server reset the connection") }
    return .other("the request failed")
  }

  /// A short reason, without the library's internals.
  private static func tlsReason(_ text: String) -> String {
    if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate") {
      return "the certificate is not trusted"
    }
    if text.contains("WRONG_VERSION_NUMBER") { return "the server does not speak TLS" }
    return "the handshake failed"
  }
}
