#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C functions under names that do not collide with the `Syscalls` wrappers, on every
// libc; each one a test's `SyscallMock` can script (see `intercept`). Nothing but the
// `Syscalls` extensions calls these.

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
  intercept("open") { _ in open(path, flags, mode) }
}
func systemClose(_ fd: Int32) -> Int32 { close(fd) }
func systemFsync(_ fd: Int32) -> Int32 { intercept("fsync") { _ in fsync(fd) } }
func systemLstat(_ path: String, _ info: inout stat) -> Int32 { intercept("lstat") { _ in lstat(path, &info) } }
func systemFstat(_ fd: Int32, _ info: inout stat) -> Int32 { intercept("fstat") { _ in fstat(fd, &info) } }
func systemMkdir(_ path: String, _ mode: mode_t) -> Int32 { intercept("mkdir") { _ in mkdir(path, mode) } }
func systemChmod(_ path: String, _ mode: mode_t) -> Int32 { intercept("chmod") { _ in chmod(path, mode) } }
func systemRename(_ from: String, _ to: String) -> Int32 { intercept("rename") { _ in rename(from, to) } }
func systemUnlink(_ path: String) -> Int32 { intercept("unlink") { _ in unlink(path) } }
func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32 { intercept("flock") { _ in flock(fd, operation) } }
func systemReadlink(_ path: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
  intercept("readlink") { _ in readlink(path, buffer, size) }
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
func systemSetsockopt(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeRawPointer, _ length: socklen_t) -> Int32 {
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
func systemClosedir(_ directory: DirectoryStream) -> Int32 { closedir(directory) }
func systemAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
func systemExecve(
  _ path: String, _ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?]
) -> Int32 { intercept("execve") { _ in execve(path, argv, envp) } }
func systemMadvise(_ address: UnsafeMutableRawPointer, _ length: Int, _ advice: Int32) -> Int32 {
  intercept("madvise") { _ in madvise(address, length, advice) }
}
