"""Run the kontor Python tests (python/tests/test_*.py) and end with one
line "N passed, N failed" (scripts/test.d/python.sh sums it into make test).

    python3 python/tests/run.py [-v] [-k PATTERN]
"""
import argparse
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE)))  # the package: python/kontor


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-v", action="store_true", help="one line per test")
    ap.add_argument("-k", action="append", help="only tests whose name contains this")
    args = ap.parse_args()
    loader = unittest.TestLoader()
    if args.k:
        loader.testNamePatterns = ["*%s*" % k for k in args.k]
    suite = loader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)
    res = unittest.TextTestRunner(verbosity=2 if args.v else 1).run(suite)
    failed = len(res.failures) + len(res.errors) + len(res.unexpectedSuccesses)
    passed = res.testsRun - failed - len(res.skipped)
    if res.testsRun == 0:
        failed += 1
        print("no test ran")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
