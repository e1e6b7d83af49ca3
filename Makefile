# sgfkit - command-line toolkit for Go game records.
#
#   make              build ./sgfkit
#   make check        unit, golden CLI and rules tests (needs only this tree)
#   make corpus-check tests over ../shared/corpus (round trips, no false
#                     alarms, scoring agreement)
#   make bench        throughput benchmarks over ../shared/corpus
#   make sanitize     build with ASan+UBSan in build-san/ and run `check`
#   make fuzz         build the libFuzzer targets and run each briefly
#   make install      PREFIX=/usr/local DESTDIR= (binary, man pages,
#                     shell completions)
#
# The user's CFLAGS, CPPFLAGS and LDFLAGS are respected; our own flags
# live in SGFKIT_* variables.  DEVELOPER=1 adds -Werror.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
CORPUS  ?= ../shared/corpus
VERSION ?= 0.1.0

CC      ?= cc
CFLAGS  ?= -O2 -g
PKG_CONFIG ?= pkg-config

BUILD ?= build
BIN   ?= sgfkit

SGFKIT_WARN = -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes \
	      -Wmissing-prototypes -Wno-unused-parameter
ifeq ($(DEVELOPER),1)
SGFKIT_WARN += -Werror
endif
SGFKIT_CPPFLAGS = -D_GNU_SOURCE -DSGFKIT_VERSION=\"$(VERSION)\" -I. \
		  $(shell $(PKG_CONFIG) --cflags libcjson zlib 2>/dev/null)
SGFKIT_LIBS = $(shell $(PKG_CONFIG) --libs libcjson zlib 2>/dev/null || \
		echo -lcjson -lz) -lpthread -lm

ALL_CFLAGS = $(SGFKIT_CPPFLAGS) $(CPPFLAGS) $(SGFKIT_WARN) $(CFLAGS)

