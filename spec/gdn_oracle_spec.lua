-- kcv.mp.gdn and kcv.mp.gdn_bwd: the fp64 oracle of the gated linear
-- recurrence family (Gated DeltaNet, DeltaNet, KDA, GLA, simple GLA).
-- The backward is checked against central finite differences of the
-- forward, the forward against a closed-form property of the delta rule
-- and against a step-by-step evaluation written here in Lua.
local kcv = require "kcv"

local B, T, H, K, V = 2, 70, 2, 4, 3     -- T = 70 crosses the backward's 64-step segments

local function rnd(shape, seed, lo, hi)
  return kcv.buffer("f64", shape):fill_uniform{seed = seed, lo = lo or -1, hi = hi or 1}
end

local VARIANTS = {
  gdn = {g = "scalar", beta = true}, deltanet = {beta = true}, kda = {g = "key", beta = true},
  gla = {g = "key"}, simple_gla = {g = "scalar"},
}
local NAMES = {"gdn", "deltanet", "kda", "gla", "simple_gla"}

-- Inputs of a variant; k normalised per token, as GDN uses it.
local function inputs(var, seed, t)
  t = t or T
  local a = {q = rnd({B, t, H, K}, seed), k = rnd({B, t, H, K}, seed + 1), v = rnd({B, t, H, V}, seed + 2),
             h0 = rnd({B, H, K, V}, seed + 3)}
  for x = 0, B * t * H - 1 do
    local n = 0
    for i = 0, K - 1 do n = n + a.k:get(x * K + i) ^ 2 end
    for i = 0, K - 1 do a.k:set(x * K + i, a.k:get(x * K + i) / math.sqrt(n)) end
  end
  if var.g == "scalar" then a.g = rnd({B, t, H}, seed + 4, -0.3, 0) end
  if var.g == "key" then a.g = rnd({B, t, H, K}, seed + 4, -0.3, 0) end
  if var.beta then a.beta = rnd({B, t, H}, seed + 5, 0, 1) end
  return a
end

-- The recurrence as written in host/mp_gdn.c's comment, in Lua, for one
-- (b, h): o (T x V) and the final state.
local function reference(a, b, h)
  local t_len = a.q.shape[2]
  local S = {}
  for i = 0, K - 1 do
    S[i] = {}
    for j = 0, V - 1 do S[i][j] = a.h0:get(((b * H + h) * K + i) * V + j) end
  end
  local o = {}
  for t = 0, t_len - 1 do
    local tok = (b * t_len + t) * H + h
    for i = 0, K - 1 do
      local d = a.g == nil and 1 or a.g.ndim == 3 and math.exp(a.g:get(tok)) or math.exp(a.g:get(tok * K + i))
      for j = 0, V - 1 do S[i][j] = d * S[i][j] end
    end
    local bt = a.beta and a.beta:get(tok) or 1
    for j = 0, V - 1 do
      local u = 0
      for i = 0, K - 1 do u = u + S[i][j] * a.k:get(tok * K + i) end
      local r = a.v:get(tok * V + j) - (a.beta and u or 0)
      for i = 0, K - 1 do S[i][j] = S[i][j] + bt * a.k:get(tok * K + i) * r end
    end
    o[t] = {}
    for j = 0, V - 1 do
      local s = 0
      for i = 0, K - 1 do s = s + S[i][j] * a.q:get(tok * K + i) end
      o[t][j] = s / math.sqrt(K)
    end
  end
  return o, S
end

