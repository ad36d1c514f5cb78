#ifndef CSTRESS_PLATFORM_H
#define CSTRESS_PLATFORM_H

// The few C library calls Swift cannot make itself (variadic ones). Everything else the engine
// asks of the system is in Sources/StressKit/Platform.

/// Asks the kernel to send `signal` to this process when its parent thread exits (Linux
/// prctl PR_SET_PDEATHSIG). Returns 0, or -1 where the system has no such call.
int cstress_set_parent_death_signal(int signal);

#endif
