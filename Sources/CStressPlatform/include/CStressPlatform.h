#ifndef CSTRESS_PLATFORM_H
#define CSTRESS_PLATFORM_H

#include <stdatomic.h>
#include <sys/types.h>

// The few C library calls Swift cannot make itself (variadic ones, fork's child side).
// Everything else the engine asks of the system is in Sources/StressPlatform.

/// Asks the kernel to send `signal` to this process when its parent thread exits (Linux
/// prctl PR_SET_PDEATHSIG). Returns 0, or -1 where the system has no such call.
int cstress_set_parent_death_signal(int signal);

/// A pipe whose ends are closed on exec from the moment they exist (pipe2 with O_CLOEXEC
/// where the system has it): a fork on another thread cannot carry them into its child.
int cstress_pipe(int fds[2]);

/// Caps process `pid`'s private writable memory (Linux RLIMIT_DATA, through prlimit, which
/// the Swift Glibc module does not show) at `bytes`, its hard limit kept. 0, or -errno; -1
/// where the system has no such call.
int cstress_limit_data(pid_t pid, unsigned long long bytes);

/// Starts `path` as a worker: fork, then in the child, before anything else can happen to it,
/// SIGKILL on the parent's death (Linux), a check that the parent is still there, SIGINT and
/// SIGTERM ignored; then `fds[0..3]` become its descriptors 0 to 3, and it execs. The caller
/// keeps descriptors 0 to 2 open (`Platform.ensureStandardDescriptors`), so no pipe end is
/// among them. Returns the child's pid, or
/// -errno if it could not fork or exec (the child reports exec's error through a pipe that a
/// successful exec closes, as posix_spawn does).
pid_t cstress_spawn_worker(
  const char *path, char *const argv[], char *const envp[], const int fds[4]);

/// Installs a handler for the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
/// SIGABRT) that writes to `fd`, with async-signal-safe calls only, a "stress-crash-frames:"
/// line (the fault's address, then its callers') and a "stress-crash-map:" line per
/// executable mapping of /proc/self/maps, then lets the signal end the process as before.
/// sigaltstack is per thread: only the calling thread's stack overflow is reported. Returns
/// 0, or -1.
int cstress_install_crash_report(int fd);

/// A connected pair of Unix sockets that keep message boundaries, closed on exec: the fork
/// server's control channel. Returns 0, or -errno; -ENOSYS where there is no fork server.
int cstress_control_pair(int fds[2]);

/// Makes this process the reaper of its orphaned descendants, or no longer (Linux
/// PR_SET_CHILD_SUBREAPER): a worker forked by the fork server, whose parent exits at once,
/// becomes this process's child, which can wait for it. Returns 0, or -1.
int cstress_set_subreaper(int on);

/// 1 if this process reaps its orphaned descendants, 0 if not, -1 where it cannot tell.
int cstress_is_subreaper(void);

/// The type (statfs's f_type) of the filesystem `path` is on, or 0 where it cannot tell.
unsigned long long cstress_filesystem_type(const char *path);

/// The fork server's side, in a process that must have one thread: tells the runner on
/// `control` that it serves, then for each request forks a worker. The worker's first parent
/// exits at once, so the runner (`runner`, a subreaper) becomes its parent; then it asks for
/// SIGKILL on the runner's death, takes the request's four descriptors as 0 to 3, closes every
/// other, and returns the request's flags here, in the worker. In the server this returns only
/// when the control channel closes: -1. A request that finds more than one thread in the
/// server is refused (-EDEADLK to the runner), as a fork then is not safe.
int cstress_zygote_serve(int control, pid_t runner);

/// The runner's side: asks the fork server on `control` for a worker with `fds` as its
/// descriptors 0 to 3 and `flags`, waiting at most `timeout_ms` for its answer. Returns the
/// worker's pid, or -errno (-EPIPE or -ECONNRESET: the server is gone; -ETIMEDOUT).
pid_t cstress_zygote_fork(int control, const int fds[4], int flags, int timeout_ms);

/// Rewrites this process's command line in place (what `ps` and /proc/PID/cmdline show):
/// the program's name stays, the words after it become `tail` (`tail_length` bytes, each word
/// ending in a NUL), and the main thread's name becomes `name`. -1 if it does not fit in the
/// original arguments' space, or off Linux.
int cstress_retitle(int argc, char **argv, const char *tail, size_t tail_length,
                    const char *name);

/// Waits at most `timeout_ms` for the fork server's first word on `control`: 0 once it
/// serves, or -errno.
int cstress_zygote_wait_ready(int control, int timeout_ms);

/// Controlled schedulers alive in this process: the scheduled primitives read it on every
/// call, so it is a C global, initialized statically: one relaxed load, where a Swift global
/// is reached through its lazy initializer's check.
extern _Atomic long cstress_controlled_schedulers;

static inline long cstress_controlled_count(void) {
  return atomic_load_explicit(&cstress_controlled_schedulers, memory_order_relaxed);
}

static inline void cstress_controlled_add(long delta) {
  atomic_fetch_add_explicit(&cstress_controlled_schedulers, delta, memory_order_relaxed);
}

/// The Swift runtime's hook on the global executor's enqueue: on the calling thread, between
/// begin and end, the first job enqueued on the global executor is kept rather than enqueued,
/// and end hands it over (NULL if none came). Every other job goes on as before. Installed
/// once, at the first begin, chained to a hook installed before it.
void cstress_global_capture_begin(void);
void *cstress_global_capture_end(void);

#endif