-- The chunked formulation (WY representation with the triangular inverse,
-- as chunked kernels compute it), for a scalar gate (or none) and the delta
-- rule, chunks of C steps: within a chunk with cumulative decays b_t and
-- start state S0, S_t = b_t S0 + sum_{s<=t} (b_t/b_s) k_s u_s^T, where
-- (I + diag(beta) (Gamma o strictly_lower(K K^T))) U = diag(beta) (V - diag(b) K S0)
-- is solved by forward substitution.  Returns o as a flat list like kcv's.
local function chunked(a, C)
  local t_len = a.q.shape[2]
  local o = {}
  for b = 0, B - 1 do
    for h = 0, H - 1 do
      local S = {}
      for i = 0, K - 1 do
        S[i] = {}
        for j = 0, V - 1 do S[i][j] = a.h0:get(((b * H + h) * K + i) * V + j) end
      end
      for c0 = 0, t_len - 1, C do
        local L = math.min(C, t_len - c0)
        local tok, kv, bt, dec = {}, {}, {}, {}
        local acc = 0
        for t = 1, L do
          tok[t] = (b * t_len + c0 + t - 1) * H + h
          acc = acc + (a.g and a.g:get(tok[t]) or 0)
          dec[t] = math.exp(acc)
          bt[t] = a.beta:get(tok[t])
          kv[t] = {}
          for i = 0, K - 1 do kv[t][i] = a.k:get(tok[t] * K + i) end
        end
        local function dot(x, y) local d = 0; for i = 0, K - 1 do d = d + x[i] * y[i] end; return d end
        local U = {}
        for t = 1, L do                       -- forward substitution: row t of U
          U[t] = {}
          for j = 0, V - 1 do
            local s0k = 0
            for i = 0, K - 1 do s0k = s0k + S[i][j] * kv[t][i] end
            local rhs = a.v:get(tok[t] * V + j) - dec[t] * s0k
            for s = 1, t - 1 do rhs = rhs - (dec[t] / dec[s]) * dot(kv[t], kv[s]) * U[s][j] end
            U[t][j] = bt[t] * rhs
          end
        end
        for t = 1, L do
          for j = 0, V - 1 do
            local y = 0
            for i = 0, K - 1 do y = y + dec[t] * S[i][j] * a.q:get(tok[t] * K + i) end
            local q = {}
            for i = 0, K - 1 do q[i] = a.q:get(tok[t] * K + i) end
            for s = 1, t do y = y + (dec[t] / dec[s]) * dot(kv[s], q) * U[s][j] end
            o[tok[t] * V + j] = y / math.sqrt(K)
          end
        end
        for i = 0, K - 1 do
          for j = 0, V - 1 do
            local x = dec[L] * S[i][j]
            for s = 1, L do x = x + (dec[L] / dec[s]) * kv[s][i] * U[s][j] end
            S[i][j] = x
          end
        end
      end
    end
  end
  return o
end

local function loss(a, dO, dht)
  local o, ht = kcv.mp.gdn(a)
  local L = 0
  for i = 0, o.numel - 1 do L = L + o:get(i) * dO:get(i) end
  for i = 0, ht.numel - 1 do L = L + ht:get(i) * dht:get(i) end
  return L
end

