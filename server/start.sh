#!/bin/sh
# Starts the built server (server/main.js) the one way we run it: `npm start`,
# the browser tests and the benches all come through here. Decision 0023
# (docs/decisions/0023-memory-settings-of-the-server-process.md) says why each
# setting is there and what it saves; each is a default, and a value already
# in the environment wins.
#
# - --max-semi-space-size=8: start-up's garbage dies young instead of filling
#   the old generation.
# - MALLOC_ARENA_MAX=2: fewer glibc thread arenas keeping what threads freed.
# - glibc.malloc.mmap_threshold=131072: glibc's own starting threshold, held,
#   so large blocks are unmapped when freed instead of staying in the heap.
# - --expose-gc: the server collects start-up's garbage once, a second after
#   it starts listening (server/app.ts, collectStartupGarbage).
# - BOUTIQUE_NODE: the Node binary (the benches pass their own); else `node` on
#   PATH, which under npm is the project's Node 24 (node_modules/.bin). Not
#   NODE: npm sets that to the Node running npm itself (the system's), which
#   would start the server on a Node it does not support.
: "${MALLOC_ARENA_MAX:=2}"
: "${GLIBC_TUNABLES:=glibc.malloc.mmap_threshold=131072}"
export MALLOC_ARENA_MAX GLIBC_TUNABLES
exec "${BOUTIQUE_NODE:-node}" --max-semi-space-size=8 --expose-gc "$(dirname "$0")/main.js" "$@"
