#!/bin/sh
# Starts the built server (server/main.js) the one way we run it: `npm start`,
# the browser tests and the benches all come through here (README, Memory).
# Each setting below is a default; a value already in the environment wins.
#
# - --max-semi-space-size=8: Node's default young generation on a large
#   machine lets start-up's garbage reach the old generation, and an idle
#   server then holds about 140 MB more.
# - MALLOC_ARENA_MAX=2: glibc gives each busy thread a malloc arena of its own
#   and keeps what the thread freed; V8's background compilers, busy while
#   PGlite's WebAssembly compiles, left about 80 MB in them.
# - glibc.malloc.mmap_threshold=131072: glibc starts at 128 KB and raises its
#   threshold up to 32 MB each time a block it had mapped is freed, after which
#   blocks that size come from the heap, and the heap keeps what start-up
#   freed (malloc_trim(0) in gdb gave back 35–47 MB of an idle server). Fixed
#   at glibc's own starting value, large blocks are mapped and unmapped again.
#   bench/startup.mjs and bench/memory.ts print what it saves.
# - NODE: the Node binary (the benches pass their own); else `node` on PATH,
#   which under npm is the project's Node 24 (node_modules/.bin).
: "${MALLOC_ARENA_MAX:=2}"
: "${GLIBC_TUNABLES:=glibc.malloc.mmap_threshold=131072}"
export MALLOC_ARENA_MAX GLIBC_TUNABLES
exec "${NODE:-node}" --max-semi-space-size=8 "$(dirname "$0")/main.js" "$@"