describe("kcv.mp.gdn (the fp64 oracle of the gated linear recurrences)", function()
  for _, name in ipairs(NAMES) do
    it(("computes %s's recurrence step by step, as written"):format(name), function()
      local a = inputs(VARIANTS[name], 20, 9)
      local o, ht = kcv.mp.gdn(a)
      for _, bh in ipairs{{0, 0}, {1, 1}} do
        local ro, rS = reference(a, bh[1], bh[2])
        for t = 0, 8 do
          for j = 0, V - 1 do
            local got = o:get(((bh[1] * 9 + t) * H + bh[2]) * V + j)
            assert.is_true(math.abs(got - ro[t][j]) <= 1e-12 * (1 + math.abs(ro[t][j])), name)
          end
        end
        for i = 0, K - 1 do
          for j = 0, V - 1 do
            assert.is_true(math.abs(ht:get(((bh[1] * H + bh[2]) * K + i) * V + j) - rS[i][j]) <= 1e-12)
          end
        end
      end
    end)
  end

  for _, name in ipairs({"gdn", "deltanet"}) do
    it(("agrees with the chunked WY formulation of %s (chunks of 16, a tail of 6)"):format(name), function()
      local a = inputs(VARIANTS[name], 40)
      local o = kcv.mp.gdn(a)
      local c = chunked(a, 16)
      for i = 0, o.numel - 1 do
        assert.is_true(math.abs(o:get(i) - c[i]) <= 1e-12 * (1 + math.abs(c[i])),
                       ("o[%d]: sequential %.17g, chunked %.17g"):format(i, o:get(i), c[i]))
      end
    end)
  end

  it("stores v at key k under the delta rule (beta = 1, |k| = 1, no gate): S_t^T k_t = v_t", function()
    local a = inputs({beta = true}, 3)
    for x = 0, a.beta.numel - 1 do a.beta:set(x, 1) end
    a.q, a.scale = a.k, 1
    local o = kcv.mp.gdn(a)
    for i = 0, o.numel - 1 do assert.is_true(math.abs(o:get(i) - a.v:get(i)) < 1e-13) end
  end)

  it("propagates a NaN in v_t into that value column from t on, and nowhere else", function()
    local a = inputs(VARIANTS.gdn, 5)
    local t0, j0 = 30, 1
    a.v:set(((0 * T + t0) * H + 0) * V + j0, 0 / 0)
    local o = kcv.mp.gdn(a)
    for t = 0, T - 1 do
      for j = 0, V - 1 do
        local y = o:get(((0 * T + t) * H + 0) * V + j)
        assert.are.equal(t >= t0 and j == j0, y ~= y, ("t=%d j=%d"):format(t, j))
      end
      assert.are.equal(o:get(((1 * T + t) * H + 1) * V + j0), o:get(((1 * T + t) * H + 1) * V + j0))
    end
  end)

  it("gives magnitudes that bound the values (|o| <= o_mag, |ht| <= ht_mag)", function()
    local a = inputs(VARIANTS.kda, 8)
    local o, ht, om, hm = kcv.mp.gdn(a)
    for i = 0, o.numel - 1 do assert.is_true(math.abs(o:get(i)) <= om:get(i)) end
    for i = 0, ht.numel - 1 do assert.is_true(math.abs(ht:get(i)) <= hm:get(i)) end
  end)

  it("refuses inputs of the wrong shape, naming the field", function()
    local a = inputs(VARIANTS.gdn, 1)
    a.beta = rnd({B, T, H, 2}, 1)
    local ok, err = pcall(kcv.mp.gdn, a)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("field 'beta' must have shape [2,70,2]", 1, true), err)
    ok, err = pcall(kcv.mp.gdn, {q = a.q})
    assert.is_false(ok)
    assert.truthy(tostring(err):find("field 'v'", 1, true), err)
    ok, err = pcall(kcv.mp.gdn, {q = a.q, k = a.k, v = a.v, gate = a.g})
    assert.is_false(ok)
    assert.truthy(tostring(err):find("gate", 1, true), err)
  end)
end)

describe("kcv.mp.l2norm and l2norm_vjp (the in-op normalisation of q and k)", function()
  it("normalises each row by sqrt(sum x^2 + eps), and its VJP matches finite differences", function()
    local x = rnd({3, 4}, 1)
    local y, n = kcv.mp.l2norm(x, {eps = 1e-6})
    for r = 0, 2 do
      local s = 0
      for i = 0, 3 do s = s + x:get(r * 4 + i) ^ 2 end
      assert.are.equal(math.sqrt(s + 1e-6), n:get(r))
      for i = 0, 3 do assert.are.equal(x:get(r * 4 + i) / n:get(r), y:get(r * 4 + i)) end
    end
    local dy, dym = rnd({3, 4}, 2), kcv.buffer("f64", {3, 4})
    for e = 0, 11 do dym:set(e, math.abs(dy:get(e))) end      -- a magnitude bounds its value
    local dx, mag = kcv.mp.l2norm_vjp(y, n, dy, dym)
    for e = 0, 11 do
      local x0, h = x:get(e), 1e-6
      x:set(e, x0 + h); local yp = kcv.mp.l2norm(x, {eps = 1e-6})
      x:set(e, x0 - h); local ym = kcv.mp.l2norm(x, {eps = 1e-6})
      x:set(e, x0)
      local L = 0
      for k = 0, 11 do L = L + dy:get(k) * (yp:get(k) - ym:get(k)) end
      assert.is_true(math.abs(L / (2 * h) - dx:get(e)) < 1e-8, e)
      assert.is_true(math.abs(dx:get(e)) <= mag:get(e) + 1e-15)
    end
  end)

  it("gives the same bytes on one core and on several (rows split over the cores)", function()
    local x, dy = rnd({4000, 16}, 5), rnd({4000, 16}, 6)
    local dym = kcv.buffer("f64", {4000, 16}):fill(1)
    local old = kcv.mp.threads()
    local got = {}
    for _, t in ipairs{1, 5} do
      kcv.mp.threads(t)
      local y, n = kcv.mp.l2norm(x)
      local dx, mag = kcv.mp.l2norm_vjp(y, n, dy, dym)
      got[t] = {y:bytes(), n:bytes(), dx:bytes(), mag:bytes()}
    end
    kcv.mp.threads(old)
    for i = 1, 4 do assert.are.equal(got[1][i], got[5][i], i) end
  end)

  it("refuses a VJP whose buffers do not match", function()
    local y, n = kcv.mp.l2norm(rnd({3, 4}, 1))
    local ok, err = pcall(kcv.mp.l2norm_vjp, y, n, rnd({3, 5}, 2), rnd({3, 4}, 3))
    assert.is_false(ok)
    assert.truthy(tostring(err):find("dy must have y's size", 1, true), err)
  end)
end)

