/*
 * lkcv.c — luaopen_kcv: builds the `kcv` table from its parts.
 *
 * The same function serves the kcv executable (main.c preloads it) and the
 * Lua module kcv.so that stock lua5.4 and busted load with require "kcv".
 */
#include "kcv.h"

static int (*const parts[])(lua_State *) = {
    kcv_open_dtype, kcv_open_buf, kcv_open_rng, kcv_open_transform, kcv_open_inject,
    kcv_open_compare, kcv_open_mp, kcv_open_kernel, kcv_open_sys, kcv_open_proc,
};

int luaopen_kcv(lua_State *L)
{
    lua_newtable(L);
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        int top = lua_gettop(L);
        parts[i](L);
        lua_settop(L, top);
    }
    lua_pushliteral(L, KCV_VERSION);
    lua_setfield(L, -2, "version");
    return 1;
}
