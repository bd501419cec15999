# kontor build.  `make` builds build/release/{kontor,kontor-tests};
# `make test` is the full test job CI runs (see README).
#
#   MODE=release|debug|asan   optimisation / sanitizers (default release)
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
else
$(error MODE must be release, debug or asan)
endif
ifeq ($(NATIVE),1)
OPT += -march=native
endif
CFLAGS += $(WARN) $(OPT)
LDLIBS += -lm -lpthread
# Line editing with history in `kontor play` (Debian's libedit-dev, installed
# by scripts/setup.sh); without it play reads plain lines.
ifneq ($(wildcard /usr/include/histedit.h),)
CPPFLAGS += -DCLI_LIBEDIT
LDLIBS += -ledit
endif

LIB_SRC := $(wildcard src/core/*.c src/bots/*.c) \
           $(foreach g,$(GAMES),$(wildcard src/games/$(g)/*.c))
CLI_SRC := $(wildcard src/cli/*.c)
# TESTS: test folders to compile (default all); e.g. TESTS="core dominion".
TESTS ?= core bots $(GAMES)
TEST_SRC := $(wildcard tests/*.c) $(foreach t,$(TESTS),$(wildcard tests/$(t)/*.c))

DATA_FILES := $(sort $(wildcard data/*/*))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/data.o
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/obj/%.o)

.PHONY: all tests test check soak bench clean setup play FORCE
all: $(BUILD)/kontor $(BUILD)/kontor-tests
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

$(BUILD)/libkontor.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/kontor: $(CLI_OBJ) $(BUILD)/libkontor.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The command's code without main(), for tests that run play in-process
# (tests/core/test_play.c).  Members are pulled only for symbols no test
# object defines (tests/bots/test_sim.c compiles some command sources itself).
CLI_LIB_OBJ := $(filter-out $(BUILD)/obj/src/cli/main.o,$(CLI_OBJ))
$(BUILD)/libkontorcli.a: $(CLI_LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/kontor-tests: $(TEST_OBJ) $(BUILD)/libkontorcli.a $(BUILD)/libkontor.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

KT_SCALE ?= 1
check: all
	KT_SCALE=$(KT_SCALE) ./$(BUILD)/kontor-tests $(TESTFLAGS)

# The CI test job: strict warnings with gcc and clang, the whole suite in a
# gcc release build, under AddressSanitizer + UndefinedBehaviorSanitizer, and
# in a clang release build.
test:
	$(MAKE) --no-print-directory MODE=release WERROR=1 check
	$(MAKE) --no-print-directory MODE=asan WERROR=1 check KT_SCALE=0.25
	$(MAKE) --no-print-directory CC=clang MODE=release WERROR=1 check

# Long random-play soaks (not part of CI).
soak:
	$(MAKE) --no-print-directory MODE=release all
	KT_SCALE=20 ./build/release/kontor-tests -k soak

bench:
	$(MAKE) --no-print-directory MODE=release all
	./build/release/kontor bench

setup:
	./scripts/setup.sh

play: all
	./$(BUILD)/kontor play dominion --seats human,bot:bmu

clean:
	rm -rf build

FORCE:

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
