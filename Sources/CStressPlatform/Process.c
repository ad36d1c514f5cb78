#define _GNU_SOURCE
#include "CStressPlatform.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sys/resource.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif
#include <sys/syscall.h>

#if defined(__linux__)
#include <sys/prctl.h>

int cstress_set_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

int cstress_pipe(int fds[2]) {
  return pipe2(fds, O_CLOEXEC);
}

int cstress_limit_data(pid_t pid, unsigned long long bytes) {
  struct rlimit limit;
  if (prlimit(pid, RLIMIT_DATA, 0, &limit) != 0) return -errno;
  if (limit.rlim_max != RLIM_INFINITY && bytes > limit.rlim_max) bytes = limit.rlim_max;
  limit.rlim_cur = (rlim_t)bytes;
  return prlimit(pid, RLIMIT_DATA, &limit, 0) == 0 ? 0 : -errno;
}
#else
int cstress_limit_data(pid_t pid, unsigned long long bytes) {
  (void)pid;
  (void)bytes;
  return -1;
}

int cstress_set_parent_death_signal(int signal) {
  (void)signal;
  return -1;
}

int cstress_pipe(int fds[2]) {
  if (pipe(fds) != 0) return -1;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return 0;
}
#endif

/// Marks every descriptor from `first` up close-on-exec (async-signal-safe): close_range where
/// the kernel has it, else one by one up to the descriptor limit.
static void close_descriptors_from(int first) {
#if defined(__linux__) && defined(SYS_close_range)
  if (syscall(SYS_close_range, (unsigned)first, ~0U, 4U /* CLOSE_RANGE_CLOEXEC */) == 0) return;
#endif
  struct rlimit limit;
  int last = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536 ? (int)limit.rlim_cur : 65536;
  for (int fd = first; fd < last; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/// The child's last word before _exit: why it could not become the worker.
static void report_and_exit(int report) {
  int error = errno;
  while (write(report, &error, sizeof error) < 0 && errno == EINTR) {
  }
  _exit(127);
}

pid_t cstress_spawn_worker(
  const char *path, char *const argv[], char *const envp[], const int fds[4]) {
  // The child tells why it could not exec through this pipe; a successful exec closes it.
  int report[2];
  if (cstress_pipe(report) != 0) return -errno;
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    int error = errno;
    close(report[0]);
    close(report[1]);
    return -error;
  }
  if (pid == 0) {
    // The child: only async-signal-safe calls from here to exec.
    close(report[0]);
    cstress_set_parent_death_signal(SIGKILL);
    if (getppid() != parent) _exit(4);
    // The worker leaves SIGINT and SIGTERM to its runner from its first instruction: a Ctrl-C
    // to the process group while it starts must not kill it.
    struct sigaction ignore = {0};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, 0);
    sigaction(SIGTERM, &ignore, 0);
    for (int i = 0; i < 4; i++) {
      if (fds[i] == i) {
        if (fcntl(i, F_SETFD, 0) < 0) report_and_exit(report[1]);
      } else if (dup2(fds[i], i) < 0) {
        report_and_exit(report[1]);
      }
    }
    // Nothing else of the runner's crosses the exec: not a results file, not its lock, not a
    // file another thread is writing (an executable held open for writing cannot be run).
    close_descriptors_from(4);
    execve(path, argv, envp);
    report_and_exit(report[1]);
  }
  close(report[1]);
  int error = 0;
  ssize_t n;
  while ((n = read(report[0], &error, sizeof error)) < 0 && errno == EINTR) {
  }
  close(report[0]);
  if (n == (ssize_t)sizeof error) {
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
    return -error;
  }
  return pid;
}

unsigned long long cstress_filesystem_type(const char *path) {
#if defined(__linux__)
  struct statfs info;
  if (statfs(path, &info) == 0) { return (unsigned long long)info.f_type; }
#endif
  return 0;
}

_Atomic long cstress_controlled_schedulers = 0;
