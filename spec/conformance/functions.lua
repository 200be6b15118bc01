-- spec/conformance/functions.lua — every device function the conformance
-- test evaluates, elementwise, on the CPU backend and on a GPU.  An entry:
--
--   {name, args, ret, expr = nil, approx = nil}
--
-- args and ret are letters of kinds: h __half, b __nv_bfloat16, f float,
-- d double, i int, u unsigned, l long long, L unsigned long long, s short,
-- S unsigned short, H __half2, B __nv_bfloat162, and for results also
-- z bool, c signed char, C unsigned char, g float2.  expr is the CUDA
-- expression of the arguments a, b, c (default: name(a, b, ...)); a name
-- of the form "f:tag" tells apart overloads and operators.  approx names
-- the error bound (host/lua/kcv/conformance.lua) that replaces bit
-- equality for the approximate functions.
--
-- tools/gen-conformance writes spec/conformance/conformance.cu from this
-- list; the order is the functions' numbering there, so add at the end.

local L = {}
local function add(name, args, ret, expr, approx)
  L[#L + 1] = {name = name, args = args, ret = ret, expr = expr, approx = approx}
end
local MODES = {"_rn", "_rz", "_rd", "_ru"}

-- conversions of both 16-bit formats
for _, t in ipairs{{tag = "half", k = "h", p = "H"}, {tag = "bfloat16", k = "b", p = "B"}} do
  local T, K, P = t.tag, t.k, t.p
  add("__float2" .. T, "f", K)
  for _, m in ipairs(MODES) do add("__float2" .. T .. m, "f", K) end
  add("__" .. T .. "2float", K, "f")
  add("__double2" .. T, "d", K)
  for _, it in ipairs{{"int", "i"}, {"uint", "u"}, {"short", "s"}, {"ushort", "S"}, {"ll", "l"}, {"ull", "L"}} do
    for _, m in ipairs(MODES) do
      add("__" .. T .. "2" .. it[1] .. m, K, it[2])
      add("__" .. it[1] .. "2" .. T .. m, it[2], K)
    end
  end
  add("__" .. T .. "2char_rz", K, "c")
  add("__" .. T .. "2uchar_rz", K, "C")
  add("__" .. T .. "_as_short", K, "s")
  add("__ushort_as_" .. T, "S", K)
  add("__" .. T .. "2" .. T .. "2", K, P)
  add("__halves2" .. T .. "2", K .. K, P)
  add("__floats2" .. T .. "2_rn", "ff", P)
  add("__float2" .. T .. "2_rn", "f", P)
  add("__" .. T .. "22float2", P, "g")
  add("__low2" .. T, P, K)
  add("__high2" .. T, P, K)
  add("__low2float:" .. T, P, "f", "__low2float(a)")
  add("__high2float:" .. T, P, "f", "__high2float(a)")
  add("__lows2" .. T .. "2", P .. P, P)
  add("__highs2" .. T .. "2", P .. P, P)
  add("__lowhigh2highlow:" .. T, P, P, "__lowhigh2highlow(a)")
end

-- arithmetic, compares and math of both 16-bit formats, scalar and pair
for _, t in ipairs{{tag = "half", k = "h", p = "H"}, {tag = "bfloat16", k = "b", p = "B"}} do
  local K, P, s = t.k, t.p, ":" .. t.tag
  for _, f in ipairs{"__hadd", "__hsub", "__hmul", "__hdiv", "__hadd_rn", "__hsub_rn", "__hmul_rn",
                     "__hadd_sat", "__hsub_sat", "__hmul_sat", "__hmax", "__hmin", "__hmax_nan", "__hmin_nan"} do
    add(f .. s, K .. K, K, f .. "(a, b)")
  end
  for _, f in ipairs{"__hfma", "__hfma_sat", "__hfma_relu"} do add(f .. s, K .. K .. K, K, f .. "(a, b, c)") end
  for _, f in ipairs{"__hneg", "__habs", "htrunc", "hfloor", "hceil", "hrint"} do add(f .. s, K, K, f .. "(a)") end
  for _, f in ipairs{"hsqrt", "hrsqrt", "hrcp", "hexp", "hexp2", "hlog", "hlog2"} do
    add(f .. s, K, K, f .. "(a)", "ulp16:" .. f)
  end
  for _, c in ipairs{"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu"} do
    add("__h" .. c .. s, K .. K, "z", "__h" .. c .. "(a, b)")
    add("__h" .. c .. "2" .. s, P .. P, P, "__h" .. c .. "2(a, b)")
    add("__h" .. c .. "2_mask" .. s, P .. P, "u", "__h" .. c .. "2_mask(a, b)")
    add("__hb" .. c .. "2" .. s, P .. P, "z", "__hb" .. c .. "2(a, b)")
  end
  add("__hisnan" .. s, K, "z", "__hisnan(a)")
  add("__hisinf" .. s, K, "i", "__hisinf(a)")
  add("__hisnan2" .. s, P, P, "__hisnan2(a)")
  for _, f in ipairs{"__hadd2", "__hsub2", "__hmul2", "__h2div", "__hadd2_sat", "__hsub2_sat", "__hmul2_sat",
                     "__hmax2", "__hmin2", "__hmax2_nan", "__hmin2_nan"} do
    add(f .. s, P .. P, P, f .. "(a, b)")
  end
  for _, f in ipairs{"__hfma2", "__hfma2_sat", "__hfma2_relu", "__hcmadd"} do
    add(f .. s, P .. P .. P, P, f .. "(a, b, c)")
  end
  add("__hneg2" .. s, P, P, "__hneg2(a)")
  add("__habs2" .. s, P, P, "__habs2(a)")
  for _, op in ipairs{"+", "-", "*", "/"} do
    add("operator" .. op .. s, K .. K, K, "a " .. op .. " b")
    add("operator" .. op .. "2" .. s, P .. P, P, "a " .. op .. " b")
  end
  for _, op in ipairs{"==", "!=", "<", ">", "<=", ">="} do
    add("operator" .. op .. s, K .. K, "z", "a " .. op .. " b")
    add("operator" .. op .. "2" .. s, P .. P, "z", "a " .. op .. " b")
  end
  add("operator-unary" .. s, K, K, "-a")
  add("operator++" .. s, K, K, "++a")
end

-- single precision: IEEE operations in the four modes, conversions
for _, m in ipairs(MODES) do
  add("__fadd" .. m, "ff", "f")
  add("__fsub" .. m, "ff", "f")
  add("__fmul" .. m, "ff", "f")
  add("__fmaf" .. m, "fff", "f")
  add("__fdiv" .. m, "ff", "f")
  add("__frcp" .. m, "f", "f")
  add("__fsqrt" .. m, "f", "f")
  for _, it in ipairs{{"int", "i"}, {"uint", "u"}, {"ll", "l"}, {"ull", "L"}} do
    add("__float2" .. it[1] .. m, "f", it[2])
    add("__double2" .. it[1] .. m, "d", it[2])
    add("__" .. it[1] .. "2float" .. m, it[2], "f")
  end
  add("__double2float" .. m, "d", "f")
end
add("__frsqrt_rn", "f", "f")
add("__saturatef", "f", "f")
add("__fdividef", "ff", "f", nil, "fdividef")
for _, f in ipairs{"__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__sinf", "__cosf", "__tanhf"} do
  add(f, "f", "f", nil, f)
end

-- integer intrinsics and bit casts
add("__float_as_int", "f", "i")
add("__int_as_float", "i", "f")
add("__double_as_longlong", "d", "l")
add("__brev", "u", "u")
add("__brevll", "L", "L")
add("__popc", "u", "i")
add("__popcll", "L", "i")
add("__clz", "i", "i")
add("__clzll", "l", "i")
add("__ffs", "i", "i")
add("__ffsll", "l", "i")
add("__byte_perm", "uuu", "u")
for _, f in ipairs{"__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc", "__usad"} do
  add(f, "uuu", "u")
end
add("__sad", "iiu", "u")
for _, f in ipairs{"__mul24", "__mulhi", "__rhadd"} do add(f, "ii", "i") end
add("__hadd:int", "ii", "i", "__hadd(a, b)")
for _, f in ipairs{"__umul24", "__umulhi", "__uhadd", "__urhadd"} do add(f, "uu", "u") end
add("__mul64hi", "ll", "l")
add("__umul64hi", "LL", "L")
add("__dp4a:int", "iii", "i", "__dp4a(a, b, c)")
add("__dp4a:unsigned", "uuu", "u", "__dp4a(a, b, c)")

-- the warp-level functions and atomics of collectives.cuh, by the fn
-- number conf_coll takes (a test of its own, not elementwise)
L.collectives = {}
for v, shfl in ipairs{"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"} do
  for k, w in ipairs{32, 16, 8, 4, 2} do L.collectives[(v - 1) * 5 + k - 1] = shfl .. ":width" .. w end
end
for fn, name in pairs{[20] = "__ballot_sync", [21] = "__any_sync", [22] = "__all_sync", [23] = "__activemask",
                      [24] = "__match_any_sync", [25] = "__match_all_sync", [26] = "__reduce_add_sync",
                      [27] = "__reduce_min_sync", [28] = "__reduce_max_sync",
                      [29] = "__reduce_and_sync+__reduce_or_sync", [30] = "__reduce_xor_sync",
                      [40] = "atomicAdd:__half2", [41] = "atomicAdd:__nv_bfloat162", [42] = "atomicAdd:__half",
                      [43] = "atomicAdd:__nv_bfloat16", [44] = "atomicCAS:unsigned short",
                      [45] = "atomicMax+atomicMin:unsigned long long", [46] = "atomicMax+atomicMin:long long",
                      [47] = "atomicAdd:unsigned long long", [48] = "atomicAdd:float+double",
                      [49] = "atomicAnd+atomicOr+atomicXor", [50] = "atomicInc+atomicDec",
                      [51] = "atomicAdd:float2", [52] = "atomicAdd:int+atomicSub:unsigned"} do
  L.collectives[fn] = name
end

return L
