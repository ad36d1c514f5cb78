#include "CStressPlatform.h"

#include <pthread.h>
#include <stddef.h>

// The runtime's hook, as include/swift/Runtime/ConcurrencyHooks.def declares it: called with
// the job and the runtime's own enqueue, in the Swift calling convention.
typedef void (*cstress_enqueue_original)(void *job) __attribute__((swiftcall));
typedef void (*cstress_enqueue_hook)(void *job, cstress_enqueue_original original)
    __attribute__((swiftcall));
extern cstress_enqueue_hook swift_task_enqueueGlobal_hook;

static cstress_enqueue_hook previous;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static __thread int capturing;
static __thread void *captured;

__attribute__((swiftcall)) static void capture(void *job, cstress_enqueue_original original) {
  if (capturing && captured == NULL) {
    captured = job;
    return;
  }
  if (previous != NULL) {
    previous(job, original);
  } else {
    original(job);
  }
}

static void install(void) {
  previous = __atomic_load_n(&swift_task_enqueueGlobal_hook, __ATOMIC_ACQUIRE);
  __atomic_store_n(&swift_task_enqueueGlobal_hook, capture, __ATOMIC_RELEASE);
}

void cstress_global_capture_begin(void) {
  pthread_once(&installed, install);
  capturing = 1;
  captured = NULL;
}

void *cstress_global_capture_end(void) {
  void *job = captured;
  capturing = 0;
  captured = NULL;
  return job;
}
