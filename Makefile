# dodo: build, install and uninstall.
#
#   make                               build the release binary (on Linux fully static: the Swift
#                                      runtime, libyaml, libstdc++ and libc; elsewhere the Swift
#                                      runtime only), and its HTTPS helper dodo-https (the Swift
#                                      runtime static, libcurl dynamic: TLS updates come from the
#                                      OS), copied beside it
#   make install PREFIX=/usr/local     build, then install under $(DESTDIR)$(PREFIX), the binaries
#                                      stripped (`make install STRIP=` keeps their symbols)
#   make uninstall PREFIX=/usr/local   remove what install put there
#   make docs                          regenerate completions/ and man/ from the command tree
#   make deb                           dist/dodo_VERSION_ARCH.deb (dpkg-deb; see scripts/build-deb)
#
# `make install NO_BUILD=1 BINARY=path/to/dodo` installs an already built binary (and the
# helper beside it, or HELPER=path/to/dodo-https).
#
# The static link on Linux prints warnings like
#   Using 'getpwuid' in statically linked applications requires at runtime the shared
#   libraries from the glibc version used for linking
# for getpwuid (dodo's own home-directory fallback), getpwuid_r, getpwnam_r, getgrgid_r,
# getgrnam_r (FoundationEssentials' ProcessInfo and FileManager), dlopen (the Swift runtime
# looks for an optional library of prespecialized generics; in a static binary it finds none,
# which only means those are built at run time) and mktemp (a warning that mkstemp is safer:
# FoundationEssentials' temporary files, which dodo never uses). They come from
# libraries we link, not from a mistake here, and cannot be turned off. What they mean at run
# time: a static glibc reads /etc/passwd and /etc/group itself, so user and group look-ups
# work; other NSS sources (LDAP, SSSD, systemd-homed) would need the build machine's glibc
# and are not consulted. dodo looks up its own user only when $HOME is unset, and never
# loads a shared library. A user who is only in LDAP should keep $HOME set, or use a dynamic
# build (`make SWIFT_BUILD_FLAGS="-c release --static-swift-stdlib"`).

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/dodo
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

SWIFT ?= swift
# A fully static executable starts in half the time of one with the Swift runtime linked
# statically (no dynamic loader: no libyaml, libstdc++, libm or libc to find, map and relocate;
# docs/benchmarks.md). Only Linux has static executables; `swift build` (debug, tests) stays
# dynamic everywhere.
STATIC_FLAGS_Linux := -Xswiftc -static-executable
# Our code reaches the metadata of a concrete generic type (an array's or dictionary's storage,
# a Result) through its accessor, not by its mangled name: the runtime resolves a mangled name
# by demangling it and looking each of its conformances up, and on Linux a first look-up scans
# every conformance record in the binary (3,600 of them, ~150,000 instructions each time).
# It cut 10-40% of each command's start-up instructions for 0.1% more code (docs/benchmarks.md).
METADATA_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# On Linux each of our functions (Swift and C) is compiled into a section of its own (most of the
# runtime's and the standard library's are already), and the linker lays out first, together, the
# functions that the start-up commands run, in scripts/startup-order.txt's order (made by
# scripts/startup-order): a start then maps its code with a fifth fewer page faults (--version
# 127 instead of 147, doctor 153 instead of 185) and takes 15-20% less wall time
# (docs/benchmarks.md). --section-ordering-file is gold's option (lld has none such); gold is
# the toolchain's default linker on Linux, and is named so that the build keeps to it.
ORDER_FLAGS_Linux := -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xswiftc -use-ld=gold \
  -Xlinker --section-ordering-file=$(CURDIR)/scripts/startup-order.txt
# With the Swift runtime linked statically, its stub that finds the process's arguments by
# reading /proc/self/maps at every start is replaced by Sources/CArguments (glibc hands them
# over; 54,000 instructions and a few page faults a start, docs/benchmarks.md). Without this
# define that file is empty, and a dynamic runtime finds them its own way.
STATIC_RUNTIME_FLAGS := -Xcc -DDODO_STATIC_SWIFT_RUNTIME
SWIFT_BUILD_FLAGS ?= -c release --static-swift-stdlib $(STATIC_RUNTIME_FLAGS) $(STATIC_FLAGS_$(shell uname -s)) \
  $(ORDER_FLAGS_$(shell uname -s)) $(METADATA_FLAGS)
BUILD_DIR ?= .build
BINARY ?= $(BUILD_DIR)/release/dodo
# The helper cannot share dodo's static link (libcurl's dependencies have no static
# libraries), so it is built in a scratch directory of its own and copied beside dodo, where
# dodo finds it when run from the build tree.
HELPER_BUILD_DIR ?= $(BUILD_DIR)/https-helper
HELPER_BUILD_FLAGS ?= -c release --static-swift-stdlib $(STATIC_RUNTIME_FLAGS)
HELPER ?= $(dir $(BINARY))dodo-https
INSTALL ?= install
# The installed binary is stripped (26.8 MB -> 15.3 MB: 43% of it is symbols); `STRIP=` keeps them.
STRIP ?= strip

