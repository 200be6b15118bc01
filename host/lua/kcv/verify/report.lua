-- kcv/verify/report.lua — a verification report as human lines, JSON
-- (docs/REPORT.md; a small encoder of our own) and JUnit XML (every gate a
-- test case, so CI systems show them).

local M = {}

---------------------------------------------------------------------------
-- JSON

local function encode_string(s)
  return '"' .. s:gsub('[%c"\\]', function(ch)
    local map = {['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t'}
    return map[ch] or ("\\u%04x"):format(ch:byte())
  end) .. '"'
end

local function is_list(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  for i = 1, n do if t[i] == nil then return false end end
  return true, n
end

local function encode(v, indent, out)
  local ty = type(v)
  if v == nil then
    out[#out + 1] = "null"
  elseif ty == "boolean" then
    out[#out + 1] = tostring(v)
  elseif ty == "number" then
    if math.type(v) == "integer" then
      out[#out + 1] = tostring(v)
    elseif v ~= v or v == math.huge or v == -math.huge then
      -- JSON has no NaN or Inf: strings, as docs/REPORT.md says
      out[#out + 1] = v ~= v and '"nan"' or v > 0 and '"inf"' or '"-inf"'
    else
      out[#out + 1] = ("%.17g"):format(v)
    end
  elseif ty == "string" then
    out[#out + 1] = encode_string(v)
  elseif ty == "table" then
    local list, n = is_list(v)
    local pad, inner = ("  "):rep(indent), ("  "):rep(indent + 1)
    if list and n > 0 then
      out[#out + 1] = "[\n"
      for i = 1, n do
        out[#out + 1] = inner
        encode(v[i], indent + 1, out)
        out[#out + 1] = i < n and ",\n" or "\n"
      end
      out[#out + 1] = pad .. "]"
    elseif list then
      out[#out + 1] = "{}"
    else
      local keys = {}
      for k, x in pairs(v) do
        if type(x) ~= "function" and type(x) ~= "userdata" then keys[#keys + 1] = tostring(k) end
      end
      table.sort(keys)
      out[#out + 1] = "{\n"
      for i, k in ipairs(keys) do
        out[#out + 1] = inner .. encode_string(k) .. ": "
        local x = v[k]
        if x == nil then x = v[tonumber(k)] end
        encode(x, indent + 1, out)
        out[#out + 1] = i < #keys and ",\n" or "\n"
      end
      out[#out + 1] = pad .. "}"
    end
  else
    out[#out + 1] = encode_string(tostring(v))
  end
end

function M.json(v)
  local out = {}
  encode(v, 0, out)
  return table.concat(out) .. "\n"
end

---------------------------------------------------------------------------
-- human

local MARK = {pass = "PASS", fail = "FAIL", na = "n/a ", error = "ERR ", not_judged = "N/J "}

local function short(v)
  if type(v) == "number" and math.type(v) ~= "integer" then return ("%.6g"):format(v) end
  return tostring(v)
end

-- A gate's reason as printed: a failure on a clause the spec declares
-- stricter than PyTorch eager says so first (docs/PARITY.md).
function M.reason(g)
  local r = (g.reason or ""):gsub("\n", " ")
  if g.stricter and g.status == "fail" then
    return ("(stricter than PyTorch eager: %s) %s"):format(g.stricter, r)
  end
  return r
end

-- One line per gate: verdict, id, title, reason.  Failures add the evidence
-- and the reproducer on indented lines.
function M.gate_lines(g)
  local lines = {("%s %-6s %-28s %s"):format(MARK[g.status] or g.status, g.id, g.title or "", M.reason(g))}
  if g.status == "fail" or g.status == "error" then
    local ev = g.evidence or {}
    local keys = {}
    for k in pairs(ev) do keys[#keys + 1] = k end
    table.sort(keys)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = k .. "=" .. short(ev[k]) end
    if #parts > 0 then lines[#lines + 1] = "       evidence: " .. table.concat(parts, " ") end
    if g.reproduce then lines[#lines + 1] = "       reproduce: " .. g.reproduce end
  end
  return lines
end

function M.human(report)
  local lines = {("kcv verify %s %s (backend %s, seed %s)"):format(report.spec, tostring(report.kernel or "?"),
                                                                  report.backend or "not chosen", tostring(report.seed))}
  if report.verdict == "error" and #report.gates == 0 then
    lines[#lines + 1] = "ERROR " .. tostring(report.message)
    return table.concat(lines, "\n") .. "\n"
  end
  local counts = {pass = 0, fail = 0, na = 0, error = 0, not_judged = 0}
  for _, g in ipairs(report.gates) do
    for _, l in ipairs(M.gate_lines(g)) do lines[#lines + 1] = l end
    counts[g.status] = (counts[g.status] or 0) + 1
  end
  if report.baseline then
    local b = report.baseline
    lines[#lines + 1] = ("%s %-6s %-28s %s"):format(b.status == "pass" and "pass" or b.status == "fail" and "fail" or "N/J ", "BASE",
      "allclose baseline (KB v0)", b.message or ("5 trials at " .. b.shape .. ", max |diff| " .. short(b.max_abs)))
  end
  local verdict = report.verdict == "not_judged" and "not judged: " .. tostring(report.reason) or report.verdict
  lines[#lines + 1] = ("verdict: %s (%d pass, %d fail, %d n/a, %d error%s)%s"):format(
    verdict, counts.pass, counts.fail, counts.na, counts.error,
    counts.not_judged > 0 and (", %d not judged"):format(counts.not_judged) or "",
    report.parity == "torch" and " under --parity torch" or "")
  local note = M.parity_note(report)
  if note then lines[#lines + 1] = note end
  return table.concat(lines, "\n") .. "\n"
end

-- The line under the verdict when the two verdicts differ: which failures
-- are declared stricter clauses, and what --parity torch would say.
function M.parity_note(report)
  local v = report.verdicts
  if not v or v.contract == v.torch then return nil end
  local ids = {}
  for _, g in ipairs(report.gates) do
    if g.stricter and g.contract_status == "fail" then ids[#ids + 1] = g.id end
  end
  if report.parity == "torch" then
    return ("note: under the full contract the verdict is %s (%s: stricter than PyTorch eager)"):format(
      v.contract, table.concat(ids, ", "))
  end
  return ("note: %s %s stricter than PyTorch eager (declared in the spec); with --parity torch the verdict is %s"):format(
    table.concat(ids, ", "), #ids == 1 and "is a clause" or "are clauses", v.torch)
end


---------------------------------------------------------------------------
-- JUnit XML

local function xml(s)
  return (tostring(s):gsub("[&<>\"']", {["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
                                         ['"'] = "&quot;", ["'"] = "&apos;"}))
end

function M.junit(report)
  local failures, errors, skipped, total = 0, 0, 0, 0
  local cases = {}
  local suite = (report.spec or "?") .. " :: " .. tostring(report.kernel)
  for _, g in ipairs(report.gates) do
    total = total + 1
    local head = ('  <testcase classname="%s" name="%s %s" time="%.3f">'):format(
      xml(suite), xml(g.id), xml(g.title or ""), g.seconds or 0)
    if g.status == "fail" then
      failures = failures + 1
      cases[#cases + 1] = head .. ('\n    <failure message="%s">%s</failure>\n  </testcase>'):format(
        xml(M.reason(g)), xml(table.concat(M.gate_lines(g), "\n")))
    elseif g.status == "error" then
      errors = errors + 1
      cases[#cases + 1] = head .. ('\n    <error message="%s"/>\n  </testcase>'):format(xml(g.reason or ""))
    elseif g.status == "na" or g.status == "not_judged" then
      skipped = skipped + 1
      cases[#cases + 1] = head .. ('\n    <skipped message="%s"/>\n  </testcase>'):format(xml(g.reason or ""))
    else
      cases[#cases + 1] = head .. "</testcase>"
    end
  end
  if report.verdict == "error" and total == 0 then
    total, errors = 1, 1
    cases[1] = ('  <testcase classname="%s" name="load"><error message="%s"/></testcase>'):format(
      xml(suite), xml(report.message or "error"))
  end
  return ('<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="%s" tests="%d" failures="%d" errors="%d" skipped="%d">\n%s\n</testsuite>\n'):format(
    xml("kcv " .. suite), total, failures, errors, skipped, table.concat(cases, "\n"))
end

function M.write(path, text)
  local f, err = io.open(path, "w")
  if not f then return nil, err end
  f:write(text)
  f:close()
  return true
end

return M
