#define _GNU_SOURCE
#include "CStressPlatform.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__linux__)
#include <dirent.h>
#include <fcntl.h>
#include <sys/prctl.h>

int cstress_control_pair(int fds[2]) {
  return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : -errno;
}

int cstress_set_subreaper(int on) {
  return prctl(PR_SET_CHILD_SUBREAPER, on ? 1UL : 0UL, 0UL, 0UL, 0UL);
}

int cstress_retitle(int argc, char **argv, const char *tail, size_t tail_length,
                    const char *name) {
  if (argc < 1 || !argv || !argv[0]) return -1;
  // The kernel laid the arguments out end to end: the title is that area, rewritten in place
  // after the program's name, the rest cleared so no old word shows through.
  char *start = argv[0] + strlen(argv[0]) + 1;
  char *end = argv[argc - 1] + strlen(argv[argc - 1]) + 1;
  if (end < start || (size_t)(end - start) < tail_length) return -1;
  memcpy(start, tail, tail_length);
  memset(start + tail_length, 0, (size_t)(end - start) - tail_length);
  return prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL) == 0 ? 0 : -1;
}

int cstress_is_subreaper(void) {
  int on = 0;
  if (prctl(PR_GET_CHILD_SUBREAPER, (unsigned long)&on, 0UL, 0UL, 0UL) != 0) return -1;
  return on;
}

/// Threads in this process, from /proc; 0 if it cannot tell, which counts as unsafe.
static int thread_count(void) {
  DIR *tasks = opendir("/proc/self/task");
  if (!tasks) return 0;
  int count = 0;
  struct dirent *entry;
  while ((entry = readdir(tasks)) != NULL) {
    if (entry->d_name[0] != '.') count++;
  }
  closedir(tasks);
  return count;
}

/// Really closes every descriptor from `first` up: a forked worker does not exec, so
/// close-on-exec would leave the zygote's and the runner's ends open in it.
static void close_from(int first) {
#if defined(SYS_close_range)
  if (syscall(SYS_close_range, (unsigned)first, ~0U, 0U) == 0) return;
#endif
  struct rlimit limit;
  int last = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536 ? (int)limit.rlim_cur : 65536;
  for (int fd = first; fd < last; fd++) close(fd);
}

