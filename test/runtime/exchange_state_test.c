/* The halo exchange's bookkeeping (runtime/src/tilec_rt_exchange.h) on its
 * own, without a device: records the marks and waits it asks the runtime
 * for while three slabs exchange edges with their neighbours both ways, as
 * opencl_slabs_test.c does, and compares them with what each slab needs.
 * The CUDA runtime's use of it cannot run here (no GPU), so this is its
 * only check beyond compiling. Reports only on stderr. */
#include "tilec_rt_exchange.h"

#include <stdio.h>
#include <string.h>

static char log_text[512];
static size_t log_used;

static void note(const char *fmt, int slab, unsigned long long a,
                 unsigned long long b) {
  log_used += (size_t)snprintf(log_text + log_used, sizeof log_text - log_used,
                               fmt, slab, a, b);
}

static void mark(int slab) { note("mark %d; ", slab, 0, 0); }

static void wait_for(int slab, unsigned long long streams,
                     unsigned long long first) {
  note("wait %d %llx %llx; ", slab, streams, first);
}

/* Runs one exchange: the `premarked` slabs marked first, twice each (a
 * repeated exchange_mark call marks nothing), then the copies, then the
 * end; 0 when `want` was logged. */
static int exchange(struct tilec_exchange *x, unsigned premarked,
                    const char *want) {
  log_used = 0;
  log_text[0] = '\0';
  for (int s = 0; s < x->slabs; s++)
    if (premarked >> s & 1) {
      tilec_exchange_mark(x, s, mark);
      tilec_exchange_mark(x, s, mark);
    }
  for (int s = 1; s < x->slabs; s++) {
    tilec_exchange_copy(x, s, s - 1, mark);
    tilec_exchange_copy(x, s - 1, s, mark);
  }
  tilec_exchange_end(x, wait_for);
  if (strcmp(log_text, want) == 0)
    return 0;
  fprintf(stderr, "exchange_state_test: got\n  %s\nexpected\n  %s\n", log_text,
          want);
  return 1;
}

int main(void) {
  struct tilec_exchange x = {3, 1, 0, {0}};
  /* Each slab waits for its own exchange stream and its neighbours'; a
   * stream's end is marked (`first`) for the first slab that waits. */
  const char *copies = "wait 0 3 3; wait 1 7 4; wait 2 6 0; ";
  char want[512];
  /* Marked at their first copies, source first. */
  snprintf(want, sizeof want, "mark 0; mark 1; mark 2; %s", copies);
  int failures = exchange(&x, 0, want);
  /* The marks are cleared at the end: the next exchange takes its own. */
  failures += exchange(&x, 0, want);
  /* Marked once by exchange_mark, not again by the copies. */
  snprintf(want, sizeof want, "mark 2; mark 0; mark 1; %s", copies);
  failures += exchange(&x, 1u << 2, want);
  /* Off (one slab, or CUDA's TILEC_PROFILE): nothing to mark or wait for. */
  x.on = 0;
  failures += exchange(&x, 7, "");
  return failures != 0;
}