describe("kcv.mp.gdn_bwd (the adjoint recurrence)", function()
  for _, name in ipairs(NAMES) do
    it(("matches central finite differences of %s's forward for every input"):format(name), function()
      local var = VARIANTS[name]
      local a = inputs(var, 10)
      local dO, dht = rnd({B, T, H, V}, 50), rnd({B, H, K, V}, 51)
      local args = {["do"] = dO, dht = dht}
      for k, v in pairs(a) do args[k] = v end
      local g = kcv.mp.gdn_bwd(args)
      for _, pair in ipairs{{"q", "dq"}, {"k", "dk"}, {"v", "dv"}, {"g", "dg"}, {"beta", "dbeta"}, {"h0", "dh0"}} do
        local x, dx = a[pair[1]], g[pair[2]]
        if not x then
          assert.is_nil(dx, name .. " has " .. pair[2])
        else
          assert.are.same(x.shape, dx.shape)
          assert.are.same(x.shape, g.mag[pair[2]].shape)
          for _, i in ipairs{0, 7, x.numel // 2, x.numel - 1} do
            local x0, h = x:get(i), 1e-6
            x:set(i, x0 + h); local lp = loss(a, dO, dht)
            x:set(i, x0 - h); local lm = loss(a, dO, dht)
            x:set(i, x0)
            local fd = (lp - lm) / (2 * h)
            assert.is_true(math.abs(fd - dx:get(i)) <= 1e-7 * math.max(1, math.abs(fd)),
                           ("%s %s[%d]: finite differences %.12g, adjoint %.12g"):format(name, pair[2], i, fd, dx:get(i)))
            assert.is_true(math.abs(dx:get(i)) <= g.mag[pair[2]]:get(i) * (1 + 1e-12) + 1e-300)
          end
        end
      end
    end)
  end
end)

-- Grouped value heads (GVA, as flash-linear-attention and FlashQLA take
-- them): q, k with HK key heads, the rest with HV = G HK value heads, value
-- head hv reading key head hv // G.
describe("kcv.mp.gdn and gdn_bwd with grouped value heads", function()
  local HK, G = 2, 3
  local HV = HK * G

  -- x [B,T,HK,K] with each key head repeated G times: [B,T,HV,K]
  local function repeat_heads(x)
    local b, t, k = x.shape[1], x.shape[2], x.shape[4]
    local y = kcv.buffer("f64", {b, t, HV, k})
    for bt = 0, b * t - 1 do
      for h = 0, HV - 1 do
        for i = 0, k - 1 do y:set((bt * HV + h) * k + i, x:get((bt * HK + h // G) * k + i)) end
      end
    end
    return y
  end

  -- x [B,T,HV,K] summed over each key head's G value heads, in head order
  local function sum_groups(x)
    local b, t, k = x.shape[1], x.shape[2], x.shape[4]
    local y = kcv.buffer("f64", {b, t, HK, k})
    for bt = 0, b * t - 1 do
      for hk = 0, HK - 1 do
        for i = 0, k - 1 do
          local s = x:get((bt * HV + hk * G) * k + i)
          for r = 1, G - 1 do s = s + x:get((bt * HV + hk * G + r) * k + i) end
          y:set((bt * HK + hk) * k + i, s)
        end
      end
    end
    return y
  end

  local function args(var, seed)
    local a = {q = rnd({B, T, HK, K}, seed), k = rnd({B, T, HK, K}, seed + 1, -0.5, 0.5),
               v = rnd({B, T, HV, V}, seed + 2), h0 = rnd({B, HV, K, V}, seed + 3),
               ["do"] = rnd({B, T, HV, V}, seed + 6), dht = rnd({B, HV, K, V}, seed + 7)}
    if var.g == "scalar" then a.g = rnd({B, T, HV}, seed + 4, -0.3, 0) end
    if var.g == "key" then a.g = rnd({B, T, HV, K}, seed + 4, -0.3, 0) end
    if var.beta then a.beta = rnd({B, T, HV}, seed + 5, 0, 1) end
    local fwd, mha = {}, {}
    for name, x in pairs(a) do
      if name ~= "do" and name ~= "dht" then fwd[name] = x end
      mha[name] = (name == "q" or name == "k") and repeat_heads(x) or x
    end
    return a, fwd, mha
  end

  local function same(x, y, what) assert.is_true(kcv.cmp.bytes_equal(x, y), what) end

  for _, name in ipairs{"gdn", "kda", "gla"} do
    it(("gives %s's forward of the heads with q and k repeated, bit for bit"):format(name), function()
      local _, fwd, mha = args(VARIANTS[name], 20)
      local mfwd = {}
      for k, x in pairs(mha) do if k ~= "do" and k ~= "dht" then mfwd[k] = x end end
      local got, want = table.pack(kcv.mp.gdn(fwd)), table.pack(kcv.mp.gdn(mfwd))
      assert.are.same({B, T, HV, V}, got[1].shape)
      for i = 1, 4 do same(got[i], want[i], name .. " output " .. i) end
    end)

    it(("gives %s's backward of the repeated heads, dq and dk summed over each group in order"):format(name), function()
      local a, _, mha = args(VARIANTS[name], 30)
      local got, want = kcv.mp.gdn_bwd(a), kcv.mp.gdn_bwd(mha)
      for _, d in ipairs{"dv", "dg", "dbeta", "dh0"} do
        if want[d] then
          same(got[d], want[d], name .. " " .. d)
          same(got.mag[d], want.mag[d], name .. " magnitude of " .. d)
        end
      end
      for _, d in ipairs{"dq", "dk"} do
        assert.are.same({B, T, HK, K}, got[d].shape)
        same(got[d], sum_groups(want[d]), name .. " " .. d)
        same(got.mag[d], sum_groups(want.mag[d]), name .. " magnitude of " .. d)
      end
    end)
  end

  it("gives a dq and dk that match central finite differences of the grouped forward", function()
    local a, fwd = args(VARIANTS.gdn, 40)
    local function loss()
      local o, ht = kcv.mp.gdn(fwd)
      local s = 0
      for i = 0, o.numel - 1 do s = s + o:get(i) * a["do"]:get(i) end
      for i = 0, ht.numel - 1 do s = s + ht:get(i) * a.dht:get(i) end
      return s
    end
    local g = kcv.mp.gdn_bwd(a)
    for _, pair in ipairs{{"q", "dq"}, {"k", "dk"}} do
      local x, dx = a[pair[1]], g[pair[2]]
      for _, i in ipairs{0, 5, x.numel // 2 + 1, x.numel - 1} do
        local x0, h = x:get(i), 1e-6
        x:set(i, x0 + h); local lp = loss()
        x:set(i, x0 - h); local lm = loss()
        x:set(i, x0)
        local fd = (lp - lm) / (2 * h)
        assert.is_true(math.abs(fd - dx:get(i)) <= 1e-7 * math.max(1, math.abs(fd)),
                       ("%s[%d]: finite differences %.12g, adjoint %.12g"):format(pair[2], i, fd, dx:get(i)))
      end
    end
  end)

  it("refuses value heads that are not a multiple of the key heads", function()
    local _, fwd = args(VARIANTS.gdn, 50)
    fwd.q, fwd.k = rnd({B, T, 4, K}, 1), rnd({B, T, 4, K}, 2)
    local ok, err = pcall(kcv.mp.gdn, fwd)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("v's 6 value heads are not a multiple of q's 4 key heads", 1, true), err)
  end)
end)