static ssize_t send_all(int fd, const void *bytes, size_t count) {
  ssize_t n;
  while ((n = send(fd, bytes, count, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
  }
  return n;
}

/// One request: the flags in the payload, four descriptors beside them.
static int receive_request(int control, int fds[4], int32_t *flags) {
  char space[CMSG_SPACE(4 * sizeof(int))];
  struct iovec io = {.iov_base = flags, .iov_len = sizeof *flags};
  struct msghdr message = {0};
  message.msg_iov = &io;
  message.msg_iovlen = 1;
  message.msg_control = space;
  message.msg_controllen = sizeof space;
  ssize_t n;
  while ((n = recvmsg(control, &message, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (n <= 0) return -1;
  struct cmsghdr *header = CMSG_FIRSTHDR(&message);
  if (n != sizeof *flags || !header || header->cmsg_type != SCM_RIGHTS ||
      header->cmsg_len != CMSG_LEN(4 * sizeof(int))) {
    // Not a request of ours: close whatever came with it and answer that it was refused.
    for (; header; header = CMSG_NXTHDR(&message, header)) {
      if (header->cmsg_type != SCM_RIGHTS) continue;
      int *received = (int *)CMSG_DATA(header);
      size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      for (size_t i = 0; i < count; i++) close(received[i]);
    }
    return 0;
  }
  memcpy(fds, CMSG_DATA(header), 4 * sizeof(int));
  return 1;
}

/// In the forked worker: wait to be the runner's child, ask to die with it, take the
/// request's descriptors. Only async-signal-safe calls until the return.
static void become_worker(const int fds[4], pid_t runner) {
  struct sigaction ignore = {0};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, 0);
  sigaction(SIGTERM, &ignore, 0);
  // The first parent exits at once; until it is reaped the worker is its child.
  for (int i = 0; getppid() != runner; i++) {
    if (i > 200000) _exit(4);
    struct timespec pause = {0, 10000};
    nanosleep(&pause, 0);
  }
  prctl(PR_SET_PDEATHSIG, (unsigned long)SIGKILL, 0UL, 0UL, 0UL);
  if (getppid() != runner) _exit(4);
  // Up to four above the largest target first, so no dup2 overwrites a source still needed.
  int moved[4];
  for (int i = 0; i < 4; i++) {
    moved[i] = fcntl(fds[i], F_DUPFD, 4);
    if (moved[i] < 0) _exit(5);
  }
  for (int i = 0; i < 4; i++) {
    if (dup2(moved[i], i) < 0) _exit(5);
  }
  close_from(4);
}

int cstress_zygote_serve(int control, pid_t runner) {
  int32_t ready = 0;
  if (send_all(control, &ready, sizeof ready) != sizeof ready) return -1;
  for (;;) {
    int fds[4];
    int32_t flags = 0;
    int got = receive_request(control, fds, &flags);
    if (got < 0) return -1;
    int32_t answer = -EINVAL;
    if (got == 1) {
      if (thread_count() != 1) {
        answer = -EDEADLK;
      } else {
        int report[2];
        if (pipe2(report, O_CLOEXEC) != 0) {
          answer = -errno;
        } else {
          pid_t first = fork();
          if (first == 0) {
            pid_t worker = fork();
            if (worker == 0) {
              close(report[0]);
              close(report[1]);
              close(control);
              become_worker(fds, runner);
              return flags;
            }
            int32_t told = worker < 0 ? -errno : worker;
            while (write(report[1], &told, sizeof told) < 0 && errno == EINTR) {
            }
            _exit(0);
          }
          close(report[1]);
          if (first < 0) {
            answer = -errno;
          } else {
            int32_t told = -ECHILD;
            while (read(report[0], &told, sizeof told) < 0 && errno == EINTR) {
            }
            while (waitpid(first, NULL, 0) < 0 && errno == EINTR) {
            }
            answer = told;
          }
          close(report[0]);
        }
      }
      for (int i = 0; i < 4; i++) close(fds[i]);
    }
    if (send_all(control, &answer, sizeof answer) != sizeof answer) return -1;
  }
}

static int wait_readable(int fd, int timeout_ms) {
  struct pollfd watch = {.fd = fd, .events = POLLIN};
  int n;
  while ((n = poll(&watch, 1, timeout_ms)) < 0 && errno == EINTR) {
  }
  if (n < 0) return -errno;
  if (n == 0) return -ETIMEDOUT;
  return 0;
}

static int receive_answer(int control, int timeout_ms, int32_t *answer) {
  int waited = wait_readable(control, timeout_ms);
  if (waited != 0) return waited;
  ssize_t n;
  while ((n = recv(control, answer, sizeof *answer, 0)) < 0 && errno == EINTR) {
  }
  if (n < 0) return -errno;
  if (n != sizeof *answer) return -ECONNRESET;
  return 0;
}

int cstress_zygote_wait_ready(int control, int timeout_ms) {
  int32_t word = -1;
  int received = receive_answer(control, timeout_ms, &word);
  if (received != 0) return received;
  return word == 0 ? 0 : -EPROTO;
}

pid_t cstress_zygote_fork(int control, const int fds[4], int flags, int timeout_ms) {
  char space[CMSG_SPACE(4 * sizeof(int))];
  memset(space, 0, sizeof space);
  int32_t payload = flags;
  struct iovec io = {.iov_base = &payload, .iov_len = sizeof payload};
  struct msghdr message = {0};
  message.msg_iov = &io;
  message.msg_iovlen = 1;
  message.msg_control = space;
  message.msg_controllen = sizeof space;
  struct cmsghdr *header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(4 * sizeof(int));
  memcpy(CMSG_DATA(header), fds, 4 * sizeof(int));
  ssize_t n;
  while ((n = sendmsg(control, &message, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
  }
  if (n < 0) return -errno;
  int32_t answer = 0;
  int received = receive_answer(control, timeout_ms, &answer);
  if (received != 0) return received;
  return answer;
}

#else
int cstress_control_pair(int fds[2]) {
  (void)fds;
  return -ENOSYS;
}

int cstress_set_subreaper(int on) {
  (void)on;
  return -1;
}

int cstress_is_subreaper(void) { return -1; }

int cstress_retitle(int argc, char **argv, const char *tail, size_t tail_length,
                    const char *name) {
  (void)argc;
  (void)argv;
  (void)tail;
  (void)tail_length;
  (void)name;
  return -1;
}

int cstress_zygote_serve(int control, pid_t runner) {
  (void)control;
  (void)runner;
  return -1;
}

pid_t cstress_zygote_fork(int control, const int fds[4], int flags, int timeout_ms) {
  (void)control;
  (void)fds;
  (void)flags;
  (void)timeout_ms;
  return -ENOSYS;
}

int cstress_zygote_wait_ready(int control, int timeout_ms) {
  (void)control;
  (void)timeout_ms;
  return -ENOSYS;
}
#endif
