/* kcv_rng.c — placeholder until this part lands (see docs/DESIGN.md). */
#include "kcv.h"
int kcv_open_rng(lua_State *L) { (void)L; return 0; }
