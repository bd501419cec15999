# kontor build.  `make` builds build/release/{kontor,kontor-tests};
# `make test` is the full test job CI runs (see README).
#
#   MODE=release|debug|asan|msan|tsan  optimisation / sanitizers (default release;
#                             msan and tsan need CC=clang)
#   CC=gcc|clang              compiler (default gcc)
#   GAMES="dominion catan"    games to compile in (default: every src/games/*)
#   BUILD=dir                 output folder (default build/$(MODE) or build/clang-$(MODE))
#   WERROR=1                  warnings are errors (CI)

CC ?= gcc
ifeq ($(origin CC),default)
CC := gcc
endif
MODE ?= release
GAMES ?= $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard src/games/*/*.c)))))
ifeq ($(findstring clang,$(CC)),clang)
BUILD ?= build/clang-$(MODE)
else
BUILD ?= build/$(MODE)
endif

WARN := -std=c11 -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes \
        -Wmissing-prototypes -Wpointer-arith -Wvla -Wformat=2
ifeq ($(WERROR),1)
WARN += -Werror
endif
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -I$(BUILD)/gen -MMD -MP
ifeq ($(MODE),release)
OPT := -O2 -DNDEBUG -g
else ifeq ($(MODE),debug)
OPT := -O0 -g
else ifeq ($(MODE),asan)
OPT := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
LDFLAGS += -fsanitize=address,undefined
else ifeq ($(MODE),msan)
# clang only: reads of uninitialised memory (what ASan cannot see)
OPT := -O1 -g -fsanitize=memory -fsanitize-memory-track-origins -fno-omit-frame-pointer
LDFLAGS += -fsanitize=memory
else ifeq ($(MODE),fuzz)
# clang only: the library instrumented for the libFuzzer harnesses (scripts/fuzz.sh)
OPT := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
else ifeq ($(MODE),tsan)
# data races in the threaded code (sim, tournament, search threads, sessions)
OPT := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
LDFLAGS += -fsanitize=thread
else
$(error MODE must be release, debug, asan, msan or tsan)
endif
ifeq ($(NATIVE),1)
OPT += -march=native
endif
CFLAGS += $(WARN) $(OPT)
LDLIBS += -lm -lpthread
# Line editing with history in `kontor play` (Debian's libedit-dev, installed
# by scripts/setup.sh); without it play reads plain lines.
# Only the command and the test binary link it, never the library.
ifneq ($(wildcard /usr/include/histedit.h),)
CPPFLAGS += -DCLI_LIBEDIT
CLI_LDLIBS := -ledit
endif

LIB_SRC := $(wildcard src/util/*.c src/core/*.c src/bots/*.c) \
           $(foreach g,$(GAMES),$(wildcard src/games/$(g)/*.c))
CLI_SRC := $(wildcard src/cli/*.c)
# The browser server (src/server, `kontor serve`): libh2o (HTTP/WebSocket on
# one event loop, with wslay and OpenSSL) + SQLite or PostgreSQL (libpq) +
# libsodium (Argon2id password hashes); docs/server.md says why.
SRV_SRC := $(wildcard src/server/*.c)
SRV_LIBS := -lh2o-evloop -lwslay -lsqlite3 -lpq -lsodium -lssl -lcrypto -lz
PG_INC := $(shell pg_config --includedir 2>/dev/null || echo /usr/include/postgresql)
$(BUILD)/obj/src/server/store_pg.o: CPPFLAGS += -I$(PG_INC)
# TESTS: test folders to compile (default all); e.g. TESTS="core dominion"
# (tests/cli: the kontor command's own parts, menus and notes).
# tests/server (the browser server) is left out under MemorySanitizer: it
# needs every library instrumented, and Debian's SQLite and libh2o are not
# (every read of their output would be reported); the server's tests run in
# the other stages.
ifeq ($(MODE),msan)
TESTS ?= core cli bots $(GAMES)
else
TESTS ?= core cli bots server $(GAMES)
endif
TEST_SRC := $(wildcard tests/*.c) $(foreach t,$(TESTS),$(wildcard tests/$(t)/*.c))

DATA_FILES := $(sort $(wildcard data/*/*))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/data.o
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
SRV_OBJ := $(SRV_SRC:%.c=$(BUILD)/obj/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/obj/%.o)

