/* kcv_compare.c — placeholder until this part lands (see docs/DESIGN.md). */
#include "kcv.h"
int kcv_open_compare(lua_State *L) { (void)L; return 0; }
