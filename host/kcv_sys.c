/*
 * kcv_sys.c — kcv.sys: the few operating-system services Lua lacks
 * (monotonic clock, line editing, terminal test, process id, real path).
 * Child processes (kcv.sys.spawn) are kcv_proc.c's, opened after this part.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <limits.h>
#include "kcv.h"

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

int kcv_open_sys(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"clock", l_clock}, {"readline", l_readline},
        {"history_load", l_history_load}, {"history_save", l_history_save},
        {"isatty", l_isatty}, {"getpid", l_getpid}, {"realpath", l_realpath},
        {"sleep", l_sleep}, {NULL, NULL}};
    luaL_newlib(L, fns);
    lua_setfield(L, -2, "sys");
    return 0;
}
