/* House-rules page: the engine worker (hand-written; copied into the site by yakubook build).
 *
 * Loads Pyodide (vendored into the site by `make`, never from a CDN) and the project's own
 * wheel (engine.zip: the file `pip install` installs, built by `make`) and bridge, then
 * answers the page's requests through yb_bridge.py. It starts from the memory snapshot
 * `make` took of that very engine once imported, when there is one. Started lazily by the page, so the
 * download and start-up happen off the main thread and only when the engine is needed.
 *
 * Messages in:  {id, op: "init" | "rules" | "hand", toml?, win?}
 * Messages out: {id, ok: true, value} (value = the bridge's JSON, parsed) | {id, ok: false, error}
 */
"use strict";

const RUNTIME = new URL("runtime/", self.location.href).href;
let ready = null;

/* The start-up snapshot (runtime/engine.snapshot, gzip'd, made by `make` from the same
 * engine.zip) as bytes, or null when there is none or it cannot be read here. */
async function snapshotBytes() {
  try {
    const meta = await (await fetch(RUNTIME + "runtime.json", { cache: "no-cache" })).json();
    if (!meta.snapshot || typeof DecompressionStream === "undefined") return null;
    const response = await fetch(RUNTIME + meta.snapshot, { cache: "no-cache" });
    if (!response.ok) return null;
    let bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {  // not already undone by the server
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    return bytes;
  } catch (e) {
    return null;
  }
}

async function engineZip() {
  const response = await fetch(RUNTIME + "engine.zip", { cache: "no-cache" });
  if (!response.ok) throw new Error(`engine.zip: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function bridgeSource() {
  const response = await fetch(RUNTIME + "yb_bridge.py", { cache: "no-cache" });
  if (!response.ok) throw new Error(`yb_bridge.py: HTTP ${response.status}`);
  return response.text();
}

function start() {
  if (ready) return ready;
  ready = (async () => {
    const t0 = performance.now();
    importScripts(RUNTIME + "pyodide.js");
    const t1 = performance.now();
    const [snapshot, zip, bridgeText] = await Promise.all([snapshotBytes(), engineZip(), bridgeSource()]);
    let py = null;
    let from = "snapshot";
    if (snapshot) {
      try {
        py = await loadPyodide({ indexURL: RUNTIME, _loadSnapshot: snapshot });
      } catch (e) {
        py = null;
      }
    }
    if (!py) {
      from = "plain start";
      py = await loadPyodide({ indexURL: RUNTIME, fullStdLib: false });
    }
    const t2 = performance.now();
    // The snapshot holds the imported modules, not the files: unpack them again for any
    // import made later.
    py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/yb" });
    py.FS.writeFile("/home/pyodide/yb/yb_bridge.py", bridgeText);
    py.runPython("import sys\nif '/home/pyodide/yb' not in sys.path: sys.path.insert(0, '/home/pyodide/yb')");
    const t3 = performance.now();
    const bridge = py.pyimport("yb_bridge");
    const info = JSON.parse(bridge.info());
    const t4 = performance.now();
    info.seconds = (t4 - t0) / 1000;
    info.from = from;
    info.phases = { script: t1 - t0, pyodide: t2 - t1, unpack: t3 - t2, imports: t4 - t3 };
    return { py, bridge, info };
  })();
  return ready;
}

self.onmessage = async (event) => {
  const { id, op } = event.data;
  try {
    const { bridge, info } = await start();
    let value;
    if (op === "init") value = info;
    else if (op === "rules") value = JSON.parse(bridge.check_rules(event.data.toml));
    else if (op === "hand") value = JSON.parse(bridge.check_hand(event.data.win, event.data.toml));
    else throw new Error(`unknown request ${op}`);
    self.postMessage({ id, ok: true, value });
  } catch (e) {
    self.postMessage({ id, ok: false, error: String(e && e.message || e) });
  }
};
