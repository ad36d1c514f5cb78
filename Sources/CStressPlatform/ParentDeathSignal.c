#include "CStressPlatform.h"

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
