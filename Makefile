# workbench: the two set-up commands on a fresh Debian machine.
#   make run    install system packages if missing, build release, run scenarios/*.yaml into results/
#               (CSV files, PNG and SVG plots, results/index.html and index.md)
#   make fuzz   mutate the shipped scenarios, trace files and results directories and run each
#               mutant (N=300 by default, FAMILY=trace for one family)
#   make dist   a release binary for nodes without the Swift toolchain (.build/dist/workbench)
#   make test   install system packages if missing, build the tests and the release runner (the
#               instruction-count tests measure it), run the test suite, the concurrency tests
#               under ThreadSanitizer, every shipped scenario against its expect lines, then
#               200 fuzz mutants (make fuzz, at most 5 minutes), all on the debug build, then
#               Examples/custom-cache (a package with its own policy, built on workbench), then
#               a package depending on workbench by version (make version-dependency)
# `make deps` alone installs the system packages (needs root or sudo): libjemalloc-dev, gnuplot-nox,
# pkg-config, libpng-dev and libcairo2-dev with fonts-dejavu-core (the drawing cache's PNG files and
# drawings), python3 (the tests read PNG files with an independent decoder), libzstd-dev and
# zlib1g-dev (`.zst` and `.gz` trace files), libssl-dev (libcrypto: the SHA-256 of a study's files),
# valgrind (run --instructions: callgrind, and its callgrind.h for the client requests), time
# (/usr/bin/time: the tests compare the memory estimate with a run's peak resident set), chromium
# (the page tests render each kind's results/index.html headless and check the screenshot).

