#include "CStressPlatform.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) return -errno;
  if (pid > 0) return pid;
  // The child: only async-signal-safe calls from here to exec.
  cstress_set_parent_death_signal(SIGKILL);
  if (getppid() != parent) _exit(4);
  for (int i = 0; i < 4; i++) {
    if (fds[i] == i) {
      fcntl(i, F_SETFD, 0);
    } else if (dup2(fds[i], i) < 0) {
      _exit(127);
    }
  }
  execve(path, argv, envp);
  _exit(127);
}
