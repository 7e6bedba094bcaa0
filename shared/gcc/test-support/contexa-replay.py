# Test support: runs operations FROM..TO of a scenario.json through the real Python Contexa (GCCWorkspace), copying
# the .GCC/ folder after each op to OUT/op-<i>/, and prints one JSON line per op: its index and the time right after
# it (as Python's writer spells times). usage: contexa-replay.py PROJECT SCENARIO FROM TO CURRENT_BRANCH OUT
import json, shutil, sys, time
from datetime import datetime, timezone

from contexa.workspace import GCCWorkspace

project, scenario_path, start, stop, current, out = sys.argv[1:7]
ops = json.load(open(scenario_path))["ops"]
ws = GCCWorkspace(project)
if int(start) > 0:
    ws.load()
    ws.switch_branch(current)
for i in range(int(start), int(stop)):
    op = ops[i]
    kind = op["op"]
    if kind == "init":
        ws.init(op["roadmap"])
    elif kind == "log":
        ws.log_ota(op["o"], op["t"], op["a"])
    elif kind == "commit":
        ws.commit(op["c"], update_roadmap=op.get("roadmap"))
    elif kind == "branch":
        ws.branch(op["name"], op["purpose"])
    elif kind == "merge":
        ws.merge(op["name"])
    elif kind == "update_roadmap":
        ws.update_roadmap(op["content"])
    after = datetime.now(timezone.utc).isoformat()
    shutil.copytree(f"{project}/.GCC", f"{out}/op-{i}")
    print(json.dumps({"index": i, "after": after, "current": ws.current_branch}), flush=True)
    # Real agents are not this fast; a few ms keep two ops from sharing a microsecond.
    time.sleep(0.003)
