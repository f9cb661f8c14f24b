// necro's rules engines in the reader's browser: a module Web Worker
// (widgets/engine-worker.js, shipped as necro-js/engine/worker.js by
// `python -m necro.book.build assets`).
//
// It starts Pyodide (CPython in WebAssembly) from ./pyodide/, unpacks the
// Python packages that ./manifest.json lists (necro and the pure-Python
// libraries its engines import) into site-packages, and imports
// necro.widget.browser. Every board of the page then talks to it with the
// messages it would send a kernel; Python answers with the same views (see
// necro/widget/browser.py). Nothing is fetched from outside this folder.
//
// Messages in:  {seq, kind: "start", id, request}  (request: JSON text)
//               {seq, kind: "msg", id, message}     (message: JSON text)
//               {seq, kind: "close", id}
//               {seq, kind: "prepare", games}         (import these games now, before a board starts)
// Messages out: {kind: "ready", ms: {runtime, packages, import, total}, versions}
//               {kind: "failed", error}             (the engine cannot start)
//               {seq, reply} (JSON text) or {seq, error} (a JavaScript-side failure)

const here = new URL(".", import.meta.url);
const t0 = performance.now();
let bridge = null;
const waiting = [];

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname || url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  const manifestResponse = await fetch(new URL("manifest.json", here), { cache: "no-cache" });
  if (!manifestResponse.ok) throw new Error(`manifest.json: HTTP ${manifestResponse.status}`);
  const manifest = await manifestResponse.json();
  const indexURL = new URL(manifest.pyodide_dir, here).href;
  // The packages download while the runtime starts.
  const archives = manifest.packages.map((p) => fetchBytes(new URL(p.file, here)));
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({
    indexURL,
    // the standard library compiled to bytecode at build time (see necro/book/build.py)
    ...(manifest.stdlib ? { stdLibURL: new URL(manifest.stdlib.file, here).href } : {}),
    stdout: (line) => console.log(`[necro engine] ${line}`),
    stderr: (line) => console.warn(`[necro engine] ${line}`),
  });
  const t1 = performance.now();
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  const bytes = await Promise.all(archives);
  bytes.forEach((data) => pyodide.unpackArchive(data, "zip", { extractDir: site }));
  const t2 = performance.now();
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  bridge = pyodide.pyimport("necro.widget.browser");
  const t3 = performance.now();
  postMessage({
    kind: "ready",
    ms: { runtime: t1 - t0, packages: t2 - t1, import: t3 - t2, total: t3 - t0 },
    versions: { pyodide: manifest.pyodide, python: pyodide.runPython("import sys; sys.version.split()[0]"),
      packages: Object.fromEntries(manifest.packages.map((p) => [p.name, p.version])) },
  });
}

function answer(data) {
  const { seq, kind, id } = data;
  try {
    let reply = null;
    if (kind === "start") reply = bridge.start(id, data.request);
    else if (kind === "msg") reply = bridge.handle(id, data.message);
    else if (kind === "close") bridge.close(id);
    else if (kind === "prepare") reply = bridge.prepare(JSON.stringify(data.games || []));
    postMessage({ seq, reply });
  } catch (err) {
    postMessage({ seq, error: String(err && err.message ? err.message : err) });
  }
}

const booting = boot().then(
  () => { for (const data of waiting.splice(0)) answer(data); },
  (err) => { postMessage({ kind: "failed", error: String(err && err.message ? err.message : err) }); },
);

onmessage = (event) => {
  if (bridge) answer(event.data);
  else waiting.push(event.data);
};

export { booting };
