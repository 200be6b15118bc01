-- kcv/parity/table.lua — the spec × gate table of `kcv parity`: one row a
-- spec (its PyTorch expression run as the subject of every gate), one cell
-- a gate, as text and as Markdown (docs/PARITY.md), and the judgement the
-- exit status comes from.
--
--   tbl.row(name, report | nil, why)     a row; why: the spec has no op
--   tbl.cell(g) -> "PASS" | "FAIL*" | "FAIL" | "n/a" | "N/J" | "ERR"
--   tbl.judge(rows) -> {unexplained = {...}, errors = {...}, explained = {...}}
--   tbl.text(rows, ids, meta), tbl.markdown(rows, ids, meta)
local M = {}

-- FAIL* is a failure on a clause the spec declares stricter than PyTorch
-- eager (explained); FAIL is one it does not (unexplained).
function M.cell(g)
  if not g then return "?" end
  if g.status == "fail" then return g.stricter and "FAIL*" or "FAIL" end
  return ({pass = "PASS", na = "n/a", not_judged = "N/J", error = "ERR"})[g.status] or g.status
end

function M.row(name, report, why)
  local by_id = {}
  for _, g in ipairs(report and report.gates or {}) do by_id[g.id] = g end
  return {name = name, report = report, why = why, gates = by_id}
end

-- Every cell that decides the exit status: unexplained failures, errors
-- (a gate that raised, a spec that could not run) and the explained ones.
function M.judge(rows)
  local j = {unexplained = {}, errors = {}, explained = {}}
  for _, r in ipairs(rows) do
    local rep = r.report
    if rep and rep.verdict == "error" and #(rep.gates or {}) == 0 then
      j.errors[#j.errors + 1] = {spec = r.name, reason = rep.message}
    end
    for _, g in ipairs(rep and rep.gates or {}) do
      local item = {spec = r.name, gate = g}
      if g.status == "fail" then
        local list = g.stricter and j.explained or j.unexplained
        list[#list + 1] = item
      elseif g.status == "error" then
        j.errors[#j.errors + 1] = {spec = r.name, gate = g, reason = g.reason}
      end
    end
  end
  return j
end

local function first_line(s)
  return (tostring(s or ""):gsub("\n.*", ""))
end

-- The row's verdict column.
local function verdict(r)
  if r.why then return "no op" end
  local rep = r.report
  if rep.verdict == "error" and #(rep.gates or {}) == 0 then return "error" end
  local v = rep.verdicts or {}
  if rep.verdict == "fail" and v.torch ~= "fail" and rep.parity ~= "torch" then return "stricter only" end
  return rep.verdict == "not_judged" and "not judged" or rep.verdict
end

function M.text(rows, ids, meta)
  local out = {}
  local head = {("%-14s"):format("spec")}
  for _, id in ipairs(ids) do head[#head + 1] = ("%-6s"):format(id) end
  head[#head + 1] = "verdict"
  out[#out + 1] = table.concat(head, " ")
  for _, r in ipairs(rows) do
    local line = {("%-14s"):format(r.name)}
    for _, id in ipairs(ids) do
      line[#line + 1] = ("%-6s"):format(r.why and "-" or M.cell(r.gates[id]))
    end
    line[#line + 1] = verdict(r)
    out[#out + 1] = table.concat(line, " ")
  end
  out[#out + 1] = ""
  for _, note in ipairs(M.notes(rows)) do out[#out + 1] = note end
  return table.concat(out, "\n") .. "\n"
end

-- One line a cell that is not PASS or n/a (and a line a spec without an
-- op, or one that could not run): what it is and the gate's evidence.
function M.notes(rows)
  local lines = {}
  for _, r in ipairs(rows) do
    if r.why then
      lines[#lines + 1] = ("%s: no PyTorch op: %s"):format(r.name, r.why)
    elseif r.report.verdict == "error" and #(r.report.gates or {}) == 0 then
      lines[#lines + 1] = ("%s: ERROR %s"):format(r.name, first_line(r.report.message))
    else
      local nj
      for _, g in ipairs(r.report.gates) do
        if g.status == "fail" then
          lines[#lines + 1] = ("%s %s: FAIL%s %s"):format(r.name, g.id,
            g.stricter and (" (stricter than PyTorch eager: " .. g.stricter .. ")") or " (NOT explained)",
            first_line(g.reason))
          if g.reproduce then lines[#lines + 1] = "    reproduce: " .. g.reproduce end
        elseif g.status == "error" then
          lines[#lines + 1] = ("%s %s: ERROR %s"):format(r.name, g.id, first_line(g.reason))
        elseif g.status == "not_judged" then
          local why = first_line(g.reason):gsub("^not judged: ", "")
          if why ~= nj then lines[#lines + 1] = ("%s %s: not judged: %s"):format(r.name, g.id, why) end
          nj = why
        elseif g.status == "na" and g.stricter then
          lines[#lines + 1] = ("%s %s: n/a: %s"):format(r.name, g.id, first_line(g.reason))
        end
      end
    end
  end
  return lines
end

local function md(s)
  return (tostring(s):gsub("|", "\\|"):gsub("\n", " "))
end

local MD_CELL = {PASS = "pass", ["FAIL*"] = "FAIL*", FAIL = "**FAIL**", ["n/a"] = "n/a", ["N/J"] = "N/J", ERR = "**ERR**"}

function M.markdown(rows, ids, meta)
  local out = {}
  local function add(s) out[#out + 1] = s end
  add(("Generated on %s by `%s` (torch %s on %s, seed %d, parity %s%s)."):format(meta.date, meta.command,
    tostring(meta.torch or "?"), meta.backend, meta.seed, meta.parity,
    meta.gpu and (", " .. meta.gpu) or ""))
  add("")
  add("`pass` passed; `FAIL*` failed on a clause the spec declares stricter than PyTorch eager " ..
      "(explained, below); `**FAIL**` failed otherwise (unexplained); `n/a` not applicable; " ..
      "`N/J` not judged here (the reason below); `-` the spec has no PyTorch op.")
  add("")
  local head = {"| spec | PyTorch expression |"}
  local rule = {"| --- | --- |"}
  for _, id in ipairs(ids) do head[#head + 1] = " " .. id .. " |"; rule[#rule + 1] = " --- |" end
  head[#head + 1] = " verdict |"; rule[#rule + 1] = " --- |"
  add(table.concat(head)); add(table.concat(rule))
  for _, r in ipairs(rows) do
    local line = {("| %s | %s |"):format(r.name, r.expr and ("`" .. md(r.expr) .. "`") or "—")}
    for _, id in ipairs(ids) do
      line[#line + 1] = " " .. (r.why and "-" or MD_CELL[M.cell(r.gates[id])] or M.cell(r.gates[id])) .. " |"
    end
    line[#line + 1] = " " .. verdict(r) .. " |"
    add(table.concat(line))
  end
  add("")
  local j = M.judge(rows)
  add(("%d unexplained failures, %d failures on declared stricter clauses, %d errors."):format(
    #j.unexplained, #j.explained, #j.errors))
  add("")
  for _, note in ipairs(M.notes(rows)) do
    local cmd = note:match("^    reproduce: (.*)$")
    if cmd then add("  reproduce: `" .. cmd .. "`") else add("* " .. md(note)) end
  end
  return table.concat(out, "\n") .. "\n"
end

return M
