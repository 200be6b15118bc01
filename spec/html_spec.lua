-- spec/html_spec.lua — the HTML report: one self-contained page, valid
-- HTML (tidy), rendered by a real browser (headless Chromium) with the
-- gate table, the plots and the marked elements on the screenshot.
local files = require "files"

local function have(cmd) return os.execute("command -v " .. cmd .. " >/dev/null 2>&1") end
local CHROMIUM = have("chromium") and "chromium" or have("chromium-browser") and "chromium-browser" or nil
local it_tidy = files.it_if(have("tidy"), "tidy is not installed (tools/install-deps installs it)")
local it_chromium = files.it_if(CHROMIUM, "chromium is not installed (tools/install-deps installs it)")

local MARK, BLUE = "e31a1c", "1f77b4"   -- kcv.report.svg's marked cells and points within the bound

local dir = files.tmpdir()
local page_path = dir .. "/relu_fmax_nan.html"
local out, rc
local function page()
  if not out then
    out, rc = files.sh("./kcv verify specs/relu.lua redteam/relu_fmax_nan.cu --backend cpu --quiet --html " .. page_path)
  end
  return files.read(page_path) or ""
end

local function browser(args, file)
  return files.sh(("%s --headless --no-sandbox --disable-gpu --hide-scrollbars %s file://%s 2>/dev/null"):format(
    CHROMIUM, args, file))
end

local function count(s, pattern)
  local n = 0
  for _ in s:gmatch(pattern) do n = n + 1 end
  return n
end

describe("kcv verify --html", function()
  it("writes one page with the gate table, the evidence and the reproducer, and keeps the exit status", function()
    local html = page()
    assert.are.equal(1, rc, out)
    assert.truthy(html:match("^<!DOCTYPE html>"), html:sub(1, 200))
    assert.are.equal(12, count(html, '<td class="id">'))
    assert.truthy(html:find('<td class="fail">FAIL</td><td class="id">EXC%-01</td>'), html)
    assert.truthy(html:find("kcv verify specs/relu.lua redteam/relu_fmax_nan.cu %-%-gate EXC%-01 %-%-seed 1 %-%-case nan%-sparse%-1"), html)
    assert.truthy(html:find("injected=x%[7211,8054%]=nan"), html)
  end)

  it("is self-contained: inline SVG and CSS, no script, nothing fetched", function()
    local html = page()
    assert.is_nil(html:find("<script"))
    assert.is_nil(html:find("<link"))
    assert.is_nil(html:find("src="))
    assert.is_nil(html:find("https?:"))
    assert.truthy(html:find("<svg"))
  end)

  it("plots every thresholded gate's cases on a log scale with the bound line", function()
    local html = page()
    -- CMP-01, CMP-02, CMP-03 and EXC-03 compare against a bound here
    for _, id in ipairs{"CMP-01", "CMP-02", "CMP-03"} do
      assert.truthy(html:find(id .. " input distributions: error/bound per case", 1, true)
                    or html:find(id .. " edge shapes and layout: error/bound per case", 1, true)
                    or html:find(id .. " shape polymorphism: error/bound per case", 1, true), id)
    end
    assert.truthy(count(html, 'class="bound"') >= 3)
    assert.truthy(count(html, '<circle class="point"') >= 9 + 13 + 11)
  end)

  it("marks where EXC-01's class masks differ: the two swallowed NaNs", function()
    local html = page()
    assert.truthy(html:find("EXC%-01 non%-finite propagation: where the class masks differ"))
    assert.truthy(html:find("output <code>y</code>, case <code>nan%-sparse%-1</code>: 2 element%(s%)"), html)
    assert.are.equal(2, count(html, 'class="bad"'))   -- 7211 and 8054 fall in two cells of 64
  end)

  it_tidy("is valid HTML (tidy -errors reports nothing)", function()
    page()
    local msg, trc = files.sh("tidy -errors -q " .. page_path)
    assert.are.equal(0, trc, msg)
  end)

  it_chromium("renders in headless Chromium: the DOM holds the table and the plots", function()
    page()
    local dom = browser("--dump-dom", page_path)
    assert.are.equal(12, count(dom, '<td class="id">'))
    assert.truthy(count(dom, "<svg") >= 4, dom)
    assert.are.equal(2, count(dom, 'class="bad"'))
  end)

  it_chromium("renders in headless Chromium: the screenshot is not blank and shows the marks and the points", function()
    page()
    local png = dir .. "/shot.png"
    browser("--window-size=1000,3000 --screenshot=" .. png, page_path)
    local stats = files.sh(("python3 spec/png_colors.py %s %s %s"):format(png, MARK, BLUE))
    local w, h = stats:match('"width": (%d+), "height": (%d+)')
    assert.are.same({"1000", "3000"}, {w, h}, stats)
    local nonwhite = tonumber(stats:match('"nonwhite": (%d+)'))
    assert.truthy(nonwhite > 100000, stats)                                  -- text, table, plots
    assert.truthy(tonumber(stats:match('"colors": (%d+)')) > 20, stats)
    -- the two marked cells of the mask (6 x 12 pixels each) and the hollow points of the cases
    assert.truthy(tonumber(stats:match('"' .. MARK .. '": (%d+)')) >= 2 * 6 * 12, stats)
    assert.truthy(tonumber(stats:match('"' .. BLUE .. '": (%d+)')) > 50, stats)
  end)

  it_chromium("marks nothing on an honest kernel's page", function()
    local p = dir .. "/relu.html"
    local o, code = files.sh("./kcv verify specs/relu.lua kernels/relu.cu --backend cpu --quiet --gate CMP-01 --html " .. p)
    assert.are.equal(0, code, o)
    assert.is_nil(files.read(p):find('class="bad"'))
    local png = dir .. "/honest.png"
    browser("--window-size=800,1000 --screenshot=" .. png, p)
    local stats = files.sh(("python3 spec/png_colors.py %s %s %s"):format(png, MARK, BLUE))
    assert.truthy(tonumber(stats:match('"' .. BLUE .. '": (%d+)')) > 50, stats)
    assert.are.equal(0, tonumber(stats:match('"' .. MARK .. '": (%d+)')), stats)
  end)
end)

