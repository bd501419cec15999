"""Run every ```python block of a document as written, each in a fresh
namespace, from a temporary folder (python.sh: "every code block in
docs/python.md runs").  Prints one line per block; exits 1 if one fails.

    python3 python/tests/docs_blocks.py docs/python.md
"""
import os
import re
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # the package: python/kontor


def blocks(text):
    for m in re.finditer(r"^```python\n(.*?)^```$", text, re.S | re.M):
        yield text.count("\n", 0, m.start()) + 2, m.group(1)


def main():
    path = sys.argv[1]
    with open(path) as f:
        text = f.read()
    failed = ran = 0
    cwd = os.getcwd()
    for line, code in blocks(text):
        ran += 1
        with tempfile.TemporaryDirectory() as d:
            os.chdir(d)
            try:
                exec(compile(code, "%s:%d" % (path, line), "exec"), {"__name__": "__doc__"})
                print("ok   %s:%d" % (path, line))
            except Exception:
                failed += 1
                print("FAIL %s:%d" % (path, line))
                traceback.print_exc()
            finally:
                os.chdir(cwd)
    print("%d blocks, %d failed" % (ran, failed))
    return 1 if failed or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
