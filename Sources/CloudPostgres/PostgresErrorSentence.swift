import Cloud
import Foundation
import PostgresNIO

/// Turns what postgres-nio throws into a ``CloudError`` whose description is one plain
/// sentence: no stack, no query text, never the password.
enum PostgresErrorSentence {
  static func cloudError(_ error: any Error, settings: PostgresSettings) -> CloudError {
    let cloud = settings.displayName
    switch error {
    case let error as CloudError:
      return error
    case let error as PostgresDeadline.Expired:
      return .unreachable(cloud: cloud, reason: error.reason)
    case let error as PostgresSchema.TooNew:
      return .incompatible(cloud: cloud, reason: "it was set up by a newer Cloudy (schema \(error.version))")
    case let error as PSQLError:
      return psqlError(error, settings: settings)
    case is PostgresDecodingError:
      return .incompatible(cloud: cloud, reason: "the server's answer is not what this Cloudy understands")
    case let error as NIOSSLError:
      return .incompatible(cloud: cloud, reason: "TLS with the server failed: \(error)")
    default:
      return .unreachable(cloud: cloud, reason: String(describing: error))
    }
  }

  private static func psqlError(_ error: PSQLError, settings: PostgresSettings) -> CloudError {
    let cloud = settings.displayName
    let user = "“\(settings.user)”"
    switch error.code {
    case .server:
      let state = error.serverInfo?[.sqlState] ?? ""
      let message = error.serverInfo?[.message] ?? "an error"
      switch state {
      case "28P01":
        let source = settings.passwordSource.map { " from \($0)" } ?? ""
        return .incompatible(cloud: cloud, reason: "the server refused the password\(source) for user \(user)")
      case "28000":
        return .incompatible(cloud: cloud, reason: "the server refused the login: \(message)")
      case "3D000":
        return .incompatible(cloud: cloud, reason: "the database “\(settings.database)” does not exist on the server")
      case "42501":
        return .incompatible(
          cloud: cloud,
          reason: "user \(user) may not use or create Cloudy's tables in database “\(settings.database)” "
            + "(an administrator grants the role \(PostgresSchema.userGroup); see docs/security.md): \(message)")
      case "57P01", "57P02", "57P03":
        return .unreachable(cloud: cloud, reason: "the server is shutting down or starting up")
      case "55P03":
        return .unreachable(cloud: cloud, reason: "another session held a lock on Cloudy's tables for too long")
      case "57014":
        return .unreachable(cloud: cloud, reason: "the server took too long to answer")
      case "53300":
        return .unreachable(cloud: cloud, reason: "the server has too many connections")
      case "54000":
        // The server's limits on what one account stores (PostgresLimitsSchema).
        return .refused(reason: message)
      default:
        return .unreachable(cloud: cloud, reason: "the server said: \(message)")
      }
    case .connectionError:
      return .unreachable(cloud: cloud, reason: connectionProblem(error.underlying, settings: settings))
    case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
      return .unreachable(cloud: cloud, reason: "the connection to the server was lost")
    case .sslUnsupported:
      let mode = settings.tlsMode.rawValue
      return .incompatible(cloud: cloud, reason: "the server does not offer TLS, which sslmode=\(mode) requires")
    case .failedToAddSSLHandler:
      return .incompatible(cloud: cloud, reason: "TLS could not be set up")
    case .authMechanismRequiresPassword:
      if let ignored = settings.ignoredPasswordFile {
        return .incompatible(
          cloud: cloud,
          reason: "the server wants a password for user \(user); \(ignored) was ignored because others can read it "
            + "(chmod 600 \(ignored)), or set PGPASSWORD")
      }
      return .incompatible(
        cloud: cloud, reason: "the server wants a password for user \(user); set PGPASSWORD or add it to ~/.pgpass")
    case .unsupportedAuthMechanism:
      return .incompatible(cloud: cloud, reason: "the server asks for a login method Cloudy doesn't support")
    case .saslError:
      return .incompatible(cloud: cloud, reason: "the password exchange with the server failed")
    case .queryCancelled:
      return .unreachable(cloud: cloud, reason: "the server cancelled the request")
    default:
      if let underlying = error.underlying {
        return .unreachable(cloud: cloud, reason: connectionProblem(underlying, settings: settings))
      }
      return .unreachable(cloud: cloud, reason: "the server's answer could not be read (\(error.code))")
    }
  }

  private static func connectionProblem(_ underlying: (any Error)?, settings: PostgresSettings) -> String {
    let place = "\(settings.host):\(settings.port)"
    switch underlying {
    case let error as NIOSSLError:
      return "TLS with the server failed: \(error)"
    case let error as ChannelError:
      if case .connectTimeout = error { return "no answer from \(place) in time" }
      return "can't connect to \(place)"
    case let error as NIOConnectionError:
      if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
        return "the host name “\(settings.host)” was not found"
      }
      if "\(error)".contains("refused") { return "nothing answers at \(place)" }
      return "can't connect to \(place)"
    case let error as IOError where error.errnoCode == ECONNREFUSED:
      return "nothing answers at \(place)"
    case let error?:
      let text = "\(error)"
      if text.contains("refused") { return "nothing answers at \(place)" }
      if text.contains("connectTimeout") { return "no answer from \(place) in time" }
      return "can't connect to \(place)"
    case nil:
      return "can't connect to \(place)"
    }
  }
}
