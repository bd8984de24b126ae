-- wrk script for POST /v1/redact: rotates over many keys and many 1 KB bodies.
-- LOAD_KEYS: a file of API keys, one a line; LOAD_BODIES: a file of JSON bodies, one a line.
local keys, bodies = {}, {}
local i = 0

function init(args)
  for line in io.lines(os.getenv("LOAD_KEYS")) do keys[#keys + 1] = line end
  for line in io.lines(os.getenv("LOAD_BODIES")) do bodies[#bodies + 1] = line end
  i = math.random(1, #keys * #bodies)
end

function request()
  i = i + 1
  local key = keys[(i % #keys) + 1]
  local body = bodies[(i % #bodies) + 1]
  return wrk.format("POST", "/v1/redact", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. key,
  }, body)
end
