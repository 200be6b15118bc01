/*
 * kcv_sys.c — kcv.sys: the few operating-system services Lua lacks
 * (monotonic clock, line editing with completion, Ctrl-C as a Lua error,
 * terminal test, process id, real path).
 * Child processes (kcv.sys.spawn) are kcv_proc.c's, opened after this part.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <limits.h>
#include <sys/stat.h>
#include "kcv.h"
#include "cuda_cache.h"

#ifndef KCV_NO_EDIT
#include <editline/readline.h>
#else
/* Without libedit (the static build for machines that lack it): plain
 * lines from stdin, no history. */
static char *readline(const char *prompt)
{
    char buf[65536];
    fputs(prompt, stdout);
    fflush(stdout);
    if (!fgets(buf, sizeof buf, stdin)) return NULL;
    buf[strcspn(buf, "\n")] = '\0';
    return strdup(buf);
}
static void add_history(const char *line) { (void)line; }
static int read_history(const char *path) { (void)path; return -1; }
static int write_history(const char *path) { (void)path; return -1; }
#endif

/* The Lua state whose completer and interrupt hook are in use (kcv has
 * one main state; readline and signals are process-wide anyway). */
static lua_State *sys_L;
static int completer_ref = LUA_NOREF;

/* kcv.sys.clock(): seconds on a monotonic clock, as a float. */
static int l_clock(lua_State *L)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    lua_pushnumber(L, (double)ts.tv_sec + ts.tv_nsec * 1e-9);
    return 1;
}

/* kcv.sys.readline(prompt): a line with editing and history, nil at EOF. */
static int l_readline(lua_State *L)
{
    const char *prompt = luaL_optstring(L, 1, "> ");
    char *line = readline(prompt);
    if (!line) return 0;
    if (*line) add_history(line);
    lua_pushstring(L, line);
    free(line);
    return 1;
}

#ifndef KCV_NO_EDIT
/* readline's generator: the state-th candidate for text, from the list the
 * Lua completer returned for it (kept in the registry between calls). */
static int cand_ref = LUA_NOREF;
static char *complete_next(const char *text, int state)
{
    lua_State *L = sys_L;
    if (!L || completer_ref == LUA_NOREF) return NULL;
    if (state == 0) {
        luaL_unref(L, LUA_REGISTRYINDEX, cand_ref);
        cand_ref = LUA_NOREF;
        lua_rawgeti(L, LUA_REGISTRYINDEX, completer_ref);
        lua_pushstring(L, text);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK || !lua_istable(L, -1)) { lua_pop(L, 1); return NULL; }
        cand_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (cand_ref == LUA_NOREF) return NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, cand_ref);
    lua_rawgeti(L, -1, state + 1);
    const char *c = lua_tostring(L, -1);
    char *out = c ? strdup(c) : NULL;
    lua_pop(L, 2);
    return out;
}

static char **complete(const char *text, int start, int end)
{
    (void)start; (void)end;
    rl_attempted_completion_over = 1;    /* never fall back to file names */
    rl_completion_append_character = '\0';   /* "worst" then "(", not "worst (" */
    return rl_completion_matches(text, complete_next);
}
#endif

/* kcv.sys.completer(fn | nil): Tab in readline calls fn(word) for the list
 * of completions of the word before the cursor (nil: no completion). */
static int l_completer(lua_State *L)
{
    if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TFUNCTION);
    sys_L = L;
    luaL_unref(L, LUA_REGISTRYINDEX, completer_ref);
    completer_ref = LUA_NOREF;
    if (!lua_isnoneornil(L, 1)) {
        lua_pushvalue(L, 1);
        completer_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
#ifndef KCV_NO_EDIT
    rl_attempted_completion_function = completer_ref == LUA_NOREF ? NULL : complete;
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{}()[],+-*/%^~#";
#endif
    return 0;
}

/* Ctrl-C during kcv.sys.interruptible: the signal handler only sets a hook
 * (async-signal-safe, as lua.c does); the hook raises the error at the next
 * Lua instruction, so C code finishes what it is doing first. */
static void stop_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
    luaL_error(L, "interrupted");
}