# Versions, read from their one place in include/kontor/kontor.h: the ABI
# version is the shared library's soname (libkontor.so.$(ABI)); see
# docs/embedding.md.
hdr_num = $(shell sed -n 's/^\#define $(1) \([0-9][0-9]*\)$$/\1/p' include/kontor/kontor.h)
ABI := $(call hdr_num,KT_ABI_VERSION)
VERSION := $(call hdr_num,KT_VERSION_MAJOR).$(call hdr_num,KT_VERSION_MINOR).$(call hdr_num,KT_VERSION_PATCH)
# Every symbol resolved at link time (not with sanitizers: their runtime
# comes with the program, not the library).
comma := ,
SO_CHECK := $(if $(filter release debug,$(MODE)),-Wl$(comma)--no-undefined)

.PHONY: all tests test check soak bench clean setup play install lib fuzz serve test-web screenshots load-test learning-curve FORCE
all: $(BUILD)/kontor $(BUILD)/kontor-tests $(BUILD)/libkontor.so.$(ABI)
lib: $(BUILD)/libkontor.a $(BUILD)/libkontor.so.$(ABI)
# Only the test binary (no CLI): for work on a game while the CLI changes.
tests: $(BUILD)/kontor-tests

# Generated registries: rewritten only when their content changes.
$(BUILD)/gen/games.inc: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' $(foreach g,$(GAMES),'KT_GAME($(g))') > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
$(BUILD)/gen/tests.inc: $(TEST_SRC) FORCE
	@mkdir -p $(@D)
	@sed -n 's/^KT_TEST(\([A-Za-z0-9_]*\)).*/KT_TEST_ENTRY(\1)/p' $(TEST_SRC) /dev/null > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp

$(BUILD)/gen/data.c: $(DATA_FILES) scripts/embed.sh
	@mkdir -p $(@D)
	@./scripts/embed.sh $@ $(DATA_FILES)
$(BUILD)/obj/gen/data.o: $(BUILD)/gen/data.c
	@mkdir -p $(@D)
	@echo "  CC $<"
	@$(CC) $(CPPFLAGS) $(filter-out -Wconversion,$(CFLAGS)) -c $< -o $@

$(BUILD)/obj/src/core/registry.o: $(BUILD)/gen/games.inc
$(BUILD)/obj/tests/main.o: $(BUILD)/gen/tests.inc

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	@echo "  CC $<"
	@$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# Library objects are position independent (one set of objects serves the
# static archive and the shared library) with hidden visibility: the shared
# library exports exactly what include/kontor/kontor.h declares.
$(LIB_OBJ): CFLAGS += -fPIC -fvisibility=hidden

$(BUILD)/libkontor.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libkontor.so.$(ABI): $(LIB_OBJ)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libkontor.so.$(ABI) $(SO_CHECK) -o $@ $^ $(LDLIBS)
	@ln -sf libkontor.so.$(ABI) $(BUILD)/libkontor.so

# make install PREFIX=/usr/local [DESTDIR=...]: headers, both libraries,
# kontor.pc, the kontor command and its man page.
PREFIX ?= /usr/local
install: $(BUILD)/kontor $(BUILD)/libkontor.a $(BUILD)/libkontor.so.$(ABI)
	install -d $(DESTDIR)$(PREFIX)/include/kontor $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 include/kontor/kontor.h $(DESTDIR)$(PREFIX)/include/kontor/
	install -m 644 $(BUILD)/libkontor.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/libkontor.so.$(ABI) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libkontor.so.$(ABI) $(DESTDIR)$(PREFIX)/lib/libkontor.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' scripts/kontor.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/kontor.pc
	install -m 755 $(BUILD)/kontor $(DESTDIR)$(PREFIX)/bin/
	install -m 644 docs/kontor.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	$(MAKE) --no-print-directory install-python