SHELL      := /bin/bash
SWIFT      ?= swift
# Extra flags for every swift build and test (CI: `-Xswiftc -warnings-as-errors`, see .ci/run).
SWIFTFLAGS ?=
# The test build (debug: -enable-testing for @testable imports, DEBUG defined) is optimised: the
# tests replay millions of requests through the eviction policies (a minute unoptimised, seconds
# optimised) and check that hits and misses allocate nothing, which holds only for optimised code.
# Passed here rather than in Package.swift, where an unsafe flag would keep a team from depending
# on workbench by version. `swift build` and `swift test` must get the same flags (or the test
# step rebuilds everything): `swift build --build-tests -Xswiftc -O`, then `swift test -Xswiftc -O`.
TESTFLAGS  ?= -Xswiftc -O
RESULTS    ?= results
SCENARIOS  ?= $(wildcard scenarios/*.yaml)
# Conformance checks against reference figures (trace C's exact counts): run by `make test`, not
# by `make run` (they draw nothing new and take a while).
REFERENCE_SCENARIOS ?= $(wildcard scenarios/reference/*.yaml)
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
WORKBENCH  := .build/release/workbench

.PHONY: run test tsan check-scenarios scenario-check-run fuzz fuzz-run deps build bench clean docs example version-dependency api-docs test-app-ci

# Mutants for `make fuzz`, the seed that draws them and the families mixed (scenario, trace,
# compare, merge, overrides, decide, device, anchors or all, comma-separated); `make test` runs FUZZ_TEST_N of them and starts none
# after FUZZ_TEST_BUDGET seconds.
N                ?= 300
SEED             ?= 1
FAMILY           ?= all
BUDGET           ?= 0
FUZZ_TEST_N      ?= 200
FUZZ_TEST_BUDGET ?= 300

deps:
	@missing=""; \
	dpkg -s libjemalloc-dev >/dev/null 2>&1 || missing="$$missing libjemalloc-dev"; \
	dpkg -s gnuplot-nox >/dev/null 2>&1 || missing="$$missing gnuplot-nox"; \
	dpkg -s pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	dpkg -s libpng-dev >/dev/null 2>&1 || missing="$$missing libpng-dev"; \
	dpkg -s libcairo2-dev >/dev/null 2>&1 || missing="$$missing libcairo2-dev"; \
	dpkg -s fonts-dejavu-core >/dev/null 2>&1 || missing="$$missing fonts-dejavu-core"; \
	dpkg -s python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	dpkg -s libzstd-dev >/dev/null 2>&1 || missing="$$missing libzstd-dev"; \
	dpkg -s zlib1g-dev >/dev/null 2>&1 || missing="$$missing zlib1g-dev"; \
	dpkg -s libssl-dev >/dev/null 2>&1 || missing="$$missing libssl-dev"; \
	dpkg -s valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	dpkg -s time >/dev/null 2>&1 || missing="$$missing time"; \
	dpkg -s chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product workbench $(SWIFTFLAGS)

run: build
	$(WORKBENCH) run $(SCENARIOS) --out $(RESULTS)

# A failing test run repeats its failures at the end, so that the last lines of a long CI log
# name them. Each step says how long it took (`make test: <step> took N s`; the set-up times in
# README.md and docs/architecture.md come from these lines).
took = echo "make test: $(1) took $$(( $$(date +%s) - start )) s"

test: deps
	start=$$(date +%s); $(SWIFT) build --build-tests $(TESTFLAGS) $(SWIFTFLAGS) && $(call took,the test build)
	# The release runner too: the instruction-count tests measure it (a debug build's counted
	# work moves with the machine's load; docs/results.md), and CI's release build reuses it.
	start=$$(date +%s); $(SWIFT) build -c release --product workbench $(SWIFTFLAGS) && $(call took,the release build)
	@mkdir -p .build
	@start=$$(date +%s); set -o pipefail; $(SWIFT) test $(TESTFLAGS) $(SWIFTFLAGS) 2>&1 | tee .build/test-output.log || { \
		echo "---- failures ----"; \
		grep -E '✘|recorded an issue|error:.*(Expectation|Issue)|Fatal error|Crash' .build/test-output.log | grep -v '✔' | tail -40; \
		exit 1; }; $(call took,the suite)
	start=$$(date +%s); $(MAKE) tsan && $(call took,ThreadSanitizer)
	# The scenarios and the fuzz run on the debug build the tests just made (optimised, TESTFLAGS:
	# the shipped scenarios take about as long as on release), saving a release build.
	start=$$(date +%s); $(MAKE) scenario-check-run WORKBENCH=.build/debug/workbench && $(call took,the scenario expectations)
	start=$$(date +%s); $(MAKE) fuzz-run WORKBENCH=.build/debug/workbench N=$(FUZZ_TEST_N) BUDGET=$(FUZZ_TEST_BUDGET) \
		&& $(call took,the fuzz mutants)
	start=$$(date +%s); $(MAKE) example && $(call took,Examples/custom-cache)
	start=$$(date +%s); $(MAKE) version-dependency && $(call took,the by-version dependency)

# Examples/custom-cache: a team's package with its own policy (LRU-2) and store design (a spin
# lock), built against this checkout as a library (WorkbenchKit); its tests, then its scenarios
# as a team runs them, through the package's command plugin (which builds the team's runner in
# release), checked against the scenarios' expect lines; then that runner's replay loops are
# specialised for LRU2Policy, as the built-in policies' are (scripts/check-specialised.sh).
# It builds in this checkout's build directory (--scratch-path), with the flags and the resolved
# versions the tests and the release runner were built with: SwiftPM keys a build by absolute
# paths and flags, and the example reaches workbench's sources by the same paths, so workbench's
# modules are not compiled again; only the example's own targets are.
EXAMPLE_SCRATCH := $(CURDIR)/.build
example:
	[ ! -f Package.resolved ] || cp Package.resolved Examples/custom-cache/Package.resolved
	cd Examples/custom-cache && $(SWIFT) build --build-tests --scratch-path $(EXAMPLE_SCRATCH) $(TESTFLAGS) $(SWIFTFLAGS) \
		&& $(SWIFT) test --skip-build --scratch-path $(EXAMPLE_SCRATCH) $(TESTFLAGS) $(SWIFTFLAGS) \
		&& $(SWIFT) package --scratch-path $(EXAMPLE_SCRATCH) $(SWIFTFLAGS) --allow-writing-to-package-directory workbench \
			run scenarios/*.yaml --out .build/scenario-check --quiet --no-plots
	SWIFT=$(SWIFT) scripts/check-specialised.sh $(EXAMPLE_SCRATCH)/release/custom-workbench CustomCache.LRU2Policy

# A team's package depending on workbench by version (`.package(url: ..., from: "X.Y.Z")`, as
# docs/your-cache-code.md shows) against a clone of this checkout tagged with its version: SwiftPM
# refuses such a dependency if a target of WorkbenchKit or Models sets unsafe flags. Builds the
# package (workbench as a dependency, in debug) and runs its policy (scripts/check-version-dependency.sh).
version-dependency:
	SWIFT=$(SWIFT) scripts/check-version-dependency.sh $(SWIFTFLAGS)

# The concurrency tests under ThreadSanitizer, in a package that builds Models without jemalloc
# (ThreadSanitizer cannot run with another allocator interposed).
tsan:
	$(SWIFT) test --package-path Tests/ThreadSanitizer --sanitize=thread

# Every shipped scenario, full length, on the release build (the drawing scenarios rasterize for
# real), checked against its `expect` lines (exit 2 if one fails).
check-scenarios: build scenario-check-run

scenario-check-run:
	$(WORKBENCH) run $(SCENARIOS) $(REFERENCE_SCENARIOS) --out .build/scenario-check --quiet --no-plots

# Mutated shipped scenarios through validate, then run (capped at 1 s, under a memory limit),
# mixed with mutated trace files (validate, run, trace convert/stats/curve), mutated results
# directories (compare, merge, decide), mutated --set/--sweep options, device profiles and YAML
# anchors and merge keys; fails on a crash, a hang, an undocumented exit code, results written
# half, a file written outside --out or a planted payload run, saving the input under
# .build/fuzz-failures (see scripts/fuzz.py).
fuzz: build fuzz-run

fuzz-run:
	python3 scripts/fuzz.py --count $(N) --seed $(SEED) --family $(FAMILY) --budget $(BUDGET) --jobs 2 --binary $(WORKBENCH)

# Regenerates every generated part of README.md and docs/ (transcripts, the CLI reference, the
# column tables, each kind's keys) from the release binary; `make test` checks them.
docs: build
	python3 scripts/generate-docs.py --binary $(WORKBENCH)

bench: build
	$(WORKBENCH) bench

# The app-team CI recipe (scripts/app-ci.sh) played on Examples/custom-cache with three commits:
# unchanged (passes), a hit path twice as expensive (caught by instruction counts), an eviction
# rule changed (caught by counts). Needs valgrind; builds workbench in release once (app-ci.sh
# builds both sides in one worktree), then only the team's module and runner each time.
test-app-ci: deps
	scripts/test-app-ci.sh

# WorkbenchKit's reference (DocC): the extension points a team's runner uses, from the doc
# comments and Sources/Models/Models.docc; written to .build/plugins/Swift-DocC/outputs.
api-docs:
	$(SWIFT) package generate-documentation --target Models --target Workbench

# A release binary with the Swift standard library and Foundation linked statically, for cluster
# nodes without the toolchain (scripts/dist.sh says what a node needs); `make test-dist` checks it
# runs a scenario with the toolchain's directory hidden.
.PHONY: dist test-dist test-slurm
dist: deps
	scripts/dist.sh .build/dist

test-dist: dist
	scripts/test-dist.sh .build/dist/workbench

# A one-node Slurm cluster on this machine (installs slurm-wlm and munge; needs root): runs the
# job scripts `workbench plan --emit slurm` writes, checks the merged results against an
# unsharded run, then a cancelled shard's recovery (scripts/test-slurm.sh). Not part of `make test`.
test-slurm: dist
	scripts/test-slurm.sh .build/dist/workbench

clean:
	rm -rf .build $(RESULTS)
