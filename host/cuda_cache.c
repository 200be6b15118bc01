/*
 * cuda_cache.c — the disk cache of compiled CUDA C kernels (see
 * cuda_cache.h for what goes into a key and why).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cuda_cache.h"

/* ---- FNV-1a, 128 bits ---------------------------------------------- */

#define U128(hi, lo) (((unsigned __int128)(hi) << 64) | (lo))

void kcv_hash_init(kcv_hash *h)
{
    h->h = U128(0x6c62272e07bb0142ULL, 0x62b821756295c58dULL);
}

static void hash_bytes(kcv_hash *h, const unsigned char *p, size_t n)
{
    const unsigned __int128 prime = U128(0x0000000001000000ULL, 0x000000000000013bULL);
    for (size_t i = 0; i < n; i++) {
        h->h ^= p[i];
        h->h *= prime;
    }
}

void kcv_hash_add(kcv_hash *h, const void *p, size_t n)
{
    uint64_t len = n;
    hash_bytes(h, (const unsigned char *)&len, sizeof len);
    hash_bytes(h, p, n);
}

void kcv_hash_hex(const kcv_hash *h, char hex[KCV_CACHE_KEYLEN])
{
    snprintf(hex, KCV_CACHE_KEYLEN, "%016llx%016llx",
             (unsigned long long)(h->h >> 64), (unsigned long long)h->h);
}

/* ---- quoted includes ------------------------------------------------ */

#define MAX_INCLUDES 64

char *kcv_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (f == NULL) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0
        && (buf = malloc((size_t)n + 1)) != NULL) {
        *len = fread(buf, 1, (size_t)n, f);
        buf[*len] = '\0';
    }
    fclose(f);
    return buf;
}

const char *kcv_quoted_include(const char *line, const char *end, size_t *len)
{
    const char *q = line, *close;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if (q == end || *q++ != '#') return NULL;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if (end - q < 7 || memcmp(q, "include", 7) != 0) return NULL;
    for (q += 7; q < end && (*q == ' ' || *q == '\t'); q++) {}
    if (q == end || *q++ != '"' || (close = memchr(q, '"', (size_t)(end - q))) == NULL) return NULL;
    *len = (size_t)(close - q);
    return q;
}

/* Find `name` next to `from` or in an -I directory of the options. */
static char *resolve(const char *from, const char *name, const char *options)
{
    char path[4096];
    const char *slash = strrchr(from, '/');
    snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - from + 1) : 0, from, name);
    if (access(path, R_OK) == 0) return strdup(path);
    for (const char *o = options; o && *o; o += strlen(o) + 1) {
        const char *dir = strncmp(o, "-I", 2) == 0 ? o + 2
                        : strncmp(o, "--include-path=", 15) == 0 ? o + 15 : NULL;
        if (dir == NULL) continue;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (access(path, R_OK) == 0) return strdup(path);
    }
    return NULL;
}

/* Hash the text of each header `code` includes with quotes, recursively.
 * A header that cannot be found is hashed by name only: NVRTC will fail
 * on it anyway, and the error is not cached. */
static void hash_includes(kcv_hash *h, const char *from, const char *code,
                          const char *options, int *budget)
{
    for (const char *p = code; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        const char *eol = strchr(p, '\n'), *q;
        size_t qn;
        if ((q = kcv_quoted_include(p, eol ? eol : p + strlen(p), &qn)) == NULL || qn >= 1024) continue;
        char name[1024];
        memcpy(name, q, qn);
        name[qn] = '\0';
        kcv_hash_add(h, name, strlen(name));
        if (--*budget < 0) continue;
        char *path = resolve(from, name, options);
        size_t n = 0;
        char *text = path ? kcv_read_file(path, &n) : NULL;
        if (text != NULL) {
            kcv_hash_add(h, text, n);
            hash_includes(h, path, text, options, budget);
        }
        free(text);
        free(path);
    }
}

void kcv_cache_key(char key[KCV_CACHE_KEYLEN], const char *path,
                   const char *code, size_t len, const char *options,
                   const char *target, int nvrtc_version)
{
    kcv_hash h;
    kcv_hash_init(&h);
    kcv_hash_add(&h, "kcv-nvrtc-1", 11);        /* the layout of this key */
    kcv_hash_add(&h, code, len);
    for (const char *o = options; o && *o; o += strlen(o) + 1)
        kcv_hash_add(&h, o, strlen(o));
    kcv_hash_add(&h, "", 0);                    /* end of options */
    kcv_hash_add(&h, target, strlen(target));
    kcv_hash_add(&h, &nvrtc_version, sizeof nvrtc_version);
    kcv_hash_includes(&h, path, code, len, options);
    kcv_hash_hex(&h, key);
}

void kcv_hash_includes(kcv_hash *h, const char *path, const char *code, size_t len,
                       const char *options)
{
    int budget = MAX_INCLUDES;
    /* code need not be NUL-terminated: scan a terminated copy */
    char *text = malloc(len + 1);
    if (text == NULL) return;
    memcpy(text, code, len);
    text[len] = '\0';
    hash_includes(h, path ? path : "", text, options, &budget);
    free(text);
}

/* ---- files ---------------------------------------------------------- */

static int mkdirs(char *dir)
{
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        int r = mkdir(dir, 0755);
        *p = '/';
        if (r != 0 && errno != EEXIST) return -1;
    }
    return mkdir(dir, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

const char *kcv_cache_dir(void)
{
    static char dir[4096];
    const char *env = getenv("KCV_CACHE"), *home = getenv("HOME");
    if (env != NULL && (*env == '\0' || strcmp(env, "off") == 0)) return NULL;
    if (env != NULL) snprintf(dir, sizeof dir, "%s", env);
    else if (home != NULL && *home) snprintf(dir, sizeof dir, "%s/.cache/kcv", home);
    else return NULL;
    return mkdirs(dir) == 0 ? dir : NULL;
}

static void entry(char *path, size_t n, const char *dir, const char *key, int is_ptx)
{
    snprintf(path, n, "%s/%s.%s", dir, key, is_ptx ? "ptx" : "cubin");
}

int kcv_cache_get(const char *key, char **data, size_t *len, int *is_ptx)
{
    const char *dir = kcv_cache_dir();
    char path[4200];
    if (dir == NULL) return -1;
    for (int ptx = 0; ptx <= 1; ptx++) {
        entry(path, sizeof path, dir, key, ptx);
        if ((*data = kcv_read_file(path, len)) != NULL && *len > 0) {
            *is_ptx = ptx;
            return 0;
        }
        free(*data);
        *data = NULL;
    }
    return -1;
}

void kcv_cache_put(const char *key, const void *data, size_t len, int is_ptx)
{
    const char *dir = kcv_cache_dir();
    char path[4200], tmp[4300];
    FILE *f;
    if (dir == NULL) return;
    entry(path, sizeof path, dir, key, is_ptx);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    if ((f = fopen(tmp, "wb")) == NULL) return;
    int ok = fwrite(data, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) unlink(tmp);
}
