/*
 * main.c — the kcv executable: a Lua 5.4 state with the kcv module
 * preloaded, handing the command line to host/lua/kcv/cli.lua.
 *
 * Commands live in Lua so that they can be read and extended without
 * recompiling; this file only finds the installation root, sets the module
 * paths and turns an uncaught error into exit code 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <libgen.h>
#include <unistd.h>
#include "lua.h"
#include "lualib.h"
#include "lauxlib.h"
#include "kcv.h"

/* The directory holding host/lua: $KCV_ROOT, else the executable's own. */
static void find_root(char *root, size_t n)
{
    const char *env = getenv("KCV_ROOT");
    if (env && *env) { snprintf(root, n, "%s", env); return; }
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) { snprintf(root, n, "."); return; }
    exe[len] = '\0';
    snprintf(root, n, "%s", dirname(exe));
}

static int traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int main(int argc, char **argv)
{
    char root[PATH_MAX];
    find_root(root, sizeof root);

    lua_State *L = luaL_newstate();
    if (!L) { fprintf(stderr, "kcv: cannot create Lua state\n"); return 2; }
    luaL_openlibs(L);

    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_kcv);
    lua_setfield(L, -2, "kcv");
    lua_pop(L, 1);

    lua_getglobal(L, "package");
    lua_pushfstring(L, "%s/host/lua/?.lua;%s/host/lua/?/init.lua;", root, root);
    lua_getfield(L, -2, "path");
    lua_concat(L, 2);
    lua_setfield(L, -2, "path");
    lua_pop(L, 1);

    lua_pushstring(L, root);
    lua_setglobal(L, "KCV_ROOT");

    lua_pushcfunction(L, traceback);
    char cli[PATH_MAX + 32];
    snprintf(cli, sizeof cli, "%s/host/lua/kcv/cli.lua", root);
    if (luaL_loadfile(L, cli) != LUA_OK) {
        fprintf(stderr, "kcv: cannot load %s: %s\n(set KCV_ROOT to the kcv directory)\n",
                cli, lua_tostring(L, -1));
        return 2;
    }
    lua_createtable(L, argc, 0);
    for (int i = 1; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i);
    }
    int status = lua_pcall(L, 1, 1, 1);
    int rc = 2;
    if (status != LUA_OK) {
        fprintf(stderr, "kcv: internal error: %s\n", lua_tostring(L, -1));
    } else if (lua_isinteger(L, -1)) {
        rc = (int)lua_tointeger(L, -1);
    } else {
        rc = 0;
    }
    fflush(stdout);
    lua_close(L);
    return rc;
}
