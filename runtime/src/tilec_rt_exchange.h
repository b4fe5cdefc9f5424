/* The bookkeeping of the halo exchange between launches on several slabs,
 * shared by the OpenCL and CUDA runtimes: which slabs' launches are marked,
 * and which exchange streams (queues) each slab must wait for before its
 * next launch. Plain C99 with no CUDA or OpenCL in it: the runtime passes
 * the calls that mark, and that make a slab wait, as callbacks, and
 * enqueues the copies itself. Static in a header, as tilec_rt_internal.h
 * is, so that each runtime stays one source file (nvcc compiles the CUDA
 * one next to emitted code, and scripts compile either on its own).
 *
 * One exchange: the runtime launches on each slab, calls
 * tilec_exchange_copy before each copy from one slab into another, then
 * tilec_exchange_end. A copy into slab d runs on d's exchange stream after
 * the marks at the end of its two slabs' launches, so copies into different
 * slabs run at the same time, and both slabs wait for d's exchange stream
 * before their next launches: d's rows change, the source's must not
 * change before they are read. */
#ifndef TILEC_RT_EXCHANGE_H
#define TILEC_RT_EXCHANGE_H

#include "tilec_rt_internal.h"

/* A bit per slab in an unsigned long long (at least 64 bits). */
typedef char tilec_exchange_slabs_fit[tilec_max_slabs <= 64 ? 1 : -1];

struct tilec_exchange {
  int slabs;
  /* Whether copies go through the exchange streams. If not (one slab, or
   * CUDA's TILEC_PROFILE, which times each copy on its own), the runtime
   * copies straight, after all queued work and before any later, and the
   * calls here do nothing. */
  int on;
  unsigned long long marked; /* bit s: slab s is marked in this exchange */
  /* Bit t of waits[s]: slab s waits for exchange stream t (t copied into s
   * or read from s). */
  unsigned long long waits[tilec_max_slabs];
};

/* Marks slab `slab`'s launches with `mark` unless this exchange did
 * already: the first copy from or into the slab marks it, unless
 * tilec_cl_exchange_mark or tilec_cuda_exchange_mark did earlier (then
 * launches queued after that overlap the copies). */
static void tilec_exchange_mark(struct tilec_exchange *x, int slab,
                                void (*mark)(int slab)) {
  if (!x->on || (x->marked >> slab & 1))
    return;
  mark(slab);
  x->marked |= 1ull << slab;
}

/* Before a copy from `source` into `destination` on destination's
 * exchange stream: marks the source slab, then the destination slab, and
 * notes that both must wait for that stream. */
static void tilec_exchange_copy(struct tilec_exchange *x, int destination,
                                int source, void (*mark)(int slab)) {
  if (!x->on)
    return;
  tilec_exchange_mark(x, source, mark);
  tilec_exchange_mark(x, destination, mark);
  x->waits[destination] |= 1ull << destination;
  x->waits[source] |= 1ull << destination;
}

/* Ends the exchange: calls `wait` for each slab, in order, that has
 * exchange streams to wait for before its next launch, then clears the
 * waits and the marks for the next exchange. `first` holds those of the streams
 * that no earlier slab waited for in this exchange (CUDA marks the end of their
 * copies then). */
static void tilec_exchange_end(struct tilec_exchange *x,
                               void (*wait)(int slab,
                                            unsigned long long streams,
                                            unsigned long long first)) {
  unsigned long long waited = 0;
  for (int s = 0; s < x->slabs; s++) {
    if (x->waits[s] != 0)
      wait(s, x->waits[s], x->waits[s] & ~waited);
    waited |= x->waits[s];
    x->waits[s] = 0;
  }
  x->marked = 0;
}

#endif
