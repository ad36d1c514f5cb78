#define _GNU_SOURCE
#include "CStressPlatform.h"

#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

// A crash's place, written from the signal handler with async-signal-safe calls only (open,
// read, write, raise): the fault's address and its callers' (glibc's backtrace, loaded before
// any crash), then the executable mappings of /proc/self/maps, so the runner can tell which
// file and offset each address is. The runner does the symbol lookup; the dying process does
// nothing that could lock.

static int crash_fd = -1;
static char alternate_stack[64 * 1024];
static char maps_buffer[16 * 1024];
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};

// Each line is built here and written with one write(2): up to PIPE_BUF bytes reach a pipe
// whole, so another thread's output cannot cut into it.
static char line_buffer[4096];
static size_t line_used = 0;

static void put(const char *text, size_t length) {
  if (length > sizeof(line_buffer) - line_used) length = sizeof(line_buffer) - line_used;
  memcpy(line_buffer + line_used, text, length);
  line_used += length;
}

static void end_line(void) {
  if (line_used == sizeof(line_buffer)) line_used--;
  line_buffer[line_used++] = '\n';
  const char *text = line_buffer;
  size_t left = line_used;
  while (left > 0) {
    ssize_t n = write(crash_fd, text, left);
    if (n <= 0) break;
    text += n;
    left -= (size_t)n;
  }
  line_used = 0;
}

static void put_hex(uintptr_t value) {
  char digits[2 + 2 * sizeof(value)];
  size_t n = sizeof(digits);
  do {
    digits[--n] = "0123456789abcdef"[value & 0xF];
    value >>= 4;
  } while (value != 0);
  digits[--n] = 'x';
  digits[--n] = '0';
  put(digits + n, sizeof(digits) - n);
}

static uintptr_t fault_address(void *context) {
  ucontext_t *uc = (ucontext_t *)context;
#if defined(__x86_64__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
  return (uintptr_t)uc->uc_mcontext.pc;
#else
  (void)uc;
  return 0;
#endif
}

/// The executable mappings ("r-xp") of /proc/self/maps, one "stress-crash-map: " line each.
static void put_maps(void) {
  int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  size_t kept = 0;
  for (;;) {
    ssize_t n = read(fd, maps_buffer + kept, sizeof(maps_buffer) - kept);
    if (n <= 0) break;
    kept += (size_t)n;
    size_t start = 0;
    for (size_t i = 0; i < kept; i++) {
      if (maps_buffer[i] != '\n') continue;
      const char *line = maps_buffer + start;
      size_t length = i - start;
      // "start-end perms offset dev inode path": executable and backed by a file.
      const char *space = memchr(line, ' ', length);
      if (space && (size_t)(space - line) + 5 <= length && space[3] == 'x' &&
          memchr(line, '/', length)) {
        put("stress-crash-map: ", 18);
        put(line, length);
        end_line();
      }
      start = i + 1;
    }
    memmove(maps_buffer, maps_buffer + start, kept - start);
    kept -= start;
    // A line longer than the buffer is dropped rather than read in pieces.
    if (kept == sizeof(maps_buffer)) kept = 0;
  }
  close(fd);
}

static int crashing = 0;

static void on_crash(int signal, siginfo_t *info, void *context) {
  (void)info;
  // One report: a second thread crashing meanwhile waits for the first to end the process.
  if (__atomic_exchange_n(&crashing, 1, __ATOMIC_SEQ_CST)) {
    for (;;) pause();
  }
  void *frames[32];
  int count = backtrace(frames, 32);
  uintptr_t pc = fault_address(context);
  // The handler's own frames and the kernel's trampoline come first: start at the fault.
  int first = 0;
  for (int i = 0; i < count; i++) {
    if ((uintptr_t)frames[i] == pc) {
      first = i + 1;
      break;
    }
  }
  put("stress-crash-frames: ", 21);
  put_hex(pc);
  for (int i = first == 0 ? 2 : first; i < count; i++) {
    put(" ", 1);
    put_hex((uintptr_t)frames[i]);
  }
  end_line();
  put_maps();
  // SA_RESETHAND put the default action back: the signal, pending until this returns, ends
  // the process as it would have without this handler.
  raise(signal);
}

int cstress_install_crash_report(int fd) {
  void *warm[1];
  // The first backtrace() loads libgcc's unwinder, which allocates: never in the handler.
  backtrace(warm, 1);
  // A copy: a subject may point stderr elsewhere for a while (StandardErrorCapture), and the
  // report must still reach the runner.
  crash_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (crash_fd < 0) crash_fd = fd;
  stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof(alternate_stack), .ss_flags = 0};
  if (sigaltstack(&stack, NULL) != 0) return -1;
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_sigaction = on_crash;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++) {
    if (sigaction(crash_signals[i], &action, NULL) != 0) return -1;
  }
  return 0;
}
