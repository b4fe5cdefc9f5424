/* Helpers shared by the OpenCL and CUDA runtimes: fatal errors, host memory,
 * environment settings, the TILEC_PROFILE table and the TILEC_STEPS_TIME
 * clock. They are static and live
 * in a header so that each runtime stays a single source file; the CUDA one is
 * compiled on its own next to emitted .cu files by nvcc. */
#ifndef TILEC_RT_INTERNAL_H
#define TILEC_RT_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Prints "tilec: <message>" to stderr and exits. */
static void tilec_die(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fputs("tilec: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
  exit(EXIT_FAILURE);
}

static void *tilec_xrealloc(void *old, size_t bytes) {
  void *p = realloc(old, bytes);
  if (p == NULL)
    tilec_die("out of host memory (%zu bytes)", bytes);
  return p;
}

static char *tilec_xstrdup(const char *s) {
  size_t bytes = strlen(s) + 1;
  return memcpy(tilec_xrealloc(NULL, bytes), s, bytes);
}

static int tilec_is_decimal(const char *s) {
  return *s != '\0' && strspn(s, "0123456789") == strlen(s);
}

/* Whether a TILEC_* flag is on: set, non-empty and not "0". */
static int tilec_env_flag(const char *name) {
  const char *value = getenv(name);
  return value != NULL && *value != '\0' && strcmp(value, "0") != 0;
}

/* The most slabs one region is spread over (TILEC_DEVICES). */
enum { tilec_max_slabs = 64 };

/* Parses TILEC_DEVICES, `setting`: "all" (each of the `available` devices
 * once) or a comma-separated list of device indices, repeats allowed (two
 * slabs on one device). Writes the device of each slab to `devices` and
 * returns how many there are; any other text, or an index of a device that
 * does not exist, stops the program with a message. `kind` names the
 * devices in it ("CUDA", "OpenCL platform X's"). */
static int tilec_parse_devices(const char *setting, int available,
                               const char *kind, int *devices) {
  int count = 0;
  if (available < 1)
    tilec_die("TILEC_DEVICES=%s: there is no %s device", setting, kind);
  if (strcmp(setting, "all") == 0) {
    for (; count < available && count < tilec_max_slabs; count++)
      devices[count] = count;
    return count;
  }
  const char *item = setting;
  for (;;) {
    size_t length = strcspn(item, ",");
    char *end = NULL;
    long index = length > 0 && strspn(item, "0123456789") == length
                     ? strtol(item, &end, 10)
                     : -1;
    if (index < 0)
      tilec_die("TILEC_DEVICES=%s: expected \"all\" or device indices "
                "separated by commas, such as 0,1",
                setting);
    if (index >= available)
      tilec_die("TILEC_DEVICES=%s: %s device %ld does not exist (there %s "
                "%d: indices 0 to %d)",
                setting, kind, index, available == 1 ? "is" : "are", available,
                available - 1);
    if (count == tilec_max_slabs)
      tilec_die("TILEC_DEVICES=%s: more than %d devices", setting,
                (int)tilec_max_slabs);
    devices[count++] = (int)index;
    if (item[length] == '\0')
      return count;
    item += length + 1;
  }
}

/* Accumulated time per kernel name, plus pseudo-entries for transfers, in
 * order of first use. Programs launch a handful of distinct kernels, so a
 * linear search is enough. */
struct tilec_profile_entry {
  char *name;
  unsigned long count;
  double total_ms;
  double *times_ms; /* every time, for the median */
};
static struct tilec_profile_entry *tilec_profile;
static size_t tilec_profile_size;

static void tilec_profile_add(const char *name, double ms) {
  size_t i = 0;
  while (i < tilec_profile_size && strcmp(tilec_profile[i].name, name) != 0)
    i++;
  if (i == tilec_profile_size) {
    tilec_profile =
        tilec_xrealloc(tilec_profile, (i + 1) * sizeof *tilec_profile);
    tilec_profile[i].name = tilec_xstrdup(name);
    tilec_profile[i].count = 0;
    tilec_profile[i].total_ms = 0;
    tilec_profile[i].times_ms = NULL;
    tilec_profile_size++;
  }
  struct tilec_profile_entry *e = &tilec_profile[i];
  e->times_ms =
      tilec_xrealloc(e->times_ms, (e->count + 1) * sizeof *e->times_ms);
  e->times_ms[e->count++] = ms;
  e->total_ms += ms;
}

static int tilec_compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Prints the summary to stderr and frees the table. */
static void tilec_profile_report(void) {
  for (size_t i = 0; i < tilec_profile_size; i++) {
    struct tilec_profile_entry *e = &tilec_profile[i];
    /* The median leaves out the first launches' warm-up. Transfers are the
     * bracketed pseudo-entries. */
    qsort(e->times_ms, e->count, sizeof *e->times_ms, tilec_compare_doubles);
    fprintf(stderr,
            "tilec profile: %s: %lu %s, %.3f ms total, %.3f us mean, "
            "%.3f us median\n",
            e->name, e->count, e->name[0] == '[' ? "transfers" : "launches",
            e->total_ms, 1000.0 * e->total_ms / (double)e->count,
            1000.0 * e->times_ms[e->count / 2]);
    free(e->times_ms);
    free(e->name);
  }
  free(tilec_profile);
  tilec_profile = NULL;
  tilec_profile_size = 0;
}

/* TILEC_STEPS_TIME (tilec_rt.h): the runtimes call tilec_steps_launch before
 * each launch and tilec_steps_read before each transfer out; `finish` waits
 * for every device's queued work. The clock runs from the first launch after
 * a transfer out (or the program's start) to the next transfer out. */
static int tilec_steps_timing = -1; /* -1: the setting is not read yet */
static double tilec_steps_since = -1, tilec_steps_total_ms;
static long tilec_steps_runs;

static double tilec_now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return 1e3 * (double)now.tv_sec + 1e-6 * (double)now.tv_nsec;
}

static void tilec_steps_report(void) {
  fprintf(stderr,
          "tilec: steps time %.3f ms in %ld region run(s) (TILEC_STEPS_TIME)\n",
          tilec_steps_total_ms, tilec_steps_runs);
}

static int tilec_steps_on(void) {
  if (tilec_steps_timing < 0) {
    tilec_steps_timing = tilec_env_flag("TILEC_STEPS_TIME");
    if (tilec_steps_timing)
      atexit(tilec_steps_report);
  }
  return tilec_steps_timing;
}

static void tilec_steps_launch(void (*finish)(void)) {
  if (!tilec_steps_on() || tilec_steps_since >= 0)
    return;
  finish(); /* the transfers in */
  tilec_steps_since = tilec_now_ms();
}

static void tilec_steps_read(void (*finish)(void)) {
  if (!tilec_steps_on() || tilec_steps_since < 0)
    return;
  finish(); /* the steps */
  tilec_steps_total_ms += tilec_now_ms() - tilec_steps_since;
  tilec_steps_runs++;
  tilec_steps_since = -1;
}

#endif
