/*
 * cuda_cache.h — the disk cache of compiled CUDA C kernels.
 *
 * NVRTC takes from a fraction of a second to many seconds per kernel, and
 * kcv loads the same kernel in every worker it starts.  The cache keeps the
 * compiler's output (cubin, or PTX where NVRTC cannot make a cubin for the
 * device) under $KCV_CACHE, else ~/.cache/kcv; KCV_CACHE=off turns it off.
 *
 * The key is a 128-bit hash of everything the output depends on: the
 * source, the text of every header it includes with quotes (found next to
 * the source or in the -I directories of its options), the options, the
 * target and the NVRTC version.  A change to any of them is a new key.
 */
#ifndef KCV_CUDA_CACHE_H
#define KCV_CUDA_CACHE_H

#include <stddef.h>

#define KCV_CACHE_KEYLEN 33            /* 32 hex digits and a NUL */

typedef struct { unsigned __int128 h; } kcv_hash;

void kcv_hash_init(kcv_hash *h);
/* Add one field; fields are length-prefixed, so ("ab","c") != ("a","bc"). */
void kcv_hash_add(kcv_hash *h, const void *p, size_t n);
void kcv_hash_hex(const kcv_hash *h, char hex[KCV_CACHE_KEYLEN]);

/* Add the text of every header that `code` (file `path`, `len` bytes)
 * includes with quotes, recursively: next to the including file or in an
 * -I directory of `options`.  Both backends' cache keys use it, so that an
 * edited header is a new key. */
void kcv_hash_includes(kcv_hash *h, const char *path, const char *code, size_t len,
                       const char *options);

/* The name in a line `#include "name"` (the line runs to `end`): a
 * pointer into the line and its length in *len; NULL for any other line. */
const char *kcv_quoted_include(const char *line, const char *end, size_t *len);

/* A whole file, malloc'd and NUL-terminated past *len; NULL when it cannot
 * be read. */
char *kcv_read_file(const char *path, size_t *len);

/* The key of CUDA C source `code` (file `path`) compiled with `options`
 * (NUL-separated, double-NUL-terminated, or NULL) for `target` ("sm_90a")
 * by NVRTC `nvrtc_version` (major*1000 + minor*10). */
void kcv_cache_key(char key[KCV_CACHE_KEYLEN], const char *path,
                   const char *code, size_t len, const char *options,
                   const char *target, int nvrtc_version);

/* The cache directory (created on first use), or NULL when off or when it
 * cannot be made. */
const char *kcv_cache_dir(void);

/* The cached output for key: 0 with a malloc'd *data (NUL-terminated past
 * *len) and *is_ptx, or -1 when absent. */
int kcv_cache_get(const char *key, char **data, size_t *len, int *is_ptx);
/* Store an output; written to a temporary file and renamed, so that
 * concurrent workers never read half a file.  Failures are silent: the
 * cache only saves time. */
void kcv_cache_put(const char *key, const void *data, size_t len, int is_ptx);

#endif
