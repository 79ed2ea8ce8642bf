"""The build's cache (``.build/``) when builds run at once, as the test suite's two workers do on a
fresh clone: each build gets whole files, the slow work is done once and the others wait for it,
and none prunes or half-writes another's."""
import json
import threading
import time

from calculators.build import engine, precompile


def test_four_builds_at_once_each_get_the_whole_precompressed_copies(tmp_path, monkeypatch):
    monkeypatch.setattr(precompile, "CACHE", tmp_path / "cache")
    runs = []
    real_run = engine.subprocess.run
    monkeypatch.setattr(engine.subprocess, "run", lambda *a, **k: runs.append(a) or real_run(*a, **k))
    text = "".join(f"line {i}: the Wolves' morale drops by {i % 7}\n" for i in range(40_000)).encode()
    folders, results, errors = [], [None] * 4, []
    for n in range(4):
        folder = tmp_path / f"site{n}"
        folder.mkdir()
        (folder / "engine.js").write_bytes(text)
        folders.append(folder)

    def build(n):
        time.sleep(0.15 * n)  # each starts while the one before is still compressing
        try:
            results[n] = engine.precompress(folders[n], ["engine.js"])
        except Exception as err:  # reported below, with which build it was
            errors.append(f"build {n}: {err!r}")

    threads = [threading.Thread(target=build, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(runs) == 1  # compressed once; the other three builds waited and copied it
    for n, folder in enumerate(folders):
        assert results[n]["engine.js"]["raw"] == len(text)
        for suffix in (".br", ".gz"):
            assert (folder / f"engine.js{suffix}").stat().st_size == results[n]["engine.js"][suffix[1:]]
    assert json.loads((next((tmp_path / "cache").glob("precompressed-*")) / "sizes.json").read_text()) == results[0]


def test_the_engine_compressed_ahead_by_make_test_is_the_one_the_build_takes(tmp_path, monkeypatch):
    """`make test` compresses the engine beside pip install (``python3 -m calculators.build.engine``);
    the build that follows finds those copies and compresses nothing: the 40 s of brotli are not spent twice."""
    monkeypatch.setattr(precompile, "CACHE", tmp_path / "cache")
    runs = []
    real_run = engine.subprocess.run
    monkeypatch.setattr(engine.subprocess, "run", lambda *a, **k: runs.append(a) or real_run(*a, **k))
    package = tmp_path / "pyodide"
    package.mkdir()
    (package / "package.json").write_text('{"version": "0.0.1"}')
    for name in engine.PYODIDE_FILES:
        (package / name).write_text(f"the {name} of the runtime\n" * 500)
    (package / engine.LOCK_FILE).write_text(json.dumps({"info": {"python": "3.14"}, "packages": {"numpy": {}}}))

    ahead = engine.warm_precompressed(package)
    assert len(runs) == 1 and sorted(ahead) == sorted(engine.PRECOMPRESS)
    runtime = engine.ship_runtime(tmp_path / "site", package)
    assert len(runs) == 1  # the build compressed nothing
    for name in engine.PRECOMPRESS:
        for suffix in (".br", ".gz"):
            assert (tmp_path / "site" / runtime / (name + suffix)).stat().st_size == ahead[name][suffix[1:]]
