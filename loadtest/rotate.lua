-- POST /recommend with the corpus's boards in turn (one JSON body per line of $CORPUS), asking
-- for $ALGORITHM; prints one RESULT line for run.sh.
local algorithm = os.getenv("ALGORITHM") or "density"
local bodies = {}
for line in io.lines(os.getenv("CORPUS") or "corpus.jsonl") do
  bodies[#bodies + 1] = '{"algorithm":"' .. algorithm .. '",' .. string.sub(line, 2)
end
local i = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

request = function()
  i = i % #bodies + 1
  return wrk.format(nil, "/recommend", nil, bodies[i])
end

done = dofile(os.getenv("REPORT") or "loadtest/report.lua")
