# Run by the bench as its own process: the real Contexa Python reader (../shared/peers/contexa, unchanged) answering
# CONTEXT on a workspace. argv: PEER_DIR PROJECT_DIR BRANCH OUT_FILE. Prints one JSON line: the time of load() +
# context() + summary() inside the process (imports excluded) and the text's length.
import json, resource, sys, time

peer_dir, project_dir, branch, out_file = sys.argv[1:5]
sys.path.insert(0, peer_dir)
from contexa.workspace import GCCWorkspace  # noqa: E402

t0 = time.perf_counter()
c0 = time.process_time()
ws = GCCWorkspace(project_dir)
ws.load()
text = ws.context(branch, 1).summary()
work_ms = (time.perf_counter() - t0) * 1000
cpu_ms = (time.process_time() - c0) * 1000
with open(out_file, "w", encoding="utf-8", newline="") as f:
    f.write(text)
print(json.dumps({"workMs": work_ms, "cpuMs": cpu_ms, "chars": len(text), "rssBytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
