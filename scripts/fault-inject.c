/*
 * An LD_PRELOAD library for scripts/torture: makes the Nth call of one file system function
 * on a file fail with a given errno, counted over the whole process.
 *
 * strace's --inject counts calls per thread and cannot tell a file from a pipe, so an error
 * meant for the disk can land on a wake-up pipe (which no disk fault reaches) and the count
 * differs from run to run. This counts only calls on regular files and folders.
 *
 *   CLOUDY_FAULT_CALL=write|pwrite|fsync|fdatasync|rename  the function to fail
 *   CLOUDY_FAULT_N=N                                          its Nth call on a file fails
 *   CLOUDY_FAULT_ERRNO=5|28                                   with EIO or ENOSPC
 *   CLOUDY_FAULT_COUNT=PATH                                   instead: append the counts to PATH
 *                                                             at exit ("write 12" a line)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { WRITE, PWRITE, FSYNC, FDATASYNC, RENAME, CALLS };
static const char *names[CALLS] = {"write", "pwrite", "fsync", "fdatasync", "rename"};
static atomic_long counts[CALLS];
static int target = -1;
static long failing = 0;
static int failure = EIO;
static const char *count_path = NULL;

static void report(void) {
  if (!count_path) return;
  FILE *file = fopen(count_path, "a");
  if (!file) return;
  for (int i = 0; i < CALLS; i++) fprintf(file, "%s %ld\n", names[i], atomic_load(&counts[i]));
  fclose(file);
}

__attribute__((constructor)) static void setup(void) {
  const char *call = getenv("CLOUDY_FAULT_CALL");
  for (int i = 0; call && i < CALLS; i++)
    if (strcmp(call, names[i]) == 0) target = i;
  const char *n = getenv("CLOUDY_FAULT_N");
  if (n) failing = atol(n);
  const char *code = getenv("CLOUDY_FAULT_ERRNO");
  if (code) failure = atoi(code);
  count_path = getenv("CLOUDY_FAULT_COUNT");
  if (count_path) atexit(report);
}

static int on_file(int fd) {
  struct stat info;
  return fstat(fd, &info) == 0 && (S_ISREG(info.st_mode) || S_ISDIR(info.st_mode));
}

/* Counts a call on a file; true if this one is to fail. */
static int fails(int call) {
  long number = atomic_fetch_add(&counts[call], 1) + 1;
  return call == target && number == failing;
}

#define NEXT(type, name, ...) ((type(*)(__VA_ARGS__))dlsym(RTLD_NEXT, name))

ssize_t write(int fd, const void *buffer, size_t size) {
  if (on_file(fd) && fails(WRITE)) { errno = failure; return -1; }
  return NEXT(ssize_t, "write", int, const void *, size_t)(fd, buffer, size);
}

ssize_t pwrite64(int fd, const void *buffer, size_t size, off64_t offset) {
  if (on_file(fd) && fails(PWRITE)) { errno = failure; return -1; }
  return NEXT(ssize_t, "pwrite64", int, const void *, size_t, off64_t)(fd, buffer, size, offset);
}

ssize_t pwrite(int fd, const void *buffer, size_t size, off_t offset) {
  if (on_file(fd) && fails(PWRITE)) { errno = failure; return -1; }
  return NEXT(ssize_t, "pwrite", int, const void *, size_t, off_t)(fd, buffer, size, offset);
}

int fsync(int fd) {
  if (on_file(fd) && fails(FSYNC)) { errno = failure; return -1; }
  return NEXT(int, "fsync", int)(fd);
}

int fdatasync(int fd) {
  if (on_file(fd) && fails(FDATASYNC)) { errno = failure; return -1; }
  return NEXT(int, "fdatasync", int)(fd);
}

int rename(const char *from, const char *to) {
  if (fails(RENAME)) { errno = failure; return -1; }
  return NEXT(int, "rename", const char *, const char *)(from, to);
}
