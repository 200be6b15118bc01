/*
 * kcv_args.c — argument checks shared by the parts of the kcv table.
 *
 * Option tables are the usual way to call kcv from Lua; a misspelt key
 * ("redzon = 64") would otherwise be ignored silently and the caller would
 * verify something other than what they asked for.
 */
#include <string.h>
#include "kcv.h"

static int has_word(const char *list, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
    return 0;
}

void kcv_checkkeys(lua_State *L, int idx, int arg, const char *what, const char *keys)
{
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (!k || !has_word(keys, k))
            luaL_argerror(L, arg, lua_pushfstring(L, "%s%sunknown option %s%s%s (expected: %s)",
                what ? what : "", what ? ": " : "", k ? "'" : "",
                k ? k : luaL_typename(L, -1), k ? "'" : "", keys));
    }
}

void kcv_checkopts(lua_State *L, int arg, const char *keys)
{
    if (lua_isnoneornil(L, arg)) return;
    luaL_checktype(L, arg, LUA_TTABLE);
    kcv_checkkeys(L, arg, arg, NULL, keys);
}
