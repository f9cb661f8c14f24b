// Compile the in-browser engine's Python packages to bytecode for Pyodide's
// CPython, at book build time (run by necro.bookbuild.prepare_engine):
//
//   node necro/widget/engine_compile.mjs PYODIDE_DIR OUT_DIR IN.zip...
//
// Each IN.zip (sources, as necro.bookbuild.engine_archives writes them) is
// unpacked in Pyodide, compiled with compileall to sourceless .pyc files
// (hash-based, so the bytes depend only on the source and the Python
// version), its .py files dropped, and zipped again, sorted and with fixed
// dates, to OUT_DIR/<same name>. A board then imports its game in about a
// third of the time (no compiling in the reader's browser), and the archives
// are smaller.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outDir, ...inputs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
fs.mkdirSync(outDir, { recursive: true });
for (const input of inputs) {
  const name = path.basename(input);
  pyodide.FS.mkdirTree("/work/src");
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(input)), "zip", { extractDir: "/work/src" });
  pyodide.runPython(`
import compileall, os, py_compile, zipfile
root = "/work/src"
import site
ok = compileall.compile_dir(root, quiet=2, legacy=True, workers=1, ddir=site.getsitepackages()[0],
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
