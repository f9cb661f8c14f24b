// The in-browser engine run by Node: the same Pyodide runtime, manifest and
// packages that the book ships (necro-js/engine/), loaded as
// widgets/engine-worker.js loads them, then driven line by line.
//
//   node tests/widget/engine_node.mjs ENGINE_DIR < requests.jsonl > replies.jsonl
//
// The first output line is {"ready": {...timings, versions}}. Each input line
// is {"kind": "start", "id", "request"}, {"kind": "msg", "id", "message"}
// (request and message are JSON text, as the worker receives them),
// {"kind": "prepare", "games"}, or
// {"kind": "python", "code"} (evaluate an expression, for tests); each gets one
// output line {"reply": text} or {"error": text}.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const dir = path.resolve(process.argv[2]);
const t0 = performance.now();
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
const indexURL = path.join(dir, manifest.pyodide_dir);
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: indexURL + path.sep, stdout: (l) => process.stderr.write(l + "\n"),
  ...(manifest.stdlib ? { stdLibURL: path.join(dir, manifest.stdlib.file) } : {}) });
const t1 = performance.now();
const site = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const p of manifest.packages) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(dir, p.file))), "zip", { extractDir: site });
}
const bridge = pyodide.pyimport("necro.widget.browser");
const t2 = performance.now();
const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
out({ ready: { runtime_ms: t1 - t0, total_ms: t2 - t0,
  python: pyodide.runPython("import sys; sys.version.split()[0]"), pyodide: manifest.pyodide } });

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const data = JSON.parse(line);
  try {
    let reply = null;
    if (data.kind === "start") reply = bridge.start(data.id, data.request);
    else if (data.kind === "msg") reply = bridge.handle(data.id, data.message);
    else if (data.kind === "prepare") reply = bridge.prepare(JSON.stringify(data.games || []));
    else if (data.kind === "python") {
      const value = pyodide.runPython(data.code);
      reply = typeof value === "string" ? value : JSON.stringify(value ?? null);
    }
    out({ reply });
  } catch (err) {
    out({ error: String(err && err.message ? err.message : err) });
  }
}