describe("kcv.report.svg", function()
  local svg = require "kcv.report.svg"

  it("draws 0 below the axis, inf above it and ratios over 1 in red", function()
    local s = svg.ratios{points = {{label = "a", ratio = 0}, {label = "b", ratio = 0.5}, {label = "c", ratio = 3},
                                   {label = "d", ratio = math.huge}}}
    assert.are.equal(2, count(s, 'class="point over"'))
    assert.are.equal(2, count(s, 'class="point"'))
    assert.truthy(s:find("<title>d: inf</title>", 1, true))
  end)

  it("puts a marked element of a 2-d output in the cell of its row and column", function()
    local s = svg.mask{shape = {4, 10}, marks = {23}}     -- row 2, column 3 of 4 x 10 cells
    local x, y = s:match('class="bad" x="(%d+)" y="(%d+)"')
    assert.are.same({1 + 3 * 12, 1 + 2 * 12}, {tonumber(x), tonumber(y)})
  end)
end)

describe("--html on the other commands", function()
  local function valid(path)
    if not have("tidy") then return end
    local msg, trc = files.sh("tidy -errors -q " .. path)
    assert.are.equal(0, trc, msg)
  end

  it("kcv controls --html: the verdicts, then each kernel's gate table and plots", function()
    local p = dir .. "/controls.html"
    local o, code = files.sh("./kcv controls --only relu --backend cpu --jobs 1 --quiet --html " .. p)
    assert.are.equal(0, code, o)
    local html = files.read(p)
    assert.truthy(html:find('<td class="pass">PASS</td></tr>', 1, true) or html:find('<td class="pass">pass</td>', 1, true), html)
    assert.truthy(html:find("<h2>kcv verify [^<]*specs/relu%.lua [^<]*kernels/relu%.cu</h2>"), html)
    assert.truthy(count(html, "<svg") >= 3)
    valid(p)
  end)

  it("kcv redteam --html: the defects against the gates, the declared gate that caught it marked", function()
    local p = dir .. "/redteam.html"
    local o, code = files.sh("./kcv redteam --only relu_fmax_nan --backend cpu --declared --no-baseline --jobs 1 --html " .. p)
    assert.are.equal(0, code, o)
    local html = files.read(p)
    assert.truthy(html:find("<td>relu_fmax_nan</td><td>relu</td><td>ReLU written as fmaxf", 1, true), html)
    assert.truthy(html:find('<th>EXC-01</th>', 1, true), html)
    assert.truthy(html:find('<td class="fail">caught</td>', 1, true), html)
    valid(p)
  end)

  it("kcv calibrate --html: the noise floor and the broken kernels on one axis per gate", function()
    local p = dir .. "/calibrate.html"
    local o, code = files.sh("./kcv calibrate specs/relu.lua --backend cpu --html " .. p)
    assert.are.equal(0, code, o)
    local html = files.read(p)
    for _, id in ipairs{"CMP-01", "CMP-02", "CMP-03"} do assert.truthy(html:find("<h3>" .. id .. "</h3>", 1, true), id) end
    assert.truthy(html:find("honest (noise floor)", 1, true))
    -- relu_grid_capped is over the bound on CMP-03: a red point right of the bound line
    assert.truthy(html:find('<title>relu_grid_capped: [%d.e+]+</title>'), html)
    assert.truthy(count(html, 'class="point over"') >= 1)
    valid(p)
  end)

  it("kcv audit --summarize --html: a row per solution, a column per gate", function()
    local j, p = dir .. "/j.jsonl", dir .. "/audit.html"
    files.write(j, '{"id":"s1","problem":"p_relu","verdict":"fail","gates":[{"id":"EXC-01","status":"fail","reason":"element 3 is 0 where the oracle is NaN","reproduce":"kcv audit S --only s1 --gates EXC-01"}],"baseline":{"accept":true}}\n'
                .. '{"id":"s2","problem":"p_sum","verdict":"not_judged","reason":"build: timeout","gates":[]}\n')
    local o, code = files.sh("./kcv audit --summarize " .. j .. " --html " .. p)
    assert.are.equal(0, code, o)
    local html = files.read(p)
    assert.truthy(html:find('<td>s1 (p_relu)</td><td class="fail">FAIL</td><td>accepts</td>', 1, true), html)
    assert.truthy(html:find("build: timeout", 1, true), html)
    assert.truthy(html:find("element 3 is 0 where the oracle is NaN", 1, true), html)
    assert.truthy(html:find('<pre class="reproduce">kcv audit S --only s1 --gates EXC-01</pre>', 1, true), html)
    valid(p)
  end)
end)
