import BookmarksState
import Shelf

/// The team shelf's part of the runtime, as ``StoreEffects`` is the store's: each effect that
/// asks the shelf for something, done, and the answer as an action. The app runs it off the
/// UI thread; tests run it against a real shelf without a terminal.
public enum ShelfEffects {
  /// Does `effect` on `shelf`, and says how it went.
  public static func perform(_ effect: ShelfEffect, on shelf: any ShelfService) async -> Action {
    switch effect {
    case .loadShelf(let request):
      return .shelfLoaded(
        request,
        await result {
          let page: ShelfPage
          do {
            page = try await shelf.page(matching: request.query, after: request.after, limit: request.limit)
          } catch ShelfError.notReadable {
            // Nobody can grant a role on a shelf with no owner yet: say how to make one.
            let owned = (try? await shelf.access())?.hasOwner ?? true
            throw owned ? ShelfError.notReadable : ShelfError.noOwner
          }
          // A page from this device's copy: the cloud can't say what this account may do.
          let access = page.stale == nil ? try await shelf.access() : nil
          return ShelfLoad(page: page, access: access)
        })
    case .addToShelf(let name, let url, let published):
      return .shelfSaved(await result { .added(try await shelf.add(name: name, url: url), published: published) })
    case .editOnShelf(let bookmark, let name, let url):
      return .shelfSaved(
        await result {
          switch try await shelf.edit(id: bookmark.id, name: name, url: url, basedOn: bookmark.version) {
          case .edited(let edited): .edited(edited)
          case .keptBeside(let kept): .keptBeside(kept, was: bookmark.name)
          }
        })
    case .removeFromShelf(let bookmark):
      do {
        try await shelf.remove(id: bookmark.id)
        return .shelfRemoved(bookmark, nil)
      } catch {
        return .shelfRemoved(bookmark, FailureMessage("\(error)"))
      }
    }
  }

  private static func result<T>(_ body: () async throws -> T) async -> Result<T, FailureMessage> {
    do { return .success(try await body()) } catch { return .failure(FailureMessage("\(error)")) }
  }
}
