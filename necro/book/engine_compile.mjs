// Compile the in-browser engine's Python packages to bytecode for Pyodide's
// CPython, at book build time (run by necro.book.build.prepare_engine):
//
//   node necro/book/engine_compile.mjs PYODIDE_DIR OUT_DIR [stdlib:]IN.zip...
//
// Each IN.zip (sources, as necro.book.build.engine_archives writes them) is
// unpacked in Pyodide, compiled with compileall to sourceless .pyc files
// (hash-based, so the bytes depend only on the source and the Python
// version), its .py files dropped, and zipped again, sorted and with fixed
// dates, to OUT_DIR/<same name>. A board then imports its game in about a
// third of the time (no compiling in the reader's browser).
//
// An input named stdlib:IN.zip is Pyodide's own python_stdlib.zip, which the
// npm package ships as .py sources: CPython imports it from the zip (it sits
// on sys.path as /lib/python3XY.zip) and, unable to cache bytecode there,
// compiles every module it imports on every start. Compiled the same way, with
// the zip's path as the code's file name, it cuts Pyodide's own start (about
// 60 stdlib modules) by more than half.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outDir, ...inputs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
fs.mkdirSync(outDir, { recursive: true });
for (const arg of inputs) {
  const stdlib = arg.startsWith("stdlib:");
  const input = stdlib ? arg.slice("stdlib:".length) : arg;
  const name = path.basename(input);
  pyodide.FS.mkdirTree("/work/src");
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(input)), "zip", { extractDir: "/work/src" });
  pyodide.runPython(`
import compileall, os, py_compile, zipfile
root = "/work/src"
import site, sys
ddir = [p for p in sys.path if p.endswith(".zip")][0] if ${stdlib ? "True" : "False"} else site.getsitepackages()[0]
ok = compileall.compile_dir(root, quiet=2, legacy=True, workers=1, ddir=ddir,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compileall failed in " + ${JSON.stringify(name)})
names = []
for folder, dirs, files in os.walk(root):
    dirs[:] = [d for d in dirs if d != "__pycache__"]
    for f in files:
        if not f.endswith(".py"):
            names.append(os.path.relpath(os.path.join(folder, f), root))
with zipfile.ZipFile("/work/out.zip", "w") as out:
    for rel in sorted(names):
        info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(os.path.join(root, rel), "rb") as f:
            out.writestr(info, f.read(), compresslevel=9)
import shutil
shutil.rmtree(root)
`);
  const tmp = path.join(outDir, `.${name}.${process.pid}`); // atomic: a parallel build may read it
  fs.writeFileSync(tmp, pyodide.FS.readFile("/work/out.zip"));
  fs.renameSync(tmp, path.join(outDir, name));
  pyodide.FS.unlink("/work/out.zip");
}