static void on_sigint(int sig)
{
    (void)sig;
    lua_sethook(sys_L, stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

/* kcv.sys.interruptible(fn, ...): calls fn(...) as pcall does, with Ctrl-C
 * (SIGINT) turned into the error "interrupted"; afterwards SIGINT is as it
 * was (ignored again after kcv.sys.ignore_sigint(true)). */
static int ignore_between;
static int l_interruptible(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *saved = sys_L;
    sys_L = L;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    lua_sethook(L, NULL, 0, 0);
    if (ignore_between) signal(SIGINT, SIG_IGN); else sigaction(SIGINT, &old, NULL);
    sys_L = saved ? saved : L;
    lua_pushboolean(L, status == LUA_OK);
    lua_insert(L, 1);
    return lua_gettop(L);
}

/* kcv.sys.ignore_sigint(bool): whether Ctrl-C is ignored outside
 * kcv.sys.interruptible (a REPL's prompt; the default is the usual: it ends
 * kcv). */
static int l_ignore_sigint(lua_State *L)
{
    ignore_between = lua_toboolean(L, 1);
    signal(SIGINT, ignore_between ? SIG_IGN : SIG_DFL);
    return 0;
}

static int l_history_load(lua_State *L)
{
    lua_pushboolean(L, read_history(luaL_checkstring(L, 1)) == 0);
    return 1;
}

static int l_history_save(lua_State *L)
{
    lua_pushboolean(L, write_history(luaL_checkstring(L, 1)) == 0);
    return 1;
}

static int l_isatty(lua_State *L)
{
    lua_pushboolean(L, isatty((int)luaL_optinteger(L, 1, 0)));
    return 1;
}

static int l_getpid(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)getpid());
    return 1;
}

static int l_realpath(lua_State *L)
{
    char buf[PATH_MAX];
    if (!realpath(luaL_checkstring(L, 1), buf)) return 0;
    lua_pushstring(L, buf);
    return 1;
}

/* kcv.sys.sleep(seconds) */
static int l_sleep(lua_State *L)
{
    double s = luaL_checknumber(L, 1);
    luaL_argcheck(L, s >= 0 && s <= 1e9, 1, "seconds: a number in [0, 1e9] expected");
    struct timespec ts = {(time_t)s, (long)((s - (time_t)s) * 1e9)};
    nanosleep(&ts, NULL);
    return 0;
}

/* kcv.sys.source_key(path, options, extra) -> hex key, or nil when the file
 * cannot be read: a hash of the source's text, the text of every header it
 * includes with quotes (as the kernel caches key them: cuda_cache.c),
 * the options (a list of strings) and `extra` (a list of strings, or of
 * paths prefixed "stat:", which add the file's size and mtime: a tool's
 * identity).  kcv.sys.cache_dir() -> the disk cache directory or nil. */
static int l_source_key(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) luaL_addlstring(&b, chunk, n);
    fclose(f);
    luaL_pushresult(&b);
    size_t len;
    const char *code = lua_tolstring(L, -1, &len);
    kcv_hash h;
    kcv_hash_init(&h);
    kcv_hash_add(&h, path, strlen(path));
    kcv_hash_add(&h, code, len);
    /* options as NUL-separated, doubly terminated (kcv_hash_includes's -I) */
    luaL_Buffer ob;
    luaL_buffinit(L, &ob);
    if (lua_istable(L, 2))
        for (lua_Integer i = 1; ; i++) {
            lua_geti(L, 2, i);
            if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
            size_t ol;
            const char *o = luaL_checklstring(L, -1, &ol);
            kcv_hash_add(&h, o, ol);
            lua_pop(L, 1);
            luaL_addlstring(&ob, o, ol);
            luaL_addchar(&ob, '\0');
        }
    luaL_addchar(&ob, '\0');
    luaL_pushresult(&ob);
    kcv_hash_add(&h, "", 0);
    if (lua_istable(L, 3))
        for (lua_Integer i = 1; ; i++) {
            lua_geti(L, 3, i);
            if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
            size_t el;
            const char *e = luaL_checklstring(L, -1, &el);
            kcv_hash_add(&h, e, el);
            struct stat st;
            if (strncmp(e, "stat:", 5) == 0 && stat(e + 5, &st) == 0) {
                long long v[3] = {(long long)st.st_size, (long long)st.st_mtim.tv_sec,
                                  (long long)st.st_mtim.tv_nsec};
                kcv_hash_add(&h, v, sizeof v);
            }
            lua_pop(L, 1);
        }
    kcv_hash_includes(&h, path, code, len, lua_tostring(L, -1));
    char hex[KCV_CACHE_KEYLEN];
    kcv_hash_hex(&h, hex);
    lua_pushstring(L, hex);
    return 1;
}

static int l_cache_dir(lua_State *L)
{
    const char *d = kcv_cache_dir();
    if (!d) return 0;
    lua_pushstring(L, d);
    return 1;
}

int kcv_open_sys(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"clock", l_clock}, {"readline", l_readline},
        {"history_load", l_history_load}, {"history_save", l_history_save},
        {"isatty", l_isatty}, {"getpid", l_getpid}, {"realpath", l_realpath},
        {"sleep", l_sleep}, {"completer", l_completer}, {"interruptible", l_interruptible},
        {"ignore_sigint", l_ignore_sigint}, {"source_key", l_source_key},
        {"cache_dir", l_cache_dir}, {NULL, NULL}};
    luaL_newlib(L, fns);
    lua_setfield(L, -2, "sys");
    return 0;
}