# The Python package (docs/python.md) into $(PYDIR); kontor/_install.py tells
# it where the library was installed.  Debian's python3 searches
# /usr/local/lib/python3/dist-packages; other prefixes need PYTHONPATH=$(PYDIR).
PYDIR ?= $(PREFIX)/lib/python3/dist-packages
.PHONY: install-python
install-python:
	install -d $(DESTDIR)$(PYDIR)/kontor
	install -m 644 python/kontor/*.py $(DESTDIR)$(PYDIR)/kontor/
	printf '# written by make install\nLIBDIR = "%s"\nVERSION = "%s"\nABI = %s\n' \
	    '$(PREFIX)/lib' '$(VERSION)' '$(ABI)' > $(DESTDIR)$(PYDIR)/kontor/_install.py

$(BUILD)/libkontor-server.a: $(SRV_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/kontor: $(CLI_OBJ) $(BUILD)/libkontor-server.a $(BUILD)/libkontor.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(SRV_LIBS) $(CLI_LDLIBS)

# The command's code without main(), for tests that run play in-process
# (tests/core/test_play.c).  Members are pulled only for symbols no test
# object defines (tests/bots/test_sim.c compiles some command sources itself).
CLI_LIB_OBJ := $(filter-out $(BUILD)/obj/src/cli/main.o,$(CLI_OBJ))
$(BUILD)/libkontorcli.a: $(CLI_LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# the allocation calls of the tested code are counted (tests/alloc_count.c)
TEST_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
$(BUILD)/kontor-tests: $(TEST_OBJ) $(BUILD)/libkontorcli.a $(BUILD)/libkontor-server.a $(BUILD)/libkontor.a
	$(CC) $(LDFLAGS) $(TEST_WRAP) -o $@ $^ $(LDLIBS) $(SRV_LIBS) $(CLI_LDLIBS)

KT_SCALE ?= 1
check: all
	KT_SCALE=$(KT_SCALE) ./$(BUILD)/kontor-tests $(TESTFLAGS)

# The CI test job: every suite (scripts/test.sh says which), one closing line
# "N passed, N failed" over all of them.
test:
	./scripts/test.sh

# libFuzzer harnesses for the loader, the protocol, records and options,
# FUZZ_S seconds each (docs/reliability.md: how to run them for hours).
FUZZ_S ?= 60
fuzz:
	./scripts/fuzz.sh $(FUZZ_S)

# Long random-play soaks (not part of CI).
soak:
	$(MAKE) --no-print-directory MODE=release all
	KT_SCALE=20 ./build/release/kontor-tests -k soak

bench:
	$(MAKE) --no-print-directory MODE=release all
	./build/release/kontor bench

setup:
	./scripts/setup.sh

# docs/learning_curve.svg: a policy trained with kontor.vector (python/examples/train_vector.py)
learning-curve:
	$(MAKE) --no-print-directory MODE=release build/release/libkontor.so.$(ABI)
	KONTOR_LIB=build/release/libkontor.so.$(ABI) python3 python/examples/train_vector.py --svg docs/learning_curve.svg

play: all
	./$(BUILD)/kontor play dominion --seats human,bot:bmu

# ---- the browser server (src/server, web/, tests/web; docs/server.md) ----
# Build and start `kontor serve` (prints the address to open); the shared
# library too, so that README's Python lines work after `make serve`.
# SERVE_ARGS: options of `kontor serve` (the fresh-clone test, scripts/test.d/
# readme.sh, asks for any free port: `make serve SERVE_ARGS="--port 0"`).
SERVE_ARGS ?=
serve:
	@$(MAKE) --no-print-directory MODE=release build/release/kontor build/release/libkontor.so.$(ABI)
	./build/release/kontor serve $(SERVE_ARGS)

# Browser tests: Playwright (tests/web/package-lock.json) driving Debian's
# Chromium against real servers; the last line is "N passed, N failed"
# (scripts/test.d/web.sh runs it as a stage of `make test`).
test-web:
	@$(MAKE) --no-print-directory MODE=release build/release/kontor
	cd tests/web && npm ci --no-audit --no-fund --loglevel=error
	KONTOR=build/release/kontor node tests/web/run.mjs

# Load bench (not in `make test`; docs/server.md, "Scale"): 10,000 idle
# spectators held open while 500 WebSocket clients play bot games; lost moves
# counted in the database after a kill -9.
LOAD_CLIENTS ?= 500
LOAD_MOVES ?= 60
LOAD_WATCHERS ?= 10000
LOAD_THINK ?= 1000
# The five tables (and the replay) at 1400x900 and 390x844 into
# docs/screenshots/ (the screenshot_* browser tests, docs/server.md).
screenshots:
	@$(MAKE) --no-print-directory MODE=release build/release/kontor
	cd tests/web && npm ci --no-audit --no-fund --loglevel=error
	KONTOR=build/release/kontor node tests/web/run.mjs --only screenshot_ --shots docs/screenshots

load-test:
	@$(MAKE) --no-print-directory MODE=release build/release/kontor
	./tests/server/load-test.sh build/release/kontor $(LOAD_CLIENTS) $(LOAD_MOVES) $(LOAD_WATCHERS) $(LOAD_THINK)

clean:
	rm -rf build

FORCE:

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(SRV_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
