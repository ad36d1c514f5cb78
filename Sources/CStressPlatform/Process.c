#include "CStressPlatform.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>

int cstress_set_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}
#else
int cstress_set_parent_death_signal(int signal) {
  (void)signal;
  return -1;
}
#endif

pid_t cstress_spawn_worker(
  const char *path, char *const argv[], char *const envp[], const int fds[4]) {
  // The child tells why it could not exec through this pipe; a successful exec closes it.
  int report[2];
  if (pipe(report) != 0) return -errno;
  fcntl(report[0], F_SETFD, FD_CLOEXEC);
  fcntl(report[1], F_SETFD, FD_CLOEXEC);
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
    for (int i = 0; i < 4; i++) {
      if (fds[i] == i) {
        fcntl(i, F_SETFD, 0);
      } else if (dup2(fds[i], i) < 0) {
        break;
      }
    }
    execve(path, argv, envp);
    int error = errno;
    while (write(report[1], &error, sizeof error) < 0 && errno == EINTR) {
    }
    _exit(127);
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