LIB_SRC  = $(sort $(wildcard sgf/*.c rules/*.c))
CMD_SRC  = $(sort $(wildcard cmd/*.c))
UNIT_SRC = $(sort $(wildcard tests/unit/test_*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CMD_OBJ  = $(CMD_SRC:%.c=$(BUILD)/%.o)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_SRC = $(sort $(wildcard tests/fuzz/fuzz_*.c))

all: $(BIN)

# What is built depends on the flags it was built with, written to
# $(BUILD)/.flags (replaced only when they change; a temporary name per
# make, since CI runs two in one directory): a build directory
# reused with other CFLAGS or CPPFLAGS (make CPPFLAGS=-DROOMY=0, the
# variants of tests/corpus/score_eval.py) is rebuilt, not silently
# mixed.  Git's GIT-CFLAGS does the same.
FLAGS_FILE = $(BUILD)/.flags
$(FLAGS_FILE): FORCE
	@mkdir -p $(dir $@)
	@t=$@.new.$$$$; \
	echo '$(subst ','\'',$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(LDLIBS))' >$$t; \
	if cmp -s $$t $@; then rm -f $$t; else mv $$t $@; fi
FORCE:
.PHONY: FORCE

$(BUILD)/%.o: %.c $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/libsgfkit.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(CMD_OBJ) $(BUILD)/libsgfkit.a $(FLAGS_FILE)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libsgfkit.a \
		$(SGFKIT_LIBS) $(LDLIBS)

# -MMD: a test that #includes a module's .c (test_engine: cmd/engine.c)
# is rebuilt when that file changes
$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(BUILD)/libsgfkit.a \
		  $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(BUILD)/libsgfkit.a \
		$(SGFKIT_LIBS) $(LDLIBS)

unit: $(UNIT_BIN)

# `make check VALGRIND=valgrind` runs everything under valgrind.
check: $(BIN) $(UNIT_BIN)
	@SGFKIT=./$(BIN) BUILD=$(BUILD) VALGRIND="$(VALGRIND)" \
		sh tests/run.sh

corpus-check: $(BIN)
	@SGFKIT=./$(BIN) CORPUS=$(CORPUS) sh tests/corpus/run.sh

bench: $(BIN)
	@SGFKIT=./$(BIN) CORPUS=$(CORPUS) sh tests/bench/run.sh

sanitize:
	$(MAKE) BUILD=build-san BIN=build-san/sgfkit \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		LDFLAGS="-fsanitize=address,undefined" check

FUZZ_TIME ?= 30
# CI passes FUZZ_FLAGS="-seed=1 -runs=N": a fixed seed and a bounded number
# of runs make the check reproducible (a new find fails every run, not one
# run in ten); longer exploratory runs use the defaults.
FUZZ_FLAGS ?=
# The library is compiled once for all targets (each target compiled it
# again: 35 s apiece), with coverage for the fuzzer but not its main().
FUZZ_CFLAGS = -g -O1 -fsanitize=address,undefined
fuzz:
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/fuzz/lib CC=clang \
		CFLAGS="$(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link" \
		$(BUILD)/fuzz/lib/libsgfkit.a
	@for f in $(FUZZ_SRC); do \
		n=$$(basename $$f .c); \
		clang $(SGFKIT_CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
			-o $(BUILD)/fuzz/$$n $$f $(BUILD)/fuzz/lib/libsgfkit.a \
			$(SGFKIT_LIBS) || exit 1; \
		mkdir -p $(BUILD)/fuzz/$$n.corpus; \
		echo "fuzz: $$n"; \
		$(BUILD)/fuzz/$$n -max_total_time=$(FUZZ_TIME) -timeout=20 -rss_limit_mb=1024 $(FUZZ_FLAGS) \
			-max_len=65536 -artifact_prefix=$(BUILD)/fuzz/$$n- \
			$(BUILD)/fuzz/$$n.corpus tests/fuzz/seeds \
			>$(BUILD)/fuzz/$$n.log 2>&1 || { \
			echo "fuzz: $$n FAILED; the report's head:"; \
			grep -n -m1 -A60 -E '^==[0-9]+==|runtime error|deadly signal|Timeout|out-of-memory' \
				$(BUILD)/fuzz/$$n.log; \
			echo "the input:"; ls $(BUILD)/fuzz/$$n-* 2>/dev/null; \
			for a in $(BUILD)/fuzz/$$n-*; do od -c "$$a" | head -20; done; \
			exit 1; }; \
		tail -1 $(BUILD)/fuzz/$$n.log; \
	done

FORMAT_SRC = $(LIB_SRC) $(CMD_SRC) $(wildcard sgf/*.h rules/*.h cmd/*.h) \
	$(UNIT_SRC) tests/unit/unit.h $(FUZZ_SRC)

format:
	clang-format -i $(FORMAT_SRC)

# Fails when a source file is not as `make format` would leave it (CI).
format-check:
	@clang-format --dry-run --Werror $(FORMAT_SRC)

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/sgfkit
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	@if [ -f completions/sgfkit.bash ]; then \
		install -d $(DESTDIR)$(BASHCOMPDIR) && \
		install -m 644 completions/sgfkit.bash $(DESTDIR)$(BASHCOMPDIR)/sgfkit; fi
	@if [ -f completions/_sgfkit ]; then \
		install -d $(DESTDIR)$(ZSHCOMPDIR) && \
		install -m 644 completions/_sgfkit $(DESTDIR)$(ZSHCOMPDIR)/_sgfkit; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sgfkit $(DESTDIR)$(BASHCOMPDIR)/sgfkit \
		$(DESTDIR)$(ZSHCOMPDIR)/_sgfkit
	for m in man/*.1; do rm -f $(DESTDIR)$(MANDIR)/man1/$$(basename $$m); done

clean:
	rm -rf build build-san sgfkit

.PHONY: all unit check corpus-check bench sanitize fuzz format format-check install \
	uninstall clean

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d) $(UNIT_BIN:=.d)
