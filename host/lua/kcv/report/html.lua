-- kcv/report/html.lua — reports as one self-contained HTML page: inline
-- SVG (kcv/report/svg.lua), inline CSS, no script, nothing fetched, so it
-- reads the same offline (docs/REPORT.md, "HTML").
--
--   html.verify(report)                  one kcv verify report
--   html.reports(list, title)            several (kcv controls)
--   html.redteam(rows, gates, title)     the defects against the gates that caught them
--   html.calibrate(t)                    the noise floor and the broken kernels' ratios
--   html.audit(rows, title)              the audit's solutions and their gates
-- Each returns the page as a string.

local svg = require "kcv.report.svg"

local M = {}
local esc = svg.esc

local STYLE = [[
body { font: 14px/1.4 sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
td.pass { background: #e6f4e6; } td.fail { background: #f9dcdc; font-weight: bold; }
td.na, td.not_judged { color: #777; } td.error { background: #fdf0c8; } td.id { white-space: nowrap; }
code, pre { font: 12px monospace; } pre { white-space: pre-wrap; margin: 0; }
h2 { margin-top: 2em; } section.gate { margin: 1.5em 0; }
.verdict-pass { color: #2a7a2a; } .verdict-fail { color: #b00; }]]

local MARK = {pass = "PASS", fail = "FAIL", na = "n/a", error = "ERR", not_judged = "N/J"}

function M.page(title, body)
  return table.concat({
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    "<title>" .. esc(title) .. "</title>",
    "<style>" .. STYLE .. "</style>",
    "</head>",
    "<body>",
    body,
    "</body>",
    "</html>",
    ""}, "\n")
end

-- A number as a report holds it: a Lua number, or from JSON the strings
-- "inf", "-inf" and "nan" (docs/REPORT.md).
local function number(v)
  if v == "inf" then return math.huge elseif v == "-inf" then return -math.huge
  elseif v == "nan" then return 0 / 0 end
  return tonumber(v) or 0 / 0
end

local function short(v)
  if type(v) == "number" and math.type(v) ~= "integer" then return ("%.6g"):format(v) end
  return tostring(v)
end

local function evidence_text(ev)
  local keys = {}
  for k in pairs(ev or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = k .. "=" .. short(ev[k]) end
  return table.concat(parts, " ")
end

local function status_cell(status)
  return ('<td class="%s">%s</td>'):format(esc(status or "?"), esc(MARK[status] or status or "?"))
end

-- The gate table: status, id, title, reason, evidence and reproducer.
local function gate_table(report)
  local out = {'<table class="gates">',
               "<tr><th>status</th><th>gate</th><th>title</th><th>reason</th><th>evidence and reproducer</th></tr>"}
  for _, g in ipairs(report.gates or {}) do
    local extra = {}
    if g.status == "fail" or g.status == "error" then
      local ev = evidence_text(g.evidence)
      if ev ~= "" then extra[#extra + 1] = "<pre>" .. esc(ev) .. "</pre>" end
      if g.reproduce then extra[#extra + 1] = '<pre class="reproduce">' .. esc(g.reproduce) .. "</pre>" end
    end
    out[#out + 1] = ('<tr>%s<td class="id">%s</td><td>%s</td><td>%s</td><td>%s</td></tr>'):format(
      status_cell(g.status), esc(g.id), esc(g.title or ""), esc(g.reason or ""), table.concat(extra))
  end
  if report.baseline then
    local b = report.baseline
    out[#out + 1] = ("<tr>%s<td>BASE</td><td>allclose baseline (KB v0)</td><td>%s</td><td></td></tr>"):format(
      status_cell(b.status), esc(b.message or ("5 trials at %s, max |diff| %s"):format(tostring(b.shape), short(b.max_abs))))
  end
  out[#out + 1] = "</table>"
  return table.concat(out, "\n")
end

-- The plots of one gate: its cases' ratios, or where its masks differ.
local function gate_plots(g)
  local out = {}
  if g.kind == "thresholded" and g.cases and #g.cases > 0 then
    local pts = {}
    for i, c in ipairs(g.cases) do pts[i] = {label = c.case, ratio = number(c.ratio)} end
    out[#out + 1] = ('<section class="gate" id="%s"><h3>%s %s: error/bound per case</h3>'):format(
      esc(g.id), esc(g.id), esc(g.title or ""))
    out[#out + 1] = svg.ratios{points = pts, title = g.id .. " error/bound per case"}
    out[#out + 1] = "</section>"
  end
  if g.mismatch then
    local m = g.mismatch
    out[#out + 1] = ('<section class="gate" id="%s-mask"><h3>%s %s: where the class masks differ</h3>'):format(
      esc(g.id), esc(g.id), esc(g.title or ""))
    out[#out + 1] = ("<p>output <code>%s</code>, case <code>%s</code>: %d element(s) of another class than the oracle's%s, in red.</p>"):format(
      esc(m.output), esc((g.evidence or {}).case or "?"), m.count,
      m.count > #m.indices and (" (the first %d drawn)"):format(#m.indices) or "")
    out[#out + 1] = svg.mask{shape = m.shape, marks = m.indices, title = g.id .. " class mask differences"}
    out[#out + 1] = "</section>"
  end
  return table.concat(out, "\n")
end

-- The body of one report (no page around it).
function M.verify_body(report, level)
  local h = level or "h1"
  local out = {("<%s>kcv verify %s %s</%s>"):format(h, esc(report.spec), esc(tostring(report.kernel or "?")), h)}
  local verdict = report.verdict == "not_judged" and "not judged: " .. tostring(report.reason) or tostring(report.verdict)
  out[#out + 1] = ('<p>backend %s, seed %s: verdict <strong class="verdict-%s">%s</strong></p>'):format(
    esc(report.backend or "not chosen"), esc(tostring(report.seed)), esc(report.verdict or "?"), esc(verdict))
  if report.verdict == "error" and #(report.gates or {}) == 0 then
    out[#out + 1] = "<pre>" .. esc(report.message or "") .. "</pre>"
    return table.concat(out, "\n")
  end
  out[#out + 1] = gate_table(report)
  for _, g in ipairs(report.gates or {}) do
    local p = gate_plots(g)
    if p ~= "" then out[#out + 1] = p end
  end
  return table.concat(out, "\n")
end

function M.verify(report)
  return M.page(("kcv verify %s %s"):format(report.spec, tostring(report.kernel or "?")), M.verify_body(report))
end

-- Several reports (kcv controls): a summary table, then each report.
function M.reports(list, title)
  local out = {"<h1>" .. esc(title) .. "</h1>", '<table class="summary">',
               "<tr><th>kernel</th><th>spec</th><th>verdict</th></tr>"}
  for _, r in ipairs(list) do
    out[#out + 1] = ("<tr><td>%s</td><td>%s</td>%s</tr>"):format(esc(tostring(r.kernel)), esc(tostring(r.spec)),
                                                               status_cell(r.verdict))
  end
  out[#out + 1] = "</table>"
  for _, r in ipairs(list) do out[#out + 1] = M.verify_body(r, "h2") end
  return M.page(title, table.concat(out, "\n"))
end

-- The red team: one row a defect, one column a gate; a cell is the gate's
-- status on that kernel, "caught" where a declared gate rejected it.
-- rows: {{name=, spec=, defect=, caught_by={ids}, verdict=, gates={[id]=status}}, ...}
function M.redteam(rows, gates, title)
  local out = {"<h1>" .. esc(title) .. "</h1>", '<table class="redteam">'}
  local head = {"<tr><th>kernel</th><th>spec</th><th>defect</th><th>verdict</th>"}
  for _, id in ipairs(gates) do head[#head + 1] = "<th>" .. esc(id) .. "</th>" end
  out[#out + 1] = table.concat(head) .. "</tr>"
  for _, r in ipairs(rows) do
    local declared = {}
    for _, id in ipairs(r.caught_by or {}) do declared[id] = true end
    local cells = {("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td>"):format(
      esc(r.name), esc(r.spec or ""), esc(r.defect or ""), esc(r.verdict or ""))}
    for _, id in ipairs(gates) do
      local st = (r.gates or {})[id]
      local text = MARK[st] or st or ""
      if st == "fail" and declared[id] then text = "caught" elseif declared[id] then text = text .. " (declared)" end
      cells[#cells + 1] = ('<td class="%s">%s</td>'):format(esc(st or "none"), esc(text))
    end
    out[#out + 1] = table.concat(cells) .. "</tr>"
  end
  out[#out + 1] = "</table>"
  return M.page(title, table.concat(out, "\n"))
end

-- Calibrate: per thresholded gate, the honest noise floor and the broken
-- kernels' ratios on one log axis.  t = {spec=, gates={ids},
-- rows={{label=, honest=bool, ratios={[id]=ratio}}, ...}}
function M.calibrate(t)
  local out = {("<h1>kcv calibrate %s</h1>"):format(esc(t.spec)),
               "<p>Each gate's honest noise floor (blue) and the broken kernels' ratios (red) on one axis; the threshold is error/bound = 1.</p>"}
  for _, id in ipairs(t.gates) do
    local honest, broken = {}, {}
    for _, r in ipairs(t.rows) do
      local v = r.ratios[id] and number(r.ratios[id])
      if v and v == v then
        local list = r.honest and honest or broken
        list[#list + 1] = {label = r.label, ratio = v}
      end
    end
    out[#out + 1] = ('<section class="gate" id="%s"><h3>%s</h3>'):format(esc(id), esc(id))
    out[#out + 1] = svg.axis{title = id, groups = {{name = "honest (noise floor)", color = svg.OK, points = honest},
                                                   {name = "broken kernels", color = svg.BAD, points = broken}}}
    out[#out + 1] = "</section>"
  end
  return M.page("kcv calibrate " .. t.spec, table.concat(out, "\n"))
end

-- The audit: one row a solution, its pairing, KernelBench's check and the
-- gates, then each failure's evidence and reproducer.  rows: {{name=,
-- verdict=, allclose=, gates={[id]=status}, reason=, failures={{id=,
-- reason=, reproduce=}, ...}}, ...}
function M.audit(rows, gates, title)
  local out = {"<h1>" .. esc(title) .. "</h1>", '<table class="audit">'}
  local head = {"<tr><th>solution</th><th>verdict</th><th>allclose</th>"}
  for _, id in ipairs(gates) do head[#head + 1] = "<th>" .. esc(id) .. "</th>" end
  out[#out + 1] = table.concat(head) .. "<th>reason</th></tr>"
  for _, r in ipairs(rows) do
    local cells = {("<tr><td>%s</td>%s<td>%s</td>"):format(esc(r.name), status_cell(r.verdict), esc(r.allclose or ""))}
    for _, id in ipairs(gates) do cells[#cells + 1] = status_cell((r.gates or {})[id] or "") end
    out[#out + 1] = table.concat(cells) .. ("<td>%s</td></tr>"):format(esc(r.reason or ""))
  end
  out[#out + 1] = "</table>"
  -- every failing gate's reason and the line that reproduces it
  local fails = {}
  for _, r in ipairs(rows) do
    for _, f in ipairs(r.failures or {}) do
      fails[#fails + 1] = ("<tr><td>%s</td><td>%s</td><td>%s%s</td></tr>"):format(esc(r.name), esc(f.id),
        esc(f.reason or ""), f.reproduce and ('<pre class="reproduce">' .. esc(f.reproduce) .. "</pre>") or "")
    end
  end
  if #fails > 0 then
    out[#out + 1] = '<h2>Failures</h2>\n<table class="failures"><tr><th>solution</th><th>gate</th>'
                    .. "<th>evidence and reproducer</th></tr>"
    out[#out + 1] = table.concat(fails, "\n") .. "\n</table>"
  end
  return M.page(title, table.concat(out, "\n"))
end

return M
