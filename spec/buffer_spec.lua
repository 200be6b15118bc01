-- Buffers: typed n-d host arrays with 0-based flat indices.
local kcv = require "kcv"

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok, "expected an error")
  return tostring(e)
end

describe("kcv.buffer", function()
  it("is zero-filled with the shape, dtype and sizes it was given", function()
    local b = kcv.buffer("f32", {2, 3})
    assert.are.same({2, 3}, b.shape)
    assert.are.same({3, 1}, b.strides)
    assert.are.equal("f32", b.dtype)
    assert.are.equal(2, b.ndim)
    assert.are.equal(6, b.numel); assert.are.equal(6, #b)
    assert.are.equal(24, b.nbytes); assert.are.equal(4, b.itemsize)
    assert.is_true(b.contiguous)
    assert.are.equal("host", b.residency)
    for i = 0, 5 do assert.are.equal(0, b:get(i)) end
    assert.are.equal(string.rep("\0", 24), b:bytes())
  end)

  it("takes the shape as a table or as integers, and accepts aliases and empty sizes", function()
    assert.are.same({4, 5, 6}, kcv.buffer("half", 4, 5, 6).shape)
    assert.are.equal("f16", kcv.buffer("half", 1).dtype)
    assert.are.equal(0, #kcv.buffer("f64", {3, 0}))
    assert.are.equal(1, #kcv.buffer("f64", {}))       -- a scalar
  end)

  it("rejects a wrong dtype name, a negative or non-integer shape and too many dimensions", function()
    assert.matches("unknown dtype 'f33'", err_of(kcv.buffer, "f33", 4))
    assert.matches(">= 0", err_of(kcv.buffer, "f32", {2, -1}))
    assert.matches(">= 0", err_of(kcv.buffer, "f32", -1))
    assert.matches("shape%[2%] must be an integer", err_of(kcv.buffer, "f32", {2, "x"}))
    assert.matches("integer", err_of(kcv.buffer, "f32", 2.5))
    assert.matches("too many dimensions", err_of(kcv.buffer, "f32", {1, 1, 1, 1, 1, 1, 1, 1, 1}))
    assert.matches("shape expected", err_of(kcv.buffer, "f32"))
    assert.matches("#1", err_of(kcv.buffer, 5, 2))
  end)

  it("refuses a shape whose size overflows instead of making a small buffer", function()
    assert.matches("too large", err_of(kcv.buffer, "f32", 1 << 62))
    assert.matches("too large", err_of(kcv.buffer, "u8", {1 << 40, 1 << 40}))
  end)
end)

describe("kcv.from", function()
  it("rounds each value once to the dtype", function()
    local b = kcv.from("f16", {1 / 3, 65520, -0.0, 1e-8})
    assert.are.equal(kcv.round(1 / 3, "f16"), b:get(0))
    assert.are.equal(math.huge, b:get(1))
    assert.are.equal(0x8000, b:bits(2))
    assert.are.equal(0, b:get(3))
  end)

  it("reshapes to a given shape of the same size", function()
    assert.are.same({2, 2}, kcv.from("i32", {1, 2, 3, 4}, {2, 2}).shape)
    assert.matches("shape does not match", err_of(kcv.from, "i32", {1, 2, 3}, {2, 2}))
    assert.matches("value 2 is not a number", err_of(kcv.from, "f32", {1, {}}))
    assert.matches("#2", err_of(kcv.from, "f32", 5))
  end)

  it("saturates integers to the dtype's range instead of wrapping", function()
    assert.are.same({255, 0, 7}, kcv.from("u8", {300, -1, 7}):totable())
    assert.are.same({127, -128}, kcv.from("i8", {1000, -1000}):totable())
    assert.are.same({2147483647}, kcv.from("i32", {1 << 40}):totable())
    assert.are.equal(1, kcv.from("bool", {2}):bits(0))
    assert.are.same({255, 0}, kcv.from("u8", {300.7, -3.5}):totable())   -- doubles truncate, saturate
  end)

  it("keeps 64-bit integers exact", function()
    local big = (1 << 53) + 1
    local b = kcv.from("i64", {big, math.mininteger})
    assert.are.equal(big, b:get(0)); assert.are.equal(math.mininteger, b:get(1))
    assert.are.equal(big, b:cast("i64"):get(0))
    assert.are.equal(big, b:cast("u64"):get(0))
    assert.are.equal(0, b:cast("u64"):get(1))                -- negative saturates
    assert.are.equal(big, kcv.buffer("i64", 2):copyfrom(b):get(0))
  end)
end)

describe("element access", function()
  it("gets and sets by 0-based flat index, with integers, floats and booleans per dtype", function()
    local b = kcv.buffer("f64", 3):set(0, 1.5):set(2, -2)
    assert.are.same({1.5, 0, -2}, b:totable())
    local i = kcv.buffer("i16", 2):set(1, -7)
    assert.are.equal(-7, i:get(1)); assert.is_true(math.type(i:get(1)) == "integer")
    local t = kcv.buffer("bool", 2):set(0, true)
    assert.are.equal(true, t:get(0)); assert.are.equal(false, t:get(1))
  end)

  it("rejects an out-of-range index, saying indices are 0-based", function()
    local b = kcv.buffer("f32", 4)
    assert.matches("index 4 out of range %[0, 4%)", err_of(b.get, b, 4))
    assert.matches("0%-based", err_of(b.set, b, -1, 0))
    assert.matches("number expected", err_of(b.set, b, 0, "x"))
    assert.matches("integer", err_of(b.get, b, 0.5))
    assert.matches("kcv.buffer expected", err_of(b.get, {}, 0))
  end)

  it("converts between multi-indices and flat indices", function()
    local b = kcv.buffer("u8", 2, 3, 4)
    assert.are.equal(1 * 12 + 2 * 4 + 3, b:at(1, 2, 3))
    assert.are.same({1, 2, 3}, b:index(23))
    assert.matches("expected 3 indices", err_of(b.at, b, 1, 2))
    assert.matches("out of range", err_of(b.at, b, 0, 3, 0))
  end)

  it("reads and writes raw bits", function()
    local b = kcv.buffer("f32", 1):setbits(0, 0x7fc00001)
    assert.are.equal(0x7fc00001, b:bits(0))
    assert.is_true(b:get(0) ~= b:get(0))
    assert.are.equal(0x3c00, kcv.buffer("f16", 1):set(0, 1):bits(0))
  end)

  it("fills every element with one rounded value", function()
    local b = kcv.buffer("bf16", 2, 2):fill(1 / 3)
    for i = 0, 3 do assert.are.equal(kcv.round(1 / 3, "bf16"), b:get(i)) end
  end)
end)

describe("copies and casts", function()
  it("clone copies bytes into a new contiguous buffer", function()
    local a = kcv.buffer("f32", 5):fill_arange{}
    local c = a:clone()
    assert.are.equal(a:bytes(), c:bytes())
    c:set(0, 9)
    assert.are.equal(0, a:get(0))
  end)

  it("cast rounds each element once, ties to even", function()
    local a = kcv.from("f64", {1 + 2 ^ -11, 1 + 3 * 2 ^ -11, 65520, -1e-9, 0 / 0})
    local h = a:cast("f16")
    assert.are.equal(1, h:get(0))                 -- tie down to even
    assert.are.equal(1 + 2 ^ -9, h:get(1))        -- tie up to even
    assert.are.equal(math.huge, h:get(2))
    assert.are.equal(0x8000, h:bits(3))           -- -0
    assert.is_true(h:get(4) ~= h:get(4))
    assert.are.same({7, -2}, kcv.from("f32", {7.9, -2.5}):cast("i32"):totable())
  end)

  it("copyfrom copies with rounding between buffers of equal size", function()
    local d = kcv.buffer("f16", 3):copyfrom(kcv.from("f64", {0.1, 0.2, 0.3}))
    assert.are.equal(kcv.round(0.2, "f16"), d:get(1))
    assert.matches("3 elements into 2", err_of(d.copyfrom, kcv.buffer("f16", 2), d))
  end)
end)

describe("views", function()
  it("reshape shares data with its parent", function()
    local a = kcv.buffer("f32", 6):fill_arange{}
    local r = a:reshape{2, 3}
    assert.are.same({2, 3}, r.shape)
    r:set(4, 42)
    assert.are.equal(42, a:get(4))
    assert.matches("number of elements", err_of(a.reshape, a, {4, 2}))
  end)

  it("transpose swaps axes without copying and indexes logically", function()
    local a = kcv.buffer("i32", 2, 3):fill_arange{}
    local t = a:transpose()
    assert.are.same({3, 2}, t.shape)
    assert.is_false(t.contiguous)
    assert.are.same({0, 3, 1, 4, 2, 5}, t:totable())
    t:set(1, -1)
    assert.are.equal(-1, a:get(3))
    assert.matches("not contiguous", err_of(t.reshape, t, {6}))
    assert.matches("not contiguous", err_of(t.bytes, t))
    assert.matches("axis out of range", err_of(a.transpose, a, 1, 3))
  end)

  it("keeps its parent alive after the parent's last reference is dropped", function()
    local r = kcv.buffer("f64", 1000):fill_arange{}:reshape{10, 100}
    collectgarbage(); collectgarbage()
    assert.are.equal(999, r:get(999))
  end)
end)

describe("raw bytes", function()
  it("reads and writes byte ranges", function()
    local b = kcv.buffer("u8", 4):setbytes("\1\2", 1)
    assert.are.equal("\0\1\2\0", b:bytes())
    assert.are.equal("\1\2", b:bytes(1, 2))
    assert.matches("outside", err_of(b.bytes, b, 3, 2))
    assert.matches("do not fit", err_of(b.setbytes, b, "abc", 2))
  end)

  it("reads a whole file straight into a buffer it fills exactly", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "wb")); f:write("\1\2\3\4"); f:close()
    assert.are.equal("\1\2\3\4", kcv.buffer("u8", 4):readfile(path):bytes())
    assert.matches("fewer bytes", err_of(kcv.buffer("u8", 5).readfile, kcv.buffer("u8", 5), path))
    assert.matches("more bytes", err_of(kcv.buffer("u8", 3).readfile, kcv.buffer("u8", 3), path))
    os.remove(path)
    assert.matches("cannot open " .. path:gsub("%p", "%%%0"), err_of(kcv.buffer("u8", 4).readfile, kcv.buffer("u8", 4), path))
  end)

  it("writes a buffer's bytes as a raw file that readfile reads back", function()
    local path = os.tmpname()
    local b = kcv.buffer("f32", 3)
    b:set(0, 1.5); b:set(1, -0.0); b:set(2, 3e38)
    b:writefile(path)
    local f = assert(io.open(path, "rb")); local raw = f:read("a"); f:close()
    assert.are.equal(b:bytes(), raw)
    assert.are.equal(b:bytes(), kcv.buffer("f32", 3):readfile(path):bytes())
    os.remove(path)
    assert.matches("cannot open /nonexistent", err_of(b.writefile, b, "/nonexistent/dir/x.bin"))
  end)

  it("prints a short summary", function()
    assert.matches("^kcv.buffer%(f32, {2, 2}%) %[0, 1, 2, 3%]$",
                   tostring(kcv.buffer("f32", 2, 2):fill_arange{}))
  end)
end)

describe("a large buffer", function()
  local function rss_kb()
    local f = io.open("/proc/self/status")
    if not f then return nil end
    local kb = f:read("a"):match("VmRSS:%s*(%d+)")
    f:close()
    return tonumber(kb)
  end

  it("is zero-filled lazily: 8 GiB cost no resident memory until written", function()
    local before = rss_kb()
    if not before then return pending("no /proc/self/status on this system") end
    local b = kcv.buffer("u8", 8 * 1024 * 1024 * 1024)
    assert.are.equal(0, b:get(b.numel - 1))
    b:set(123456789, 7)
    assert.are.equal(7, b:get(123456789))
    assert.is_true(rss_kb() - before < 64 * 1024, "resident memory grew by " .. (rss_kb() - before) .. " kB")
    b = nil
    collectgarbage()
  end)
end)

describe("in-place transforms", function()
  it("clamp into [lo, hi], keeping NaN, and round once to the dtype", function()
    local b = kcv.from("f32", {-5, 0.1, 7, 0 / 0}):clamp(-1, 2)
    assert.are.equal(-1, b:get(0)); assert.are.equal(kcv.round(0.1, "f32"), b:get(1))
    assert.are.equal(2, b:get(2)); assert.is_true(b:get(3) ~= b:get(3))
    assert.has_error(function() b:clamp(2, 1) end)
  end)

  it("alternate +k and -k by row-major index, so that neighbours cancel", function()
    local b = kcv.buffer("f64", 2, 3):fill(1):alternate(100)
    assert.are.same({101, -99, 101, -99, 101, -99}, b:totable())
    local h = kcv.from("f16", {0, 0}):alternate(1e-4)     -- rounded once to f16
    assert.are.equal(kcv.round(1e-4, "f16"), h:get(0))
  end)

  it("fold values above lo with their shape kept: lo + max(|v|, tiny)", function()
    local b = kcv.from("f64", {-3, 0, 2}):fold(10, 0.5)
    assert.are.same({13, 10.5, 12}, b:totable())
    assert.are.same({3, 0, 2}, kcv.from("f64", {-3, 0, 2}):fold(0):totable())
  end)

  it("refuse integer buffers and bad bounds, naming the method", function()
    assert.has_error(function() kcv.buffer("i32", 3):clamp(0, 1) end, "clamp: buffer dtype i32 is not a float dtype")
    assert.has_error(function() kcv.buffer("f32", 3):alternate(math.huge) end)
    assert.has_error(function() kcv.buffer("f32", 3):fold(0, -1) end)
  end)
end)

describe("b:tile", function()
  it("repeats the source's elements through the buffer", function()
    local head = kcv.from("f32", {1, 2, 3})
    assert.are.same({1, 2, 3, 1, 2, 3, 1}, kcv.buffer("f32", 7):tile(head):totable())
    assert.are.same({1, 2, 3}, kcv.buffer("f32", 3):tile(head):totable())
  end)

  it("wants the same dtype and no more source elements than it holds", function()
    assert.has_error(function() kcv.buffer("f32", 2):tile(kcv.from("f32", {1, 2, 3})) end, "tile: 3 elements into 2")
    assert.has_error(function() kcv.buffer("f32", 4):tile(kcv.from("f64", {1})) end)
  end)
end)