MAN1 := $(wildcard man/man1/*.1)
MAN5 := $(wildcard man/man5/*.5)
CONFIG_EXAMPLES := $(wildcard config/*)

.PHONY: all build install install-files uninstall docs deb

all: build

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --scratch-path $(BUILD_DIR) --product dodo
	$(SWIFT) build $(HELPER_BUILD_FLAGS) --scratch-path $(HELPER_BUILD_DIR) --product dodo-https
	$(INSTALL) -m 755 "$(HELPER_BUILD_DIR)/release/dodo-https" "$(BUILD_DIR)/release/dodo-https"

# Run by sudo with the binaries built (`make && sudo make install`), install only installs:
# building again would run swift as root, leaving root's files in the build directory, and
# sudo's PATH may not have swift.
BUILT_UNDER_SUDO := $(and $(SUDO_USER),$(wildcard $(BINARY)),$(wildcard $(HELPER)))

install: $(if $(NO_BUILD)$(BUILT_UNDER_SUDO),,build) install-files
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; \
	  *) echo "$(BINDIR) is not on PATH: export PATH=\"$(BINDIR):\$$PATH\" (or run $(BINDIR)/dodo)" ;; esac
	@echo "Installed dodo $(VERSION) in $(DESTDIR)$(BINDIR). Next: dodo doctor (this machine's return path), then man dodo."

install-files:
	@test -x "$(BINARY)" || { echo "make: no dodo binary at $(BINARY) (run 'make build')" >&2; exit 1; }
	@test -x "$(HELPER)" || { echo "make: no dodo-https helper at $(HELPER) (run 'make build')" >&2; exit 1; }
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBEXECDIR)/dodo" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man5" \
	  "$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)" "$(DESTDIR)$(DOCDIR)"
	$(INSTALL) -m 755 "$(BINARY)" "$(DESTDIR)$(BINDIR)/dodo"
	$(INSTALL) -m 755 "$(HELPER)" "$(DESTDIR)$(LIBEXECDIR)/dodo/dodo-https"
	$(if $(STRIP),$(STRIP) "$(DESTDIR)$(BINDIR)/dodo" "$(DESTDIR)$(LIBEXECDIR)/dodo/dodo-https")
	$(INSTALL) -m 644 $(MAN1) "$(DESTDIR)$(MANDIR)/man1/"
	$(INSTALL) -m 644 $(MAN5) "$(DESTDIR)$(MANDIR)/man5/"
	$(INSTALL) -m 644 completions/dodo "$(DESTDIR)$(BASHCOMPDIR)/dodo"
	$(INSTALL) -m 644 completions/_dodo "$(DESTDIR)$(ZSHCOMPDIR)/_dodo"
	$(INSTALL) -m 644 completions/dodo.fish "$(DESTDIR)$(FISHCOMPDIR)/dodo.fish"
	$(INSTALL) -m 644 $(CONFIG_EXAMPLES) "$(DESTDIR)$(DOCDIR)/"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/dodo"
	rm -f "$(DESTDIR)$(LIBEXECDIR)/dodo/dodo-https"
	-rmdir "$(DESTDIR)$(LIBEXECDIR)/dodo" 2>/dev/null
	rm -f $(addprefix "$(DESTDIR)$(MANDIR)/man1/,$(addsuffix ",$(notdir $(MAN1))))
	rm -f $(addprefix "$(DESTDIR)$(MANDIR)/man5/,$(addsuffix ",$(notdir $(MAN5))))
	rm -f "$(DESTDIR)$(BASHCOMPDIR)/dodo" "$(DESTDIR)$(ZSHCOMPDIR)/_dodo" "$(DESTDIR)$(FISHCOMPDIR)/dodo.fish"
	rm -f $(addprefix "$(DESTDIR)$(DOCDIR)/,$(addsuffix ",$(notdir $(CONFIG_EXAMPLES))))
	-rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null

docs:
	scripts/generate-docs

# The Debian package: what `make install` puts under /usr (so also anything a later rule
# installs, such as a helper under libexec), plus what scripts/build-deb adds around it.
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/DodoCLI/Dodo.swift)
DEB_ARCH ?= $(shell dpkg --print-architecture 2>/dev/null)
DEB_MAINTAINER ?= $(shell git log -1 --format='%an <%ae>' 2>/dev/null)
DEB_ROOT ?= $(BUILD_DIR)/deb-root
DIST ?= dist

deb: $(if $(NO_BUILD),,build)
	rm -rf "$(DEB_ROOT)"
	$(MAKE) install-files DESTDIR="$(abspath $(DEB_ROOT))" PREFIX=/usr BINARY="$(BINARY)" \
	  ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	scripts/build-deb "$(DEB_ROOT)" "$(VERSION)" "$(DEB_ARCH)" "$(DIST)" "$(DEB_MAINTAINER)"
