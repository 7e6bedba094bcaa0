# The real Contexa Python reader (../shared/peers/contexa, unchanged) answering CONTEXT for many workspaces in one
# process. argv: PEER_DIR JOBS_FILE; JOBS_FILE holds [{"dir", "branch", "k"}]. Prints one JSON list: per job
# {"text", "commits", "steps"} or {"error"} when the reader raised.
import json, sys

peer_dir, jobs_file = sys.argv[1:3]
sys.path.insert(0, peer_dir)
from contexa.workspace import GCCWorkspace  # noqa: E402

with open(jobs_file, encoding="utf-8") as f:
    jobs = json.load(f)
out = []
for job in jobs:
    try:
        ws = GCCWorkspace(job["dir"])
        ws.load()
        ctx = ws.context(job["branch"], job["k"])
        out.append({"text": ctx.summary(), "commits": len(ws._read_commits(job["branch"])), "steps": len(ws._read_ota(job["branch"]))})
    except Exception as e:  # noqa: BLE001 -- any exception is what we count
        out.append({"error": f"{type(e).__name__}: {e}"[:300]})
sys.stdout.write(json.dumps(out))
