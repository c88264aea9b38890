-- The request script of bench/lib/load.ts: every connection's requests rotate over the paths of a
-- file (one per line, the script's first argument), each built once with the -H headers; done()
-- prints the run as one JSON line after the marker WRK_RESULT.
local requests = {}
local next_index = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then requests[#requests + 1] = wrk.format(nil, line) end
  end
  if #requests == 0 then error("no paths in " .. args[1]) end
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
