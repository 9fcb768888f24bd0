#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if os(Linux)
  import CProcess
#endif

// The C functions under names that do not collide with the `Syscalls` wrappers, on every
// libc; each one a test's `SyscallMock` can script (see `intercept`). Nothing but the
// `Syscalls` extensions calls these. Paths reach C as the bytes they stand for (`SystemText`).

func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  intercept("read", count: count) { read(fd, buffer, $0) }
}
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  intercept("write", count: count) { write(fd, buffer, $0) }
}
func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  intercept("send", count: count) { send(fd, buffer, $0, flags) }
}
func systemExit(_ status: Int32) -> Never { exit(status) }
func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  intercept("open") { _ in SystemText.withCString(path) { open($0, flags, mode) } }
}
func systemClose(_ fd: Int32) -> Int32 { intercept("close") { _ in close(fd) } }
func systemOpenat(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  intercept("openat") { _ in SystemText.withCString(name) { openat(directory, $0, flags, mode) } }
}
func systemMkdirat(_ directory: Int32, _ name: String, _ mode: mode_t) -> Int32 {
  intercept("mkdirat") { _ in SystemText.withCString(name) { mkdirat(directory, $0, mode) } }
}
func systemRenameat(_ directory: Int32, _ from: String, _ to: String) -> Int32 {
  intercept("renameat") { _ in
    SystemText.withCString(from) { from in SystemText.withCString(to) { renameat(directory, from, directory, $0) } }
  }
}
func systemUnlinkat(_ directory: Int32, _ name: String) -> Int32 {
  intercept("unlinkat") { _ in SystemText.withCString(name) { unlinkat(directory, $0, 0) } }
}
func systemFstatat(_ directory: Int32, _ name: String, _ info: inout stat) -> Int32 {
  intercept("fstatat") { _ in SystemText.withCString(name) { fstatat(directory, $0, &info, AT_SYMLINK_NOFOLLOW) } }
}
func systemReadlinkat(_ directory: Int32, _ name: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
  intercept("readlinkat") { _ in SystemText.withCString(name) { readlinkat(directory, $0, buffer, size) } }
}
func systemFsync(_ fd: Int32) -> Int32 { intercept("fsync") { _ in fsync(fd) } }
func systemLstat(_ path: String, _ info: inout stat) -> Int32 {
  intercept("lstat") { _ in SystemText.withCString(path) { lstat($0, &info) } }
}
func systemFstat(_ fd: Int32, _ info: inout stat) -> Int32 { intercept("fstat") { _ in fstat(fd, &info) } }
func systemMkdir(_ path: String, _ mode: mode_t) -> Int32 {
  intercept("mkdir") { _ in SystemText.withCString(path) { mkdir($0, mode) } }
}
func systemChmod(_ path: String, _ mode: mode_t) -> Int32 {
  intercept("chmod") { _ in SystemText.withCString(path) { chmod($0, mode) } }
}
func systemUnlink(_ path: String) -> Int32 { intercept("unlink") { _ in SystemText.withCString(path) { unlink($0) } } }
func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32 { intercept("flock") { _ in flock(fd, operation) } }
func systemReadlink(_ path: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
  intercept("readlink") { _ in SystemText.withCString(path) { readlink($0, buffer, size) } }
}
func systemFcntl(_ fd: Int32, _ command: Int32, _ value: Int32) -> Int32 {
  intercept("fcntl") { _ in fcntl(fd, command, value) }
}
func systemPipe(_ fds: UnsafeMutablePointer<Int32>) -> Int32 { intercept("pipe") { _ in pipe(fds) } }
func systemPoll(_ fds: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
  intercept("poll") { _ in poll(fds, count, timeout) }
}
func systemSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
  intercept("socket") { _ in socket(family, type, proto) }
}
func systemSocketpair(_ type: Int32, _ fds: UnsafeMutablePointer<Int32>) -> Int32 {
  intercept("socketpair") { _ in socketpair(AF_UNIX, type, 0, fds) }
}
func systemSetsockopt(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeRawPointer, _ length: socklen_t)
  -> Int32
{
  intercept("setsockopt") { _ in setsockopt(fd, level, name, value, length) }
}
func systemGetsockopt(
  _ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeMutableRawPointer, _ length: inout socklen_t
) -> Int32 { intercept("getsockopt") { _ in getsockopt(fd, level, name, value, &length) } }
func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  intercept("bind") { _ in bind(fd, address, length) }
}
func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { intercept("listen") { _ in listen(fd, backlog) } }
func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  intercept("connect") { _ in connect(fd, address, length) }
}
func systemAccept(
  _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 { intercept("accept") { _ in accept(fd, address, length) } }
func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
func systemInetPton(_ family: Int32, _ text: String, _ target: UnsafeMutableRawPointer) -> Int32 {
  inet_pton(family, text, target)
}
func systemWaitpid(_ pid: pid_t, _ status: inout Int32, _ options: Int32) -> pid_t {
  intercept("waitpid") { _ in waitpid(pid, &status, options) }
}
func systemKill(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
func systemSignal(
  _ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?
) -> (@convention(c) (Int32) -> Void)? { signal(number, handler) }

#if canImport(Darwin)
  typealias DirectoryStream = UnsafeMutablePointer<DIR>
#else
  typealias DirectoryStream = OpaquePointer
#endif
func systemFdopendir(_ fd: Int32) -> DirectoryStream? { fdopendir(fd) }
func systemReaddir(_ directory: DirectoryStream) -> UnsafeMutablePointer<dirent>? { readdir(directory) }
func systemClosedir(_ directory: DirectoryStream) -> Int32 { intercept("closedir") { _ in closedir(directory) } }
func systemAccess(_ path: String, _ mode: Int32) -> Int32 { SystemText.withCString(path) { access($0, mode) } }
func systemExecve(
  _ path: String, _ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?]
) -> Int32 { intercept("execve") { _ in SystemText.withCString(path) { execve($0, argv, envp) } } }
func systemMadvise(_ address: UnsafeMutableRawPointer, _ length: Int, _ advice: Int32) -> Int32 {
  intercept("madvise") { _ in madvise(address, length, advice) }
}
/// The soft limit only: the children dodo runs (a browser) may raise theirs again.
func systemForbidCoreFiles() -> Int32 {
  var limit = rlimit()
  #if canImport(Glibc)
    let core = __rlimit_resource_t(RLIMIT_CORE.rawValue)
  #else
    let core = RLIMIT_CORE
  #endif
  guard getrlimit(core, &limit) == 0 else { return -1 }
  limit.rlim_cur = 0
  return setrlimit(core, &limit)
}
#if os(Linux)
  func systemForbidDumping() -> Int32 { dodo_forbid_dumping() }
#endif
func systemGethostname(_ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int32 {
  intercept("gethostname") { _ in gethostname(buffer, count) }
}
