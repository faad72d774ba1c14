-- GET the URL given to wrk; prints one RESULT line for run.sh.
done = dofile(os.getenv("REPORT") or "loadtest/report.lua")
