import DodoPlatform

/// The plugins `dodo help` lists: `Plugin.all(environment:)`, with each `PATH` directory's
/// `dodo-` names kept in `$XDG_CACHE_HOME/dodo/plugin-names` (`DirectoryNameCache`), so that
/// a directory that has not changed since is not read again. Reading `/usr/bin` costs more
/// than the rest of `dodo help`.
package enum PluginListing {
  package static let cacheFileName = "plugin-names"

  /// The plugins on `environment`'s `PATH`, as `Plugin.all(environment:)` finds them, and what
  /// went wrong with the cache (a file refused or void, one that could not be written): for
  /// `--verbose` only, since the list is right either way. `now`: the wall clock, Unix seconds.
  package static func plugins(environment: [String: String], now: Int64 = Syscalls.unixTime())
    -> (plugins: [Plugin], problems: [String])
  {
    // A relative HOME is not a home: the password database's, as for the state directory.
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Syscalls.homeDirectory()
    let directory = DodoDirectories.cache(environment: { environment[$0] }, home: home)
    let loaded = directory.map {
      DirectoryNameCache.load(from: DodoDirectories.join($0, cacheFileName), prefix: Plugin.prefix)
    }
    var problems = loaded?.problem.map { [$0] } ?? []
    var cache = loaded?.cache ?? DirectoryNameCache(prefix: Plugin.prefix)
    var read: Set<Syscalls.FileIdentity> = []
    let plugins = Plugin.all(in: Plugin.searchPath(environment)) { cache.names(in: $0, now: now, skipping: &read) }
    cache.trim(keeping: read)
    if let directory, cache != loaded?.cache {
      do throws(PlatformError) { try cache.store(in: directory, named: cacheFileName) } catch {
        problems.append("cannot keep the plugin names: \(error.message)")
      }
    }
    return (plugins, problems)
  }
}
