# Run by the bench as its own process: the real Contexa Python writer (../shared/peers/contexa, unchanged) appending
# steps with log_ota. argv: PEER_DIR PROJECT_DIR COUNT. Prints one JSON line: each call's time in ms (imports and
# load() excluded), so its cost is measured on the log as it is.
import json, sys, time

peer_dir, project_dir, count = sys.argv[1:4]
sys.path.insert(0, peer_dir)
from contexa.workspace import GCCWorkspace  # noqa: E402

ws = GCCWorkspace(project_dir)
ws.load()
times = []
for i in range(int(count)):
    t0 = time.perf_counter()
    ws.log_ota("bench observation %d" % i, "bench thought", "append")
    times.append((time.perf_counter() - t0) * 1000)
print(json.dumps({"ms": times}))
