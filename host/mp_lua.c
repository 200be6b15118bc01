/* mp_lua.c — placeholder until this part lands (see docs/DESIGN.md). */
#include "kcv.h"
int kcv_open_mp(lua_State *L) { (void)L; return 0; }
