// Build step of the house-rules page (run by render/house_rules_engine.py with Node):
// start Pyodide, unpack the engine zip (the project's wheel) and the bridge, import the bridge and every yaku body, and write a
// memory snapshot of that interpreter. The page's worker starts from it instead of
// initialising Python and importing the engine itself (about 20x faster to start), and
// falls back to the plain start if the snapshot cannot be used.
//
//   node make_snapshot.mjs PYODIDE_DIR ENGINE_ZIP BRIDGE OUT  (ENGINE_ZIP: the project's wheel)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, engineZip, bridge, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  _makeSnapshot: true,
  // Fixed, so the snapshot carries nothing of the machine that built it.
  env: { HOME: "/home/pyodide", PYTHONHASHSEED: "0", _: "yakubook" },
});
py.unpackArchive(new Uint8Array(fs.readFileSync(engineZip)), "zip", { extractDir: "/home/pyodide/yb" });
py.FS.writeFile("/home/pyodide/yb/yb_bridge.py", fs.readFileSync(bridge));
py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide/yb")
import yb_bridge
from yakubook.engine import registry
registry.load_bodies()
`);
fs.writeFileSync(out, py.makeMemorySnapshot());
